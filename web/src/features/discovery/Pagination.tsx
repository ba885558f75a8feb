import './discovery.scss';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icons';

const EVERY_PAGE = () => true;

/**
 * The page numbers around the current one, with the first and the farthest that opens:
 * 1 … 5 [6] 7 … 20. Only pages that `opens` are numbered (past the numbered pages, those
 * whose cursor is known, issue 36.2); when the last page is not one of them, an ellipsis
 * ends the row: 1 … 4 [5] 6 …
 */
export function pageWindow(page: number, pages: number, opens: (page: number) => boolean = EVERY_PAGE, around = 1): (number | null)[] {
  const shown = (n: number) => n >= 1 && n <= pages && (n === page || opens(n));
  let farthest = pages;
  while (farthest > 1 && !shown(farthest)) farthest -= 1;
  const numbers = new Set([1, farthest]);
  for (let n = page - around; n <= page + around; n++) if (shown(n)) numbers.add(n);
  const sorted = [...numbers].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  sorted.forEach((n, index) => {
    if (index > 0 && n - sorted[index - 1] > 1) items.push(null);
    items.push(n);
  });
  if (farthest < pages) items.push(null);
  return items;
}

interface PaginationProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** Whether a page can be opened (every page unless told). */
  opens?: (page: number) => boolean;
}

export function Pagination({ page, pages, onPage, opens = EVERY_PAGE }: PaginationProps) {
  const { t } = useTranslation('discovery');
  if (pages <= 1) return null;
  const items = pageWindow(page, pages, opens);
  // The farthest page seen, past an ellipsis and not the last: a jump that phones leave out
  // (with its ellipsis), so the row keeps to one line.
  const farAt = items.findIndex((n, index) => n !== null && n > page + 1 && n < pages && items[index - 1] === null);
  const far = (index: number) => farAt !== -1 && (index === farAt || index === farAt - 1);
  return (
    <nav className="search-pagination" aria-label={t('pagination.label')} data-testid="pagination">
      <button
        type="button"
        className="btn search-pagination__step"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1 || !opens(page - 1)}
        aria-label={t('pagination.previous')}
        data-testid="page-previous"
      >
        <Icon name="arrowLeft" size={18} />
      </button>
      <ol className="search-pagination__pages">
        {items.map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} className={`search-pagination__gap${far(index) ? ' search-pagination__far' : ''}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n} className={far(index) ? 'search-pagination__far' : undefined}>
              <button
                type="button"
                className={`btn search-pagination__page${n === page ? ' is-current' : ''}`}
                aria-current={n === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: n })}
                onClick={() => onPage(n)}
                data-testid={`page-${n}`}
              >
                {n}
              </button>
            </li>
          ),
        )}
      </ol>
      <button
        type="button"
        className="btn search-pagination__step search-pagination__step--next"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages || !opens(page + 1)}
        aria-label={t('pagination.next')}
        data-testid="page-next"
      >
        <Icon name="arrowLeft" size={18} />
      </button>
    </nav>
  );
}
