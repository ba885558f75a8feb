import './legal.scss';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icons';
import { SupportCard } from './SupportCard';

export interface TocItem {
  id: string;
  label: string;
}

interface ContentsProps {
  items: TocItem[];
  onSelect?: (id: string) => void;
}

function ContentsList({ items, onSelect }: ContentsProps) {
  return (
    <ol className="toc__list">
      {items.map((item) => (
        <li key={item.id}>
          <a href={`#${item.id}`} onClick={onSelect ? () => onSelect(item.id) : undefined}>
            {item.label}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** The sticky contents column of legal pages (desktop). */
export function TableOfContents({ items, onSelect }: ContentsProps) {
  const { t } = useTranslation();
  return (
    <div className="toc">
      <nav aria-label={t('legal.contents')} className="toc__nav">
        <p className="toc__title">{t('legal.contents')}</p>
        <ContentsList items={items} onSelect={onSelect} />
      </nav>
      <SupportCard className="mt-4" />
    </div>
  );
}

/**
 * Phones and tablets, where the contents column does not fit: the same contents folded
 * under one line above the text. Choosing a section folds it again on the way there.
 */
export function FoldedContents({ items, onSelect }: ContentsProps) {
  const { t } = useTranslation();
  const folder = useRef<HTMLDetailsElement>(null);
  const choose = (id: string) => {
    if (folder.current) folder.current.open = false;
    onSelect?.(id);
  };
  return (
    <details ref={folder} className="toc-folded d-lg-none" data-testid="folded-contents">
      <summary className="toc-folded__summary">
        <span className="toc-folded__title">{t('legal.contents')}</span>
        <span className="toc-folded__count">{items.length}</span>
        <Icon name="chevronDown" size={20} className="toc-folded__chevron" />
      </summary>
      <nav aria-label={t('legal.contents')} className="toc-folded__nav">
        <ContentsList items={items} onSelect={choose} />
      </nav>
    </details>
  );
}
