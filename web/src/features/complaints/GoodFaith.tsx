import { useTranslation } from 'react-i18next';
import { FieldFeedback } from '../../shared/ui/fields';

/**
 * The notifier's statement (DSA Art. 16(2)(d)): the report is accurate and complete to the
 * best of their knowledge. Required; whoever keeps sending unfounded reports is noted.
 */
export function GoodFaith({ checked, onChange, problem }: { checked: boolean; onChange: (checked: boolean) => void; problem: string | null }) {
  const { t } = useTranslation('complaints');
  return (
    <div className={`complaint-good-faith${problem ? ' is-invalid' : ''}`}>
      <div className="form-check">
        <input
          id="complaint-good-faith"
          name="good_faith"
          type="checkbox"
          className={`form-check-input${problem ? ' is-invalid' : ''}`}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'complaint-good-faith-error' : 'complaint-good-faith-hint'}
          data-testid="complaint-good-faith"
        />
        <label className="form-check-label complaint-good-faith__label" htmlFor="complaint-good-faith">
          {t('form.goodFaith')}{' '}
          <span className="complaint-form__mark" aria-hidden="true">
            *
          </span>
        </label>
      </div>
      <FieldFeedback id="complaint-good-faith" error={problem} hint={t('form.goodFaithHint')} errorTestId="complaint-good-faith-error" />
    </div>
  );
}
