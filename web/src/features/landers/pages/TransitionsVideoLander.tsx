/**
 * /landers/transitionsvideolanding/{slug?}: a full-bleed hero with the project's intro
 * video as its background and real members' photos cross-fading over it (CSS
 * transitions; still for visitors who prefer reduced motion, a pause for everyone).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FictionalBadge } from '../../../shared/members';
import { Icon } from '../../../shared/ui/icons';
import { useSettings } from '../../../shared/site';
import { usePageTitle } from '../../../shared/title';
import type { LanderMember } from '../landerApi';
import { FictionalNote, FinalCta, TrustChips, useLanderValues } from '../LanderParts';
import { LanderStatus } from '../LanderStatus';
import { memberPhotoUrl, memberPlace } from '../MemberTile';
import { SignupCta } from '../SignupCta';
import { type Lander, useLander } from '../useLander';
import { IntroVideo, MemberPicks, type Motion, MotionToggle, useMotion } from './mediaParts';

export const TRANSITIONS_MEMBERS = 14;
/** How many members take turns in the hero, and how long each one shows. */
export const SLIDES = 6;
export const SLIDE_MS = 4500;

function Slide({ member, active, eager }: { member: LanderMember; active: boolean; eager: boolean }) {
  const { i18n } = useTranslation('landers');
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  const src = memberPhotoUrl(prefix, member, 'lg');
  const place = memberPlace(member, i18n.language);
  return (
    <figure className={`lander-transitions__slide${active ? ' is-active' : ''}`} aria-hidden={!active} data-testid="lander-slide" data-active={active}>
      {src && <img src={src} alt={member.name} width={600} height={800} loading={eager ? 'eager' : 'lazy'} decoding="async" />}
      <figcaption className="lander-transitions__caption">
        <span className="lander-transitions__name">
          {member.name}, {member.age}
          {member.is_fictional && <FictionalBadge className="lander-transitions__badge" />}
        </span>
        {place && (
          <span className="lander-transitions__place">
            <Icon name="mapPin" size={14} />
            {place}
          </span>
        )}
      </figcaption>
    </figure>
  );
}

/** The members taking turns in the hero: the next one every few seconds while motion plays. */
function useSlides(members: readonly LanderMember[], playing: boolean) {
  const slides = members.filter((member) => member.main_image).slice(0, SLIDES);
  const [current, setCurrent] = useState(0);
  const shown = slides.length ? current % slides.length : 0;
  useEffect(() => {
    if (!playing || slides.length < 2) return;
    const timer = window.setInterval(() => setCurrent((n) => n + 1), SLIDE_MS);
    return () => window.clearInterval(timer);
  }, [playing, slides.length]);
  return { slides, shown, show: setCurrent };
}

type Slides = ReturnType<typeof useSlides>;

/** One dot per slide, to show that member. */
function SlideDots({ slides, shown, show }: Slides) {
  const { t } = useTranslation('landers');
  return (
    <div className="lander-transitions__dots">
      {slides.map((member, index) => (
        <button
          key={member.id}
          type="button"
          className={`lander-transitions__dot${index === shown ? ' is-active' : ''}`}
          onClick={() => show(index)}
          aria-label={t('transitions.show', { name: member.name })}
          aria-current={index === shown ? 'true' : undefined}
        />
      ))}
    </div>
  );
}

/** The cross-fading photos, their dots and the motion toggle. */
function SlideStage({ slideshow, motion }: { slideshow: Slides; motion: Motion }) {
  const { t } = useTranslation('landers');
  const values = useLanderValues();
  const { slides, shown } = slideshow;
  return (
    <div className="lander-transitions__stage" data-testid="lander-stage">
      {slides.length > 0 && (
        <div className="lander-transitions__slides" role="group" aria-label={t('transitions.stageLabel', values)}>
          {slides.map((member, index) => (
            <Slide key={member.id} member={member} active={index === shown} eager={index === 0} />
          ))}
        </div>
      )}
      <div className="lander-transitions__controls">
        {slides.length > 1 && <SlideDots {...slideshow} />}
        <MotionToggle motion={motion} />
      </div>
    </div>
  );
}

function TransitionsMembers({ lander, slides }: { lander: Lander; slides: readonly LanderMember[] }) {
  const { t } = useTranslation('landers');
  const values = useLanderValues();
  const rest = lander.members.filter((member) => !slides.includes(member));
  return (
    <section className="lander-section lander-transitions__members" aria-labelledby="lander-transitions-members">
      <div className="container">
        <h2 id="lander-transitions-members" className="lander-section__title">
          {t('transitions.membersTitle', values)}
        </h2>
        <LanderStatus status={lander.status} count={lander.members.length} retry={lander.retry} signup={lander.signup} headingLevel={3} />
        {lander.status === 'ready' && lander.members.length > 0 && (
          <>
            <MemberPicks members={rest.length ? rest : slides} onPick={lander.signup} />
            <FictionalNote members={lander.members} />
          </>
        )}
      </div>
    </section>
  );
}

export function TransitionsVideoLander() {
  const { t } = useTranslation('landers');
  const values = useLanderValues();
  const lander = useLander('transitionsvideolanding', { memberCount: TRANSITIONS_MEMBERS });
  const motion = useMotion();
  // "Real members" and "your next date could be one of them" only over members known to
  // be real: never while a fictional profile is among them, nor before they are known.
  const allReal = lander.status === 'ready' && lander.members.length > 0 && !lander.members.some((member) => member.is_fictional);
  const eyebrow = t(allReal ? 'transitions.eyebrow' : 'transitions.eyebrowMixed', values);
  const title = t(allReal ? 'transitions.title' : 'transitions.titleMixed', values);
  usePageTitle(title);
  const slideshow = useSlides(lander.members, motion.playing);

  return (
    <div className="lander lander-transitions" data-testid="lander-transitionsvideolanding">
      <section className="lander-transitions__hero">
        <IntroVideo playing={motion.playing} className="lander-transitions__video" />
        <div className="lander-transitions__shade" aria-hidden="true" />
        <div className="container lander-transitions__inner">
          <div className="lander-transitions__text">
            <p className="lander-eyebrow lander-transitions__eyebrow">{eyebrow}</p>
            <h1 className="lander-transitions__title">{title}</h1>
            <p className="lander-transitions__lead">{t('transitions.lead', values)}</p>
            <SignupCta onClick={lander.signup} className="lander-cta--lg">
              {t('transitions.cta', values)}
            </SignupCta>
            <TrustChips className="lander-chips--dark" />
          </div>
          <SlideStage slideshow={slideshow} motion={motion} />
        </div>
      </section>

      <TransitionsMembers lander={lander} slides={slideshow.slides} />

      <FinalCta
        title={t('transitions.bottomTitle', values)}
        text={t('transitions.bottomText', values)}
        cta={t('transitions.bottomCta', values)}
        onSignup={lander.signup}
      />
    </div>
  );
}
