import '../../styles/sheets/account.scss';
import '../../styles/sheets/complaints.scss';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, errorKey } from '../../shared/api/errors';
import { translateError } from '../../shared/i18n/translateError';
import { PageHeader } from '../../shared/ui/PageHeader';
import { FormAlert } from '../../shared/ui/alerts';
import { type MemberProfile, discoveryApi } from '../discovery/discoveryApi';
import { PlaceholderAvatar, imageUrl } from '../discovery/memberUi';
import { AppLink } from '../../shared/routing/AppLink';
import { Icon, type IconName } from '../../shared/ui/icons';
import { useSession } from '../session';
import { useSettings, useSiteSettings } from '../site';
import { usePageTitle } from '../title';
import {
  EMPTY_FIELDS,
  FIELD_ORDER,
  type ComplaintFields,
  type ProblemField,
  type Problems,
  checkComplaint,
  complaintBody,
  positiveId,
  problemsOf,
  textLength,
} from './complaintForm';
import { CATEGORIES, type ComplaintCategory, type FiledComplaint, URGENT_CATEGORIES, complaintsApi } from './complaintsApi';

const CATEGORY_ICONS: Record<ComplaintCategory, IconName> = {
  spam: 'mail',
  fake_profile: 'user',
  harassment: 'chat',
  underage: 'shield',
  illegal_content: 'warning',
  payment: 'coins',
  other: 'info',
};

/** The element that takes the focus for a field's problem. */
const FOCUS_IDS: Record<ProblemField, string> = {
  category: 'complaint-category',
  text: 'complaint-text',
  email: 'complaint-email',
  member_id: 'complaint-member',
  message_id: 'complaint-message',
};

interface Filed extends FiledComplaint {
  category: ComplaintCategory;
}

/** The member named in ?member=: looked up for their name, else just the number. */
type LinkedMember = { status: 'none' } | { status: 'loading'; id: number } | { status: 'found'; profile: MemberProfile };

/** /complaints: report a member, a message or any problem; public. */
export function ComplaintsPage() {
  const { t } = useTranslation('complaints');
  usePageTitle(t('title'));
  const [filed, setFiled] = useState<Filed | null>(null);
  const [round, setRound] = useState(0);
  return (
    <div className="complaints-page" data-testid="complaints-page">
      <PageHeader title={t('title')} intro={t('intro')} />
      <div className="container complaints-page__body">
        {filed ? (
          <Confirmation
            filed={filed}
            onAnother={() => {
              setFiled(null);
              setRound((n) => n + 1);
            }}
          />
        ) : (
          <div className="complaints-layout">
            <ComplaintForm key={round} onFiled={setFiled} />
            <Facts />
          </div>
        )}
      </div>
    </div>
  );
}

