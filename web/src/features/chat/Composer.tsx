import './chat.scss';
import { type FormEvent, type KeyboardEvent, type ReactNode, type Ref, type RefObject, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icons';
import type { SendTerms } from './chatApi';

/** The length counter shows from this share of the limit on. */
export const COUNTER_FROM = 0.8;
/** The textarea grows with its text up to this many pixels, then scrolls. */
const MAX_HEIGHT_PX = 160;

/** What the next message costs: free (and how many free ones are left), or its price and my balance. */
export function TermsHint({ terms, balance, newConversation }: { terms: SendTerms; balance: number; newConversation: boolean }) {
  const { t } = useTranslation('chat');
  const parts: string[] = [];
  if (terms.free) parts.push(t('composer.free', { count: terms.free_messages_left ?? 0 }));
  else if (terms.cost > 0) parts.push(t('composer.cost', { cost: terms.cost, balance }));
  if (newConversation && terms.free_conversations_left !== null) {
    parts.push(t('composer.freeConversations', { count: terms.free_conversations_left }));
  }
  // New conversations a day are capped by trust (issue 31.2); null: no cap to tell of.
  const today = terms.conversations_left_today ?? null;
  if (newConversation && today !== null) parts.push(t('composer.conversationsToday', { count: today }));
  if (parts.length === 0) return null;
  return (
    <p className={`chat-terms${terms.free ? ' chat-terms--free' : ''}`} data-testid="chat-terms">
      <Icon name={terms.free ? 'gift' : 'coins'} size={14} />
      {parts.map((part, index) => (
        <span key={part} className="chat-terms__part">
          {part}
          {index < parts.length - 1 && (
            <span className="chat-terms__sep" aria-hidden="true">
              {' · '}
            </span>
          )}
        </span>
      ))}
    </p>
  );
}

export interface ComposerHandle {
  /** Puts a text in (an icebreaker) and the cursor after it. */
  fill: (text: string) => void;
  /** The cursor into the field, its text kept. */
  focus: () => void;
  /** Puts back a text that was not sent (the shield's nudge), unless something new was typed meanwhile. */
  restore: (text: string) => void;
  /** Empties the field (the restored text went out after all). */
  clear: () => void;
}

export interface ComposerProps {
  name: string;
  maxLength: number;
  onSend: (text: string) => void;
  onTyping: () => void;
  hint?: ReactNode;
  /** Buttons before the field (the gift button). */
  actions?: ReactNode;
  ref?: Ref<ComposerHandle>;
}

/**
 * The field's text and what the chat can do with it from outside (fill, focus, restore,
 * clear); the field grows with its text up to MAX_HEIGHT_PX.
 */
function useComposerText(maxLength: number, ref: Ref<ComposerHandle> | undefined) {
  const [text, setText] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);

  useImperativeHandle(ref, () => ({
    fill(value) {
      setText(value.slice(0, maxLength));
      requestAnimationFrame(() => {
        const element = field.current;
        if (!element) return;
        element.focus();
        element.setSelectionRange(element.value.length, element.value.length);
      });
    },
    focus() {
      field.current?.focus();
    },
    restore(value) {
      setText((now) => (now.trim() ? now : value.slice(0, maxLength)));
    },
    clear() {
      setText('');
    },
  }), [maxLength]);

  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);
  return { text, setText, field };
}

/** How many characters are left, once the text nears the limit. */
function Counter({ length, maxLength }: { length: number; maxLength: number }) {
  const { t } = useTranslation('chat');
  const left = maxLength - length;
  if (length < maxLength * COUNTER_FROM) return null;
  return (
    <p className={`chat-composer__counter${left <= 0 ? ' is-full' : ''}`} aria-live="polite" data-testid="chat-counter">
      {t('composer.remaining', { count: left })}
    </p>
  );
}

interface MessageFieldProps {
  name: string;
  maxLength: number;
  text: string;
  field: RefObject<HTMLTextAreaElement | null>;
  onText: (text: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
}

/** The text area with its (hidden) label naming who the message goes to. */
function MessageField({ name, maxLength, text, field, onText, onKeyDown }: MessageFieldProps) {
  const { t } = useTranslation('chat');
  return (
    <>
      <label htmlFor="chat-text" className="visually-hidden">
        {t('composer.label', { name })}
      </label>
      <textarea
        id="chat-text"
        ref={field}
        className="form-control chat-composer__field"
        rows={1}
        value={text}
        maxLength={maxLength}
        placeholder={t('composer.placeholder')}
        aria-describedby="chat-hint"
        enterKeyHint="send"
        onChange={(event) => onText(event.target.value)}
        onKeyDown={onKeyDown}
        data-testid="chat-input"
      />
    </>
  );
}

/** The message field: Enter sends, Shift+Enter starts a new line; it grows with its text. */
export function Composer({ name, maxLength, onSend, onTyping, hint, actions, ref }: ComposerProps) {
  const { t } = useTranslation('chat');
  const { text, setText, field } = useComposerText(maxLength, ref);

  const trimmed = text.trim();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!trimmed || trimmed.length > maxLength) return;
    onSend(trimmed);
    setText('');
    field.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is still composing a word (Japanese, Chinese …).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form className="chat-composer" onSubmit={submit} data-testid="chat-composer">
      {hint}
      <div className="chat-composer__row">
        {actions}
        <MessageField
          name={name}
          maxLength={maxLength}
          text={text}
          field={field}
          onText={(value) => {
            setText(value);
            if (value) onTyping();
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn btn-primary chat-composer__send" disabled={!trimmed} aria-label={t('composer.send')} title={t('composer.send')} data-testid="chat-send">
          <Icon name="send" size={20} />
        </button>
      </div>
      <p id="chat-hint" className="visually-hidden">
        {t('composer.hint')}
      </p>
      <Counter length={text.length} maxLength={maxLength} />
    </form>
  );
}
