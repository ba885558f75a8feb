import { useTranslation } from 'react-i18next';
import { translateError } from '../../shared/i18n/translateError';
import { RetryAlert } from '../../shared/ui/alerts';
import { AppLink } from '../../shared/routing/AppLink';
import { useSession } from '../../shared/session';
import { Icon } from '../../shared/ui/icons';
import { LoginPrompt } from '../../shared/ui/LoginPrompt';
import { type SearchCard } from './discoveryApi';
import { MemberCardView } from './MemberCardView';
import { Pagination } from './Pagination';
import { hasFilters } from './searchFilters';
import { useSearch } from './searchStore';
import type { MemberSearch } from './useMemberSearch';

/** The first cards of the results are on screen at once (two a row on phones, four on wide screens). */
const FIRST_SCREEN_CARDS = 4;

function MemberGrid({ members, testId, firstScreen = false }: { members: SearchCard[]; testId: string; firstScreen?: boolean }) {
  return (
    <div className="member-grid" data-testid={testId}>
      {members.map((member, index) => (
        <MemberCardView key={member.id} member={member} priority={firstScreen && index < FIRST_SCREEN_CARDS} />
      ))}
    </div>
  );
}

/** Under the filters: the phones' photo nudge, and how the server read the search (profile defaults, a widened distance). */
export function SearchNotes({ search: { fromProfile, applied } }: { search: MemberSearch }) {
  const { t } = useTranslation('discovery');
  const tc = useTranslation('common').t;
  const user = useSession((s) => s.user);
  const photo = user?.profile.main_image;
  const widened = applied?.widened_from_km ?? null;
  return (
    <>
      {user && photo !== undefined && photo?.status !== 'active' && (
        <AppLink to="profile" className="members-nudge d-md-none" data-testid="photo-nudge-compact">
          <Icon name="photo" size={16} />
          <span>{tc(photo?.status === 'pending' || photo?.status === 'held' ? 'photoNudge.pendingTitle' : 'photoNudge.title')}</span>
        </AppLink>
      )}
      {fromProfile && user && (
        <p className="members-page__fit small text-body-secondary mb-3 d-none d-md-block" data-testid="search-from-profile">
          {t('search.fromProfile')}
        </p>
      )}
      {widened !== null && (
        <p className="members-page__widened small mb-0" data-testid="search-widened">
          {applied?.distance_km ? t('search.widened', { from: widened, km: applied.distance_km }) : t('search.widenedAnywhere', { from: widened })}
        </p>
      )}
    </>
  );
}

/** The search's outcome: a login prompt, the error with a retry, loading, or the results. */
export function SearchOutcome({ search }: { search: MemberSearch }) {
  const { t } = useTranslation('discovery');
  const tc = useTranslation('common').t;
  const { status, current } = search;
  if (status.kind === 'login') return <LoginPrompt title={t('gate.searchTitle')} text={t('gate.searchText')} />;
  if (status.kind === 'error') return <RetryAlert testId="search-error" message={translateError(tc, status.error)} retryLabel={t('retry')} onRetry={search.retry} />;
  if (status.kind === 'loading' && !current) {
    return (
      <div className="members-page__loading" aria-busy="true" data-testid="search-loading">
        <span className="spinner-border text-primary" aria-hidden="true" />
        <span className="visually-hidden">{t('search.loading')}</span>
      </div>
    );
  }
  return <SearchResults search={search} />;
}

/** The count, the page's cards (or none), the pages, and similar members. */
function SearchResults({ search: { page, pages, current, similar, shown, opens, toPage } }: { search: MemberSearch }) {
  const { t } = useTranslation('discovery');
  const results = current?.results ?? [];
  return (
    <>
      <SearchCount page={page} pages={pages} />
      {results.length > 0 ? (
        <MemberGrid members={results} testId="search-results" firstScreen />
      ) : (
        <div className="members-empty" data-testid="search-empty">
          <span className="members-empty__icon" aria-hidden="true">
            <Icon name="search" size={28} />
          </span>
          <h2 className="members-empty__title">{t('search.empty.title')}</h2>
          <p className="members-empty__text">{hasFilters(shown) ? t('search.empty.filtered') : t('search.empty.text')}</p>
        </div>
      )}
      <Pagination page={page} pages={pages} onPage={toPage} opens={opens} />
      {similar.length > 0 && (
        <section className="members-similar" aria-labelledby="members-similar-title" data-testid="search-similar">
          <h2 id="members-similar-title" className="members-similar__title">
            {t('search.similar')}
          </h2>
          <p className="members-similar__intro">{t('search.similarIntro')}</p>
          <MemberGrid members={similar} testId="similar-results" />
        </section>
      )}
    </>
  );
}

function SearchCount({ page, pages }: { page: number; pages: number }) {
  const { t, i18n } = useTranslation('discovery');
  const numResults = useSearch((s) => s.numResults);
  const capped = useSearch((s) => s.numResultsCapped);
  return (
    <div className="members-page__summary">
      {/* The results' heading: the cards' h3 names sit under it (heading order). */}
      <h2 className="members-page__count fs-6 fw-normal mb-0" data-testid="search-count" aria-live="polite">
        {/* Past the server's cap the count is a floor, shown as such: "1,000+". */}
        {capped ? t('search.countCapped', { count: new Intl.NumberFormat(i18n.language).format(numResults ?? 0) }) : t('search.count', { count: numResults ?? 0 })}
      </h2>
      {pages > 1 && <p className="members-page__pageof">{t(capped ? 'search.pageOfMore' : 'search.pageOf', { page, pages })}</p>}
    </div>
  );
}
