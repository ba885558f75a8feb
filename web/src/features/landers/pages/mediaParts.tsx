/**
 * Pieces of the media landers (video, transitions, social network, member landers): the
 * project's own intro video, motion that respects prefers-reduced-motion and can be
 * paused (WCAG 2.2.2), and a locked photo that never shows the image.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shared/ui/icons';
import type { LanderMember } from '../landerApi';
import { MemberTile } from '../MemberTile';
import { useReducedMotion } from '../motion';

/** The intro video and its first frame (web/public/landers, made by tools/lander_video.py). */
export const INTRO_VIDEO = '/landers/intro.webm';
export const INTRO_POSTER = '/landers/intro-poster.jpg';

export interface Motion {
  /** Whether things move now: not with reduced motion, not after the visitor paused them. */
  playing: boolean;
  reduced: boolean;
  toggle: () => void;
}

/**
 * Motion on a lander: on by default, off for visitors who prefer reduced motion (they can
 * still start it), and a pause for everyone.
 */
export function useMotion(): Motion {
  const reduced = useReducedMotion();
  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = choice ?? !reduced;
  return { playing, reduced, toggle: () => setChoice(!playing) };
}

/** The button that pauses and restarts a lander's video and slideshow. */
export function MotionToggle({ motion, className = '' }: { motion: Motion; className?: string }) {
  const { t } = useTranslation('landers');
  return (
    <button
      type="button"
      className={`lander-media-toggle ${className}`.trim()}
      onClick={motion.toggle}
      data-testid="lander-media-toggle"
    >
      <span className="lander-media-toggle__icon" aria-hidden="true">
        {motion.playing ? <PauseGlyph /> : <PlayGlyph />}
      </span>
      <span className="visually-hidden">{motion.playing ? t('video.pause') : t('video.play')}</span>
    </button>
  );
}

function PauseGlyph() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" focusable="false">
      <rect x="3" y="2" width="3.5" height="12" rx="1" fill="currentColor" />
      <rect x="9.5" y="2" width="3.5" height="12" rx="1" fill="currentColor" />
    </svg>
  );
}

function PlayGlyph() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" focusable="false">
      <path d="M4 2.2v11.6a.8.8 0 0 0 1.2.7l9.2-5.8a.8.8 0 0 0 0-1.4L5.2 1.5A.8.8 0 0 0 4 2.2Z" fill="currentColor" />
    </svg>
  );
}

/**
 * The project's own intro video: muted, looping, inline, poster first, only its metadata
 * loaded up front. Decorative (no sound, no words), so hidden from assistive technology.
 * It plays while `playing`; with reduced motion the poster stays until the visitor starts it.
 */
export function IntroVideo({ playing, className = '' }: { playing: boolean; className?: string }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    // React sets `muted` as a property only; browsers allow autoplay for muted videos.
    element.muted = true;
    if (playing) {
      const started = element.play?.();
      if (started && typeof started.catch === 'function') started.catch(() => undefined);
    } else {
      element.pause?.();
    }
  }, [playing]);
  return (
    <video
      ref={video}
      className={`lander-media-video ${className}`.trim()}
      src={INTRO_VIDEO}
      poster={INTRO_POSTER}
      muted
      loop
      playsInline
      autoPlay={playing}
      preload="metadata"
      aria-hidden="true"
      tabIndex={-1}
      disablePictureInPicture
      data-testid="lander-intro-video"
    />
  );
}

/**
 * A photo only members see: a blurred tile with a lock. The image itself is never loaded.
 * Spans only, so it may sit inside a button.
 */
export function LockedPhoto({ label, className = '', children }: { label: string; className?: string; children?: ReactNode }) {
  return (
    <span className={`lander-media-locked ${className}`.trim()} data-testid="lander-locked-photo">
      <span className="lander-media-locked__lock" aria-hidden="true">
        <Icon name="lock" size={22} />
      </span>
      <span className="visually-hidden">{label}</span>
      {children}
    </span>
  );
}

/**
 * Members as a grid of tiles; each tile is one button (stretched over it) to chat with the
 * member, which opens the signup.
 */
export function MemberPicks({ members, onPick, className = '' }: { members: readonly LanderMember[]; onPick: () => void; className?: string }) {
  const { t } = useTranslation('landers');
  return (
    <ul className={`lander-media-picks ${className}`.trim()}>
      {members.map((member) => (
        <li key={member.id} className="lander-media-pick">
          <MemberTile member={member} size="md" />
          {/* Beside the tile, stretched over it: the whole card opens the signup. */}
          <button type="button" className="lander-media-pick__button" onClick={onPick}>
            <Icon name="chat" size={16} />
            <span>{t('common.chatWith', { name: member.name })}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
