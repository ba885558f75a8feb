import './discovery.scss';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icons';

/** The page numbers around the current one, with the first and last: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(page: number, pages: number, around = 1): (number | null)[] {
  const shown = new Set([1, pages]);
  for (let n = page - around; n <= page + around; n++) if (n >= 1 && n <= pages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  sorted.forEach((n, index) => {
    if (index > 0 && n - sorted[index - 1] > 1) items.push(null);
    items.push(n);
  });
  return items;
}

export function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('discovery');
  if (pages <= 1) return null;
  return (
    <nav className="search-pagination" aria-label={t('pagination.label')} data-testid="pagination">
      <button
        type="button"
        className="btn search-pagination__step"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        aria-label={t('pagination.previous')}
        data-testid="page-previous"
      >
        <Icon name="arrowLeft" size={18} />
      </button>
      <ol className="search-pagination__pages">
        {pageWindow(page, pages).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} className="search-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
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
        disabled={page >= pages}
        aria-label={t('pagination.next')}
        data-testid="page-next"
      >
        <Icon name="arrowLeft" size={18} />
      </button>
    </nav>
  );
}
