import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../shared/ui/icons';
import { usePageTitle } from '../../../shared/title';
import { FictionalNote, FinalCta, useLanderValues } from '../LanderParts';
import { IconPoints, LanderHero, LanderSection } from '../LanderSections';
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
    <LanderHero
      block="icons"
      eyebrowIcon="heart"
      eyebrow={t('icons.eyebrow')}
      title={t('icons.title')}
      lead={t('icons.lead')}
      textColumn="col-lg-6"
      pictureColumn="col-lg-6"
      picture={<IconsOrbit faces={faces} />}
    >
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
    </LanderHero>
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
  const points = BENEFITS.map(([key, icon]) => ({
    key,
    icon,
    title: t(`icons.benefits.${key}.title`),
    text: t(`icons.benefits.${key}.text`, values),
    iconClassName: `icons-benefit__icon--${key}`,
    testId: `benefit-${key}`,
  }));
  return (
    <LanderSection className="lander-section icons-benefits" titleId="icons-benefits-title" title={t('icons.benefitsTitle', values)}>
      <IconPoints points={points} listClassName="icons-benefits__grid" item="icons-benefit" iconSize={28} />
    </LanderSection>
  );
}

function IconsSteps() {
  const { t } = useTranslation('landers');
  const points = STEPS.map(([key, icon], index) => ({
    key,
    icon,
    title: t(`icons.steps.${key}.title`),
    text: t(`icons.steps.${key}.text`),
    mark: <span className="icons-step__number">{index + 1}</span>,
  }));
  return (
    <LanderSection className="lander-section icons-steps" titleId="icons-steps-title" title={t('icons.stepsTitle')}>
      <IconPoints points={points} listClassName="icons-steps__list" item="icons-step" iconSize={26} ordered />
    </LanderSection>
  );
}

function IconsMembers({ lander: { members, status, retry, signup } }: { lander: Lander }) {
  const { t } = useTranslation('landers');
  return (
    <LanderSection className="lander-section icons-members" titleId="icons-members-title" title={t('icons.membersTitle')}>
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
    </LanderSection>
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
