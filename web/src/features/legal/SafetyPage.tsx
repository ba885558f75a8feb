/**
 * /safety (issue 31.5): how to date safely — never send money, keep talking here until you
 * trust someone, how scammers write, how the shield helps, how to report, meeting safely
 * and what to do after sending money. Texts in the `safety` catalog namespace; linked from
 * the warning on a flagged message and from the footer.
 */
import './legal.scss';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon, type IconName } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useSettings } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { linkify } from './LegalBody';

const RULES: [string, IconName][] = [
  ['money', 'coins'],
  ['stay', 'chat'],
  ['private', 'lock'],
  ['instinct', 'heart'],
];
const SIGNS = ['offsite', 'emergency', 'investment', 'giftcards', 'fastlove', 'nocall', 'links'] as const;
const WITH_EXAMPLE = new Set<string>(['offsite', 'emergency', 'investment']);
const STEPS = ['warning', 'message', 'profile', 'block'] as const;
const MEETING = ['video', 'public', 'tell', 'transport', 'drinks', 'leave'] as const;

function Section({ id, icon, heading, children }: { id: string; icon: IconName; heading: string; children: ReactNode }) {
  return (
    <section className="safety-section" aria-labelledby={`safety-${id}`} data-testid={`safety-${id}`}>
      <h2 id={`safety-${id}`} className="safety-section__heading">
        <span className="safety-section__icon" aria-hidden="true">
          <Icon name={icon} size={20} />
        </span>
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** The four rules, as cards. */
function SafetyRules({ site }: { site: string }) {
  const { t } = useTranslation('safety');
  return (
    <section aria-labelledby="safety-rules" data-testid="safety-rules">
      <h2 id="safety-rules" className="visually-hidden">
        {t('rules.heading')}
      </h2>
      <ul className="safety-rules">
        {RULES.map(([key, icon]) => (
          <li key={key} className={`safety-rule safety-rule--${key}`}>
            <span className="safety-rule__icon" aria-hidden="true">
              <Icon name={icon} size={22} />
            </span>
            <h3 className="safety-rule__title">{t(`rules.items.${key}.title`, { site })}</h3>
            <p className="safety-rule__text">{t(`rules.items.${key}.text`, { site })}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The scammers' patterns with their typical lines. */
function ScamSigns({ site }: { site: string }) {
  const { t } = useTranslation('safety');
  return (
    <Section id="signs" icon="warning" heading={t('signs.heading')}>
      <p className="safety-section__intro">{t('signs.intro')}</p>
      <ul className="safety-signs">
        {SIGNS.map((key) => (
          <li key={key} className="safety-sign">
            <h3 className="safety-sign__title">{t(`signs.items.${key}.title`, { site })}</h3>
            <p className="safety-sign__text">{t(`signs.items.${key}.text`, { site })}</p>
            {WITH_EXAMPLE.has(key) && (
              <figure className="safety-sign__example">
                <figcaption className="visually-hidden">{t('signs.example')}</figcaption>
                <blockquote>{t(`signs.items.${key}.example`)}</blockquote>
              </figure>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function SafetyPage() {
  const { t } = useTranslation('safety');
  const site = useSettings((s) => s.settings?.name ?? 'Amora');
  usePageTitle(t('title', { site }));

  return (
    <article className="safety-page" data-testid="safety-page">
      <PageHeader title={t('title', { site })} intro={t('intro', { site })} />
      <div className="container safety-page__container">
        <SafetyRules site={site} />

        <ScamSigns site={site} />

        <div className="safety-columns">
          <Section id="shield" icon="shield" heading={t('shield.heading', { site })}>
            <p>{t('shield.text', { site })}</p>
          </Section>

          <Section id="report" icon="check" heading={t('report.heading')}>
            <p className="safety-section__intro">{t('report.intro')}</p>
            <ol className="safety-steps">
              {STEPS.map((key) => (
                <li key={key}>{linkify(t(`report.steps.${key}`))}</li>
              ))}
            </ol>
            <p className="safety-section__note">{t('report.after')}</p>
            <AppLink to="complaints" className="btn btn-outline-primary rounded-pill px-4" data-testid="safety-report-form">
              {t('report.cta')}
            </AppLink>
          </Section>
        </div>

        <Section id="meeting" icon="mapPin" heading={t('meeting.heading')}>
          <ul className="safety-checklist">
            {MEETING.map((key) => (
              <li key={key}>
                <Icon name="check" size={18} className="safety-checklist__mark" />
                <span>{t(`meeting.items.${key}`)}</span>
              </li>
            ))}
          </ul>
        </Section>

        <section className="safety-scammed" aria-labelledby="safety-scammed" data-testid="safety-scammed">
          <h2 id="safety-scammed" className="safety-scammed__heading">
            {t('scammed.heading')}
          </h2>
          <p className="mb-0">{t('scammed.text')}</p>
        </section>
      </div>
    </article>
  );
}
