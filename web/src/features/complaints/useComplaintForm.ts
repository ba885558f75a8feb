import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, errorKey } from '../../shared/api/errors';
import { translateError } from '../../shared/i18n/translateError';
import { useForm } from '../../shared/ui/form';
import { membersApi } from '../../shared/members';
import { useSession } from '../../shared/session';
import { useSiteSettings } from '../../shared/site';
import { EMPTY_FIELDS, FIELD_ORDER, type ComplaintFields, type ProblemField, type ReportedItem, checkComplaint, complaintBody, positiveId, problemsOf } from './complaintForm';
import { type ComplaintCategory, type FiledComplaint, complaintsApi } from './complaintsApi';
import type { LinkedMember } from './References';

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

/** What the link the reporter came by points at (?member, ?message, ?photo, ?conversation), read once. */
function useLinkedReferences() {
  const user = useSession((s) => s.user);
  const [search] = useSearchParams();
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

  return { linkedId, linked, setLinked, messageId, setLinkedMessage, photoId, setPhotoId, item, conversationId, messageIds, setMessageIds, messageText, setMessageText };
}

/** The form's fields and their problems, with the server's texts for the codes it answers. */
function useComplaintFields(linkedId: number | null) {
  const { t } = useTranslation('complaints');
  const tc = useTranslation('common').t;
  return useForm<ComplaintFields, ProblemField>({
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
}

/** The complaint's state: its references, its fields, removing a reference, and filing it. */
export function useComplaintForm(onFiled: (filed: Filed) => void) {
  const { i18n } = useTranslation('complaints');
  const needsEmail = useSession((s) => s.user) === null;
  // The text's lengths are the server's (settings.limits).
  const { complaint_min: min, complaint_max: max } = useSiteSettings().limits;
  const refs = useLinkedReferences();
  const { item, messageId, messageIds } = refs;
  const form = useComplaintFields(refs.linkedId);

  const setMember = (member: string) => {
    form.set('member', member);
    form.clear('member_id');
  };
  const removeMember = () => {
    refs.setLinked({ status: 'none' });
    setMember('');
    form.focus('member_id');
  };
  const removeMessage = () => {
    refs.setLinkedMessage(null);
    form.clear('message_id');
    document.getElementById('complaint-text')?.focus();
  };
  const removePhoto = () => {
    refs.setPhotoId(null);
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

  return { refs, form, needsEmail, min, max, setMember, removeMember, removeMessage, removePhoto, submit };
}

export type ComplaintFormState = ReturnType<typeof useComplaintForm>;

/** A refusal about the whole form, in the complaints' words when they have some. */
export function useComplaintErrorText() {
  const { t } = useTranslation('complaints');
  const tc = useTranslation('common').t;
  return (failure: unknown): string =>
    failure instanceof ApiError
      ? t(errorKey(failure.code), { ...failure.params, defaultValue: translateError(tc, failure) })
      : translateError(tc, failure);
}
