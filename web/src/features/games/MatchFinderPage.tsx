import '../../shared/ui/account.scss';
import './games.scss';
import { type FormEvent, type ReactNode, useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { translateError } from '../../shared/i18n/translateError';
import { PageHeader } from '../../shared/ui/PageHeader';
import { FormAlert, RetryAlert } from '../../shared/ui/alerts';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon, type IconName } from '../../shared/ui/icons';
import { toggleInterest, useProfileCatalogs, useRegions } from '../../shared/catalogs';
import { useSession } from '../../shared/session';
import { countryName, useSiteSettings } from '../../shared/site';
import { usePageTitle } from '../../shared/title';
import { type MatchAnswer, type MatchWishes, type WantedGender, gamesApi } from './gamesApi';
import { MatchGrid } from './MatchCardView';
import {
  type AgeBounds,
  FINDER_STEPS,
  LAST_FINDER_STEP,
  defaultWishes,
  wantedGender,
  wishesFromQuery,
  wishesToQuery,
  withAges,
  withCountry,
} from './matchFinder';

type Change = (wishes: MatchWishes) => void;

function LabeledSelect({ label, value, onValue, children, disabled, testId }: { label: string; value: string; onValue: (value: string) => void; children: ReactNode; disabled?: boolean; testId: string }) {
  const id = useId();
  return (
    <div className="finder-field">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select id={id} className="form-select form-select-lg" value={value} onChange={(event) => onValue(event.target.value)} disabled={disabled} data-testid={testId}>
        {children}
      </select>
    </div>
  );
}