function ComplaintForm({ onFiled }: { onFiled: (filed: Filed) => void }) {
  const { t } = useTranslation('complaints');
  const tc = useTranslation('common').t;
  const user = useSession((s) => s.user);
  const needsEmail = user === null;
  // The text's lengths are the server's (settings.limits).
  const { complaint_min: min, complaint_max: max } = useSiteSettings().limits;
  const [search] = useSearchParams();
  // The references of the link the reporter came by, read once.
  const [linkedId] = useState(() => positiveId(search.get('member')));
  const [linkedMessage, setLinkedMessage] = useState(() => positiveId(search.get('message')));
  const messageId = user ? linkedMessage : null;

  const [fields, setFields] = useState<ComplaintFields>({ ...EMPTY_FIELDS, member: linkedId === null ? '' : String(linkedId) });
  const [linked, setLinked] = useState<LinkedMember>(linkedId === null ? { status: 'none' } : { status: 'loading', id: linkedId });
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [focusOn, setFocusOn] = useState<ProblemField | null>(null);

  useEffect(() => {
    if (linkedId === null) return;
    const controller = new AbortController();
    discoveryApi.member(linkedId, controller.signal).then(
      (profile) => setLinked({ status: 'found', profile }),
      // Not visible to this reporter (or gone): the number field, with the number in it.
      () => !controller.signal.aborted && setLinked({ status: 'none' }),
    );
    return () => controller.abort();
  }, [linkedId]);

  useEffect(() => {
    if (!focusOn) return;
    const target =
      focusOn === 'category'
        ? (document.querySelector<HTMLInputElement>('input[name="category"]:checked') ?? document.querySelector<HTMLInputElement>('input[name="category"]'))
        : document.getElementById(FOCUS_IDS[focusOn]);
    target?.focus();
    setFocusOn(null);
  }, [focusOn]);

  const set = <K extends keyof ComplaintFields>(name: K, value: ComplaintFields[K]) => {
    setFields((f) => ({ ...f, [name]: value }));
    const field: ProblemField = name === 'member' ? 'member_id' : name;
    setProblems((p) => (p[field] ? { ...p, [field]: undefined } : p));
  };

  const show = (found: Problems) => {
    setProblems(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) setFocusOn(first);
  };

  const problemText = (field: ProblemField): string | null => {
    const problem = problems[field];
    if (!problem) return null;
    const params = problem.params ?? {};
    return t([`fieldErrors.${field}.${problem.code}`, `fieldErrors.${problem.code}`], {
      ...params,
      defaultValue: translateError(tc, new ApiError(400, problem.code, params)),
    });
  };

  const errorText = (failure: unknown): string =>
    failure instanceof ApiError
      ? t(errorKey(failure.code), { ...failure.params, defaultValue: translateError(tc, failure) })
      : translateError(tc, failure);

  const removeMember = () => {
    setLinked({ status: 'none' });
    set('member', '');
    setFocusOn('member_id');
  };
  const removeMessage = () => {
    setLinkedMessage(null);
    setProblems((p) => ({ ...p, message_id: undefined }));
    document.getElementById('complaint-text')?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = checkComplaint(fields, { needsEmail, min, max });
    if (Object.keys(found).length > 0) {
      show(found);
      return;
    }
    setBusy(true);
    setError(null);
    setProblems({});
    try {
      const answer = await complaintsApi.file(complaintBody(fields, { needsEmail, messageId }));
      onFiled({ ...answer, category: fields.category as ComplaintCategory });
    } catch (failure) {
      // Everything typed stays: only the problems are shown.
      const fieldProblems = problemsOf(failure);
      if (fieldProblems) show(fieldProblems);
      else setError(failure);
      setBusy(false);
    }
  };

  const length = textLength(fields.text);
  const textProblem = problemText('text');
  const categoryProblem = problemText('category');
  const memberProblem = problemText('member_id');
  const messageProblem = problemText('message_id');
  const emailProblem = problemText('email');
  const showChip = linked.status !== 'none';

  return (
    <form className="complaint-form" onSubmit={(event) => void submit(event)} noValidate data-testid="complaint-form" aria-labelledby="complaint-form-title">
      <h2 id="complaint-form-title" className="complaint-form__title">
        {t('form.title')}
      </h2>
      <p className="complaint-form__intro">{t('form.required')}</p>

      <fieldset className="complaint-form__section">
        <legend className="complaint-form__legend">
          {t('form.category')} <span className="complaint-form__mark" aria-hidden="true">*</span>
        </legend>
        <div className="complaint-categories" data-testid="complaint-categories">
          {CATEGORIES.map((category) => {
            const checked = fields.category === category;
            const urgent = URGENT_CATEGORIES.includes(category);
            return (
              <label key={category} className={`complaint-category${checked ? ' is-checked' : ''}${categoryProblem ? ' is-invalid' : ''}`}>
                <input
                  type="radio"
                  name="category"
                  value={category}
                  checked={checked}
                  onChange={() => set('category', category)}
                  className="complaint-category__radio"
                  aria-labelledby={`complaint-category-${category}-name`}
                  aria-describedby={[`complaint-category-${category}-hint`, categoryProblem ? 'complaint-category-error' : ''].filter(Boolean).join(' ')}
                  aria-invalid={categoryProblem ? true : undefined}
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
        {categoryProblem && (
          <div id="complaint-category-error" className="invalid-feedback d-block" data-testid="complaint-category-error">
            {categoryProblem}
          </div>
        )}
      </fieldset>

      <div className="complaint-form__section">
        {showChip ? (
          <div className="complaint-ref" role="group" aria-labelledby="complaint-member-ref-label" data-testid="complaint-member-ref">
            <MemberAvatar linked={linked} />
            <span className="complaint-ref__body">
              <span id="complaint-member-ref-label" className="complaint-ref__label">
                {t('form.aboutMember')}
              </span>
              {linked.status === 'found' ? (
                <span className="complaint-ref__name" data-testid="complaint-member-name">
                  {linked.profile.name}
                  <span className="complaint-ref__meta">, {linked.profile.age}</span>
                </span>
              ) : (
                <span className="complaint-ref__name" aria-busy="true">
                  <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                  {t('form.memberLoading', { id: fields.member })}
                </span>
              )}
            </span>
            <button
              type="button"
              id="complaint-member"
              className="btn btn-link complaint-ref__remove"
              onClick={removeMember}
              aria-describedby={memberProblem ? 'complaint-member-error' : undefined}
              data-testid="complaint-member-remove"
            >
              {t('form.memberRemove')}
            </button>
          </div>
        ) : (
          <div className="account-field">
            <label htmlFor="complaint-member" className="form-label">
              {t('form.member')} <span className="complaint-form__optional">{t('form.optional')}</span>
            </label>
            <input
              id="complaint-member"
              name="member_id"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              className={`form-control form-control-lg complaint-form__number${memberProblem ? ' is-invalid' : ''}`}
              value={fields.member}
              onChange={(event) => set('member', event.target.value)}
              aria-invalid={memberProblem ? true : undefined}
              aria-describedby={memberProblem ? 'complaint-member-error' : 'complaint-member-hint'}
              data-testid="complaint-member"
            />
            {!memberProblem && (
              <div id="complaint-member-hint" className="form-text">
                {t('form.memberHint')}
              </div>
            )}
          </div>
        )}
        {memberProblem && (
          <div id="complaint-member-error" className="invalid-feedback d-block" data-testid="complaint-member-error">
            {memberProblem}
          </div>
        )}
      </div>

      {messageId !== null && (
        <div className="complaint-form__section">
          <div className="complaint-ref complaint-ref--message" role="group" aria-labelledby="complaint-message-label" data-testid="complaint-message-ref">
            <span className="complaint-ref__icon" aria-hidden="true">
              <Icon name="chat" size={20} />
            </span>
            <span className="complaint-ref__body">
              <span id="complaint-message-label" className="complaint-ref__label">
                {t('form.aboutMessage')}
              </span>
              <span className="complaint-ref__name">{t('form.messageNumber', { id: messageId })}</span>
            </span>
            <button
              type="button"
              id="complaint-message"
              className="btn btn-link complaint-ref__remove"
              onClick={removeMessage}
              aria-describedby={messageProblem ? 'complaint-message-error' : undefined}
              data-testid="complaint-message-remove"
            >
              {t('form.messageRemove')}
            </button>
          </div>
          {messageProblem && (
            <div id="complaint-message-error" className="invalid-feedback d-block" data-testid="complaint-message-error">
              {messageProblem}
            </div>
          )}
        </div>
      )}

      <div className="complaint-form__section account-field">
        <label htmlFor="complaint-text" className="form-label">
          {t('form.text')} <span className="complaint-form__mark" aria-hidden="true">*</span>
        </label>
        <textarea
          id="complaint-text"
          name="text"
          rows={7}
          className={`form-control complaint-form__text${textProblem ? ' is-invalid' : ''}`}
          value={fields.text}
          onChange={(event) => set('text', event.target.value)}
          placeholder={t('form.textPlaceholder')}
          required
          aria-invalid={textProblem ? true : undefined}
          aria-describedby={`${textProblem ? 'complaint-text-error' : 'complaint-text-hint'} complaint-text-counter`}
          data-testid="complaint-text"
        />
        <div className="complaint-form__below">
          {textProblem ? (
            <div id="complaint-text-error" className="invalid-feedback d-block" data-testid="complaint-text-error">
              {textProblem}
            </div>
          ) : (
            <div id="complaint-text-hint" className="form-text">
              {t('form.textHint', { min })}
            </div>
          )}
          <div id="complaint-text-counter" className={`complaint-form__counter${length > max ? ' is-over' : ''}`} data-testid="complaint-counter">
            {t('form.counter', { count: length, max })}
          </div>
        </div>
      </div>

      {needsEmail ? (
        <div className="complaint-form__section account-field">
          <label htmlFor="complaint-email" className="form-label">
            {t('form.email')} <span className="complaint-form__mark" aria-hidden="true">*</span>
          </label>
          <input
            id="complaint-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="off"
            spellCheck={false}
            className={`form-control form-control-lg${emailProblem ? ' is-invalid' : ''}`}
            value={fields.email}
            onChange={(event) => set('email', event.target.value)}
            required
            aria-invalid={emailProblem ? true : undefined}
            aria-describedby={emailProblem ? 'complaint-email-error' : 'complaint-email-hint'}
            data-testid="complaint-email"
          />
          {emailProblem ? (
            <div id="complaint-email-error" className="invalid-feedback d-block" data-testid="complaint-email-error">
              {emailProblem}
            </div>
          ) : (
            <div id="complaint-email-hint" className="form-text">
              {t('form.emailHint')}
            </div>
          )}
        </div>
      ) : (
        <p className="complaint-form__answer-to" data-testid="complaint-member-email">
          <Icon name="mail" size={18} />
          <span>{t('form.memberEmail', { email: user.email })}</span>
        </p>
      )}

      {error !== null && <FormAlert testId="complaint-error">{errorText(error)}</FormAlert>}

      <div className="complaint-form__actions">
        <button
          type="submit"
          className={`btn btn-primary btn-lg rounded-pill px-5 complaint-form__submit${busy ? ' disabled' : ''}`}
          aria-disabled={busy || undefined}
          aria-busy={busy}
          data-testid="complaint-submit"
        >
          {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : <Icon name="send" size={18} className="me-2" />}
          {t('form.submit')}
        </button>
        <p className="complaint-form__privacy">{t('form.privacy')}</p>
      </div>
    </form>
  );
}

function MemberAvatar({ linked }: { linked: LinkedMember }) {
  const prefix = useSettings((s) => s.settings?.cdn_prefix ?? '');
  const profile = linked.status === 'found' ? linked.profile : null;
  const photo = profile?.photos.find((p) => !p.locked && (p.thumb_filename ?? p.filename));
  const file = photo ? (photo.thumb_filename ?? photo.filename) : null;
  return (
    <span className="complaint-ref__avatar" aria-hidden="true">
      {file ? <img src={imageUrl(prefix, file)} alt="" /> : <PlaceholderAvatar gender={profile?.gender} />}
    </span>
  );
}

/** Beside the form: how complaints are handled. */
function Facts() {
  const { t } = useTranslation('complaints');
  const facts: [IconName, string][] = [
    ['clock', t('facts.answer')],
    ['warning', t('facts.urgent')],
    ['shield', t('facts.block')],
    ['phone', t('facts.emergency')],
  ];
  return (
    <aside className="complaint-facts" aria-labelledby="complaint-facts-title">
      <h2 id="complaint-facts-title" className="complaint-facts__title">
        {t('facts.title')}
      </h2>
      <ul className="complaint-facts__list">
        {facts.map(([icon, text]) => (
          <li key={icon}>
            <span className="complaint-facts__icon" aria-hidden="true">
              <Icon name={icon} size={18} />
            </span>
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** After sending: the complaint's number and what happens next. */
function Confirmation({ filed, onAnother }: { filed: Filed; onAnother: () => void }) {
  const { t } = useTranslation('complaints');
  const loggedIn = useSession((s) => s.user !== null);
  const heading = useRef<HTMLHeadingElement>(null);
  const urgent = URGENT_CATEGORIES.includes(filed.category);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className="complaint-done" aria-labelledby="complaint-done-title" data-testid="complaint-done">
      <span className="complaint-done__icon" aria-hidden="true">
        <Icon name="check" size={34} />
      </span>
      <h2 id="complaint-done-title" ref={heading} tabIndex={-1} className="complaint-done__title">
        {t('done.title')}
      </h2>
      <p className="complaint-done__number">
        {t('done.number')}{' '}
        <strong data-testid="complaint-number">{t('done.numberValue', { id: filed.id })}</strong>
      </p>
      <p className="complaint-done__quote">{t('done.quote')}</p>
      <h3 className="complaint-done__next">{t('done.nextTitle')}</h3>
      <ol className="complaint-steps" data-testid="complaint-next">
        <li>{t('done.steps.read')}</li>
        <li>{t('done.steps.answer')}</li>
        <li className={urgent ? 'is-urgent' : undefined}>{urgent ? t('done.steps.urgentThis') : t('done.steps.urgent')}</li>
      </ol>
      <div className="complaint-done__actions">
        <AppLink to={loggedIn ? 'members' : 'index'} className="btn btn-primary btn-lg rounded-pill px-4" data-testid="complaint-done-home">
          {loggedIn ? t('done.members') : t('done.home')}
        </AppLink>
        <button type="button" className="btn btn-link" onClick={onAnother} data-testid="complaint-another">
          {t('done.another')}
        </button>
      </div>
    </section>
  );
}
