/**
 * The ban page's appeal (issue 21.3): once per ban. A ban ends every session, so the
 * member gives the address and password of the account; the decision comes by e-mail.
 */
import '../decisions/decisions.scss';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/errors';
import { toLanguage } from '../../shared/i18n/languages';
import { FormAlert } from '../../shared/ui/alerts';
import { BusySpinner, SubmitButton } from '../../shared/ui/buttons';
import { PasswordField, TextField, TextareaField } from '../../shared/ui/fields';
import { useErrorText, useForm } from '../../shared/ui/form';
import { AppealState, type Decision, DecisionCard, decisionsApi } from '../decisions';
import { appealApi } from './appealApi';

// As the server checks them (domain/appeals.py).
const TEXT_MIN = 10;
const TEXT_MAX = 5000;

export function AppealForm() {
  const { t } = useTranslation('legal');
  const { errorText, fieldText } = useErrorText();
  const [sent, setSent] = useState(false);
  const form = useForm({
    initial: { email: '', password: '', text: '' },
    order: ['email', 'password', 'text'],
    idPrefix: 'appeal',
    problemText: (field, problem) => (field === 'text' ? t('appealForm.tooShort', { min: TEXT_MIN }) : (fieldText(problem) ?? '')),
  });
  const length = form.values.text.trim().length;
  // The ban's decision (issue 30.2), shown once the address and password say whose it is.
  const { t: td, i18n } = useTranslation('decisions');
  const [ban, setBan] = useState<{ decision: Decision | null } | null>(null);
  const [looking, setLooking] = useState(false);
  const [lookError, setLookError] = useState<unknown>(null);

  const showReasons = async () => {
    const { email, password } = form.values;
    if (form.show({ email: email.trim() ? null : { code: 'invalid_email' }, password: password ? null : { code: 'password_required' } })) return;
    setLooking(true);
    setLookError(null);
    try {
      setBan({ decision: await decisionsApi.ofBan(email.trim(), password, toLanguage(i18n.language) ?? 'en') });
    } catch (error) {
      setBan(null);
      setLookError(error);
    } finally {
      setLooking(false);
    }
  };

  const submit = form.submit({
    check: ({ email, password, text }) => ({
      email: email.trim() ? null : { code: 'invalid_email' },
      password: password ? null : { code: 'password_required' },
      text: text.trim().length < TEXT_MIN ? { code: 'too_short' } : null,
    }),
    send: async ({ email, password, text }) => {
      await appealApi.file({ email: email.trim(), password, text: text.trim() });
      setSent(true);
    },
    refused: (error) => {
      if (error instanceof ApiError && error.code === 'invalid_fields') {
        return { text: { code: 'too_short' } };
      }
      return null;
    },
  });

  if (sent) {
    return (
      <section className="appeal-card" aria-labelledby="appeal-title" data-testid="appeal-sent">
        <h2 id="appeal-title" className="appeal-card__title">
          {t('appealForm.sentTitle')}
        </h2>
        <p className="mb-0" role="status">
          {t('appealForm.sent')}
        </p>
      </section>
    );
  }

  return (
    <section className="appeal-card" aria-labelledby="appeal-title">
      <h2 id="appeal-title" className="appeal-card__title">
        {t('appealForm.title')}
      </h2>
      <p className="appeal-card__intro">{t('appealForm.intro')}</p>
      <form onSubmit={submit} noValidate className="d-grid gap-3" data-testid="appeal-form">
        <div className="row g-3">
          <div className="col-md-6">
            <TextField label={t('appealForm.email')} type="email" autoComplete="email" {...form.field('email')} maxLength={254} />
          </div>
          <div className="col-md-6">
            <PasswordField label={t('appealForm.password')} autoComplete="current-password" {...form.field('password')} maxLength={1000} />
          </div>
        </div>
        <div className="ban-reasons">
          <p className="ban-reasons__intro">{td('ban.intro')}</p>
          <button type="button" className="btn btn-outline-primary rounded-pill" onClick={() => void showReasons()} disabled={looking} data-testid="ban-reasons-show">
            {looking && <BusySpinner />}
            {td('ban.show')}
          </button>
          {lookError !== null && <FormAlert testId="ban-reasons-error">{errorText(lookError)}</FormAlert>}
          {ban &&
            (ban.decision ? (
              <DecisionCard decision={ban.decision}>{ban.decision.appeal && <AppealState appeal={ban.decision.appeal} />}</DecisionCard>
            ) : (
              <p className="mb-0" data-testid="ban-reasons-none">
                {td('ban.none')}
              </p>
            ))}
        </div>
        <TextareaField
          label={t('appealForm.text')}
          hint={t('appealForm.textHint', { min: TEXT_MIN })}
          rows={6}
          maxLength={TEXT_MAX}
          counter={{ text: t('appealForm.counter', { count: length, max: TEXT_MAX }) }}
          {...form.field('text')}
        />
        {form.error !== null && <FormAlert testId="appeal-error">{errorText(form.error)}</FormAlert>}
        <div>
          <SubmitButton busy={form.busy} className="btn btn-primary rounded-pill px-4" testId="appeal-submit">
            {t('appealForm.submit')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
