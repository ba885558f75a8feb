import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppLink } from '../../shared/routing/AppLink';
import { membersAreaPath } from '../../shared/routing/guard';
import { Icon, type IconName } from '../../shared/ui/icons';
import { countryName, useCompany, useSiteSettings } from '../../shared/site';
import { useIsLoggedIn } from '../../shared/session';
import { openSignup, useSignupOpen } from '../../shared/signup';
import { HeroIllustration } from './HeroIllustration';

const STEPS = ['signup', 'profile', 'search', 'chat'] as const;
const FEATURES: [string, IconName][] = [
  ['conversations', 'chat'],
  ['likes', 'heart'],
  ['photos', 'photo'],
  ['credits', 'coins'],
  ['privacy', 'lock'],
  ['gifts', 'gift'],
];

/** The site's settings and the values the home page's texts take. */
function useHome() {
  const { t, i18n } = useTranslation();
  const settings = useSiteSettings();
  const values = { minAge: settings.min_age, siteName: settings.name };
  return { t, i18n, settings, values };
}

/** The hero's main button: the members area, the login (no sign-up open), or the sign-up. */
function HeroCta() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const signupOpen = useSignupOpen();
  return loggedIn ? (
    <Link to={membersAreaPath()} className="btn btn-light btn-lg rounded-pill px-4 hero__cta">
      {t('home.hero.ctaMember')}
    </Link>
  ) : !signupOpen ? (
    // Partner-only or invite-only: no free profile to promise (issue 19.6).
    <AppLink to="login" className="btn btn-light btn-lg rounded-pill px-4 hero__cta" data-testid="home-login">
      {t('nav.login')}
    </AppLink>
  ) : (
    <AppLink
      to="signup"
      className="btn btn-light btn-lg rounded-pill px-4 hero__cta"
      data-testid="home-signup"
      onClick={(event) => {
        // Desktop: the signup modal; phones: the /signup page; members: the members area.
        event.preventDefault();
        openSignup();
      }}
    >
      {t('home.hero.cta')}
    </AppLink>
  );
}

/** The hero: the site's title and promise, the way in, and what it does not ask (no subscription). */
export function Hero() {
  const { t, settings, values } = useHome();
  return (
    <section className="hero">
      <div className="hero__backdrop" aria-hidden="true" />
      <div className="container hero__inner">
        <div className="row align-items-center g-4 g-lg-5">
          <div className="col-lg-6">
            <p className="hero__eyebrow">
              <Icon name="shield" size={16} /> {t('home.hero.eyebrow', values)}
            </p>
            <h1 className="hero__title">{settings.index_title}</h1>
            <p className="hero__lead">{settings.description}</p>
            <div className="hero__actions">
              <HeroCta />
              <a href="#how" className="btn btn-outline-light btn-lg rounded-pill px-4">
                {t('home.hero.how')}
              </a>
            </div>
            <ul className="hero__points">
              {(['noSubscription', 'bundles', 'adults'] as const).map((key) => (
                <li key={key}>
                  <Icon name="check" size={18} /> {t(`home.hero.points.${key}`, values)}
                </li>
              ))}
            </ul>
          </div>
          <div className="col-lg-6">
            <HeroIllustration />
          </div>
        </div>
      </div>
      <svg className="hero__wave" viewBox="0 0 1440 80" preserveAspectRatio="none" aria-hidden="true">
        <path d="M0 40c240 40 480 40 720 16S1200 0 1440 24v56H0Z" fill="currentColor" />
      </svg>
    </section>
  );
}

/** How it works: the four steps, and how paying works. */
export function HowItWorks() {
  const { t, values } = useHome();
  return (
    <section id="how" className="section how">
      <div className="container">
        <div className="section__head">
          <p className="section__eyebrow">{t('home.how.eyebrow')}</p>
          <h2 className="section__title">{t('home.how.title', values)}</h2>
          <p className="section__intro">{t('home.how.intro')}</p>
        </div>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step} className="step">
              <span className="step__number">{index + 1}</span>
              <h3 className="step__title">{t(`home.how.steps.${step}.title`)}</h3>
              <p className="step__text">{t(`home.how.steps.${step}.text`, values)}</p>
            </li>
          ))}
        </ol>
        <div className="pricing-note">
          <Icon name="coins" size={28} />
          <div>
            <h3 className="pricing-note__title">{t('home.how.pricing.title')}</h3>
            <p className="mb-0">{t('home.how.pricing.text')}</p>
          </div>
          <AppLink to="pricing" className="btn btn-outline-primary rounded-pill ms-md-auto">
            {t('home.how.pricing.link')}
          </AppLink>
        </div>
      </div>
    </section>
  );
}

/** What members can do, one card each. */
export function Features() {
  const { t, values } = useHome();
  return (
    <section className="section features">
      <div className="container">
        <div className="section__head">
          <p className="section__eyebrow">{t('home.features.eyebrow')}</p>
          <h2 className="section__title">{t('home.features.title', values)}</h2>
        </div>
        <div className="row g-3 g-md-4">
          {FEATURES.map(([key, icon]) => (
            <div key={key} className="col-md-6 col-lg-4">
              <div className="feature">
                <span className="feature__icon">
                  <Icon name={icon} size={24} />
                </span>
                <h3 className="feature__title">{t(`home.features.items.${key}.title`)}</h3>
                <p className="feature__text">{t(`home.features.items.${key}.text`, values)}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

/** Who runs the site and what a visitor can count on. */
export function Trust() {
  const { t, i18n, settings, values } = useHome();
  const company = useCompany((s) => s.company);
  return (
    <section className="section trust">
      <div className="container">
        <div className="trust__panel">
          <div className="row g-4 align-items-center">
            <div className="col-lg-5">
              <h2 className="section__title mb-2">{t('home.trust.title')}</h2>
              <p className="mb-0 trust__intro">{t('home.trust.intro', values)}</p>
            </div>
            <div className="col-lg-7">
              <ul className="trust__list">
                {company && (
                  <li>
                    <Icon name="shield" />
                    <span>
                      {t('home.trust.operator', {
                        ...values,
                        company: company.name,
                        country: countryName(company.country, i18n.language),
                      })}
                    </span>
                  </li>
                )}
                <li>
                  <Icon name="lock" />
                  <span>{t('home.trust.adults', values)}</span>
                </li>
                <li>
                  <Icon name="coins" />
                  <span>{t('home.trust.noSubscription')}</span>
                </li>
                {settings.fictional_plural && (
                  <li>
                    <Icon name="sparkle" />
                    <span>
                      {t('home.trust.fictional', { ...values, fictionalPlural: settings.fictional_plural })}
                    </span>
                  </li>
                )}
              </ul>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

/** Where questions are answered: the FAQ and the support. */
export function Help() {
  const { t, values } = useHome();
  return (
    <section className="section help">
      <div className="container text-center">
        <h2 className="section__title">{t('home.help.title')}</h2>
        <p className="section__intro mx-auto">{t('home.help.text', values)}</p>
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <AppLink to="faq" className="btn btn-primary rounded-pill px-4">
            {t('home.help.faq')}
          </AppLink>
          <AppLink to="service" className="btn btn-outline-primary rounded-pill px-4">
            {t('home.help.support')}
          </AppLink>
        </div>
      </div>
    </section>
  );
}
