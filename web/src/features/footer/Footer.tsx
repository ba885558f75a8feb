import { useTranslation } from 'react-i18next';
import { routeExists } from '../../shared/routing/paths';
import { formatPhone, phoneHref } from '../../shared/phone';
import { usFooterApplies, usFooterText } from './usFooter';
import { AppLink } from '../../shared/routing/AppLink';
import { LogoMark } from '../../shared/ui/LogoMark';
import { companyAddress, countryName, useCompany, useSettings } from '../../shared/site';

/** Footer link groups; each link shows only once its screen is registered. */
const LEGAL_LINKS = [
  ['terms', 'footer.terms'],
  ['privacy', 'footer.privacy'],
  ['cookies', 'footer.cookies'],
  ['ban', 'footer.ban'],
  ['return-policy', 'footer.returnPolicy'],
  ['accessibility', 'footer.accessibility'],
] as const;
const HELP_LINKS = [
  ['faq', 'footer.faq'],
  ['service', 'footer.support'],
  ['pricing', 'footer.pricing'],
  ['complaints', 'footer.complaints'],
  ['safety', 'footer.safety'],
] as const;

/** The company behind the site: name, address, registration and VAT numbers. */
function CompanyAddress() {
  const { t, i18n } = useTranslation();
  const company = useCompany((s) => s.company);
  return (
    <address className="site-footer__company">
      {company && (
        <>
          <strong>{company.name}</strong>
          <br />
          {companyAddress(company, i18n.language)}
          <br />
          {company.kvk && <>{t('footer.registration', { number: company.kvk })}</>}
          {company.vat_numbers.length > 0 && (
            <>
              <br />
              {t('footer.vat', { numbers: company.vat_numbers.join(', ') })}
            </>
          )}
        </>
      )}
    </address>
  );
}

/** The contact column: the company and the support e-mail and phone. */
function FooterContact({ email, phone }: { email: string; phone: string }) {
  const { t } = useTranslation();
  return (
    <div className="col-12 col-md-4 col-lg-4">
      <h2 className="site-footer__heading">{t('footer.contact')}</h2>
      <CompanyAddress />
      <ul className="site-footer__links">
        {email && (
          <li>
            <a href={`mailto:${email}`}>{email}</a>
          </li>
        )}
        {phone && (
          <li>
            <a href={phoneHref(phone)}>{formatPhone(phone)}</a>
          </li>
        )}
      </ul>
    </div>
  );
}

/** A group of links under its heading. */
function FooterLinks({ id, heading, links }: { id: string; heading: string; links: typeof LEGAL_LINKS | typeof HELP_LINKS }) {
  const { t } = useTranslation();
  return (
    <nav className="col-6 col-md-4 col-lg-2" aria-labelledby={id}>
      <h2 id={id} className="site-footer__heading">
        {heading}
      </h2>
      <ul className="site-footer__links">
        {links.map(([route, label]) => (
          <FooterLink key={route} route={route} label={t(label)} />
        ))}
      </ul>
    </nav>
  );
}

/** The notice US law asks of the site, in English, for visitors it applies to. */
function UsNotice({ heading, paragraphs }: { heading: string; paragraphs: readonly string[] }) {
  return (
    <section className="site-footer__us" lang="en" aria-labelledby="us-footer-heading">
      <h2 id="us-footer-heading" className="site-footer__heading">
        {heading}
      </h2>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </section>
  );
}

export function Footer() {
  const { t, i18n } = useTranslation();
  const settings = useSettings((s) => s.settings);
  const company = useCompany((s) => s.company);
  if (!settings) return null;

  const phone = settings.support_phone || company?.support_phone || '';
  const usFooter =
    company && usFooterApplies(i18n.language, settings)
      ? usFooterText({ ...company, countryName: countryName(company.country, 'en') }, settings.min_age)
      : null;

  return (
    <footer className="site-footer">
      <div className="container">
        <div className="row g-4 g-lg-5">
          <div className="col-12 col-lg-4">
            <div className="site-footer__brand">
              <LogoMark size={28} />
              <span>{settings.name}</span>
            </div>
            <p className="site-footer__tagline">{settings.description}</p>
          </div>
          <FooterLinks id="footer-legal" heading={t('footer.legal')} links={LEGAL_LINKS} />
          <FooterLinks id="footer-help" heading={t('footer.help')} links={HELP_LINKS} />
          <FooterContact email={settings.support_email} phone={phone} />
        </div>
        {usFooter && <UsNotice heading={usFooter.heading} paragraphs={usFooter.paragraphs} />}
        <p className="site-footer__copyright">
          © {new Date().getFullYear()} {company?.name ?? settings.name}
        </p>
      </div>
    </footer>
  );
}

function FooterLink({ route, label }: { route: string; label: string }) {
  if (!routeExists(route)) return null;
  return (
    <li>
      <AppLink to={route}>{label}</AppLink>
    </li>
  );
}
