/**
 * The landers about one member (route param :id), public for visitors:
 * - /members/{id}/landing: the profile photo large, name, age, place and the message CTA;
 * - /members/{id}/signup: the member's card beside the signup call to action, compact;
 * - /members/{id}/landing2/{slug?}: a chat preview, "start a conversation with …";
 * - /members/{id}/landing3/{slug?}: a photo story through the member's photos.
 * Locked photos stay locked (a lock, never the image). A member who does not exist or is
 * hidden gets a friendly "not available" with other members to discover. Fictional
 * profiles carry the site's fictional mark and warning.
 */
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isUnavailable, FictionalBadge, PlaceholderAvatar, imageUrl } from '../../../shared/members';
import { Icon } from '../../../shared/ui/icons';
import { useSettings } from '../../../shared/site';
import { usePageTitle } from '../../../shared/title';
import { type LanderProfile, landerApi } from '../landerApi';
import { FictionalNote, TrustChips, useLanderValues } from '../LanderParts';
import { LanderStatus } from '../LanderStatus';
import { memberPlace } from '../MemberTile';
import { SignupCta } from '../SignupCta';
import { type Lander, useLander } from '../useLander';
import { LockedPhoto, MemberPicks } from './mediaParts';

type Photo = LanderProfile['photos'][number];

/** The member id of the route: digits within the API's range, else null (never fetched). */
export function landerMemberId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2147483647 ? id : null;
}

/** A photo the visitor may see: not locked and with a file. */
export function isVisible(photo: Photo): photo is Photo & { filename: string } {
  return !photo.locked && Boolean(photo.filename);
}

type ProfileState =
  | { status: 'loading' }
  | { status: 'ready'; profile: LanderProfile }
  | { status: 'unavailable' }
  | { status: 'error' };

/** The member of the route's :id: loading, shown, unavailable (404, hidden, bad id) or failed. */
function useLanderProfile(): { state: ProfileState; retry: () => void } {
  const id = landerMemberId(useParams().id);
  const [attempt, setAttempt] = useState(0);
  // An answer remembers what it answers: for another member or attempt it is still loading.
  const asked = `${id}/${attempt}`;
  const [answer, setAnswer] = useState<{ asked: string; state: ProfileState } | null>(null);
  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    landerApi.member(id, controller.signal).then(
      (profile) => !controller.signal.aborted && setAnswer({ asked, state: { status: 'ready', profile } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ asked, state: { status: isUnavailable(error) ? 'unavailable' : 'error' } });
      },
    );
    return () => controller.abort();
  }, [id, asked]);
  const state: ProfileState = id === null ? { status: 'unavailable' } : answer?.asked === asked ? answer.state : { status: 'loading' };
  return { state, retry: () => setAttempt((n) => n + 1) };
}

function usePlace(profile: LanderProfile): string {
  const { i18n } = useTranslation('landers');
  return memberPlace({ city: profile.city ?? null, region: profile.region ?? null, country: profile.country }, i18n.language);
}

/** The values every member text may use. */
function useValues(profile: LanderProfile) {
  const values = useLanderValues();
  const place = usePlace(profile);
  return { ...values, name: profile.name, age: profile.age, place };
}

