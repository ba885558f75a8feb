import './discovery.scss';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { PageHeader } from '../../shared/ui/PageHeader';
import { FormAlert } from '../../shared/ui/alerts';
import { PhotoNudge } from '../../shared/ui/PhotoNudge';
import { useSession } from '../../shared/session';
import { useSiteSettings } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { FilterBar } from './FilterBar';
import { SearchNotes, SearchOutcome } from './MembersResults';
import { offeredFields } from './searchFilters';
import { useMemberSearch } from './useMemberSearch';

/** What a profile screen hands back after blocking someone. */
export interface MembersNotice {
  blocked?: string;
}

/** /members: the member search with the site's filters, kept in the URL query. */
export function MembersPage() {
  const { t } = useTranslation('discovery');
  const settings = useSiteSettings();
  const location = useLocation();
  usePageTitle(t('search.title'));
  const fields = useMemo(() => offeredFields(settings.search_fields), [settings.search_fields]);
  const search = useMemberSearch();
  const user = useSession((s) => s.user);
  const notice = (location.state as MembersNotice | null)?.blocked;

  if (search.redirecting) return <Navigate to={{ search: `?${search.restore.query}` }} replace state={location.state} />;
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
            <PhotoNudge mainImage={user.profile.main_image} />
          </div>
        )}
        <FilterBar
          filters={search.shown}
          onChange={(next) => search.go(next)}
          fields={fields}
          countries={settings.countries}
          minAge={settings.min_age}
          maxAge={settings.max_age}
          member={Boolean(user)}
          located={search.applied?.located ?? false}
          sharesOnline={user?.show_online ?? true}
          heading={<h1 className="filter-bar__title">{t('search.title')}</h1>}
        />
        <SearchNotes search={search} />
        <SearchOutcome search={search} />
      </div>
    </>
  );
}
