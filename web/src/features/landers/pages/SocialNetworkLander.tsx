/**
 * /landers/socialnetwork/{slug?}: the site as a social network's feed. Real members of
 * the site (newest first) appear as "new member" posts with their photo, name, age and
 * place. Nothing is made up: no like or comment counts, no online status, no quotes —
 * the data says who joined, so the posts say that. Every action opens the signup.
 */
import { useTranslation } from 'react-i18next';
import { FictionalBadge, PlaceholderAvatar } from '../../../shared/members';
import { Icon, type IconName } from '../../../shared/ui/icons';
import { useSettings } from '../../../shared/site';
import { usePageTitle } from '../../../shared/title';
import type { LanderMember } from '../landerApi';
import { FictionalNote, FinalCta, TrustChips, useLanderValues } from '../LanderParts';
import { LanderStatus } from '../LanderStatus';
import { memberPhotoUrl, memberPlace } from '../MemberTile';
import { SignupCta } from '../SignupCta';
import { type Lander, useLander } from '../useLander';

/** Posts shown before the "there is more" card, and in all. */
const POSTS_BEFORE_GATE = 3;
const POSTS = 8;
export const SOCIAL_MEMBERS = 12;

function Avatar({ member, size }: { member: LanderMember; size: 'sm' | 'md' }) {
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  const src = memberPhotoUrl(prefix, member, 'sm');
  return (
    <span className={`lander-social__avatar lander-social__avatar--${size}`}>
      {src ? <img src={src} alt="" width={160} height={160} loading="lazy" decoding="async" /> : <PlaceholderAvatar gender={member.gender} />}
    </span>
  );
}

function Post({ member, onAction, eager }: { member: LanderMember; onAction: () => void; eager: boolean }) {
  const { t, i18n } = useTranslation('landers');
  const { siteName } = useLanderValues();
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  const photo = memberPhotoUrl(prefix, member, 'lg');
  const place = memberPlace(member, i18n.language);
  const actions: [string, IconName, string][] = [
    ['like', 'heart', t('socialnetwork.likeLabel', { name: member.name })],
    ['comment', 'chat', t('socialnetwork.commentLabel', { name: member.name })],
    ['message', 'send', t('socialnetwork.messageLabel', { name: member.name })],
  ];
  return (
    <article className="lander-social__post" data-testid="lander-post" data-member-id={member.id}>
      <header className="lander-social__post-head">
        <Avatar member={member} size="md" />
        <div className="lander-social__who">
          <h3 className="lander-social__name">
            {member.name}, {member.age}
            {member.is_fictional && <FictionalBadge className="lander-social__badge" />}
          </h3>
          {place && (
            <p className="lander-social__place">
              <Icon name="mapPin" size={14} />
              <span>{place}</span>
            </p>
          )}
        </div>
        <span className="lander-social__tag">{t('socialnetwork.newBadge')}</span>
      </header>
      <p className="lander-social__text">{t('socialnetwork.postText', { name: member.name, siteName })}</p>
      {photo && (
        <div className="lander-social__photo">
          <img
            src={photo}
            alt={t('socialnetwork.photoAlt', { name: member.name })}
            width={600}
            height={800}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        </div>
      )}
      <div className="lander-social__actions">
        {actions.map(([key, icon, label]) => (
          <button key={key} type="button" className="lander-social__action" onClick={onAction} aria-label={label} data-testid={`lander-post-${key}`}>
            <Icon name={icon} size={18} />
            <span aria-hidden="true">{t(`socialnetwork.${key}`)}</span>
          </button>
        ))}
      </div>
    </article>
  );
}

/** The "there is more" card between the posts: sign up to see everyone. */
function SocialGate({ signup }: { signup: () => void }) {
  const { t } = useTranslation('landers');
  const values = useLanderValues();
  return (
    <aside className="lander-social__gate" aria-labelledby="lander-social-gate" data-testid="lander-gate">
      <h3 id="lander-social-gate" className="lander-social__gate-title">
        {t('socialnetwork.gateTitle', values)}
      </h3>
      <p>{t('socialnetwork.gateText', values)}</p>
      <SignupCta onClick={signup} testId="lander-cta-gate">
        {t('socialnetwork.gateCta', values)}
      </SignupCta>
    </aside>
  );
}

