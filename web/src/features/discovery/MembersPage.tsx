import './discovery.scss';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { translateError } from '../../shared/i18n/translateError';
import { PageHeader } from '../../shared/ui/PageHeader';
import { FormAlert, RetryAlert } from '../../shared/ui/alerts';
import { PhotoNudge } from '../../shared/ui/PhotoNudge';
import { AppLink } from '../../shared/routing/AppLink';
import { useSession } from '../../shared/session';
import { Icon } from '../../shared/ui/icons';
import { useSiteSettings } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { type SearchCard } from './discoveryApi';
import { LoginRequired } from '../../shared/api/errors';
import { FilterBar } from './FilterBar';
import { LoginPrompt } from '../../shared/ui/LoginPrompt';
import { MemberCardView } from './MemberCardView';
import { Pagination } from './Pagination';
import { type SearchFilters, filtersFromQuery, filtersOfAnswer, filtersToQuery, hasFilters, offeredFields } from './searchFilters';
import { similarOf, useSearch } from './searchStore';

type Status = { kind: 'loading' } | { kind: 'ready' } | { kind: 'login' } | { kind: 'error'; error: unknown };

/** What a profile screen hands back after blocking someone. */
export interface MembersNotice {
  blocked?: string;
}

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

/** /members: the member search with the site's filters, kept in the URL query. */
export function MembersPage() {
  const { t, i18n } = useTranslation('discovery');
  const tc = useTranslation('common').t;
  const settings = useSiteSettings();
  const location = useLocation();
  const navigate = useNavigate();
  usePageTitle(t('search.title'));

  const fields = useMemo(() => offeredFields(settings.search_fields), [settings.search_fields]);
  const { filters, page } = useMemo(
    () => filtersFromQuery(location.search, { fields: settings.search_fields, countries: settings.countries, minAge: settings.min_age, maxAge: settings.max_age }),
    [location.search, settings.search_fields, settings.countries, settings.min_age, settings.max_age],
  );
  // Before the store is read: the first page may have come with the page (bootData).
  useState(() => useSearch.getState().adoptBootPage(filters, page));
  const setFilters = useSearch((s) => s.setFilters);
  const loadPage = useSearch((s) => s.loadPage);
  const numResults = useSearch((s) => s.numResults);
  const capped = useSearch((s) => s.numResultsCapped);
  const pages = useSearch((s) => s.pages);
  const current = useSearch((s) => s.results.find((entry) => entry.pageNumber === page));
  const similar = useSearch((s) => similarOf(s.similar, page));
  const applied = useSearch((s) => s.applied);
  const user = useSession((s) => s.user);
  // No filters chosen: the bar shows what the server applied (a member's own defaults).
  const fromProfile = !hasFilters(filters) && applied !== null;
  const shown = fromProfile ? filtersOfAnswer(applied, { minAge: settings.min_age, maxAge: settings.max_age }, filters.order) : filters;
  const located = applied?.located ?? false;
  const widened = applied?.widened_from_km ?? null;
  const [attempt, setAttempt] = useState(0);
  // The last answer, and what it answered: a page in the store keeps showing the last one
  // while its search runs again; another page is loading until its answer.
  const asked = `${location.search}/${attempt}`;
  const [answer, setAnswer] = useState<{ asked: string; status: Status } | null>(null);
  const status: Status = answer && (answer.asked === asked || current !== undefined) ? answer.status : { kind: 'loading' };
  const notice = (location.state as MembersNotice | null)?.blocked;

  // Coming back to /members without a query: the search of before (filters and page).
  const [restore] = useState(() => ({
    key: location.key,
    query: location.search ? '' : filtersToQuery(useSearch.getState().filters, useSearch.getState().page).toString(),
  }));
  const redirecting = restore.query !== '' && location.key === restore.key && !location.search;

  useEffect(() => {
    if (redirecting) return;
    let live = true;
    setFilters(filters);
    loadPage(page).then(
      () => live && setAnswer({ asked, status: { kind: 'ready' } }),
      (error: unknown) => live && setAnswer({ asked, status: error instanceof LoginRequired ? { kind: 'login' } : { kind: 'error', error } }),
    );
    return () => {
      live = false;
    };
  }, [asked, filters, page, redirecting, setFilters, loadPage]);

  // A page beyond the last one (an old link, fewer members now): show the last page.
  const beyond = status.kind === 'ready' && current !== undefined && current.results.length === 0 && pages > 0 && page > pages;
  useEffect(() => {
    if (beyond) void navigate({ search: `?${filtersToQuery(filters, pages).toString()}` }, { replace: true });
  }, [beyond, filters, pages, navigate]);

  const go = (next: SearchFilters, nextPage = 1) => {
    const query = filtersToQuery(next, nextPage).toString();
    void navigate({ search: query ? `?${query}` : '' });
  };
  const toPage = (nextPage: number) => {
    go(filters, nextPage);
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  };

  if (redirecting) return <Navigate to={{ search: `?${restore.query}` }} replace state={location.state} />;
  const results = current?.results ?? [];
  const photo = user?.profile.main_image;
  return (
    <>
      {/* On phones the first screen is for faces (issue 29.7): the hero, the photo nudge
          and the filters fold into one compact bar, the title beside the filters' toggle. */}
      <div className="d-none d-md-block">
        <PageHeader title={t('search.title')} intro={t('search.intro')} />
      </div>
      <div className="container members-page">
        {notice && (
          <FormAlert variant="success" testId="block-notice">
            {t('search.blocked', { name: notice })}
          </FormAlert>
        )}
        {user && (
          <div className="d-none d-md-block">
            <PhotoNudge mainImage={photo} />
          </div>
        )}
        <FilterBar
          filters={shown}
          onChange={(next) => go(next)}
          fields={fields}
          countries={settings.countries}
          minAge={settings.min_age}
          maxAge={settings.max_age}
          member={Boolean(user)}
          located={located}
          sharesOnline={user?.show_online ?? true}
          heading={<h1 className="filter-bar__title">{t('search.title')}</h1>}
        />
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

        {status.kind === 'login' ? (
          <LoginPrompt title={t('gate.searchTitle')} text={t('gate.searchText')} />
        ) : status.kind === 'error' ? (
          <RetryAlert testId="search-error" message={translateError(tc, status.error)} retryLabel={t('retry')} onRetry={() => setAttempt((n) => n + 1)} />
        ) : status.kind === 'loading' && !current ? (
          <div className="members-page__loading" aria-busy="true" data-testid="search-loading">
            <span className="spinner-border text-primary" aria-hidden="true" />
            <span className="visually-hidden">{t('search.loading')}</span>
          </div>
        ) : (
          <>
            <div className="members-page__summary">
              {/* The results' heading: the cards' h3 names sit under it (heading order). */}
              <h2 className="members-page__count fs-6 fw-normal mb-0" data-testid="search-count" aria-live="polite">
                {/* Past the server's cap the count is a floor, shown as such: "1,000+". */}
                {capped
                  ? t('search.countCapped', { count: new Intl.NumberFormat(i18n.language).format(numResults ?? 0) })
                  : t('search.count', { count: numResults ?? 0 })}
              </h2>
              {pages > 1 && <p className="members-page__pageof">{t(capped ? 'search.pageOfMore' : 'search.pageOf', { page, pages })}</p>}
            </div>
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
            <Pagination page={page} pages={pages} onPage={toPage} />
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
        )}
      </div>
    </>
  );
}
