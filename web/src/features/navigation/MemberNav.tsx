import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { LEAVING_STATE } from '../../shared/routing/guard';
import { pathTo, routeExists } from '../../shared/routing/paths';
import { useChat } from '../chat';
import { usePush } from '../push/pushStore';
import { useSession } from '../session';
import { counterBadge, creditsBadge, moneyLink } from './badges';
import { DeferredMenu } from './DeferredMenu';
import { Icon, type IconName } from '../../shared/ui/icons';

function NavItem({
  to,
  icon,
  label,
  badge,
  badgeClass,
}: {
  to: string;
  icon: IconName;
  label: string;
  badge?: string | null;
  badgeClass?: string;
}) {
  if (!routeExists(to)) return null;
  return (
    <NavLink to={pathTo(to)} className="nav-pill member-nav__item">
      <span className="member-nav__icon">
        <Icon name={icon} />
        {badge && (
          <span className={`badge rounded-pill member-nav__badge ${badgeClass ?? 'text-bg-unread'}`} data-testid={`badge-${to}`}>
            {badge}
          </span>
        )}
      </span>
      <span className="member-nav__label">{label}</span>
    </NavLink>
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
      <NavItem to="members" icon="search" label={t('nav.searchMembers')} />
      <NavItem to="chats" icon="chat" label={t('nav.messages')} badge={counterBadge(totalUnread)} />
      <NavItem to="likes" icon="heart" label={t('nav.likes')} badge={counterBadge(totalNewLikes)} />
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
            <span className="member-nav__label">{user.profile.name}</span>
          </>
        }
        menu={(menus, openAtOnce) => <menus.AccountMenu name={user.profile.name} defaultShow={openAtOnce} onLogout={logOut} />}
      />
    </div>
  );
}
