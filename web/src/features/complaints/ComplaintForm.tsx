import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, errorKey } from '../../shared/api/errors';
import { translateError } from '../../shared/i18n/translateError';
import { FormAlert } from '../../shared/ui/alerts';
import { SubmitButton } from '../../shared/ui/buttons';
import { Field, FieldFeedback, TextareaField, describedBy } from '../../shared/ui/fields';
import { useForm } from '../../shared/ui/form';
import { Icon } from '../../shared/ui/icons';
import { membersApi } from '../../shared/members';
import { useSession } from '../../shared/session';
import { useSiteSettings } from '../../shared/site';
import { ANONYMOUS_CATEGORIES, EMPTY_FIELDS, FIELD_ORDER, type ComplaintFields, type ProblemField, type ReportedItem, checkComplaint, complaintBody, positiveId, problemsOf, textLength } from './complaintForm';
import { type ComplaintCategory, type FiledComplaint, complaintsApi } from './complaintsApi';
import { CategoryChoice } from './CategoryChoice';
import { ConversationEvidence } from './ConversationEvidence';
import { GoodFaith } from './GoodFaith';
import { type LinkedMember, MemberRef, MessageRef, PhotoRef } from './References';

/** The element that takes the focus for a field's problem. */
const FOCUS_IDS: Record<ProblemField, string> = {
  category: 'complaint-category',
  text: 'complaint-text',
  email: 'complaint-email',
  name: 'complaint-name',
  good_faith: 'complaint-good-faith',
  item_id: 'complaint-photo',
  member_id: 'complaint-member',
  message_id: 'complaint-message',
  message_ids: 'complaint-messages',
};

const focusTarget = (field: ProblemField) =>
  field === 'category'
    ? (document.querySelector<HTMLInputElement>('input[name="category"]:checked') ?? document.querySelector<HTMLInputElement>('input[name="category"]'))
    : document.getElementById(FOCUS_IDS[field]);

export interface Filed extends FiledComplaint {
  category: ComplaintCategory;
}

/**
 * The complaint itself: category, whom or what it is about (the exact photo or message the
 * reporter came from), the text, who reports and where the answer goes, and the statement
 * of good faith (a notice, issue 30.4).
 */
