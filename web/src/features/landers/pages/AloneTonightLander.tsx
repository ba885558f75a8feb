import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../shared/ui/icons';
import { usePageTitle } from '../../../shared/title';
import { FictionalNote, FinalCta, TrustChips, useLanderValues } from '../LanderParts';
import { IconPoints, LanderSection } from '../LanderSections';
import { LanderStatus } from '../LanderStatus';
import { MemberTile } from '../MemberTile';
import { useKnownPlace, useMembersNear } from '../nearMembers';
import { SignupCta } from '../SignupCta';
import type { LanderMember } from '../landerApi';
import { type Lander, useLander } from '../useLander';

const POINTS: [string, IconName][] = [
  ['quick', 'clock'],
  ['discreet', 'lock'],
  ['credits', 'coins'],
];

/**
 * The evening's members: those of the visitor's known place (issue 29.5), else the newest.
 * Waits for the place's members before the newest would show under the wrong title.
 */
function useNightMembers() {
  const lander = useLander('alonetonight', { memberCount: 12 });
  const place = useKnownPlace();
  const { near, label, failed } = useMembersNear(place, 12);
  const known = near !== null && near.length > 0;
  const members = known ? near : lander.members;
  const status = place !== null && near === null && !failed && lander.status === 'ready' ? 'loading' : lander.status;
  return { ...lander, members, status, known, label };
}

/** A crescent moon with its glow over the evening sky. */
function NightSky() {
  return (
    <div className="night-hero__sky" aria-hidden="true">
      <svg className="night-hero__moon" viewBox="0 0 100 100" focusable="false">
        <defs>
          <radialGradient id="night-moon-glow" cx="50%" cy="50%" r="50%">
            <stop offset="0.55" stopColor="#ffe9c7" stopOpacity="0.35" />
            <stop offset="1" stopColor="#ffe9c7" stopOpacity="0" />
          </radialGradient>
          <mask id="night-moon-cut">
            <rect width="100" height="100" fill="#fff" />
            <circle cx="62" cy="40" r="24" fill="#000" />
          </mask>
        </defs>
        <circle cx="50" cy="50" r="50" fill="url(#night-moon-glow)" />
        <circle cx="50" cy="50" r="26" fill="#fff4de" mask="url(#night-moon-cut)" />
      </svg>
    </div>
  );
}

function NightHero({ known, label, signup }: { known: boolean; label: string; signup: () => void }) {
  const { t } = useTranslation('landers');
  const values = useLanderValues();
  return (
    <section className="night-hero" aria-labelledby="night-title">
      <NightSky />
      <div className="container night-hero__inner">
        <p className="lander-eyebrow night-hero__eyebrow">
          <Icon name="clock" size={16} /> {t('alonetonight.eyebrow', values)}
        </p>
        <h1 id="night-title" className="night-hero__title">
          {t('alonetonight.title')}
        </h1>
        <p className="night-hero__lead" data-testid="night-lead">
          {known ? t('alonetonight.leadNear', { place: label }) : t('alonetonight.lead', values)}
        </p>
        <SignupCta onClick={signup} className="lander-cta--lg lander-cta--glow">
          {t('alonetonight.cta')}
        </SignupCta>
        <TrustChips className="lander-chips--dark" />
      </div>
    </section>
  );
}

/** The members in a row that scrolls sideways on phones. */
function NightRow({ members }: { members: readonly LanderMember[] }) {
  return (
    <>
      {/* Scrolls sideways on phones: focusable so the keyboard can scroll it too (the tiles hold nothing focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region needs a tab stop (WCAG 2.1.1; axe scrollable-region-focusable). */}
      <ul className="night-online__row" tabIndex={0} aria-labelledby="night-online-title">
        {members.map((member, index) => (
          <li key={member.id}>
            <MemberTile member={member} size="sm" eager={index < 4} className="lander-tile--round" />
          </li>
        ))}
      </ul>
      <FictionalNote members={members} className="lander-fictional-note--dark" />
    </>
  );
}

function NightMembers({ lander, known, label }: { lander: Lander; known: boolean; label: string }) {
  const { t } = useTranslation('landers');
  const values = useLanderValues();
  const { members, status, retry, signup } = lander;
  return (
    <section className="night-online" aria-labelledby="night-online-title">
      <div className="container">
        <h2 id="night-online-title" className="night-online__title" data-testid="night-online-title" data-near={known ? 'yes' : 'no'}>
          {known ? t('alonetonight.onlineTitleNear', { place: label }) : t('alonetonight.onlineTitle', values)}
        </h2>
        <LanderStatus status={status} count={members.length} retry={retry} signup={signup} tone="dark" headingLevel={3} />
        {status === 'ready' && members.length > 0 && <NightRow members={members} />}
      </div>
    </section>
  );
}

function NightPoints() {
  const { t } = useTranslation('landers');
  const points = POINTS.map(([key, icon]) => ({ key, icon, title: t(`alonetonight.points.${key}.title`), text: t(`alonetonight.points.${key}.text`) }));
  return (
    <LanderSection className="night-points" titleId="night-points-title" title={t('alonetonight.pointsTitle')} titleClassName="night-points__title">
      <IconPoints points={points} listClassName="night-points__list" item="night-point" iconSize={24} />
    </LanderSection>
  );
}

/** /landers/alonetonight: an evening mood, a big question and members.
 * No online dots: the members' data says nothing about who is online. "Near" only where
 * the visitor's place is known, and then as that place's name over its own members
 * (issue 29.5); otherwise the newest members, under a title that claims no nearness. */
export function AloneTonightLander() {
  const { t } = useTranslation('landers');
  const night = useNightMembers();
  usePageTitle(t('alonetonight.title'));

  return (
    <div className="lander lander--night" data-testid="lander-alonetonight">
      <NightHero known={night.known} label={night.label} signup={night.signup} />
      <NightMembers lander={night} known={night.known} label={night.label} />
      <NightPoints />
      <FinalCta
        className="lander-final--night"
        title={t('alonetonight.bottomTitle')}
        text={t('alonetonight.bottomText')}
        cta={t('alonetonight.bottomCta')}
        onSignup={night.signup}
      />
    </div>
  );
}
