import '../../styles/sheets/legal.scss';
import { useTranslation } from 'react-i18next';
import { SupportCard } from './SupportCard';

export interface TocItem {
  id: string;
  label: string;
}

/** The sticky contents column of legal pages (desktop). */
export function TableOfContents({ items, onSelect }: { items: TocItem[]; onSelect?: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="toc">
      <nav aria-label={t('legal.contents')} className="toc__nav">
        <p className="toc__title">{t('legal.contents')}</p>
        <ol className="toc__list">
          {items.map((item) => (
            <li key={item.id}>
              <a href={`#${item.id}`} onClick={onSelect ? () => onSelect(item.id) : undefined}>
                {item.label}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <SupportCard className="mt-4" />
    </div>
  );
}
