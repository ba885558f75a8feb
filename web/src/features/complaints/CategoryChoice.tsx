import { useTranslation } from 'react-i18next';
import { FieldFeedback } from '../../shared/ui/fields';
import { Icon, type IconName } from '../../shared/ui/icons';
import { CATEGORIES, type ComplaintCategory, URGENT_CATEGORIES } from './complaintsApi';

const CATEGORY_ICONS: Record<ComplaintCategory, IconName> = {
  spam: 'mail',
  fake_profile: 'user',
  harassment: 'chat',
  underage: 'shield',
  illegal_content: 'warning',
  payment: 'coins',
  other: 'info',
};

/** The complaint's category: one card per category, the urgent ones marked. */
export function CategoryChoice({ value, onValue, problem }: { value: ComplaintCategory | ''; onValue: (category: ComplaintCategory) => void; problem: string | null }) {
  const { t } = useTranslation('complaints');
  return (
  // A radio cannot be invalid (ARIA): its group is.
  <fieldset className="complaint-form__section" role="radiogroup" aria-invalid={problem ? true : undefined}>
    <legend className="complaint-form__legend">
      {t('form.category')} <span className="complaint-form__mark" aria-hidden="true">*</span>
    </legend>
    <div className="complaint-categories" data-testid="complaint-categories">
      {CATEGORIES.map((category) => {
        const checked = value === category;
        const urgent = URGENT_CATEGORIES.includes(category);
        return (
          <label key={category} className={`complaint-category${checked ? ' is-checked' : ''}${problem ? ' is-invalid' : ''}`}>
            <input
              type="radio"
              name="category"
              value={category}
              checked={checked}
              onChange={() => onValue(category)}
              className="complaint-category__radio"
              aria-labelledby={`complaint-category-${category}-name`}
              aria-describedby={[`complaint-category-${category}-hint`, problem ? 'complaint-category-error' : ''].filter(Boolean).join(' ')}
              required
              data-testid={`complaint-category-${category}`}
            />
            <span className="complaint-category__icon" aria-hidden="true">
              <Icon name={CATEGORY_ICONS[category]} size={20} />
            </span>
            <span className="complaint-category__body">
              <span id={`complaint-category-${category}-name`} className="complaint-category__name">
                {t(`categories.${category}.label`)}
              </span>
              <span id={`complaint-category-${category}-hint`} className="complaint-category__hint">
                {t(`categories.${category}.hint`)}
                {urgent && <span className="complaint-category__urgent">{t('form.urgent')}</span>}
              </span>
            </span>
            <span className="complaint-category__check" aria-hidden="true">
              <Icon name="check" size={16} />
            </span>
          </label>
        );
      })}
    </div>
    <FieldFeedback id="complaint-category" error={problem} errorTestId="complaint-category-error" />
  </fieldset>
  );
}
