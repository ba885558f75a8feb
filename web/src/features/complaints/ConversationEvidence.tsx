/**
 * Reports with context (issue 21.4): reporting from a conversation, the reporter ticks
 * the messages that show what happened (at most 20). Only the conversation's messages
 * the reporter can see are offered: the server's history page is the source.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/i18n/dates';
import { answer, api } from '../../shared/api/client';
import type { Answer } from '../../shared/api/types';
import { FieldFeedback } from '../../shared/ui/fields';

type History = Answer<'getMessages'>;
export type EvidenceMessage = History['messages'][number];

/** As the server allows (domain/complaints.py). */
export const MAX_SELECTED = 20;

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; messages: EvidenceMessage[]; otherId: number; otherName: string };

/** The conversation's messages that can go with a report, newest first; loaded once per conversation. */
function useEvidenceMessages(conversationId: number, onLoaded?: (messages: EvidenceMessage[]) => void): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    answer(api.GET('/api/chats/{conversation_id}/messages', { params: { path: { conversation_id: conversationId } }, signal: controller.signal })).then(
      (history) => {
        if (!history) return;
        // A message the moderators removed has no text left to show, and is dealt with already.
        const messages = history.messages.filter((m) => !m.removed).reverse();
        setLoaded({ status: 'ready', messages, otherId: history.profile.id, otherName: history.profile.name });
        onLoaded?.(messages);
      },
      () => !controller.signal.aborted && setLoaded({ status: 'failed' }),
    );
    return () => controller.abort();
    // onLoaded is read once per conversation, as the history is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversationId]);
  return loaded;
}

export function ConversationEvidence({
  conversationId,
  selected,
  onChange,
  problem,
  onLoaded,
}: {
  conversationId: number;
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  problem: string | null;
  /** The messages offered, once loaded (the form quotes the message reported). */
  onLoaded?: (messages: EvidenceMessage[]) => void;
}) {
  const { t } = useTranslation('complaints');
  const loaded = useEvidenceMessages(conversationId, onLoaded);

  if (loaded.status === 'failed') return null; // the report goes without them
  const full = selected.length >= MAX_SELECTED;
  const toggle = (id: number, on: boolean) => onChange(on ? [...selected, id] : selected.filter((picked) => picked !== id));

  return (
    <fieldset className="complaint-form__section complaint-evidence" aria-describedby="complaint-messages-hint" data-testid="complaint-evidence">
      <legend className="form-label complaint-evidence__legend">
        {t('form.messagesTitle')} <span className="complaint-form__optional">{t('form.optional')}</span>
      </legend>
      <p id="complaint-messages-hint" className="form-text mt-0">
        {t('form.messagesHint', { max: MAX_SELECTED })}
      </p>
      {loaded.status === 'loading' ? (
        <p aria-busy="true">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('form.messagesLoading')}
        </p>
      ) : loaded.messages.length === 0 ? (
        <p className="text-muted">{t('form.messagesNone')}</p>
      ) : (
        <ul className="complaint-evidence__list" id="complaint-messages">
          {loaded.messages.map((message) => {
            const checked = selected.includes(message.id);
            const theirs = message.sender_id === loaded.otherId;
            return (
              <li key={message.id} className={`complaint-evidence__item${checked ? ' is-selected' : ''}`}>
                <input
                  id={`complaint-message-${message.id}`}
                  type="checkbox"
                  className="form-check-input"
                  checked={checked}
                  disabled={!checked && full}
                  onChange={(event) => toggle(message.id, event.target.checked)}
                  data-testid="complaint-evidence-message"
                />
                <label htmlFor={`complaint-message-${message.id}`} className="complaint-evidence__label">
                  <span className="complaint-evidence__meta">
                    {theirs ? loaded.otherName : t('form.you')} · {formatDateTime(message.created_at)}
                  </span>
                  <span className="complaint-evidence__text">{message.gift ? t('form.gift') : message.text}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <p className="form-text mb-0" aria-live="polite" data-testid="complaint-evidence-count">
        {t('form.messagesSelected', { count: selected.length, max: MAX_SELECTED })}
      </p>
      <FieldFeedback id="complaint-messages" error={problem} errorTestId="complaint-messages-error" />
    </fieldset>
  );
}
