import './account.scss';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

const pad = (value: number) => String(value).padStart(2, '0');

function split(value: string): { day: string; month: string; year: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return { day: '', month: '', year: '' };
  return { year: match[1]!, month: String(Number(match[2])), day: String(Number(match[3])) };
}

/**
 * Date of birth as three selects (day, month, year): quick with a thumb on a phone,
 * no calendar to scroll back decades, and no date-input differences between browsers.
 * Emits YYYY-MM-DD once all three are chosen, '' before.
 */
export function BirthDateSelect({
  value,
  onValue,
  minAge,
  error,
  legend,
}: {
  value: string;
  onValue: (value: string) => void;
  minAge: number;
  error?: string | null;
  legend: string;
}) {
  const { t, i18n } = useTranslation('account');
  const id = useId();
  const [parts, setParts] = useState(() => split(value));
  const thisYear = new Date().getFullYear();
  const months = useMemo(() => {
    // Short names ("Sep"), as most sign-up forms have them: the three selects share a
    // phone's width, and "September" would not fit beside the day and the year.
    const format = new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, index) => format.format(new Date(Date.UTC(2000, index, 1))));
  }, [i18n.language]);
  const years = useMemo(
    () => Array.from({ length: 100 - minAge + 1 }, (_, index) => thisYear - minAge - index),
    [thisYear, minAge],
  );

  const change = (part: 'day' | 'month' | 'year', next: string) => {
    const updated = { ...parts, [part]: next };
    setParts(updated);
    const complete = updated.day && updated.month && updated.year;
    onValue(complete ? `${updated.year}-${pad(Number(updated.month))}-${pad(Number(updated.day))}` : '');
  };

  const invalid = error ? ' is-invalid' : '';
  const errorId = `${id}-error`;
  return (
    <fieldset className="birth-date" aria-describedby={error ? errorId : undefined}>
      <legend className="form-label">{legend}</legend>
      <div className="birth-date__selects">
        <div>
          <label htmlFor={`${id}-day`} className="visually-hidden">
            {t('signup.birth.day')}
          </label>
          <select
            id={`${id}-day`}
            className={`form-select form-select-lg${invalid}`}
            value={parts.day}
            onChange={(event) => change('day', event.target.value)}
            autoComplete="bday-day"
            aria-invalid={error ? true : undefined}
          >
            <option value="">{t('signup.birth.day')}</option>
            {Array.from({ length: 31 }, (_, index) => index + 1).map((day) => (
              <option key={day} value={day}>
                {day}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-month`} className="visually-hidden">
            {t('signup.birth.month')}
          </label>
          <select
            id={`${id}-month`}
            className={`form-select form-select-lg${invalid}`}
            value={parts.month}
            onChange={(event) => change('month', event.target.value)}
            autoComplete="bday-month"
            aria-invalid={error ? true : undefined}
          >
            <option value="">{t('signup.birth.month')}</option>
            {months.map((name, index) => (
              <option key={name} value={index + 1}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-year`} className="visually-hidden">
            {t('signup.birth.year')}
          </label>
          <select
            id={`${id}-year`}
            className={`form-select form-select-lg${invalid}`}
            value={parts.year}
            onChange={(event) => change('year', event.target.value)}
            autoComplete="bday-year"
            aria-invalid={error ? true : undefined}
          >
            <option value="">{t('signup.birth.year')}</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
