import { useTranslation } from 'react-i18next';
import { Link, NavLink, useMatch, useNavigate } from 'react-router';
import { LEAVING_STATE } from '../../shared/routing/guard';
import { PATHS, pathTo, routeExists } from '../../shared/routing/paths';
import { useChat, counterBadge } from '../../shared/counters';
import { usePush } from '../../shared/push';
import { useSession } from '../../shared/session';
import { creditsBadge, moneyLink } from './badges';
import { DeferredMenu } from './DeferredMenu';
import { useKeyboardUp } from './keyboard';
import { Icon, type IconName } from '../../shared/ui/icons';

function NavItem({
  to,
  icon,
  label,
  badge,
  badgeClass,
  inTabBar = false,
  current,
}: {
  to: string;
  icon: IconName;
  label: string;
  badge?: string | null;
  badgeClass?: string;
  /** Also in the phones' tab bar: the top navigation leaves it out there. */
  inTabBar?: boolean;
  /** Whether this is the open place, when the address alone does not tell. */
  current?: boolean;
}) {
  if (!routeExists(to)) return null;
  const className = `nav-pill member-nav__item${inTabBar ? ' member-nav__item--tab' : ''}`;
  const content = (
    <>
      <span className="member-nav__icon">
        <Icon name={icon} />
        {badge && (
          <span className={`badge rounded-pill member-nav__badge ${badgeClass ?? 'text-bg-unread'}`} data-testid={`badge-${to}`}>
            {badge}
          </span>
        )}
      </span>
      <span className="member-nav__label">{label}</span>
    </>
  );
  if (current === undefined) {
    return (
      <NavLink to={pathTo(to)} className={className}>
        {content}
      </NavLink>
    );
  }
  return (
    <Link to={pathTo(to)} className={`${className}${current ? ' active' : ''}`} aria-current={current ? 'page' : undefined}>
      {content}
    </Link>
  );
}

/** The logged-in part of the top navigation (spec section 2, Navigation). */
export function MemberNav() {
  // The notifications catalog holds its own menu item's name; it loads with the menu.
  const { t } = useTranslation(['common', 'notifications']);
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();
  const totalUnread = useChat((s) => s.totalUnread);
  const totalNewLikes = useChat((s) => s.totalNewLikes);
  // A conversation opened from a profile (/members/:id/chat) is in Messages, not Search.
  const chatWithMember = useMatch(PATHS['members-id-chat']) !== null;
  if (!user) return null;

  const logOut = async () => {
    // Leave members-only screens first, so they do not send the visitor to the login.
    // (As the one leaving: "/" would otherwise send a member on to the members area.)
    await navigate(pathTo('index'), { state: LEAVING_STATE });
    // Pushes for this member must not reach whoever uses this browser next.
    await usePush.getState().detach();
    await logout();
  };
  const money = moneyLink(user);
  const credits = creditsBadge(user);
  return (
    <div className="member-nav">
      <NavItem to="members" icon="search" label={t('nav.search')} inTabBar current={chatWithMember ? false : undefined} />
      <NavItem to="swipe-game" icon="cards" label={t('nav.swipe')} inTabBar />
      <NavItem to="match-finder" icon="sparkle" label={t('nav.matchFinder')} />
      <NavItem to="chats" icon="chat" label={t('nav.messages')} badge={counterBadge(totalUnread)} inTabBar current={chatWithMember || undefined} />
      <NavItem to="likes" icon="heart" label={t('nav.likes')} badge={counterBadge(totalNewLikes)} inTabBar />
      {money === 'credits' ? (
        <NavItem
          to="credits"
          icon="coins"
          label={t('nav.credits')}
          badge={credits?.label}
          badgeClass={credits ? `text-bg-${credits.variant}` : undefined}
        />
      ) : (
        <NavItem to="premium" icon="star" label={t('nav.premium')} />
      )}
      <DeferredMenu
        label={t('nav.account')}
        toggleClassName="nav-pill member-nav__item"
        toggle={
          <>
            <span className="member-nav__icon">
              <Icon name="user" />
            </span>
            <span className="member-nav__label member-nav__label--name">{user.profile.name}</span>
          </>
        }
        menu={(menus, openAtOnce) => <menus.AccountMenu name={user.profile.name} defaultShow={openAtOnce} onLogout={logOut} />}
      />
    </div>
  );
}

function Tab({ to, icon, label, badge }: { to: string; icon: IconName; label: string; badge?: string | null }) {
  const { t } = useTranslation();
  if (!routeExists(to)) return null;
  return (
    <li>
      {/* With a badge, its number is said after the tab's name ("Messages, 3 new"). */}
      <NavLink
        to={pathTo(to)}
        className="tab-bar__tab"
        aria-label={badge ? `${label}, ${t('nav.newCount', { count: badge })}` : undefined}
        data-testid={`tab-${to}`}
      >
        <span className="tab-bar__icon">
          <Icon name={icon} size={24} />
          {badge && (
            <span className="badge rounded-pill text-bg-unread tab-bar__badge" aria-hidden="true" data-testid={`tab-badge-${to}`}>
              {badge}
            </span>
          )}
        </span>
        <span className="tab-bar__label">{label}</span>
      </NavLink>
    </li>
  );
}

/**
 * Phones: the member's main places as a labelled tab bar at the bottom of the screen
 * (the top navigation keeps the rest). It sits at the end of the page and sticks to the
 * bottom of the screen, so it never covers the page's last lines; the styles hide it
 * from 768 px on, and it steps aside while the on-screen keyboard is up (keyboard.ts).
 * The first tab is Discover, the member search, which always has people to show; the
 * swipe game with its few likes a day comes second (issue 29.6).
 */
export function TabBar() {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => s.user !== null);
  const totalUnread = useChat((s) => s.totalUnread);
  const totalNewLikes = useChat((s) => s.totalNewLikes);
  const keyboard = useKeyboardUp();
  if (!loggedIn) return null;
  return (
    <nav className={`tab-bar${keyboard ? ' tab-bar--keyboard' : ''}`} aria-label={t('nav.tabs')} data-testid="tab-bar">
      <ul className="tab-bar__list">
        <Tab to="members" icon="search" label={t('nav.discover')} />
        <Tab to="swipe-game" icon="cards" label={t('nav.swipe')} />
        <Tab to="likes" icon="heart" label={t('nav.likes')} badge={counterBadge(totalNewLikes)} />
        <Tab to="chats" icon="chat" label={t('nav.tabMessages')} badge={counterBadge(totalUnread)} />
        <Tab to="profile" icon="user" label={t('nav.me')} />
      </ul>
    </nav>
  );
}
