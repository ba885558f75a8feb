import './discovery.scss';
import { OnlineBadge } from '../../shared/ui/OnlineBadge';
import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate, useParams } from 'react-router';
import { PATHS, pathTo } from '../../shared/routing/paths';
import { translateError } from '../../shared/i18n/translateError';
import { FormAlert, RetryAlert } from '../../shared/ui/alerts';
import { useBusy } from '../../shared/ui/form';
import { markLikeSeen } from '../../shared/counters';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon } from '../../shared/ui/icons';
import { useProfileCatalogs } from '../../shared/catalogs';
import { useSession } from '../../shared/session';
import { countryName } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { isUnavailable, membersApi, type MemberProfile, prettifyKey, blockMember, unblockMember } from '../../shared/members';
import { LoginRequired } from '../../shared/api/errors';
import { FictionalNotice } from '../../shared/members/FictionalNotice';
import { LoginPrompt } from '../../shared/ui/LoginPrompt';
import { FictionalBadge } from '../../shared/members/FictionalBadge';
import type { MembersNotice } from './MembersPage';
import { PhotoGallery } from './PhotoGallery';
import { ProfileShieldWarning } from './ProfileShieldWarning';
import { ProfileGiftSlot, ProfileLikeSlot } from './slots';

/** The attributes shown under "Details", when the member filled them in. */
export const DETAIL_FIELDS = ['gender', 'sexuality', 'relationship_status', 'body_type', 'hair_colour', 'eye_colour', 'tattoos'] as const;

type Status =
  | { kind: 'loading' }
  | { kind: 'ready'; profile: MemberProfile }
  | { kind: 'unavailable' }
  | { kind: 'login' }
  | { kind: 'error'; error: unknown };

/** A member id from the path, or null when it is not one. */
export function memberIdOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2147483647 ? id : null;
}

function Unavailable() {
  const { t } = useTranslation('discovery');
  usePageTitle(t('unavailable.title'));
  return (
    <div className="container member-unavailable" data-testid="member-unavailable">
      <div className="member-unavailable__card">
        <span className="member-unavailable__icon" aria-hidden="true">
          <Icon name="eyeOff" size={30} />
        </span>
        <h1 className="member-unavailable__title">{t('unavailable.title')}</h1>
        <p className="member-unavailable__text">{t('unavailable.text')}</p>
        <AppLink to="members" className="btn btn-primary rounded-pill px-4">
          {t('unavailable.back')}
        </AppLink>
      </div>
    </div>
  );
}

/** The place a member lives: city, region (named in the interface language), country. */
function usePlace(profile: MemberProfile): string {
  const { i18n } = useTranslation();
  const regions = useProfileCatalogs((s) => s.regions[`${profile.country}:${i18n.language}`]);
  const loadRegions = useProfileCatalogs((s) => s.loadRegions);
  useEffect(() => {
    if (profile.region && profile.country) loadRegions(profile.country, i18n.language).catch(() => undefined);
  }, [profile.region, profile.country, i18n.language, loadRegions]);
  const region = profile.region ? (regions?.find((r) => r.code === profile.region)?.name ?? null) : null;
  return [profile.city, region, countryName(profile.country, i18n.language)].filter(Boolean).join(', ');
}

/** "Block <name>?": what blocking does, and the way back. */
function BlockConfirm({ name, show, busy, onConfirm, onCancel }: { name: string; show: boolean; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation('discovery');
  return (
    <Modal show={show} onHide={() => !busy && onCancel()} centered aria-labelledby="block-title" className="block-modal">
      <Modal.Body className="p-4 p-sm-5 text-center">
        <div className="block-modal__icon" aria-hidden="true">
          <Icon name="shield" size={28} />
        </div>
        <h2 id="block-title" className="h4 mb-3">
          {t('profile.blockTitle', { name: name })}
        </h2>
        <p className="text-body-secondary">{t('profile.blockText', { name: name })}</p>
        <div className="d-grid gap-2 mt-4">
          <button type="button" className="btn btn-danger rounded-pill" onClick={onConfirm} disabled={busy} data-testid="block-confirm">
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {t('profile.blockConfirm')}
          </button>
          <button type="button" className="btn btn-link text-body-secondary" onClick={onCancel} disabled={busy} data-testid="block-cancel">
            {t('profile.cancel')}
          </button>
        </div>
      </Modal.Body>
    </Modal>
  );
}

function BlockActions({ profile, onChange }: { profile: MemberProfile; onChange: (profile: MemberProfile) => void }) {
  const { t } = useTranslation('discovery');
  const tc = useTranslation('common').t;
  const navigate = useNavigate();
  const { busy, run } = useBusy();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unblocked, setUnblocked] = useState(false);

  const block = () =>
    void run(async () => {
      setError(null);
      try {
        await blockMember(profile.id);
        setConfirming(false);
        const state: MembersNotice = { blocked: profile.name };
        await navigate(pathTo('members'), { state });
      } catch (failure) {
        setConfirming(false);
        if (!(failure instanceof LoginRequired)) setError(translateError(tc, failure));
      }
    });
  const unblock = () =>
    void run(async () => {
      setError(null);
      try {
        await unblockMember(profile.id);
        setUnblocked(true);
        onChange({ ...profile, blocked_by_me: false });
      } catch (failure) {
        if (!(failure instanceof LoginRequired)) setError(translateError(tc, failure));
      }
    });

  return (
    <>
      {profile.blocked_by_me ? (
        <>
          <p className="member-profile__blocked" data-testid="blocked-note">
            <Icon name="shield" size={18} />
            {t('profile.blockedNote')}
          </p>
          <button type="button" className="btn btn-outline-primary rounded-pill px-4" onClick={unblock} disabled={busy} data-testid="unblock-button">
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {t('profile.unblock')}
          </button>
        </>
      ) : (
        <button type="button" className="btn btn-link member-profile__block" onClick={() => setConfirming(true)} data-testid="block-button">
          <Icon name="shield" size={18} />
          {t('profile.block')}
        </button>
      )}
      {unblocked && !profile.blocked_by_me && (
        <FormAlert variant="success" testId="unblock-notice">
          {t('profile.unblocked', { name: profile.name })}
        </FormAlert>
      )}
      {error && <FormAlert testId="block-error">{error}</FormAlert>}
      <BlockConfirm name={profile.name} show={confirming} busy={busy} onConfirm={block} onCancel={() => setConfirming(false)} />
    </>
  );
}