/** The welcome card: what the site is, the sign-up and the trust chips. */
function SocialIntro({ lander }: { lander: Lander }) {
  const { t } = useTranslation('landers');
  const values = useLanderValues();
  return (
    <section className="lander-social__intro" aria-labelledby="lander-social-title">
      <div className="lander-social__card lander-social__welcome">
        <p className="lander-eyebrow">{t('socialnetwork.eyebrow', values)}</p>
        <h1 id="lander-social-title" className="lander-social__title">
          {t('socialnetwork.title', values)}
        </h1>
        <p className="lander-social__lead">{t('socialnetwork.lead', values)}</p>
        <SignupCta onClick={lander.signup}>{t('socialnetwork.cta', values)}</SignupCta>
        <TrustChips />
        <FictionalNote members={lander.members} className="lander-social__note" />
      </div>
    </section>
  );
}

/** The new members as stories above the feed. */
function SocialStories({ members, signup }: { members: readonly LanderMember[]; signup: () => void }) {
  const { t } = useTranslation('landers');
  const values = useLanderValues();
  return (
    <div className="lander-social__card lander-social__stories">
      <h2 className="lander-social__subtitle">{t('socialnetwork.newTitle', values)}</h2>
      <ul className="lander-social__story-list">
        {members.map((member) => (
          <li key={member.id}>
            <button type="button" className="lander-social__story" onClick={signup} aria-label={t('socialnetwork.storyLabel', { name: member.name })}>
              <Avatar member={member} size="sm" />
              <span className="lander-social__story-name" aria-hidden="true">
                {member.name}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The posts, with the gate after the first few. */
function SocialPosts({ posts, signup }: { posts: readonly LanderMember[]; signup: () => void }) {
  return (
    <div className="lander-social__posts">
      {posts.slice(0, POSTS_BEFORE_GATE).map((member, index) => (
        <Post key={member.id} member={member} onAction={signup} eager={index === 0} />
      ))}
      <SocialGate signup={signup} />
      {posts.slice(POSTS_BEFORE_GATE).map((member) => (
        <Post key={member.id} member={member} onAction={signup} eager={false} />
      ))}
    </div>
  );
}

/** The feed: stories, a composer that opens the signup, and the new members' posts. */
function SocialFeed({ lander }: { lander: Lander }) {
  const { t } = useTranslation('landers');
  const values = useLanderValues();
  const posts = lander.members.slice(0, POSTS);
  return (
    <section className="lander-social__feed" aria-labelledby="lander-social-feed">
      {lander.members.length > 0 && <SocialStories members={lander.members} signup={lander.signup} />}

      <h2 id="lander-social-feed" className="lander-social__feed-title">
        {t('socialnetwork.feedTitle', values)}
      </h2>
      <button type="button" className="lander-social__card lander-social__composer" onClick={lander.signup} data-testid="lander-composer">
        <span className="lander-social__composer-icon" aria-hidden="true">
          <Icon name="edit" size={18} />
        </span>
        <span className="lander-social__composer-text">{t('socialnetwork.composer', values)}</span>
      </button>

      <LanderStatus status={lander.status} count={lander.members.length} retry={lander.retry} signup={lander.signup} headingLevel={3} />
      {lander.status === 'ready' && posts.length > 0 && <SocialPosts posts={posts} signup={lander.signup} />}
    </section>
  );
}

export function SocialNetworkLander() {
  const { t } = useTranslation('landers');
  const values = useLanderValues();
  const lander = useLander('socialnetwork', { memberCount: SOCIAL_MEMBERS });
  usePageTitle(t('socialnetwork.title', values));

  return (
    <div className="lander lander-social" data-testid="lander-socialnetwork">
      <div className="container">
        <div className="lander-social__layout">
          <SocialIntro lander={lander} />
          <SocialFeed lander={lander} />
        </div>
      </div>

      <FinalCta
        title={t('socialnetwork.bottomTitle', values)}
        text={t('socialnetwork.bottomText', values)}
        cta={t('socialnetwork.bottomCta', values)}
        onSignup={lander.signup}
      />
    </div>
  );
}
