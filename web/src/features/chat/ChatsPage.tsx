import '../../styles/sheets/chat.scss';
import type { TFunction } from 'i18next';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../shared/routing/paths';
import { formatRelativeShort } from '../../shared/i18n/dates';
import { translateError } from '../../shared/i18n/translateError';
import { PageHeader } from '../../shared/ui/PageHeader';
import { FormAlert } from '../../shared/ui/alerts';
import { FictionalBadge } from '../discovery/memberUi';
import { giftName } from '../gifts/giftsApi';
import { AppLink } from '../../shared/routing/AppLink';
import { counterBadge } from '../navigation/badges';
import { Icon } from '../../shared/ui/icons';
import { useSession } from '../session';
import { usePageTitle } from '../title';
import type { ChatMessage, ChatSummary } from './chatApi';
import { deleteChat, reloadChats, useChats, useChatsStatus } from './chatList';
import { ChatAvatar, ConfirmDeleteModal, useNow } from './chatUi';

/** How far a row must be swiped to the left to ask for its deletion. */
export const SWIPE_DELETE_PX = 80;

/**
 * Swipe a row to the left (touch or mouse) to delete it: the row follows the finger,
 * past SWIPE_DELETE_PX it asks, otherwise it snaps back. A swipe is no click.
 */
function useSwipeLeft(onSwipe: () => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const swiped = useRef(false);
  const [offset, setOffset] = useState(0);

  const end = () => {
    if (offset <= -SWIPE_DELETE_PX) onSwipe();
    start.current = null;
    setOffset(0);
  };
  return {
    offset,
    handlers: {
      onPointerDown: (event: PointerEvent) => {
        if (event.button !== 0) return;
        start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
        swiped.current = false;
      },
      onPointerMove: (event: PointerEvent) => {
        const from = start.current;
        if (!from || from.id !== event.pointerId) return;
        const dx = event.clientX - from.x;
        // Mostly vertical: the list is being scrolled, not a row swiped.
        if (!swiped.current && Math.abs(event.clientY - from.y) > Math.abs(dx)) return;
        if (!swiped.current && Math.abs(dx) > 8) {
          swiped.current = true;
          // Keep following the pointer when it leaves the row.
          (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
        }
        if (swiped.current) setOffset(Math.max(-SWIPE_DELETE_PX * 1.5, Math.min(0, dx)));
      },
      onPointerUp: end,
      onPointerCancel: () => {
        start.current = null;
        setOffset(0);
      },
      onClickCapture: (event: { preventDefault: () => void; stopPropagation: () => void }) => {
        if (!swiped.current) return;
        swiped.current = false;
        event.preventDefault();
        event.stopPropagation();
      },
    },
  };
}

/** A last message as the list shows it: its text, or "🎁 Gift: Rose" for a gift. */
function previewText(t: TFunction, message: ChatMessage): string {
  return message.gift ? t('message.preview', { ns: 'gifts', gift: giftName(t, message.gift) }) : message.text;
}

function ChatRow({ chat, me, onDelete }: { chat: ChatSummary; me: number | null; onDelete: (chat: ChatSummary) => void }) {
  const { t } = useTranslation('chat');
  const { profile, last_message: last } = chat;
  const unread = chat.num_unread_messages;
  const { offset, handlers } = useSwipeLeft(() => onDelete(chat));
  const preview = last ? (last.sender_id === me ? t('list.you', { text: previewText(t, last) }) : previewText(t, last)) : t('list.noMessages');
  return (
    <li
      className={`chat-row${unread > 0 ? ' is-unread' : ''}${offset < 0 ? ' is-swiping' : ''}`}
      data-testid="chat-row"
      data-conversation-id={chat.conversation.id}
      data-member-id={profile.id}
    >
      <span className="chat-row__behind" aria-hidden="true" style={{ opacity: Math.min(1, -offset / SWIPE_DELETE_PX) }}>
        <Icon name="trash" size={20} />
        {t('list.delete')}
      </span>
      <div className="chat-row__front" style={offset ? { transform: `translateX(${offset}px)` } : undefined} {...handlers}>
        <Link to={pathTo('chats-id', { id: chat.conversation.id })} className="chat-row__link" aria-label={t('list.open', { name: profile.name })} draggable={false}>
          <ChatAvatar profile={profile} className="chat-row__avatar" />
          <span className="chat-row__body">
            <span className="chat-row__top">
              <span className="chat-row__name">
                {profile.name}
                <span className="chat-row__age">, {profile.age}</span>
                {profile.is_fictional && <FictionalBadge className="chat-row__badge" />}
              </span>
              {last && (
                <time className="chat-row__time" dateTime={last.created_at}>
                  {Date.now() - Date.parse(last.created_at) < 60_000 ? t('list.justNow') : formatRelativeShort(last.created_at)}
                </time>
              )}
            </span>
            <span className="chat-row__bottom">
              <span className="chat-row__preview" data-testid="chat-preview">
                {preview}
              </span>
              {unread > 0 && (
                <span className="badge rounded-pill text-bg-unread chat-row__unread" data-testid="chat-unread">
                  <span aria-hidden="true">{counterBadge(unread)}</span>
                  <span className="visually-hidden">{t('list.unread', { count: unread })}</span>
                </span>
              )}
            </span>
          </span>
        </Link>
        <button
          type="button"
          className="chat-row__delete"
          onClick={() => onDelete(chat)}
          aria-label={t('list.deleteLabel', { name: profile.name })}
          title={t('list.delete')}
          data-testid="chat-delete"
        >
          <Icon name="trash" size={18} />
        </button>
      </div>
    </li>
  );
}

function EmptyState() {
  const { t } = useTranslation('chat');
  return (
    <div className="chats-empty" data-testid="chats-empty">
      <span className="chats-empty__icon" aria-hidden="true">
        <Icon name="chat" size={32} />
      </span>
      <h2 className="chats-empty__title">{t('empty.title')}</h2>
      <p className="chats-empty__text">{t('empty.text')}</p>
      <AppLink to="members" className="btn btn-primary rounded-pill px-4" data-testid="chats-empty-search">
        <Icon name="search" size={18} className="me-2" />
        {t('empty.search')}
      </AppLink>
    </div>
  );
}

/** /chats: the conversations, latest first. */
export function ChatsPage() {
  const { t } = useTranslation('chat');
  const tc = useTranslation('common').t;
  const chats = useChats();
  const { loaded, error, deleteError } = useChatsStatus();
  const me = useSession((s) => s.user?.id ?? null);
  useNow(); // the relative times move on every minute
  // The asked-about conversation stays while the dialog fades out.
  const [asking, setAsking] = useState<ChatSummary | null>(null);
  const [confirming, setConfirming] = useState(false);
  usePageTitle(t('list.title'));

  // A fresh list on every visit; the progress indicator shows only until the first load.
  useEffect(() => {
    void reloadChats();
  }, []);

  const askDelete = (chat: ChatSummary) => {
    setAsking(chat);
    setConfirming(true);
  };
  const confirmDelete = () => {
    setConfirming(false);
    if (asking) void deleteChat(asking.conversation.id);
  };

  return (
    <>
      <PageHeader title={t('list.title')} intro={t('list.intro')} />
      <div className="container chats-page" data-testid="chats-page">
        {deleteError !== null && (
          <div className="chats-page__alert">
            <FormAlert testId="chat-delete-error">
              {t('list.deleteFailed', { error: translateError(tc, deleteError) })}
              <button
                type="button"
                className="btn-close chats-page__dismiss"
                aria-label={tc('alerts.dismiss')}
                onClick={() => useChatsStatus.setState({ deleteError: null })}
              />
            </FormAlert>
          </div>
        )}
        {!loaded && error ? (
          <FormAlert testId="chats-error">
            {t('list.error')} {translateError(tc, error)}{' '}
            <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => void reloadChats()}>
              {t('list.retry')}
            </button>
          </FormAlert>
        ) : !loaded ? (
          <div className="chats-page__loading" aria-busy="true" data-testid="chats-loading">
            <span className="spinner-border text-primary" aria-hidden="true" />
            <span className="visually-hidden">{t('list.loading')}</span>
          </div>
        ) : chats.length === 0 ? (
          <EmptyState />
        ) : (
          <ul className="chat-list" data-testid="chat-list">
            {chats.map((chat) => (
              <ChatRow key={chat.conversation.id} chat={chat} me={me} onDelete={askDelete} />
            ))}
          </ul>
        )}
      </div>
      <ConfirmDeleteModal name={asking?.profile.name ?? ''} show={confirming} onConfirm={confirmDelete} onCancel={() => setConfirming(false)} />
    </>
  );
}
