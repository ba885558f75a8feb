import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../shared/ui/icons';
import { usePageTitle } from '../../../shared/title';
import { FictionalNote, FinalCta, useLanderValues } from '../LanderParts';
import { LanderStatus } from '../LanderStatus';
import { MemberTile } from '../MemberTile';
import { SignupCta } from '../SignupCta';
import type { LanderMember } from '../landerApi';
import { type Lander, useLander } from '../useLander';

const BENEFITS: [string, IconName][] = [
  ['free', 'gift'],
  ['discreet', 'invisible'],
  ['verified', 'mail'],
  ['credits', 'coins'],
  ['honest', 'sparkle'],
  ['adults', 'shield'],
];
const STEPS: [string, IconName][] = [
  ['signup', 'user'],
  ['profile', 'photo'],
  ['chat', 'chat'],
];

/** The hero: the promise, the sign-up and a few members' faces orbiting the icons. */
function IconsHero({ faces, signup }: { faces: readonly LanderMember[]; signup: () => void }) {
  const { t } = useTranslation('landers');
  return (
    <section className="icons-hero" aria-labelledby="icons-title">
      <div className="container">
        <div className="row align-items-center g-4 g-lg-5">
          <div className="col-lg-6">
            <p className="lander-eyebrow icons-hero__eyebrow">
              <Icon name="heart" size={16} /> {t('icons.eyebrow')}
            </p>
            <h1 id="icons-title" className="icons-hero__title">
              {t('icons.title')}
            </h1>
            <p className="icons-hero__lead">{t('icons.lead')}</p>
            <SignupCta onClick={signup} className="lander-cta--lg">
              {t('icons.cta')}
            </SignupCta>
            <ul className="icons-hero__ticks">
              {(['free', 'noSubscription', 'discreet'] as const).map((key) => (
                <li key={key}>
                  <Icon name="check" size={18} /> {t(`common.${key}`)}
                </li>
              ))}
            </ul>
          </div>
          <div className="col-lg-6">
            <IconsOrbit faces={faces} />
          </div>
        </div>
      </div>
    </section>
  );
}

/** Decoration: the same members are listed further down. */
function IconsOrbit({ faces }: { faces: readonly LanderMember[] }) {
  return (
    <div className="icons-orbit" aria-hidden="true">
      <div className="icons-orbit__ring" />
      {faces.map((member, index) => (
        <MemberTile key={member.id} member={member} size="md" bare eager className={`lander-tile--round icons-orbit__face icons-orbit__face--${index}`} />
      ))}
      {(['heart', 'chat', 'lock', 'coins'] as const).map((icon, index) => (
        <span key={icon} className={`icons-orbit__badge icons-orbit__badge--${index}`}>
          <Icon name={icon} size={22} />
        </span>
      ))}
    </div>
  );
}

function IconsBenefits() {
  const { t } = useTranslation('landers');
  const values = useLanderValues();
  return (
    <section className="lander-section icons-benefits" aria-labelledby="icons-benefits-title">
      <div className="container">
        <h2 id="icons-benefits-title" className="lander-section__title text-center">
          {t('icons.benefitsTitle', values)}
        </h2>
        <ul className="icons-benefits__grid">
          {BENEFITS.map(([key, icon]) => (
            <li key={key} className="icons-benefit" data-testid={`benefit-${key}`}>
              <span className={`icons-benefit__icon icons-benefit__icon--${key}`} aria-hidden="true">
                <Icon name={icon} size={28} />
              </span>
              <h3 className="icons-benefit__title">{t(`icons.benefits.${key}.title`)}</h3>
              <p className="icons-benefit__text">{t(`icons.benefits.${key}.text`, values)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function IconsSteps() {
  const { t } = useTranslation('landers');
  return (
    <section className="lander-section icons-steps" aria-labelledby="icons-steps-title">
      <div className="container">
        <h2 id="icons-steps-title" className="lander-section__title text-center">
          {t('icons.stepsTitle')}
        </h2>
        <ol className="icons-steps__list">
          {STEPS.map(([key, icon], index) => (
            <li key={key} className="icons-step">
              <span className="icons-step__icon" aria-hidden="true">
                <Icon name={icon} size={26} />
                <span className="icons-step__number">{index + 1}</span>
              </span>
              <h3 className="icons-step__title">{t(`icons.steps.${key}.title`)}</h3>
              <p className="icons-step__text">{t(`icons.steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function IconsMembers({ lander: { members, status, retry, signup } }: { lander: Lander }) {
  const { t } = useTranslation('landers');
  return (
    <section className="lander-section icons-members" aria-labelledby="icons-members-title">
      <div className="container">
        <h2 id="icons-members-title" className="lander-section__title text-center">
          {t('icons.membersTitle')}
        </h2>
        <LanderStatus status={status} count={members.length} retry={retry} signup={signup} headingLevel={3} />
        {status === 'ready' && members.length > 0 && (
          <>
            <ul className="icons-members__list">
              {members.map((member) => (
                <li key={member.id}>
                  <MemberTile member={member} size="md" className="lander-tile--card" />
                </li>
              ))}
            </ul>
            <FictionalNote members={members} />
          </>
        )}
      </div>
    </section>
  );
}

/** /landers/iconslanding: the benefits as icons, how it works, and a few members. */
export function IconsLander() {
  const { t } = useTranslation('landers');
  const lander = useLander('iconslanding', { memberCount: 6 });
  usePageTitle(t('icons.title'));

  return (
    <div className="lander lander--icons" data-testid="lander-iconslanding">
      <IconsHero faces={lander.members.slice(0, 3)} signup={lander.signup} />
      <IconsBenefits />
      <IconsSteps />
      <IconsMembers lander={lander} />
      <FinalCta
        className="lander-final--icons"
        title={t('icons.bottomTitle')}
        text={t('icons.bottomText')}
        cta={t('icons.bottomCta')}
        onSignup={lander.signup}
      />
    </div>
  );
}