export function ComplaintForm({ onFiled }: { onFiled: (filed: Filed) => void }) {
  const { t, i18n } = useTranslation('complaints');
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
  const [photoId, setPhotoId] = useState(() => positiveId(search.get('photo')));
  const item: ReportedItem = photoId !== null ? { kind: 'photo', id: photoId } : messageId !== null ? { kind: 'message', id: messageId } : null;
  // Reporting from a conversation: its messages can go with the report.
  const [conversationId] = useState(() => (user ? positiveId(search.get('conversation')) : null));
  const [messageIds, setMessageIds] = useState<number[]>([]);
  // The reported message's words, once the conversation is loaded: quoted at its reference.
  const [messageText, setMessageText] = useState<string | null>(null);
  const [linked, setLinked] = useState<LinkedMember>(linkedId === null ? { status: 'none' } : { status: 'loading', id: linkedId });
  const form = useForm<ComplaintFields, ProblemField>({
    initial: { ...EMPTY_FIELDS, member: linkedId === null ? '' : String(linkedId) },
    order: FIELD_ORDER,
    idPrefix: 'complaint',
    focusTarget,
    problemText: (field, problem) => {
      const params = problem.params ?? {};
      return t([`fieldErrors.${field}.${problem.code}`, `fieldErrors.${problem.code}`], {
        ...params,
        defaultValue: translateError(tc, new ApiError(400, problem.code, params)),
      });
    },
  });
  const { values } = form;

  useEffect(() => {
    if (linkedId === null) return;
    const controller = new AbortController();
    membersApi.member(linkedId, controller.signal).then(
      (profile) => setLinked({ status: 'found', profile }),
      // Not visible to this reporter (or gone): the number field, with the number in it.
      () => !controller.signal.aborted && setLinked({ status: 'none' }),
    );
    return () => controller.abort();
  }, [linkedId]);

  const setMember = (member: string) => {
    form.set('member', member);
    form.clear('member_id');
  };
  const removeMember = () => {
    setLinked({ status: 'none' });
    setMember('');
    form.focus('member_id');
  };
  const removeMessage = () => {
    setLinkedMessage(null);
    form.clear('message_id');
    document.getElementById('complaint-text')?.focus();
  };
  const removePhoto = () => {
    setPhotoId(null);
    form.clear('item_id');
    document.getElementById('complaint-text')?.focus();
  };

  const submit = form.submit({
    check: (fields) => checkComplaint(fields, { needsEmail, min, max }),
    send: async (fields) => {
      const answer = await complaintsApi.file(complaintBody(fields, { needsEmail, item, language: i18n.language, messageIds }));
      onFiled({ ...answer, category: fields.category as ComplaintCategory });
    },
    // Everything typed stays: only the problems are shown.
    refused: (error) => {
      const problems = problemsOf(error);
      // A picked message the server would not take: said at the picked messages.
      if (problems?.message_id && messageId === null && messageIds.length > 0) return { message_ids: problems.message_id };
      // The item is the linked message: its problem is said there.
      if (problems?.item_id && item?.kind === 'message') return { message_id: problems.item_id };
      return problems;
    },
  });

  const errorText = (failure: unknown): string =>
    failure instanceof ApiError
      ? t(errorKey(failure.code), { ...failure.params, defaultValue: translateError(tc, failure) })
      : translateError(tc, failure);

  const length = textLength(values.text);
  const categoryProblem = form.text('category');
  const memberProblem = form.text('member_id');
  const messageProblem = form.text('message_id');
  const emailProblem = form.text('email');
  const nameProblem = form.text('name');
  const photoProblem = form.text('item_id');
  // Whoever reports a possible minor may stay unnamed (DSA Art. 16(2)(c)).
  const nameOptional = values.category !== '' && ANONYMOUS_CATEGORIES.includes(values.category);
  const showChip = linked.status !== 'none';
  const mark = (
    <span className="complaint-form__mark" aria-hidden="true">
      *
    </span>
  );

  return (
    <form className="complaint-form" onSubmit={submit} noValidate data-testid="complaint-form" aria-labelledby="complaint-form-title">
      <h2 id="complaint-form-title" className="complaint-form__title">
        {t('form.title')}
      </h2>
      <p className="complaint-form__intro">{t('form.required')}</p>

      <CategoryChoice value={values.category} onValue={(category) => form.set('category', category)} problem={categoryProblem} />

      <div className="complaint-form__section">
        {showChip ? (
          <>
            <MemberRef linked={linked} typed={values.member} onRemove={removeMember} problem={memberProblem} />
            <FieldFeedback id="complaint-member" error={memberProblem} errorTestId="complaint-member-error" />
          </>
        ) : (
          <Field
            id="complaint-member"
            label={
              <>
                {t('form.member')} <span className="complaint-form__optional">{t('form.optional')}</span>
              </>
            }
            error={memberProblem}
            hint={t('form.memberHint')}
            errorTestId="complaint-member-error"
          >
            <input
              id="complaint-member"
              name="member_id"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              className={`form-control form-control-lg complaint-form__number${memberProblem ? ' is-invalid' : ''}`}
              value={values.member}
              onChange={(event) => setMember(event.target.value)}
              {...describedBy('complaint-member', memberProblem, true)}
              data-testid="complaint-member"
            />
          </Field>
        )}
      </div>

      {photoId !== null && (
        <div className="complaint-form__section">
          <PhotoRef id={photoId} linked={linked} onRemove={removePhoto} problem={photoProblem} />
          <FieldFeedback id="complaint-photo" error={photoProblem} errorTestId="complaint-photo-error" />
        </div>
      )}

      {messageId !== null && (
        <div className="complaint-form__section">
          <MessageRef id={messageId} text={messageText} onRemove={removeMessage} problem={messageProblem} />
          <FieldFeedback id="complaint-message" error={messageProblem} errorTestId="complaint-message-error" />
        </div>
      )}

      {conversationId !== null && (
        <ConversationEvidence
          conversationId={conversationId}
          selected={messageIds}
          onChange={(ids) => {
            setMessageIds(ids);
            form.clear('message_ids');
          }}
          problem={form.text('message_ids')}
          onLoaded={(messages) => setMessageText(messages.find((m) => m.id === messageId)?.text || null)}
        />
      )}

      <TextareaField
        id="complaint-text"
        fieldClassName="complaint-form__section"
        className="complaint-form__text"
        label={
          <>
            {t('form.text')} {mark}
          </>
        }
        name="text"
        rows={7}
        value={values.text}
        onValue={(text) => form.set('text', text)}
        placeholder={t('form.textPlaceholder')}
        required
        error={form.text('text')}
        hint={t('form.textHint', { min })}
        errorTestId="complaint-text-error"
        counter={{ text: t('form.counter', { count: length, max }), over: length > max }}
        counterTestId="complaint-counter"
        data-testid="complaint-text"
      />

      {needsEmail && (
        <Field
          id="complaint-name"
          className="complaint-form__section"
          label={
            <>
              {t('form.name')} {nameOptional ? <span className="complaint-form__optional">{t('form.optional')}</span> : mark}
            </>
          }
          error={nameProblem}
          hint={nameOptional ? t('form.nameAnonymous') : t('form.nameHint')}
          errorTestId="complaint-name-error"
        >
          <input
            id="complaint-name"
            name="name"
            type="text"
            autoComplete="name"
            className={`form-control form-control-lg${nameProblem ? ' is-invalid' : ''}`}
            value={values.name}
            onChange={(event) => form.set('name', event.target.value)}
            required={!nameOptional}
            {...describedBy('complaint-name', nameProblem, true)}
            data-testid="complaint-name"
          />
        </Field>
      )}

      {needsEmail ? (
        <Field
          id="complaint-email"
          className="complaint-form__section"
          label={
            <>
              {t('form.email')} {mark}
            </>
          }
          error={emailProblem}
          hint={t('form.emailHint')}
          errorTestId="complaint-email-error"
        >
          <input
            id="complaint-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="off"
            spellCheck={false}
            className={`form-control form-control-lg${emailProblem ? ' is-invalid' : ''}`}
            value={values.email}
            onChange={(event) => form.set('email', event.target.value)}
            required
            {...describedBy('complaint-email', emailProblem, true)}
            data-testid="complaint-email"
          />
        </Field>
      ) : (
        <p className="complaint-form__answer-to" data-testid="complaint-member-email">
          <Icon name="mail" size={18} />
          <span>{t('form.memberEmail', { email: user.email })}</span>
        </p>
      )}

      <GoodFaith
        checked={values.goodFaith}
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
