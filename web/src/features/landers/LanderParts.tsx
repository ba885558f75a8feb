/** Small parts the lander designs share: the trust chips, the fictional-profile note, the closing call to action. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FictionalBadge } from '../../shared/members';
import { Icon, type IconName } from '../../shared/ui/icons';
import { useSettings } from '../../shared/site';
import { useSignupOpen } from '../../shared/signup';
import type { LanderMember } from './landerApi';
import { SignupCta } from './SignupCta';

/** The values the lander texts interpolate: site name, minimum age, fictional plural. */
export function useLanderValues() {
  const { t } = useTranslation('landers');
  const settings = useSettings((s) => s.settings);
  return {
    siteName: settings?.name ?? '',
    minAge: settings?.min_age ?? 18,
    fictionalPlural: settings?.fictional_plural || t('common.fictionalFallback'),
  };
}

/** Free signup · no subscription · adults only, as small chips. */
export function TrustChips({ className = '' }: { className?: string }) {
  const { t } = useTranslation('landers');
  const { minAge } = useLanderValues();
  const signupOpen = useSignupOpen();
  const chips: [IconName, string][] = [
    // "Free signup" only where this visitor can sign up (issue 19.6).
    ...(signupOpen ? [['check', t('common.free')] as [IconName, string]] : []),
    ['coins', t('common.noSubscription')],
    ['lock', t('common.adults', { minAge })],
  ];
  return (
    <ul className={`lander-chips ${className}`.trim()}>
      {chips.map(([icon, text]) => (
        <li key={icon}>
          <Icon name={icon} size={16} />
          {text}
        </li>
      ))}
    </ul>
  );
}

/** Explains the fictional mark, when one of the shown members carries it. */
export function FictionalNote({ members, className = '' }: { members: readonly LanderMember[]; className?: string }) {
  const { t } = useTranslation('landers');
  const { fictionalPlural } = useLanderValues();
  if (!members.some((member) => member.is_fictional)) return null;
  return (
    <p className={`lander-fictional-note ${className}`.trim()} data-testid="lander-fictional-note">
      <FictionalBadge className="lander-fictional-note__badge" />
      <span>{t('common.fictionalNote', { fictionalPlural })}</span>
    </p>
  );
}

/** The closing call to action of a lander, lower down the page. */
export function FinalCta({
  title,
  text,
  cta,
  onSignup,
  className = '',
  children,
}: {
  title: string;
  text: string;
  cta: string;
  onSignup: () => void;
  className?: string;
  children?: ReactNode;
}) {
  // Its title and text invite to a free profile: not where this visitor cannot make one.
  if (!useSignupOpen()) return null;
  return (
    <section className={`lander-final ${className}`.trim()} aria-labelledby="lander-final-title">
      <div className="container">
        <div className="lander-final__panel">
          {children}
          <h2 id="lander-final-title" className="lander-final__title">
            {title}
          </h2>
          <p className="lander-final__text">{text}</p>
          <SignupCta onClick={onSignup} testId="lander-cta-bottom" className="lander-cta--lg">
            {cta}
          </SignupCta>
        </div>
      </div>
    </section>
  );
}
