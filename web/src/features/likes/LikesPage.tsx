import './likes.scss';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { pathTo } from '../../shared/routing/paths';
import { translateError } from '../../shared/i18n/translateError';
import { PageHeader } from '../../shared/ui/PageHeader';
import { FormAlert } from '../../shared/ui/alerts';
import { FictionalBadge, PlaceholderAvatar, imageUrl, type MemberCard } from '../../shared/members';
import { NotFoundPage } from '../../shared/ui/NotFoundPage';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon, type IconName } from '../../shared/ui/icons';
import { countryName, useSettings } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { LikeButton } from './LikeButton';
import type { LikeLists } from './likesApi';
import { reloadLikes, useLikeLists, useLikesStatus } from './likesStore';

export const LIKE_TABS = ['liked-me', 'mine', 'matches'] as const;
export type LikeTab = (typeof LIKE_TABS)[number];

const TAB_KEYS: Record<LikeTab, string> = { 'liked-me': 'likedMe', mine: 'mine', matches: 'matches' };
const TAB_ICONS: Record<LikeTab, IconName> = { 'liked-me': 'heart', mine: 'star', matches: 'sparkle' };

/** The tab of /likes/:type; /likes alone shows who liked me; anything else is no tab. */
export function tabOf(type: string | undefined): LikeTab | null {
  if (type === undefined) return 'liked-me';
  return (LIKE_TABS as readonly string[]).includes(type) ? (type as LikeTab) : null;
}

export interface LikeItem {
  member: MemberCard;
  /** A like I have not looked at yet (liked me), or a match not celebrated yet. */
  isNew: boolean;
  match: boolean;
  /** Whether I like them. */
  liked: boolean;
  likesMe: boolean;
}

const newest = (a: { liked_at: string }, b: { liked_at: string }) => b.liked_at.localeCompare(a.liked_at);

/** The cards of a tab: new likes before older ones, otherwise the newest like first. */
export function itemsOf(tab: LikeTab, lists: Pick<LikeLists, 'profiles' | 'liked_by'>): LikeItem[] {
  if (tab === 'liked-me') {
    return [...lists.liked_by]
      .sort((a, b) => Number(b.like_new) - Number(a.like_new) || newest(a, b))
      .map((p) => ({ member: p, isNew: p.like_new, match: p.match, liked: p.match, likesMe: true }));
  }
  const mine = [...lists.profiles].sort(newest);
  return (tab === 'matches' ? mine.filter((p) => p.match) : mine).map((p) => ({
    member: p,
    isNew: tab === 'matches' && p.match_new,
    match: p.match,
    liked: true,
    likesMe: p.match,
  }));
}

function LikeCard({ item }: { item: LikeItem }) {
  const { t, i18n } = useTranslation('likes');
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  const { member } = item;
  const place = member.city || countryName(member.country, i18n.language);
  return (
    <article className={`like-card${item.isNew ? ' is-new' : ''}`} data-testid="like-card" data-member-id={member.id}>
      <AppLink to="likes-m-id" params={{ id: member.id }} className="like-card__link">
        <div className="like-card__photo">
          {member.main_image ? (
            <img src={imageUrl(prefix, member.main_image.thumb_filename)} alt="" loading="lazy" decoding="async" />
          ) : (
            <PlaceholderAvatar gender={member.gender} />
          )}
          <span className="like-card__tags">
            {item.isNew && (
              <span className="like-card__tag like-card__tag--new" data-testid="like-new">
                {t('card.new')}
              </span>
            )}
            {item.match && (
              <span className="like-card__tag like-card__tag--match" data-testid="like-match">
                <Icon name="heart" size={12} />
                {t('card.match')}
              </span>
            )}
          </span>
          {member.is_fictional && <FictionalBadge className="like-card__badge" />}
        </div>
        <div className="like-card__body">
          <h3 className="like-card__name">
            <span className="like-card__first">{member.name}</span>
            <span className="like-card__age">, {member.age}</span>
          </h3>
          {place && (
            <p className="like-card__place">
              <Icon name="mapPin" size={14} />
              <span>{place}</span>
            </p>
          )}
        </div>
      </AppLink>
      <div className="like-card__actions">
        <LikeButton member={member} liked={item.liked} likesMe={item.likesMe} small className="like-card__like" />
        <AppLink
          to="likes-m-id"
          params={{ id: member.id }}
          className="like-card__view"
          aria-label={t('card.open', { name: member.name })}
          title={t('card.view')}
          data-testid="like-view"
        >
          <Icon name="eye" size={18} />
        </AppLink>
      </div>
    </article>
  );
}