function GenderStep({ wishes, onChange }: { wishes: MatchWishes; onChange: Change }) {
  const { t } = useTranslation('games');
  const options: { value: WantedGender | null; key: string; icon: IconName }[] = [
    { value: 'female', key: 'female', icon: 'female' },
    { value: 'male', key: 'male', icon: 'male' },
    { value: null, key: 'any', icon: 'heart' },
  ];
  return (
    <fieldset className="choice-group finder-choices">
      <legend className="visually-hidden">{t('finder.steps.gender.title')}</legend>
      <div className="choice-group__options">
        {options.map((option) => (
          <div key={option.key} className="choice-group__option">
            <input
              type="radio"
              className="btn-check"
              name="finder-gender"
              id={`finder-gender-${option.key}`}
              checked={wishes.gender === option.value}
              onChange={() => onChange({ ...wishes, gender: option.value })}
              data-testid={`finder-gender-${option.key}`}
            />
            <label className="choice-card" htmlFor={`finder-gender-${option.key}`}>
              <Icon name={option.icon} size={26} />
              <span>{t(`finder.steps.gender.${option.key}`)}</span>
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function AgeStep({ wishes, onChange, ages: bounds }: { wishes: MatchWishes; onChange: Change; ages: AgeBounds }) {
  const { t } = useTranslation('games');
  const { min, max } = bounds;
  const ages = useMemo(() => Array.from({ length: max - min + 1 }, (_, index) => min + index), [min, max]);
  const options = ages.map((age) => (
    <option key={age} value={age}>
      {age}
    </option>
  ));
  return (
    <>
      <p className="finder-range" aria-hidden="true">
        {t('finder.steps.age.range', { min: wishes.min_age, max: wishes.max_age })}
      </p>
      <div className="finder-pair">
        <LabeledSelect label={t('finder.steps.age.from')} value={String(wishes.min_age)} onValue={(value) => onChange(withAges(wishes, { min_age: Number(value) }))} testId="finder-min-age">
          {options}
        </LabeledSelect>
        <LabeledSelect label={t('finder.steps.age.to')} value={String(wishes.max_age)} onValue={(value) => onChange(withAges(wishes, { max_age: Number(value) }))} testId="finder-max-age">
          {options}
        </LabeledSelect>
      </div>
    </>
  );
}

function PlaceStep({ wishes, onChange }: { wishes: MatchWishes; onChange: Change }) {
  const { t, i18n } = useTranslation('games');
  const settings = useSiteSettings();
  const language = i18n.language;
  const { regions, failed } = useRegions(wishes.country, language);
  const countries = useMemo(() => {
    const codes = new Set(settings.countries);
    if (wishes.country) codes.add(wishes.country); // the member's own country, even if the site lists others
    return [...codes].map((code) => ({ code, name: countryName(code, language) })).sort((a, b) => a.name.localeCompare(b.name, language));
  }, [settings.countries, wishes.country, language]);

  return (
    <div className="finder-pair finder-pair--stack">
      <LabeledSelect label={t('finder.steps.place.country')} value={wishes.country ?? ''} onValue={(value) => onChange(withCountry(wishes, value || null))} testId="finder-country">
        <option value="">{t('finder.steps.place.anyCountry')}</option>
        {countries.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </LabeledSelect>
      <LabeledSelect
        label={t('finder.steps.place.region')}
        value={wishes.region ?? ''}
        onValue={(value) => onChange({ ...wishes, region: value || null })}
        disabled={!wishes.country || !regions}
        testId="finder-region"
      >
        <option value="">
          {!wishes.country ? t('finder.steps.place.needsCountry') : failed ? t('finder.steps.place.regionFailed') : regions ? t('finder.steps.place.anyRegion') : t('finder.steps.place.regionLoading')}
        </option>
        {wishes.country &&
          regions?.map((region) => (
            <option key={region.code} value={region.code}>
              {region.name}
            </option>
          ))}
      </LabeledSelect>
    </div>
  );
}

function InterestsStep({ wishes, onChange }: { wishes: MatchWishes; onChange: Change }) {
  const { t } = useTranslation('games');
  const tp = useTranslation('profile').t;
  const interests = useProfileCatalogs((s) => s.interests);
  const loadInterests = useProfileCatalogs((s) => s.loadInterests);
  const [refused, setRefused] = useState(false);
  const [failed, setFailed] = useState<unknown>(null);
  const tc = useTranslation('common').t;
  useEffect(() => {
    loadInterests().catch(setFailed);
  }, [loadInterests]);
  const count = wishes.interests.length;
  const max = useSiteSettings().limits.finder_interests_max;

  const toggle = (key: string) => {
    const next = toggleInterest(wishes.interests, key, max);
    setRefused(next.refused);
    if (!next.refused) onChange({ ...wishes, interests: next.interests });
  };

  if (failed) return <FormAlert>{translateError(tc, failed)}</FormAlert>;
  if (!interests) {
    return (
      <p className="text-body-secondary">
        <span className="spinner-border spinner-border-sm text-primary me-2" aria-hidden="true" />
        {t('finder.steps.interests.loading')}
      </p>
    );
  }
  return (
    <>
      <p className={`finder-counter${count >= max ? ' is-full' : ''}`} aria-live="polite" data-testid="finder-interest-count">
        {t('finder.steps.interests.counter', { count, max })}
      </p>
      <div className="profile-chips" role="group" aria-label={t('finder.steps.interests.title')}>
        {interests.map((key) => {
          const on = wishes.interests.includes(key);
          return (
            <button key={key} type="button" className={`profile-chip${on ? ' profile-chip--on' : ''}`} aria-pressed={on} onClick={() => toggle(key)} data-testid={`finder-interest-${key}`}>
              {on && <Icon name="check" size={16} />}
              {tp(`interest.${key}`, { defaultValue: key.replace(/_/g, ' ') })}
            </button>
          );
        })}
      </div>
      {refused && (
        <div className="invalid-feedback d-block" role="alert">
          {t('finder.steps.interests.max', { max })}
        </div>
      )}
    </>
  );
}

/** The questions, one per step, with progress, back and next. */
function FinderWizard({ wishes, onChange, onDone, ages }: { wishes: MatchWishes; onChange: Change; onDone: () => void; ages: AgeBounds }) {
  const { t } = useTranslation('games');
  const maxInterests = useSiteSettings().limits.finder_interests_max;
  const [step, setStep] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const key = FINDER_STEPS[step]!;

  // Focus follows the question so screen readers read the new step.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (step < LAST_FINDER_STEP) setStep(step + 1);
    else onDone();
  };

  return (
    <form className="finder-card" onSubmit={next} noValidate data-step={key} data-testid="finder-wizard">
      <div className="game-progress">
        <span className="game-progress__label" data-testid="finder-progress">
          {t('finder.progress', { step: step + 1, total: FINDER_STEPS.length })}
        </span>
        <ol className="game-progress__bars" aria-hidden="true">
          {FINDER_STEPS.map((name, index) => (
            <li key={name} className={index < step ? 'is-done' : index === step ? 'is-current' : undefined} />
          ))}
        </ol>
      </div>
      <h2 ref={heading} tabIndex={-1} className="finder-card__question">
        {t(`finder.steps.${key}.title`)}
      </h2>
      <p className="finder-card__help">{t(`finder.steps.${key}.text`, { max: maxInterests })}</p>

      {key === 'gender' && <GenderStep wishes={wishes} onChange={onChange} />}
      {key === 'age' && <AgeStep wishes={wishes} onChange={onChange} ages={ages} />}
      {key === 'place' && <PlaceStep wishes={wishes} onChange={onChange} />}
      {key === 'interests' && <InterestsStep wishes={wishes} onChange={onChange} />}

      <div className="finder-card__actions">
        {step > 0 && (
          <button type="button" className="btn btn-link btn-lg text-body-secondary px-0" onClick={() => setStep(step - 1)} data-testid="finder-back">
            <Icon name="arrowLeft" size={18} className="me-1" />
            {t('finder.back')}
          </button>
        )}
        <button type="submit" className="btn btn-primary btn-lg rounded-pill px-4 ms-auto" data-testid={step < LAST_FINDER_STEP ? 'finder-next' : 'finder-show'}>
          {step < LAST_FINDER_STEP ? t('finder.next') : t('finder.show')}
        </button>
      </div>
    </form>
  );
}

type ResultStatus = { kind: 'loading' } | ({ kind: 'ready' } & MatchAnswer) | { kind: 'error'; error: unknown };

/**
 * Whom the results are of: only members who would want the member too (the default), or
 * everyone, which the member widens to on purpose and can take back (issue 29.1).
 */
function FinderScope({ mutual, onWiden }: { mutual: boolean; onWiden: (gender: MatchWishes['gender']) => void }) {
  const { t } = useTranslation('games');
  const user = useSession((s) => s.user);
  return (
    <p className="finder-scope" data-testid="finder-scope">
      <Icon name={mutual ? 'heart' : 'globe'} size={16} className="finder-scope__icon" />
      <span>{t(mutual ? 'finder.results.mutual' : 'finder.results.everyone')}</span>
      <button
        type="button"
        className="btn btn-link p-0 align-baseline finder-scope__toggle"
        onClick={() => onWiden(mutual ? 'any' : user ? wantedGender(user.profile) : null)}
        data-testid={mutual ? 'finder-show-everyone' : 'finder-show-mutual'}
      >
        {t(mutual ? 'finder.results.showEveryone' : 'finder.results.showMutual')}
      </button>
    </p>
  );
}

/** The best matches for the answers in the URL. */
function FinderResults({ wishes, onChange }: { wishes: MatchWishes; onChange: () => void }) {
  const { t } = useTranslation('games');
  const tc = useTranslation('common').t;
  const navigate = useNavigate();
  const widen = (gender: MatchWishes['gender']) => void navigate({ search: `?${wishesToQuery({ ...wishes, gender }).toString()}` });
  const [attempt, setAttempt] = useState(0);
  // The query string stands for the answers; an answer for another query or attempt is not shown.
  const asked = `${wishesToQuery(wishes).toString()}/${attempt}`;
  const [answer, setAnswer] = useState<{ asked: string; status: ResultStatus } | null>(null);
  const status: ResultStatus = answer?.asked === asked ? answer.status : { kind: 'loading' };
  const find = useEffectEvent((signal: AbortSignal) => gamesApi.matchFinder(wishes, signal));

  useEffect(() => {
    const controller = new AbortController();
    find(controller.signal).then(
      (found) => setAnswer({ asked, status: { kind: 'ready', ...found } }),
      (error: unknown) => !controller.signal.aborted && setAnswer({ asked, status: { kind: 'error', error } }),
    );
    return () => controller.abort();
  }, [asked]);

  return (
    <section className="finder-results" aria-labelledby="finder-results-title">
      <div className="finder-results__head">
        <h2 id="finder-results-title" className="finder-results__title">
          {t('finder.results.title')}
        </h2>
        <button type="button" className="btn btn-outline-primary rounded-pill" onClick={onChange} data-testid="finder-change">
          <Icon name="edit" size={16} className="me-1" />
          {t('finder.results.change')}
        </button>
      </div>
      {status.kind === 'loading' ? (
        <div className="game-loading" aria-busy="true" data-testid="finder-loading">
          <span className="spinner-border text-primary" aria-hidden="true" />
          <span className="visually-hidden">{t('finder.results.loading')}</span>
        </div>
      ) : status.kind === 'error' ? (
        <RetryAlert testId="finder-error" message={translateError(tc, status.error)} retryLabel={t('retry')} onRetry={() => setAttempt((n) => n + 1)} />
      ) : status.matches.length === 0 ? (
        <>
          <FinderScope mutual={status.mutual} onWiden={widen} />
          <div className="game-empty" data-testid="finder-empty">
            <span className="game-empty__icon" aria-hidden="true">
              <Icon name="search" size={28} />
            </span>
            <h3 className="game-empty__title">{t('finder.results.emptyTitle')}</h3>
            <p className="game-empty__text">{t('finder.results.emptyText')}</p>
          </div>
        </>
      ) : (
        <>
          <p className="finder-results__intro">{t('finder.results.intro')}</p>
          <FinderScope mutual={status.mutual} onWiden={widen} />
          <MatchGrid matches={status.matches} />
        </>
      )}
      <p className="finder-results__more">
        <AppLink to="swipe-game">{t('finder.results.swipe')}</AppLink>
      </p>
    </section>
  );
}

/** Fills in the member's own interests once, unless they picked some already. */
function useOwnInterests(skip: boolean, max: number, apply: (interests: string[]) => void) {
  const applied = useRef(skip);
  const latest = useRef(apply);
  useEffect(() => {
    latest.current = apply;
  });
  useEffect(() => {
    if (applied.current) return;
    applied.current = true;
    gamesApi.ownInterests().then(
      (interests) => latest.current(interests.slice(0, max)),
      () => undefined, // a prefill is a nicety: without it the member simply picks
    );
  }, [max]);
}

/** /match-finder: a few questions, then the best-fitting members by score. */
export function MatchFinderPage() {
  const { t } = useTranslation('games');
  usePageTitle(t('finder.title'));
  const settings = useSiteSettings();
  const user = useSession((s) => s.user);
  const location = useLocation();
  const navigate = useNavigate();
  // The ages the server takes (settings.min_age is the site's, 18 or more).
  const ages = useMemo(() => ({ min: settings.min_age, max: settings.max_age }), [settings.min_age, settings.max_age]);
  const maxInterests = settings.limits.finder_interests_max;
  const fromUrl = useMemo(() => wishesFromQuery(location.search, ages, maxInterests), [location.search, ages, maxInterests]);
  const [wishes, setWishes] = useState<MatchWishes>(() => fromUrl ?? defaultWishes(user, new Date(), ages));
  const touched = useRef(false);

  useOwnInterests(fromUrl !== null, maxInterests, (interests) => {
    if (!touched.current) setWishes((current) => ({ ...current, interests }));
  });

  const change: Change = (next) => {
    if (next.interests !== wishes.interests) touched.current = true;
    setWishes(next);
  };

  return (
    <>
      <PageHeader title={t('finder.title')} intro={t('finder.intro')} />
      <div className="container game-page match-finder" data-testid="match-finder">
        {fromUrl ? (
          <FinderResults
            wishes={fromUrl}
            onChange={() => {
              // "Everyone" is widened to from the results: the questions start from both.
              setWishes({ ...fromUrl, gender: fromUrl.gender === 'any' ? null : fromUrl.gender });
              touched.current = true;
              void navigate({ search: '' });
            }}
          />
        ) : (
          <FinderWizard wishes={wishes} onChange={change} ages={ages} onDone={() => void navigate({ search: `?${wishesToQuery(wishes).toString()}` })} />
        )}
      </div>
    </>
  );
}
