import './likes.scss';
import { type MouseEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pathTo, routeExists } from '../../shared/routing/paths';
import { PlaceholderAvatar, imageUrl } from '../../shared/members';
import { Icon } from '../../shared/ui/icons';
import { useSession } from '../../shared/session';
import { useSettings } from '../../shared/site';
import { likesApi } from './likesApi';
import { type MatchProfile, useMatch } from '../../shared/members/matchStore';

// Registered by the chat issue; typed as a plain name until then.
const CHAT_ROUTE: string = 'members-id-chat';

/** Where the main button leads: the chat with them once that screen exists, else their profile. */
export function matchTarget(id: number): string {
  return routeExists(CHAT_ROUTE) ? pathTo(CHAT_ROUTE, { id }) : pathTo('members-id', { id });
}

function Portrait({ src, gender, className }: { src: string | null; gender?: string; className: string }) {
  return (
    <span className={`match-modal__photo ${className}`}>
      {src ? <img src={src} alt="" /> : <PlaceholderAvatar gender={gender} />}
    </span>
  );
}

/**
 * While a celebration shows: its main button has the focus, the server hears it was seen
 * (it shows each match's celebration once) and Escape closes it.
 */
function useCelebrationOpen(id: number, dismiss: () => void) {
  const mainButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    mainButton.current?.focus();
    likesApi.matchSeen(id).catch(() => undefined);
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && dismiss();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [id, dismiss]);
  return mainButton;
}

/** Both photos with a heart between them; theirs leads to their profile. */
function MatchPair({ profile, onOpen }: { profile: MatchProfile; onOpen: (event: MouseEvent) => void }) {
  const { t } = useTranslation('likes');
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  const own = useSession((s) => s.user?.profile);
  const ownImage = own?.main_image?.status === 'active' ? imageUrl(prefix, own.main_image.filename) : null;
  const theirImage = profile.main_image ? imageUrl(prefix, profile.main_image.filename) : null;
  return (
    <div className="match-modal__pair">
      <Portrait src={ownImage} gender={own?.gender} className="match-modal__photo--own" />
      <span className="match-modal__heart" aria-hidden="true">
        <Icon name="heart" size={30} />
      </span>
      <button type="button" className="match-modal__photo-link" onClick={onOpen} aria-label={t('match.photoLabel', { name: profile.name })} data-testid="match-photo">
        <Portrait src={theirImage} className="match-modal__photo--theirs" />
      </button>
    </div>
  );
}

function Celebration({ profile }: { profile: MatchProfile }) {
  const { t } = useTranslation('likes');
  const navigate = useNavigate();
  const dismiss = useMatch((s) => s.dismiss);
  const mainButton = useCelebrationOpen(profile.id, dismiss);
  const hasChat = routeExists(CHAT_ROUTE);

  const go = (to: string) => (event: MouseEvent) => {
    // Only this handler closes: the overlay's "click anywhere" would close the next one too.
    event.stopPropagation();
    dismiss();
    void navigate(to);
  };

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- "click anywhere" is the mouse's Escape (handled on the document for the keyboard).
    <div
      className="match-modal"
      role="dialog"
      aria-modal="true"
      aria-labelledby="match-modal-title"
      aria-describedby="match-modal-text"
      onClick={dismiss}
      data-testid="match-modal"
      data-member-id={profile.id}
    >
      <div className="match-modal__hearts" aria-hidden="true">
        {Array.from({ length: 12 }, (_, n) => (
          <Icon key={n} name="heart" size={16 + (n % 4) * 8} className={`match-modal__float match-modal__float--${n}`} />
        ))}
      </div>
      <div className="match-modal__content">
        <h2 id="match-modal-title" className="match-modal__title">
          {t('match.title')}
        </h2>
        <p id="match-modal-text" className="match-modal__text">
          {t('match.text', { name: profile.name })}
        </p>
        <MatchPair profile={profile} onOpen={go(pathTo('members-id', { id: profile.id }))} />
        <button ref={mainButton} type="button" className="btn btn-light btn-lg rounded-pill px-5 match-modal__main" onClick={go(matchTarget(profile.id))} data-testid="match-main">
          <Icon name={hasChat ? 'chat' : 'user'} size={20} className="me-2" />
          {hasChat ? t('match.chat', { name: profile.name }) : t('match.profile', { name: profile.name })}
        </button>
        <p className="match-modal__close">{t('match.close')}</p>
      </div>
    </div>
  );
}

/** The match celebration (layer 2000): the queued matches one by one. */
export function MatchModal() {
  const profile = useMatch((s) => s.queue[0]);
  const showing = profile !== undefined;
  // When the last celebration closes, the focus goes back to what opened it (the like button).
  useEffect(() => {
    if (!showing) return;
    const opener = useMatch.getState().opener;
    return () => {
      if (useMatch.getState().queue.length === 0 && opener?.isConnected) opener.focus();
    };
  }, [showing]);
  if (!profile) return null;
  // A new key per match restarts the animation and the focus.
  return <Celebration key={profile.id} profile={profile} />;
}
