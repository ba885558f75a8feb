/**
 * The ban page's appeal (issue 21.3): once per ban. A ban ends every session, so the
 * member gives the address and password of the account; the decision comes by e-mail.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/errors';
import { FormAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { PasswordField, TextField, TextareaField } from '../../shared/ui/fields';
import { useErrorText, useForm } from '../../shared/ui/form';
import { appealApi } from './appealApi';
import { BanReasonsSlot } from './slots';

// As the server checks them (domain/appeals.py).
const TEXT_MIN = 10;
const TEXT_MAX = 5000;

/** The form's fields, its checks and filing the appeal. */
function useAppealForm(onSent: () => void) {
  const { t } = useTranslation('legal');
  const { fieldText } = useErrorText();
  const form = useForm({
    initial: { email: '', password: '', text: '' },
    order: ['email', 'password', 'text'],
    idPrefix: 'appeal',
    problemText: (field, problem) => (field === 'text' ? t('appealForm.tooShort', { min: TEXT_MIN }) : (fieldText(problem) ?? '')),
  });
  const missing = (email: string, password: string) => ({
    email: email.trim() ? null : { code: 'invalid_email' },
    password: password ? null : { code: 'password_required' },
  });
  // The ban's decision (issue 30.2) needs the address and password: shown missing if so.
  const credentials = () => {
    const { email, password } = form.values;
    return form.show(missing(email, password)) ? null : { email: email.trim(), password };
  };
  const submit = form.submit({
    check: ({ email, password, text }) => ({ ...missing(email, password), text: text.trim().length < TEXT_MIN ? { code: 'too_short' } : null }),
    send: async ({ email, password, text }) => {
      await appealApi.file({ email: email.trim(), password, text: text.trim() });
      onSent();
    },
    refused: (error) => (error instanceof ApiError && error.code === 'invalid_fields' ? { text: { code: 'too_short' } } : null),
  });
  return { form, credentials, submit };
}

function AppealSent() {
  const { t } = useTranslation('legal');
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

export function AppealForm() {
  const { t } = useTranslation('legal');
  const { errorText } = useErrorText();
  const [sent, setSent] = useState(false);
  const { form, credentials, submit } = useAppealForm(() => setSent(true));
  const length = form.values.text.trim().length;
  if (sent) return <AppealSent />;

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
        <BanReasonsSlot credentials={credentials} />
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
