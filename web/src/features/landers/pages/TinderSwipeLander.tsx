import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shared/ui/icons';
import { usePageTitle } from '../../../shared/title';
import type { LanderMember } from '../landerApi';
import { FictionalNote, TrustChips } from '../LanderParts';
import { LanderHero } from '../LanderSections';
import { LanderStatus } from '../LanderStatus';
import { MemberPhoto } from '../MemberTile';
import { SignupCta } from '../SignupCta';
import { type Lander, useLander } from '../useLander';
import { SwipeStack } from './TinderCards';
import { SWIPES_BEFORE_SIGNUP, useTinderSwipe } from './useTinderSwipe';

export { SWIPES_BEFORE_SIGNUP } from './useTinderSwipe';

function PassIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="m6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4 6.4 5Z" fill="currentColor" />
    </svg>
  );
}

/** Pass and like under the stack, with the swipes made so far between them. */
function SwipeControls({ top, done, decide }: { top: LanderMember; done: number; decide: (direction: 'like' | 'pass') => void }) {
  const { t } = useTranslation('landers');
  return (
    <div className="tswipe-controls">
      <button type="button" className="tswipe-button tswipe-button--pass" onClick={() => decide('pass')} aria-label={t('tinderswipe.passName', { name: top.name })} data-testid="tswipe-pass">
        <PassIcon />
      </button>
      <p className="tswipe-progress">
        <span className="tswipe-progress__dots" aria-hidden="true">
          {Array.from({ length: SWIPES_BEFORE_SIGNUP }, (_, index) => (
            <span key={index} className={index < done ? 'is-done' : ''} />
          ))}
        </span>
        {t('tinderswipe.progress', { done, goal: SWIPES_BEFORE_SIGNUP })}
      </p>
      <button type="button" className="tswipe-button tswipe-button--like" onClick={() => decide('like')} aria-label={t('tinderswipe.likeName', { name: top.name })} data-testid="tswipe-like">
        <Icon name="heart" size={28} />
      </button>
    </div>
  );
}

/** The signup in the stack's place: a few faces, the invitation and its button. */
function SwipeGate({ gateRef, teaser, allSeen, signup }: { gateRef: RefObject<HTMLDivElement | null>; teaser: readonly LanderMember[]; allSeen: boolean; signup: () => void }) {
  const { t } = useTranslation('landers');
  return (
    <div className="tswipe-gate" ref={gateRef} data-testid="tswipe-gate">
      <div className="tswipe-gate__faces" aria-hidden="true">
        {teaser.map((member) => (
          <MemberPhoto key={member.id} member={member} size="md" alt="" className="tswipe-gate__face" />
        ))}
        <span className="tswipe-gate__heart">
          <Icon name="heart" size={26} />
        </span>
      </div>
      <h2 className="tswipe-gate__title">{t('tinderswipe.gateTitle')}</h2>
      <p className="tswipe-gate__text">{t('tinderswipe.gateText')}</p>
      <SignupCta onClick={signup} testId="tswipe-gate-cta" className="lander-cta--lg lander-cta--block">
        {t('tinderswipe.gateCta')}
      </SignupCta>
      {allSeen && <p className="tswipe-gate__done">{t('tinderswipe.done')}</p>}
    </div>
  );
}

/** The play area: the lander's status until members are there, then the stack and its buttons, then the signup. */
function SwipePlay({ lander: { members, status, retry, signup } }: { lander: Lander }) {
  const { t } = useTranslation('landers');
  const ready = status === 'ready' && members.length > 0;
  const game = useTinderSwipe(members, ready);
  return (
    <div className="tswipe-play">
      {!ready && <LanderStatus status={status} count={members.length} retry={retry} signup={signup} />}
      {game.top && (
        <>
          <SwipeStack top={game.top} under={game.under} flights={game.flights} onSwipe={game.decide} />
          <SwipeControls top={game.top} done={game.done} decide={game.decide} />
          <p className="tswipe-hint d-lg-none">{t('tinderswipe.hint')}</p>
        </>
      )}
      {game.gate && <SwipeGate gateRef={game.gateCta} teaser={game.teaser} allSeen={game.done >= members.length} signup={signup} />}
      <p className="visually-hidden" aria-live="polite" data-testid="tswipe-said">
        {game.said}
      </p>
    </div>
  );
}

/** Below the game: chatting is what comes after a like, and the signup again. */
function SwipeMore({ members, signup }: { members: readonly LanderMember[]; signup: () => void }) {
  const { t } = useTranslation('landers');
  return (
    <section className="lander-section tswipe-more" aria-labelledby="tswipe-more-title">
      <div className="container">
        <div className="tswipe-more__panel">
          <span className="tswipe-more__icon" aria-hidden="true">
            <Icon name="chat" size={28} />
          </span>
          <div>
            <h2 id="tswipe-more-title" className="tswipe-more__title">
              {t('tinderswipe.bottomTitle')}
            </h2>
            <p className="tswipe-more__text">{t('tinderswipe.bottomText')}</p>
            <TrustChips />
          </div>
          <SignupCta onClick={signup} testId="lander-cta-bottom" className="lander-cta--lg tswipe-more__cta">
            {t('common.signupFree')}
          </SignupCta>
        </div>
        <FictionalNote members={members} />
      </div>
    </section>
  );
}

/** /landers/tinderswipe: a stack of members to like or pass; after three swipes, the signup. */
export function TinderSwipeLander() {
  const { t } = useTranslation('landers');
  const lander = useLander('tinderswipe', { memberCount: 12 });
  usePageTitle(t('tinderswipe.title'));

  return (
    <div className="lander lander--tinder" data-testid="lander-tinderswipe">
      <LanderHero
        block="tswipe"
        eyebrowIcon="sparkle"
        eyebrow={t('tinderswipe.eyebrow')}
        title={t('tinderswipe.title')}
        lead={t('tinderswipe.lead')}
        textColumn="col-lg-5"
        pictureColumn="col-lg-7"
        picture={<SwipePlay lander={lander} />}
      >
        <SignupCta onClick={lander.signup} className="lander-cta--outline">
          {t('common.signupFree')}
        </SignupCta>
        <p className="tswipe-hero__hint d-none d-lg-block">{t('tinderswipe.hint')}</p>
      </LanderHero>
      <SwipeMore members={lander.members} signup={lander.signup} />
    </div>
  );
}
