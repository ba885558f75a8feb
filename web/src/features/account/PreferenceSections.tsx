import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../shared/api/types';
import { addressContextOf } from '../../shared/i18n/address';
import { NATIVE_NAMES, isLanguage } from '../../shared/i18n/languages';
import { FormAlert, ResultAlert } from '../../shared/ui/alerts';
import { CheckboxField } from '../../shared/ui/fields';
import { useBusy, useErrorText } from '../../shared/ui/form';
import { Section } from '../../shared/ui/sections';
import { useSession } from '../../shared/session';
import { changeLanguage, useSettings } from '../../shared/site';
import { accountApi } from './accountApi';

/** The interface's language, saved on the account. */
export function LanguageSection() {
  const { t, i18n } = useTranslation('account');
  const { errorText } = useErrorText();
  const locales = useSettings((s) => s.settings?.locales ?? []).filter(isLanguage);
  const { busy, run } = useBusy();
  // Kept as a state, not a text: the confirmation must show in the language just chosen.
  const [status, setStatus] = useState<'saved' | { error: unknown } | null>(null);
  const current = isLanguage(i18n.language) ? i18n.language : '';

  const choose = (language: string) => {
    if (!isLanguage(language) || language === current) return;
    setStatus(null);
    void run(async () => {
      try {
        await changeLanguage(language);
        setStatus('saved');
      } catch (error) {
        setStatus({ error });
      }
    });
  };

  return (
    <Section id="settings-language" icon="globe" title={t('settings.language.title')} intro={t('settings.language.intro')}>
      <div className="settings-form">
        <div>
          <label htmlFor="settings-language-select" className="form-label">
            {t('settings.language.label')}
          </label>
          <div className="d-flex align-items-center gap-3">
            <select
              id="settings-language-select"
              className="form-select form-select-lg settings-language"
              value={current}
              onChange={(event) => choose(event.target.value)}
              disabled={busy}
              data-testid="settings-language"
            >
              {locales.map((language) => (
                <option key={language} value={language} lang={language}>
                  {NATIVE_NAMES[language]}
                </option>
              ))}
            </select>
            {busy && <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />}
          </div>
        </div>
        {status && (
          <ResultAlert
            result={status === 'saved' ? { ok: true, text: t('settings.language.saved') } : { ok: false, text: errorText(status.error) }}
            testId="settings-language-result"
          />
        )}
      </div>
    </Section>
  );
}

/** The invisible-mode switch; also offered in the deletion flow. */
export function useInvisible() {
  const { errorText } = useErrorText();
  const setUser = useSession((s) => s.setUser);
  const { busy, run } = useBusy();
  const [error, setError] = useState<string | null>(null);
  const save = (invisible: boolean) =>
    run(async () => {
      setError(null);
      try {
        setUser(await accountApi.updatePreferences({ invisible }));
        return true;
      } catch (caught) {
        setError(errorText(caught));
        return false;
      }
    });
  return { busy, error, save };
}

export function InvisibleSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { busy, error, save } = useInvisible();
  return (
    <Section id="settings-invisible" icon="eyeOff" title={t('settings.invisible.title')} intro={t('settings.invisible.intro')}>
      <CheckboxField
        id="settings-invisible-switch"
        className="form-switch settings-switch"
        role="switch"
        label={t('settings.invisible.label')}
        checked={user.invisible}
        disabled={busy}
        onChecked={(checked) => void save(checked)}
        data-testid="settings-invisible"
      >
        <div className="settings-switch__state" aria-live="polite">
          {user.invisible ? t('settings.invisible.on') : t('settings.invisible.off')}
        </div>
      </CheckboxField>
      <ul className="settings-points">
        <li>{t('settings.invisible.point1')}</li>
        <li>{t('settings.invisible.point2')}</li>
        <li>{t('settings.invisible.point3', { context: addressContextOf(user.profile.gender) })}</li>
      </ul>
      {error && <FormAlert>{error}</FormAlert>}
    </Section>
  );
}
