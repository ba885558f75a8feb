import './account.scss';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

const pad = (value: number) => String(value).padStart(2, '0');

function split(value: string): { day: string; month: string; year: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return { day: '', month: '', year: '' };
  return { year: match[1]!, month: String(Number(match[2])), day: String(Number(match[3])) };
}

type Part = 'day' | 'month' | 'year';
interface Choice {
  value: number;
  label: string | number;
}

/** The three parts as chosen, the choices for each, and the change that emits the date. */
function useBirthParts(value: string, onValue: (value: string) => void, minAge: number) {
  const { i18n } = useTranslation('account');
  const [parts, setParts] = useState(() => split(value));
  const thisYear = new Date().getFullYear();
  const choices = useMemo(() => {
    // Short names ("Sep"), as most sign-up forms have them: the three selects share a
    // phone's width, and "September" would not fit beside the day and the year.
    const format = new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' });
    const month = Array.from({ length: 12 }, (_, index) => ({ value: index + 1, label: format.format(new Date(Date.UTC(2000, index, 1))) }));
    const day = Array.from({ length: 31 }, (_, index) => ({ value: index + 1, label: index + 1 }));
    const year = Array.from({ length: 100 - minAge + 1 }, (_, index) => ({ value: thisYear - minAge - index, label: thisYear - minAge - index }));
    return { day, month, year } satisfies Record<Part, Choice[]>;
  }, [i18n.language, thisYear, minAge]);

  const change = (part: Part, next: string) => {
    const updated = { ...parts, [part]: next };
    setParts(updated);
    const complete = updated.day && updated.month && updated.year;
    onValue(complete ? `${updated.year}-${pad(Number(updated.month))}-${pad(Number(updated.day))}` : '');
  };
  return { parts, choices, change };
}

interface PartSelectProps {
  id: string;
  part: Part;
  value: string;
  choices: Choice[];
  invalid: boolean;
  onChange: (part: Part, next: string) => void;
}

/** One part's select, its name as the label (hidden) and as the empty choice. */
function PartSelect({ id, part, value, choices, invalid, onChange }: PartSelectProps) {
  const { t } = useTranslation('account');
  return (
    <div>
      <label htmlFor={`${id}-${part}`} className="visually-hidden">
        {t(`signup.birth.${part}`)}
      </label>
      <select
        id={`${id}-${part}`}
        className={`form-select form-select-lg${invalid ? ' is-invalid' : ''}`}
        value={value}
        onChange={(event) => onChange(part, event.target.value)}
        autoComplete={`bday-${part}`}
        aria-invalid={invalid ? true : undefined}
      >
        <option value="">{t(`signup.birth.${part}`)}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
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
  const id = useId();
  const { parts, choices, change } = useBirthParts(value, onValue, minAge);
  const errorId = `${id}-error`;
  return (
    <fieldset className="birth-date" aria-describedby={error ? errorId : undefined}>
      <legend className="form-label">{legend}</legend>
      <div className="birth-date__selects">
        {(['day', 'month', 'year'] as const).map((part) => (
          <PartSelect key={part} id={id} part={part} value={parts[part]} choices={choices[part]} invalid={Boolean(error)} onChange={change} />
        ))}
      </div>
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