function EmptyState({ tab }: { tab: LikeTab }) {
  const { t } = useTranslation('likes');
  const key = TAB_KEYS[tab];
  return (
    <div className="likes-empty" data-testid="likes-empty">
      <span className="likes-empty__icon" aria-hidden="true">
        <Icon name={TAB_ICONS[tab]} size={30} />
      </span>
      <h2 className="likes-empty__title">{t(`empty.${key}.title`)}</h2>
      <p className="likes-empty__text">{t(`empty.${key}.text`)}</p>
      <div className="likes-empty__actions">
        <AppLink to="swipe-game" className="btn btn-primary rounded-pill px-4" data-testid="empty-swipe">
          {t('empty.swipe')}
        </AppLink>
        <AppLink to="match-finder" className="btn btn-outline-primary rounded-pill px-4" data-testid="empty-finder">
          {t('empty.finder')}
        </AppLink>
        <AppLink to="members" className="btn btn-link" data-testid="empty-search">
          {t('empty.search')}
        </AppLink>
      </div>
    </div>
  );
}

function Tabs({ current, counts, fresh }: { current: LikeTab; counts: Record<LikeTab, number>; fresh: number }) {
  const { t } = useTranslation('likes');
  return (
    <nav className="likes-tabs" aria-label={t('tabs.label')}>
      {LIKE_TABS.map((tab) => (
        <Link
          key={tab}
          to={pathTo('likes-type', { type: tab })}
          className={`likes-tabs__tab${tab === current ? ' is-current' : ''}`}
          aria-current={tab === current ? 'page' : undefined}
          data-testid={`likes-tab-${tab}`}
        >
          <Icon name={TAB_ICONS[tab]} size={18} />
          <span className="likes-tabs__label">{t(`tabs.${TAB_KEYS[tab]}`)}</span>
          <span className="likes-tabs__meta">
            <span className="likes-tabs__count">{counts[tab]}</span>
            {tab === 'liked-me' && fresh > 0 && (
              <span className="likes-tabs__new" data-testid="likes-tab-new">
                <span aria-hidden="true">{t('tabs.newShort', { count: fresh })}</span>
                <span className="visually-hidden">{t('tabs.new', { count: fresh })}</span>
              </span>
            )}
          </span>
        </Link>
      ))}
    </nav>
  );
}

/** /likes, /likes/liked-me, /likes/mine, /likes/matches: who likes me, whom I like, both. */
export function LikesPage() {
  const { type } = useParams();
  const tab = tabOf(type);
  return tab ? <LikesTab tab={tab} /> : <NotFoundPage />;
}

function LikesTab({ tab }: { tab: LikeTab }) {
  const { t } = useTranslation('likes');
  const tc = useTranslation('common').t;
  const lists = useLikeLists();
  const { loaded, error } = useLikesStatus();
  usePageTitle(t(`tabs.${TAB_KEYS[tab]}`));

  // Fresh lists on every visit: a profile opened meanwhile is no longer new.
  useEffect(() => {
    void reloadLikes();
  }, [tab]);

  const items = itemsOf(tab, lists);
  const counts: Record<LikeTab, number> = {
    'liked-me': lists.liked_by.length,
    mine: lists.profiles.length,
    matches: lists.profiles.filter((p) => p.match).length,
  };
  const fresh = lists.liked_by.filter((p) => p.like_new).length;

  return (
    <>
      <PageHeader title={t('title')} intro={t('intro')} />
      <div className="container likes-page" data-testid="likes-page" data-tab={tab}>
        <Tabs current={tab} counts={counts} fresh={fresh} />
        {!loaded && error ? (
          <FormAlert testId="likes-error">
            {translateError(tc, error)}{' '}
            <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => void reloadLikes()}>
              {t('retry')}
            </button>
          </FormAlert>
        ) : !loaded ? (
          <div className="likes-page__loading" aria-busy="true" data-testid="likes-loading">
            <span className="spinner-border text-primary" aria-hidden="true" />
            <span className="visually-hidden">{t('loading')}</span>
          </div>
        ) : items.length === 0 ? (
          <EmptyState tab={tab} />
        ) : (
          <div className="likes-grid" data-testid="likes-grid">
            {items.map((item) => (
              <LikeCard key={item.member.id} item={item} />
            ))}
          </div>
        )}
      </div>
    </>
  );
}
