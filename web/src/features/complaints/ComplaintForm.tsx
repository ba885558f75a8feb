import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { Icon } from '../../shared/ui/icons';
import { CategoryChoice } from './CategoryChoice';
import { ComplaintText, ItemSections, MemberSection, ReporterFields } from './ComplaintSections';
import { GoodFaith } from './GoodFaith';
import { type Filed, useComplaintErrorText, useComplaintForm } from './useComplaintForm';

export type { Filed } from './useComplaintForm';

/**
 * The complaint itself: category, whom or what it is about (the exact photo or message the
 * reporter came from), the text, who reports and where the answer goes, and the statement
 * of good faith (a notice, issue 30.4).
 */
export function ComplaintForm({ onFiled }: { onFiled: (filed: Filed) => void }) {
  const { t } = useTranslation('complaints');
  const state = useComplaintForm(onFiled);
  const errorText = useComplaintErrorText();
  const { form } = state;

  return (
    <form className="complaint-form" onSubmit={state.submit} noValidate data-testid="complaint-form" aria-labelledby="complaint-form-title">
      <h2 id="complaint-form-title" className="complaint-form__title">
        {t('form.title')}
      </h2>
      <p className="complaint-form__intro">{t('form.required')}</p>

      <CategoryChoice value={form.values.category} onValue={(category) => form.set('category', category)} problem={form.text('category')} />
      <MemberSection state={state} />
      <ItemSections state={state} />
      <ComplaintText state={state} />
      <ReporterFields state={state} />
      <GoodFaith
        checked={form.values.goodFaith}
        onChange={(checked) => {
          form.set('goodFaith', checked);
          form.clear('good_faith');
        }}
        problem={form.text('good_faith')}
      />

      {form.error !== null && <FormAlert testId="complaint-error">{errorText(form.error)}</FormAlert>}

      <div className="complaint-form__actions">
        <SubmitButton
          busy={form.busy}
          className="btn btn-primary btn-lg rounded-pill px-5 complaint-form__submit"
          icon={<Icon name="send" size={18} className="me-2" />}
          keepFocus
          testId="complaint-submit"
        >
          {t('form.submit')}
        </SubmitButton>
        <p className="complaint-form__privacy">{t('form.privacy')}</p>
      </div>
    </form>
  );
}
