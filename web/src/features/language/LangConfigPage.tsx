import './language.scss';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NATIVE_NAMES, isLanguage, toLanguage, type Language } from '../../shared/i18n/languages';
import { browserLanguages, readLocaleCookie } from '../../shared/i18n/localeChoice';
import { PageHeader } from '../../shared/ui/PageHeader';
import { Icon } from '../../shared/ui/icons';
import { changeLanguage, useSettings } from '../../shared/site';
import { usePageTitle } from '../../shared/title';

/** /lang-config: choose the interface language and see what is remembered. */
export function LangConfigPage() {
  const { t, i18n } = useTranslation();
  const locales = useSettings((s) => s.settings?.locales ?? []).filter(isLanguage);
  const [busy, setBusy] = useState<Language | null>(null);
  const [remembered, setRemembered] = useState(readLocaleCookie);
  usePageTitle(t('language.title'));

  const current = i18n.language;

  const choose = async (lang: Language) => {
    setBusy(lang);
    try {
      await changeLanguage(lang);
      setRemembered(readLocaleCookie());
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeader title={t('language.title')} intro={t('language.intro')} />
      <div className="container lang-config">
        <div className="row g-4 g-lg-5">
          <div className="col-lg-7">
            <div className="lang-grid" role="radiogroup" aria-label={t('language.choose')}>
              {locales.map((lang) => {
                const selected = lang === current;
                return (
                  <button
                    key={lang}
                    type="button"
                    role="radio"
                    aria-checked={selected}
                    className={`lang-option${selected ? ' lang-option--selected' : ''}`}
                    onClick={() => !selected && void choose(lang)}
                    disabled={busy !== null}
                    lang={lang}
                  >
                    <span className="lang-option__code">{lang}</span>
                    <span className="lang-option__name">{NATIVE_NAMES[lang]}</span>
                    {selected && (
                      <span className="lang-option__check">
                        <Icon name="check" size={18} />
                        <span className="visually-hidden">{t('language.current')}</span>
                      </span>
                    )}
                    {busy === lang && <span className="spinner-border spinner-border-sm ms-auto" aria-hidden="true" />}
                  </button>
                );
              })}
            </div>
          </div>
          <div className="col-lg-5">
            <LanguageFacts current={current} remembered={remembered} />
            <p className="text-body-secondary small">{t('language.cookieNote')}</p>
          </div>
        </div>
      </div>
    </>
  );
}

/** What the app shows, what the cookie remembers and what the browser asks for. */
function LanguageFacts({ current, remembered }: { current: string; remembered: string | null }) {
  const { t } = useTranslation();
  const browserTags = browserLanguages();
  const browser = browserTags.map(toLanguage).find((lang): lang is Language => lang !== null) ?? null;
  const name = (lang: string | null) => (lang && isLanguage(lang) ? NATIVE_NAMES[lang] : null);
  return (
    <dl className="lang-facts">
      <div>
        <dt>{t('language.current')}</dt>
        <dd>{name(current) ?? current}</dd>
      </div>
      <div>
        <dt>{t('language.remembered')}</dt>
        <dd>{name(remembered) ?? t('language.rememberedNone')}</dd>
      </div>
      <div>
        <dt>{t('language.browser')}</dt>
        <dd>
          {name(browser) ?? t('language.browserNone')}
          {browserTags.length > 0 && <span className="lang-facts__tags">{browserTags.join(', ')}</span>}
        </dd>
      </div>
    </dl>
  );
}
