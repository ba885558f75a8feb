import { useTranslation } from 'react-i18next';
import { Field, FieldFeedback, TextareaField, describedBy } from '../../shared/ui/fields';
import { Icon } from '../../shared/ui/icons';
import { useSession } from '../../shared/session';
import { ANONYMOUS_CATEGORIES, textLength } from './complaintForm';
import { ConversationEvidence } from './ConversationEvidence';
import { MemberRef, MessageRef, PhotoRef } from './References';
import type { ComplaintFormState } from './useComplaintForm';

/** A required field's star. */
function Mark() {
  return (
    <span className="complaint-form__mark" aria-hidden="true">
      *
    </span>
  );
}

/** Whom the complaint is about: the linked member's chip, else a number field. */
export function MemberSection({ state }: { state: ComplaintFormState }) {
  const { t } = useTranslation('complaints');
  const { form, refs } = state;
  const problem = form.text('member_id');
  return (
    <div className="complaint-form__section">
      {refs.linked.status !== 'none' ? (
        <>
          <MemberRef linked={refs.linked} typed={form.values.member} onRemove={state.removeMember} problem={problem} />
          <FieldFeedback id="complaint-member" error={problem} errorTestId="complaint-member-error" />
        </>
      ) : (
        <Field
          id="complaint-member"
          label={
            <>
              {t('form.member')} <span className="complaint-form__optional">{t('form.optional')}</span>
            </>
          }
          error={problem}
          hint={t('form.memberHint')}
          errorTestId="complaint-member-error"
        >
          <input
            id="complaint-member"
            name="member_id"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className={`form-control form-control-lg complaint-form__number${problem ? ' is-invalid' : ''}`}
            value={form.values.member}
            onChange={(event) => state.setMember(event.target.value)}
            {...describedBy('complaint-member', problem, true)}
            data-testid="complaint-member"
          />
        </Field>
      )}
    </div>
  );
}

/** What exactly is reported: the linked photo or message, and the conversation's messages. */
export function ItemSections({ state }: { state: ComplaintFormState }) {
  const { form, refs } = state;
  const photoProblem = form.text('item_id');
  const messageProblem = form.text('message_id');
  return (
    <>
      {refs.photoId !== null && (
        <div className="complaint-form__section">
          <PhotoRef id={refs.photoId} linked={refs.linked} onRemove={state.removePhoto} problem={photoProblem} />
          <FieldFeedback id="complaint-photo" error={photoProblem} errorTestId="complaint-photo-error" />
        </div>
      )}
      {refs.messageId !== null && (
        <div className="complaint-form__section">
          <MessageRef id={refs.messageId} text={refs.messageText} onRemove={state.removeMessage} problem={messageProblem} />
          <FieldFeedback id="complaint-message" error={messageProblem} errorTestId="complaint-message-error" />
        </div>
      )}
      {refs.conversationId !== null && (
        <ConversationEvidence
          conversationId={refs.conversationId}
          selected={refs.messageIds}
          onChange={(ids) => {
            refs.setMessageIds(ids);
            form.clear('message_ids');
          }}
          problem={form.text('message_ids')}
          onLoaded={(messages) => refs.setMessageText(messages.find((m) => m.id === refs.messageId)?.text || null)}
        />
      )}
    </>
  );
}

/** What happened, in the reporter's words, within the server's lengths. */
export function ComplaintText({ state }: { state: ComplaintFormState }) {
  const { t } = useTranslation('complaints');
  const { form, min, max } = state;
  const length = textLength(form.values.text);
  return (
    <TextareaField
      id="complaint-text"
      fieldClassName="complaint-form__section"
      className="complaint-form__text"
      label={
        <>
          {t('form.text')} <Mark />
        </>
      }
      name="text"
      rows={7}
      value={form.values.text}
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
  );
}

/** Who reports and where the answer goes: a visitor's name and address, or the member's address. */
export function ReporterFields({ state }: { state: ComplaintFormState }) {
  const { t } = useTranslation('complaints');
  const user = useSession((s) => s.user);
  if (user === null) return <VisitorFields state={state} />;
  return (
    <p className="complaint-form__answer-to" data-testid="complaint-member-email">
      <Icon name="mail" size={18} />
      <span>{t('form.memberEmail', { email: user.email })}</span>
    </p>
  );
}

function VisitorFields({ state: { form } }: { state: ComplaintFormState }) {
  const { t } = useTranslation('complaints');
  const { values } = form;
  const nameProblem = form.text('name');
  const emailProblem = form.text('email');
  // Whoever reports a possible minor may stay unnamed (DSA Art. 16(2)(c)).
  const nameOptional = values.category !== '' && ANONYMOUS_CATEGORIES.includes(values.category);
  return (
    <>
      <Field
        id="complaint-name"
        className="complaint-form__section"
        label={
          <>
            {t('form.name')} {nameOptional ? <span className="complaint-form__optional">{t('form.optional')}</span> : <Mark />}
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
      <Field
        id="complaint-email"
        className="complaint-form__section"
        label={
          <>
            {t('form.email')} <Mark />
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
    </>
  );
}