/** To the complaints form, about this member. */
function ReportLink({ id }: { id: number }) {
  const { t } = useTranslation('discovery');
  return (
    <AppLink to="complaints" suffix={`?member=${id}`} className="btn btn-link member-profile__block member-profile__report" data-testid="report-link">
      <Icon name="warning" size={18} />
      {t('profile.report')}
    </AppLink>
  );
}

/** "Likes you" or "It's a match" above the actions, from the profile's like state. */
function LikeHint({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('likes');
  if (!profile.likes_me) return null;
  return (
    <p className={`like-hint${profile.match ? ' like-hint--match' : ''}`} data-testid="like-hint">
      <Icon name={profile.match ? 'sparkle' : 'heart'} size={18} />
      {profile.match ? t('hint.match', { name: profile.name }) : t('hint.likesYou', { name: profile.name })}
    </p>
  );
}

/** The way back, the name, age and place, above the photos: on phones the action bar kept
 * at the bottom of the screen would cover them below the photos (issue 29.7). */
function ProfileHead({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('discovery');
  const place = usePlace(profile);
  // Opened from the likes lists (/likes/m/:id): the way back leads there.
  const fromLikes = useMatch(PATHS['likes-m-id']) !== null;
  return (
    <>
      <AppLink to={fromLikes ? 'likes' : 'members'} className="member-profile__back">
        <Icon name="arrowLeft" size={18} />
        {fromLikes ? t('back', { ns: 'likes' }) : t('profile.back')}
      </AppLink>
      {/* The name, age and place first, above the photos: on phones the action bar kept at
          the bottom of the screen would cover them below the photos (issue 29.7). */}
      <header className="member-profile__head">
        <h1 className="member-profile__name" data-testid="member-name">
          {profile.name}
          <span className="member-profile__age">, {profile.age}</span>
          {profile.is_fictional && <FictionalBadge className="member-profile__badge" />}
        </h1>
        {profile.online === true && <OnlineBadge />}
        {place && (
          <p className="member-profile__place">
            <Icon name="mapPin" size={18} />
            {place}
          </p>
        )}
      </header>
    </>
  );
}

/** One's own profile says so; a member may like, write, give, block and report; a visitor is asked to log in. */
function ProfileActions({ profile, onChange }: { profile: MemberProfile; onChange: (profile: MemberProfile) => void }) {
  const { t } = useTranslation('discovery');
  const user = useSession((s) => s.user);
  const own = user?.id === profile.id;
  return (
    <>
      {own ? (
        <div className="member-profile__own">
          <Icon name="user" size={18} />
          <span>{t('profile.own')}</span>
          <AppLink to="profile" className="fw-semibold">
            {t('profile.ownEdit')}
          </AppLink>
        </div>
      ) : user ? (
        <div className="member-profile__actions" data-testid="member-actions">
          <LikeHint profile={profile} />
          {/* Like, message, gift: on phones a bar kept at the bottom of the screen (discovery.scss). */}
          <div className="member-profile__bar" data-testid="member-action-bar">
            <ProfileLikeSlot profile={profile} onChange={(liked) => onChange({ ...profile, liked_by_me: liked, match: liked && profile.likes_me })} />
            <AppLink to="members-id-chat" params={{ id: profile.id }} className="btn btn-primary rounded-pill px-4">
              <Icon name="chat" size={18} className="me-2" />
              {t('profile.message')}
            </AppLink>
            <ProfileGiftSlot member={profile} />
          </div>
          <BlockActions profile={profile} onChange={onChange} />
          <ReportLink id={profile.id} />
        </div>
      ) : (
        <>
          <LoginPrompt compact title={t('gate.profileTitle', { name: profile.name })} text={t('gate.profileText')} />
          <ReportLink id={profile.id} />
        </>
      )}
    </>
  );
}

/** About, details and interests, those the member filled in. */
function ProfileTexts({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('discovery');
  const tp = useTranslation('profile').t;
  const details = DETAIL_FIELDS.filter((field) => profile[field]).map((field) => ({
    field,
    label: tp(`fields.${field}`, { defaultValue: prettifyKey(field) }),
    value: tp(`options.${field}.${profile[field]}`, { defaultValue: prettifyKey(String(profile[field])) }),
  }));
  return (
    <>
      {profile.about_me && (
        <section className="member-section" aria-labelledby="member-about">
          <h2 id="member-about" className="member-section__title">
            {t('profile.about')}
          </h2>
          <p className="member-section__about">{profile.about_me}</p>
        </section>
      )}

      {details.length > 0 && (
        <section className="member-section" aria-labelledby="member-details">
          <h2 id="member-details" className="member-section__title">
            {t('profile.details')}
          </h2>
          <dl className="member-details" data-testid="member-details">
            {details.map(({ field, label, value }) => (
              <div key={field} className="member-details__item">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      {profile.interests.length > 0 && (
        <section className="member-section" aria-labelledby="member-interests">
          <h2 id="member-interests" className="member-section__title">
            {t('profile.interests')}
          </h2>
          <ul className="member-interests" data-testid="member-interests">
            {profile.interests.map((key) => (
              <li key={key} className="member-interests__chip">
                {tp(`interest.${key}`, { defaultValue: prettifyKey(key) })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function ProfileView({ profile, onChange }: { profile: MemberProfile; onChange: (profile: MemberProfile) => void }) {
  const own = useSession((s) => s.user?.id === profile.id);
  usePageTitle(profile.name);

  return (
    <div className="container member-profile" data-testid="member-profile">
      <ProfileHead profile={profile} />
      {/* First, above the photos: on phones nothing lower is sure to stay clear of the action bar (issue 29.5). */}
      {profile.is_fictional && <FictionalNotice className="member-profile__fictional" />}
      {/* The scam shield's warning (issue 31.2), before anything the profile asks of its visitor. */}
      <ProfileShieldWarning memberId={profile.id} flags={profile.text_flags} own={own} />
      <div className="row g-4 g-lg-5">
        <div className="col-md-6 col-lg-5">
          <PhotoGallery profile={profile} onChange={onChange} />
        </div>
        <div className="col-md-6 col-lg-7 d-grid gap-3 align-content-start">
          <ProfileActions profile={profile} onChange={onChange} />

          <ProfileTexts profile={profile} />
        </div>
      </div>
    </div>
  );
}

/** /members/:id and /likes/m/:id: a member's profile. */
export function MemberProfilePage() {
  const { t } = useTranslation('discovery');
  const tc = useTranslation('common').t;
  const { id: param } = useParams();
  const id = memberIdOf(param);
  const userId = useSession((s) => s.user?.id ?? null);
  const [attempt, setAttempt] = useState(0);
  // An answer remembers what it answers: for another member, login or attempt it is still loading.
  const asked = `${id}/${userId}/${attempt}`;
  const [answer, setAnswer] = useState<{ asked: string; status: Status } | null>(null);
  const setStatus = (next: Status) => setAnswer({ asked, status: next });

  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    const settle = (next: Status) => setAnswer({ asked, status: next });
    membersApi.member(id, controller.signal).then(
      (profile) => {
        settle({ kind: 'ready', profile });
        markLikeSeen(profile.id);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof LoginRequired) settle({ kind: 'login' });
        else if (isUnavailable(error)) settle({ kind: 'unavailable' });
        else settle({ kind: 'error', error });
      },
    );
    return () => controller.abort();
  }, [id, asked]);

  const status: Status = id === null ? { kind: 'unavailable' } : answer?.asked === asked ? answer.status : { kind: 'loading' };
  switch (status.kind) {
    case 'unavailable':
      return <Unavailable />;
    case 'login':
      return (
        <div className="container member-profile">
          <LoginPrompt title={t('gate.searchTitle')} text={t('gate.searchText')} />
        </div>
      );
    case 'error':
      return (
        <div className="container member-profile">
          <RetryAlert testId="member-error" message={translateError(tc, status.error)} retryLabel={t('retry')} onRetry={() => setAttempt((n) => n + 1)} />
        </div>
      );
    case 'ready':
      return <ProfileView profile={status.profile} onChange={(profile) => setStatus({ kind: 'ready', profile })} />;
    default:
      return (
        <div className="container member-profile__loading" aria-busy="true" data-testid="member-loading">
          <span className="spinner-border text-primary" aria-hidden="true" />
          <span className="visually-hidden">{t('profile.loading')}</span>
        </div>
      );
  }
}
