/**
 * Contesting a decision from the Decisions section (issue 30.3): the latest appeal's state,
 * or, while the decision may be contested, a text and a send button. The server's refusals
 * (gone, an appeal already open, too late, lifted meanwhile, too short or long) are said in
 * the member's language.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/errors';
import { formatLongDate } from '../../shared/i18n/dates';
import { FormAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { TextareaField } from '../../shared/ui/fields';
import { type FieldError, useErrorText, useForm } from '../../shared/ui/form';
import { APPEAL_MAX, APPEAL_MIN, type Decision, decisionsApi } from './decisionsApi';

const REFUSALS = ['decision_not_found', 'appeal_exists', 'appeal_too_late', 'decision_lifted'];

/** The text problem a refusal of the server means (its field error), if any. */
export function textProblem(error: unknown): FieldError | null {
  if (!(error instanceof ApiError) || error.code !== 'invalid_fields') return null;
  const fields = (error.params.fields ?? {}) as Record<string, unknown>;
  const code = fields.text === 'too_long' ? 'too_long' : 'too_short';
  return { code };
}

export function AppealState({ appeal }: { appeal: NonNullable<Decision['appeal']> }) {
  const { t } = useTranslation('decisions');
  const date = formatLongDate(appeal.status === 'open' ? appeal.created_at : (appeal.decided_at ?? appeal.created_at));
  return (
    <div className={`decision-appeal decision-appeal--${appeal.status}`} data-testid="decision-appeal" data-status={appeal.status}>
      <p className="mb-0">{t(`appeal.state.${appeal.status}`, { date })}</p>
      {appeal.note && appeal.status !== 'open' && <p className="decision-appeal__note">{t('appeal.note', { note: appeal.note })}</p>}
    </div>
  );
}

export function AppealBox({ decision }: { decision: Decision }) {
  const { t } = useTranslation('decisions');
  const { errorText } = useErrorText();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const form = useForm({
    initial: { text: '' },
    order: ['text'],
    idPrefix: `appeal-${decision.id}`,
    problemText: (_field, problem) => t(`errors.${problem.code}`, { min: APPEAL_MIN, max: APPEAL_MAX }),
  });
  const length = form.values.text.trim().length;

  const submit = form.submit({
    check: ({ text }) => ({
      text: text.trim().length < APPEAL_MIN ? { code: 'too_short' } : text.trim().length > APPEAL_MAX ? { code: 'too_long' } : null,
    }),
    send: async ({ text }) => {
      await decisionsApi.appeal(decision.id, text.trim());
      setSent(true);
    },
    refused: (error) => {
      const problem = textProblem(error);
      return problem ? { text: problem } : null;
    },
  });

  if (sent) {
    return (
      <FormAlert variant="success" testId="appeal-sent">
        {t('appeal.sent')}
      </FormAlert>
    );
  }
  const state = decision.appeal && <AppealState appeal={decision.appeal} />;
  if (!decision.contestable) return state;
  const refusal = form.error instanceof ApiError && REFUSALS.includes(form.error.code) ? t(`errors.${form.error.code}`) : null;

  return (
    <>
      {state}
      {open ? (
        <form onSubmit={submit} noValidate className="decision-appeal-form" aria-label={t('appeal.title')} data-testid="appeal-form">
          <TextareaField
            label={t('appeal.label')}
            hint={t('appeal.hint', { min: APPEAL_MIN })}
            rows={5}
            maxLength={APPEAL_MAX}
            counter={{ text: t('appeal.counter', { count: length, max: APPEAL_MAX }) }}
            {...form.field('text')}
          />
          {form.error !== null && <FormAlert testId="appeal-error">{refusal ?? errorText(form.error)}</FormAlert>}
          <div className="decision-appeal-form__actions">
            <SubmitButton busy={form.busy} className="btn btn-primary rounded-pill px-4" testId="appeal-submit">
              {t('appeal.submit')}
            </SubmitButton>
            <button type="button" className="btn btn-link text-body-secondary" onClick={() => setOpen(false)}>
              {t('appeal.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn btn-outline-primary rounded-pill decision-card__contest" onClick={() => setOpen(true)} data-testid="appeal-open">
          {t('appeal.open')}
        </button>
      )}
    </>
  );
}