/** A photo of the member, or the lock, or (no photos at all) a drawn avatar. */
function PhotoView({ profile, photo, number, size = 'lg', eager = false }: { profile: LanderProfile; photo: Photo | undefined; number: number; size?: 'lg' | 'sm'; eager?: boolean }) {
  const { t } = useTranslation('landers');
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  if (!photo) return <PlaceholderAvatar gender={profile.gender} className="lander-member__placeholder" />;
  if (!isVisible(photo)) return <LockedPhoto label={t('member.lockedPhoto')} />;
  const file = size === 'sm' ? (photo.thumb_filename ?? photo.filename) : photo.filename;
  const pixels = size === 'sm' ? 200 : 600;
  return (
    <img
      src={imageUrl(prefix, file)}
      alt={t('member.photoAlt', { number, name: profile.name })}
      width={pixels}
      height={size === 'sm' ? pixels : 800}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}

/** The member's first photo the visitor may see (with its number), else the first photo. */
function mainPhoto(profile: LanderProfile): { photo: Photo | undefined; number: number } {
  const index = profile.photos.findIndex(isVisible);
  return index >= 0 ? { photo: profile.photos[index], number: index + 1 } : { photo: profile.photos[0], number: 1 };
}

/** The site's fictional mark and warning, for fictional profiles only. */
function FictionalWarning({ profile }: { profile: LanderProfile }) {
  const { t } = useTranslation('landers');
  const warning = useSettings((s) => s.settings?.fictional_warning ?? '');
  if (!profile.is_fictional) return null;
  return (
    <div className="lander-member__fictional" role="note" data-testid="lander-fictional-warning">
      <FictionalBadge />
      <p>{warning || t('fictional.warning', { ns: 'discovery' })}</p>
    </div>
  );
}

function NameLine({ profile, as: Tag = 'h1', className }: { profile: LanderProfile; as?: 'h1' | 'h2' | 'p'; className: string }) {
  const place = usePlace(profile);
  return (
    <>
      <Tag className={className}>
        {profile.name}
        <span className="lander-member__age">, {profile.age}</span>
        {profile.is_fictional && <FictionalBadge className="lander-member__badge" />}
      </Tag>
      {place && (
        <p className="lander-member__place">
          <Icon name="mapPin" size={16} />
          <span>{place}</span>
        </p>
      )}
    </>
  );
}

/** Other real members of the site (not this one) to discover. */
function OtherMembers({ lander, exclude, title }: { lander: Lander; exclude?: number; title: string }) {
  const members = lander.members.filter((member) => member.id !== exclude);
  return (
    <section className="lander-section lander-member__others" aria-labelledby="lander-member-others">
      <h2 id="lander-member-others" className="lander-section__title">
        {title}
      </h2>
      <LanderStatus status={lander.status} count={members.length} retry={lander.retry} signup={lander.signup} headingLevel={3} />
      {lander.status === 'ready' && members.length > 0 && (
        <>
          <MemberPicks members={members} onPick={lander.signup} />
          <FictionalNote members={members} />
        </>
      )}
    </section>
  );
}

/** The profile cannot be shown: say so kindly and offer the other members. */
function Unavailable({ lander }: { lander: Lander }) {
  const { t } = useTranslation('landers');
  const values = useLanderValues();
  usePageTitle(t('member.unavailableTitle'));
  return (
    <div className="lander lander-member lander-member--missing" data-testid="lander-member-unavailable">
      <div className="container">
        <div className="lander-member__missing">
          <span className="lander-member__missing-icon" aria-hidden="true">
            <Icon name="search" size={30} />
          </span>
          <h1 className="lander-member__title">{t('member.unavailableTitle')}</h1>
          <p className="lander-member__lead">{t('member.unavailableText', values)}</p>
          <SignupCta onClick={lander.signup} icon="search">
            {t('member.unavailableCta', values)}
          </SignupCta>
        </div>
        <OtherMembers lander={lander} title={t('member.othersTitle', values)} />
      </div>
    </div>
  );
}

/** Loading, failure and "not available" for every member lander; the design once the member is there. */
function MemberLander({ name, children }: { name: string; children: (profile: LanderProfile, lander: Lander) => ReactNode }) {
  const { t } = useTranslation('landers');
  const lander = useLander(name, { memberCount: 9 });
  const { state, retry } = useLanderProfile();
  if (state.status === 'loading') {
    return (
      <div className="lander lander-member container">
        <div className="lander-media-state" role="status" data-testid="lander-member-loading">
          <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
          <span>{t('member.loading')}</span>
        </div>
      </div>
    );
  }
  if (state.status === 'unavailable') return <Unavailable lander={lander} />;
  if (state.status === 'error') {
    return (
      <div className="lander lander-member container">
        <div className="lander-media-state lander-media-state--error" role="alert" data-testid="lander-member-error">
          <h1 className="lander-media-state__title">{t('member.errorTitle')}</h1>
          <p className="lander-media-state__text">{t('common.errorText')}</p>
          <button type="button" className="btn btn-outline-primary rounded-pill px-4" onClick={retry}>
            {t('common.retry')}
          </button>
        </div>
      </div>
    );
  }
  // Keyed by member: another member starts their own story at their first photo.
  return <Fragment key={state.profile.id}>{children(state.profile, lander)}</Fragment>;
}

/** The small photos after the main one: the ones the visitor may see, and locks for the rest. */
function PhotoStrip({ profile, onOpen, skip }: { profile: LanderProfile; onOpen: () => void; skip: number }) {
  const { t } = useTranslation('landers');
  const values = useValues(profile);
  const rest = profile.photos.map((photo, index) => ({ photo, number: index + 1 })).filter(({ number }) => number !== skip);
  if (rest.length === 0) return null;
  return (
    <section className="lander-member__strip" aria-labelledby="lander-member-photos">
      <h2 id="lander-member-photos" className="lander-member__subheading">
        {t('member.photosTitle', values)}
      </h2>
      <ul className="lander-member__thumbs">
        {rest.slice(0, 6).map(({ photo, number }) => (
          <li key={photo.id}>
            <button
              type="button"
              className="lander-member__thumb"
              onClick={onOpen}
              aria-label={isVisible(photo) ? t('member.viewPhoto', { number, name: profile.name }) : t('member.unlockPhoto', { name: profile.name })}
            >
              <PhotoView profile={profile} photo={photo} number={number} size="sm" />
            </button>
          </li>
        ))}
      </ul>
      {profile.photos.some((photo) => !isVisible(photo)) && (
        <p className="lander-member__locked-note" data-testid="lander-locked-note">
          <Icon name="lock" size={16} />
          <span>{t('member.lockedNote', values)}</span>
        </p>
      )}
    </section>
  );
}

function About({ profile, className = '' }: { profile: LanderProfile; className?: string }) {
  const { t } = useTranslation('landers');
  const about = profile.about_me?.trim();
  if (!about) return null;
  return (
    <section className={`lander-member__about ${className}`.trim()} aria-labelledby="lander-member-about">
      <h2 id="lander-member-about" className="lander-member__subheading">
        {t('member.about', { name: profile.name })}
      </h2>
      <p>{about}</p>
    </section>
  );
}

function PhotoCount({ profile }: { profile: LanderProfile }) {
  const { t } = useTranslation('landers');
  const total = Math.max(profile.photo_count, profile.photos.length);
  if (total === 0) return null;
  return (
    <span className="lander-member__count">
      <Icon name="photo" size={16} />
      {t('member.photoCount', { total })}
    </span>
  );
}

/** /members/{id}/landing: the member's photo large and "Say hello to …". */
export function MemberLanding() {
  return <MemberLander name="member-landing">{(profile, lander) => <LandingView profile={profile} lander={lander} />}</MemberLander>;
}

function LandingView({ profile, lander }: { profile: LanderProfile; lander: Lander }) {
  const { t } = useTranslation('landers');
  const values = useValues(profile);
  usePageTitle(t('member.pageTitle', values));
  const main = mainPhoto(profile);
  return (
    <div className="lander lander-member lander-member--landing" data-testid="lander-member-landing">
      <div className="container">
        <div className="lander-member__hero">
          <div className="lander-member__photo lander-member__photo--large">
            <PhotoView profile={profile} photo={main.photo} number={main.number} eager />
            <PhotoCount profile={profile} />
          </div>
          <div className="lander-member__body">
            <p className="lander-eyebrow">{t('member.eyebrow', values)}</p>
            <NameLine profile={profile} className="lander-member__title" />
            <FictionalWarning profile={profile} />
            <SignupCta onClick={lander.signup} icon="send">
              {t('member.messageCta', values)}
            </SignupCta>
            <p className="lander-member__small">{t('member.ctaNote', values)}</p>
            <About profile={profile} />
            <PhotoStrip profile={profile} onOpen={lander.signup} skip={main.number} />
          </div>
        </div>
        <OtherMembers lander={lander} exclude={profile.id} title={t('member.othersTitle', values)} />
      </div>
    </div>
  );
}

/** /members/{id}/signup: the member's card beside the signup call to action, compact. */
export function MemberSignup() {
  return <MemberLander name="member-signup">{(profile, lander) => <SignupView profile={profile} lander={lander} />}</MemberLander>;
}

function SignupView({ profile, lander }: { profile: LanderProfile; lander: Lander }) {
  const { t } = useTranslation('landers');
  const values = useValues(profile);
  usePageTitle(t('member.signupTitle', values));
  const main = mainPhoto(profile);
  return (
    <div className="lander lander-member lander-member--signup" data-testid="lander-member-signup">
      <div className="container">
        <div className="lander-member__compact">
          {/* First in the page (the heading), shown beside the card on wide screens. */}
          <section className="lander-member__panel" aria-labelledby="lander-member-signup-title">
            <h1 id="lander-member-signup-title" className="lander-member__title">
              {t('member.signupTitle', values)}
            </h1>
            <p className="lander-member__lead">{t('member.signupLead', values)}</p>
            <SignupCta onClick={lander.signup} className="lander-cta--lg">
              {t('common.signupFree')}
            </SignupCta>
            <TrustChips />
          </section>
          <article className="lander-member__card" aria-label={t('member.cardLabel', values)}>
            <div className="lander-member__photo">
              <PhotoView profile={profile} photo={main.photo} number={main.number} eager />
            </div>
            <div className="lander-member__card-body">
              <NameLine profile={profile} as="p" className="lander-member__card-name" />
              <PhotoCount profile={profile} />
              <FictionalWarning profile={profile} />
            </div>
          </article>
        </div>
      </div>
    </div>
  );
}

/** /members/{id}/landing2: a chat preview — "start a conversation with …". */
export function MemberLanding2() {
  return <MemberLander name="member-landing2">{(profile, lander) => <ChatView profile={profile} lander={lander} />}</MemberLander>;
}

const OPENERS = ['hello', 'profile', 'place'] as const;

function ChatView({ profile, lander }: { profile: LanderProfile; lander: Lander }) {
  const { t } = useTranslation('landers');
  const values = useValues(profile);
  usePageTitle(t('member.chatTitle', values));
  const main = mainPhoto(profile);
  const openers = OPENERS.filter((key) => key !== 'place' || values.place);
  return (
    <div className="lander lander-member lander-member--chat" data-testid="lander-member-landing2">
      <div className="container">
        <div className="lander-member__chat-head">
          <h1 className="lander-member__title">{t('member.chatTitle', values)}</h1>
          <p className="lander-member__lead">{t('member.chatLead', values)}</p>
        </div>
        <div className="lander-member__chat-layout">
          <section className="lander-chat" aria-labelledby="lander-chat-name">
            <header className="lander-chat__head">
              <span className="lander-chat__avatar">
                <PhotoView profile={profile} photo={main.photo} number={main.number} size="sm" eager />
              </span>
              <div className="lander-chat__who">
                <h2 id="lander-chat-name" className="lander-chat__name">
                  {profile.name}, {profile.age}
                  {profile.is_fictional && <FictionalBadge className="lander-member__badge" />}
                </h2>
                {values.place && <p className="lander-chat__place">{values.place}</p>}
              </div>
            </header>
            <div className="lander-chat__body">
              <p className="lander-chat__empty">{t('member.chatEmpty', values)}</p>
              <h3 className="lander-chat__openers-title">{t('member.openersTitle')}</h3>
              <ul className="lander-chat__openers">
                {openers.map((key) => (
                  <li key={key}>
                    <button type="button" className="lander-chat__bubble" onClick={lander.signup} data-testid="lander-opener">
                      {t(`member.openers.${key}`, values)}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
            <div className="lander-chat__composer">
              <button type="button" className="lander-chat__field" onClick={lander.signup} data-testid="lander-composer">
                {t('member.compose', values)}
              </button>
              <button type="button" className="lander-chat__send" onClick={lander.signup} aria-label={t('member.send', values)}>
                <Icon name="send" size={20} />
              </button>
            </div>
          </section>
          <aside className="lander-member__side" aria-labelledby="lander-member-side">
            <div className="lander-member__photo">
              <PhotoView profile={profile} photo={main.photo} number={main.number} />
              <PhotoCount profile={profile} />
            </div>
            <h2 id="lander-member-side" className="lander-member__subheading">
              {t('member.sideTitle', values)}
            </h2>
            <FictionalWarning profile={profile} />
            <SignupCta onClick={lander.signup} icon="chat">
              {t('member.chatCta', values)}
            </SignupCta>
            <p className="lander-member__small">{t('member.ctaNote', values)}</p>
          </aside>
        </div>
      </div>
    </div>
  );
}

/** /members/{id}/landing3: a photo story through the member's photos (locks for locked ones). */
export function MemberLanding3() {
  return <MemberLander name="member-landing3">{(profile, lander) => <StoryView profile={profile} lander={lander} />}</MemberLander>;
}

function StoryView({ profile, lander }: { profile: LanderProfile; lander: Lander }) {
  const { t } = useTranslation('landers');
  const values = useValues(profile);
  usePageTitle(t('member.storyTitle', values));
  const photos = profile.photos;
  const [index, setIndex] = useState(() => Math.max(0, photos.findIndex(isVisible)));
  const total = photos.length;
  const photo = photos[index];
  const step = (by: number) => setIndex((n) => (n + by + total) % total);
  return (
    <div className="lander lander-member lander-member--story" data-testid="lander-member-landing3">
      <div className="container">
        <div className="lander-member__hero lander-member__hero--story">
          <section className="lander-story" aria-label={t('member.storyLabel', values)}>
            {total > 1 && (
              <ol className="lander-story__progress" aria-hidden="true">
                {photos.map((item, n) => (
                  <li key={item.id} className={n < index ? 'is-seen' : n === index ? 'is-current' : ''} />
                ))}
              </ol>
            )}
            <div className="lander-story__frame">
              {photo && !isVisible(photo) ? (
                <LockedPhoto label={t('member.lockedPhoto')} className="lander-story__locked">
                  <span className="lander-story__locked-text">
                    <span className="lander-story__locked-title">{t('member.storyLockedTitle')}</span>
                    <span>{t('member.storyLockedText', values)}</span>
                  </span>
                </LockedPhoto>
              ) : (
                <PhotoView profile={profile} photo={photo} number={index + 1} eager />
              )}
              <div className="lander-story__caption" aria-hidden="true">
                <span className="lander-story__name">
                  {profile.name}, {profile.age}
                </span>
                {values.place && <span className="lander-story__place">{values.place}</span>}
              </div>
            </div>
            {total > 1 && (
              <div className="lander-story__nav">
                <button type="button" className="lander-story__step lander-story__step--previous" onClick={() => step(-1)} aria-label={t('member.previousPhoto')}>
                  <Icon name="arrowLeft" size={20} />
                </button>
                <span className="lander-story__position" aria-live="polite" data-testid="lander-story-position">
                  {t('member.storyPosition', { current: index + 1, total })}
                </span>
                <button type="button" className="lander-story__step lander-story__step--next" onClick={() => step(1)} aria-label={t('member.nextPhoto')}>
                  <Icon name="arrowLeft" size={20} />
                </button>
              </div>
            )}
          </section>
          <div className="lander-member__body">
            <p className="lander-eyebrow">{t('member.eyebrow', values)}</p>
            <h1 className="lander-member__title">{t('member.storyTitle', values)}</h1>
            <NameLine profile={profile} as="p" className="lander-member__name-line" />
            <FictionalWarning profile={profile} />
            <p className="lander-member__lead">{t('member.storyLead', values)}</p>
            <SignupCta onClick={lander.signup} icon="photo">
              {t('member.storyCta', values)}
            </SignupCta>
            <p className="lander-member__small">{t('member.ctaNote', values)}</p>
            <About profile={profile} />
          </div>
        </div>
        <OtherMembers lander={lander} exclude={profile.id} title={t('member.othersTitle', values)} />
      </div>
    </div>
  );
}
