import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { pathTo, routeExists } from '../../app/routes';
import { useChat } from '../chat/chatStore';
import { useSession } from '../session/sessionStore';
import { AppLink } from './AppLink';
import { counterBadge, creditsBadge, moneyLink } from './badges';
import { Icon, type IconName } from './icons';

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
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const clear = useSession((s) => s.clear);
  const totalUnread = useChat((s) => s.totalUnread);
  const totalNewLikes = useChat((s) => s.totalNewLikes);
  if (!user) return null;

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
      <Dropdown align="end">
        <Dropdown.Toggle variant="link" className="nav-pill member-nav__item" aria-label={t('nav.account')}>
          <span className="member-nav__icon">
            <Icon name="user" />
          </span>
          <span className="member-nav__label">{user.profile.name}</span>
        </Dropdown.Toggle>
        <Dropdown.Menu className="shadow-lg">
          <Dropdown.Item as={AppLink} to="profile">
            {t('nav.myProfile')}
          </Dropdown.Item>
          <Dropdown.Item as={AppLink} to="settings">
            {t('nav.settings')}
          </Dropdown.Item>
          <Dropdown.Divider />
          {/* Next issue: GET /api/logout before clearing the local session. */}
          <Dropdown.Item as="button" onClick={clear}>
            {t('nav.logout')}
          </Dropdown.Item>
        </Dropdown.Menu>
      </Dropdown>
    </div>
  );
}
