import './chat.scss';
import type { TFunction } from 'i18next';
import { OnlineBadge } from '../../shared/ui/OnlineBadge';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useMatch, useNavigate } from 'react-router';
import { PATHS, pathTo } from '../../shared/routing/paths';
import { formatRelativeShort } from '../../shared/i18n/dates';
import { translateError } from '../../shared/i18n/translateError';
import { PageHeader } from '../../shared/ui/PageHeader';
import { DESKTOP_QUERY, useMediaQuery } from '../../shared/useMediaQuery';
import { FormAlert } from '../../shared/ui/alerts';
import { FictionalBadge } from '../../shared/members';
import { giftName } from '../../shared/gifts/gifts';
import { AppLink } from '../../shared/routing/AppLink';
import { counterBadge } from '../../shared/counters';
import { Icon } from '../../shared/ui/icons';
import { useSession } from '../../shared/session';
import { usePageTitle } from '../../shared/title';
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
  if (message.removed) return t('conversation.removed');
  return message.gift ? t('message.preview', { ns: 'gifts', gift: giftName(t, message.gift) }) : message.text;
}

function ChatRow({ chat, me, now, onDelete }: { chat: ChatSummary; me: number | null; now: number; onDelete: (chat: ChatSummary) => void }) {
  const { t } = useTranslation('chat');
  const { profile, last_message: last } = chat;
  const unread = chat.num_unread_messages;
  const { offset, handlers } = useSwipeLeft(() => onDelete(chat));
  // Opened from the profile (/members/:id/chat): the row is the open conversation too.
  const openByMember = useMatch(PATHS['members-id-chat'])?.params.id === String(profile.id);
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
        <NavLink
          to={pathTo('chats-id', { id: chat.conversation.id })}
          className={({ isActive }) => `chat-row__link${isActive || openByMember ? ' active' : ''}`}
          aria-current={openByMember ? 'page' : undefined}
          aria-label={t('list.open', { name: profile.name })}
          draggable={false}
        >
          <ChatAvatar profile={profile} className="chat-row__avatar" />
          <span className="chat-row__body">
            <span className="chat-row__top">
              <span className="chat-row__name">
                {profile.name}
                <span className="chat-row__age">, {profile.age}</span>
                {chat.online === true && <OnlineBadge compact />}
                {profile.is_fictional && <FictionalBadge className="chat-row__badge" />}
              </span>
              {last && (
                <time className="chat-row__time" dateTime={last.created_at}>
                  {now - Date.parse(last.created_at) < 60_000 ? t('list.justNow') : formatRelativeShort(last.created_at)}
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
        </NavLink>
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

/** The list with its states (loading, error, empty) and the delete confirmation. */
function ChatListBody({ pane }: { pane: boolean }) {
  const { t } = useTranslation('chat');
  const tc = useTranslation('common').t;
  const chats = useChats();
  const { loaded, error, deleteError } = useChatsStatus();
  const me = useSession((s) => s.user?.id ?? null);
  const navigate = useNavigate();
  const openConversation = useMatch(PATHS['chats-id'])?.params.id;
  const now = useNow(); // the relative times ("just now", "5 min") move on every minute
  // The asked-about conversation stays while the dialog fades out.
  const [asking, setAsking] = useState<ChatSummary | null>(null);
  const [confirming, setConfirming] = useState(false);

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
    if (!asking) return;
    void deleteChat(asking.conversation.id);
    // The open conversation (beside the list) is gone with it.
    if (String(asking.conversation.id) === openConversation) void navigate(pathTo('chats'));
  };

  return (
    <>
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
        // Beside the thread the list only says so; the thread's side offers the search.
        pane ? <p className="chat-panes__none">{t('empty.title')}</p> : <EmptyState />
      ) : (
        <ul className="chat-list" data-testid="chat-list">
          {chats.map((chat) => (
            <ChatRow key={chat.conversation.id} chat={chat} me={me} now={now} onDelete={askDelete} />
          ))}
        </ul>
      )}
      <ConfirmDeleteModal name={asking?.profile.name ?? ''} show={confirming} onConfirm={confirmDelete} onCancel={() => setConfirming(false)} />
    </>
  );
}

/** Desktops: the conversation list as the pane beside the thread (app/layouts/ChatLayout). */
export function ChatListPane() {
  const { t } = useTranslation('chat');
  return (
    <aside className="chat-panes__list" aria-labelledby="chat-panes-title" data-testid="chat-list-pane">
      <h1 id="chat-panes-title" className="chat-panes__title">
        {t('list.title')}
      </h1>
      <div className="chat-panes__scroll">
        <ChatListBody pane />
      </div>
    </aside>
  );
}

/** Desktops, no conversation open yet: the thread's side asks to pick one (or to search). */
function PickConversation() {
  const { t } = useTranslation('chat');
  const loaded = useChatsStatus((s) => s.loaded);
  const chats = useChats();
  if (loaded && chats.length === 0) return <EmptyState />;
  return (
    <div className="chat-pick" data-testid="chat-pick">
      <span className="chat-pick__icon" aria-hidden="true">
        <Icon name="chat" size={32} />
      </span>
      <h2 className="chat-pick__title">{t('panes.pickTitle')}</h2>
      <p className="chat-pick__text">{t('panes.pickText')}</p>
    </div>
  );
}

/** /chats: the conversations, latest first; on desktops the list is the layout's pane. */
export function ChatsPage() {
  const { t } = useTranslation('chat');
  const wide = useMediaQuery(DESKTOP_QUERY);
  usePageTitle(t('list.title'));
  if (wide) return <PickConversation />;
  return (
    <>
      <PageHeader title={t('list.title')} intro={t('list.intro')} />
      <div className="container chats-page" data-testid="chats-page">
        <ChatListBody pane={false} />
      </div>
    </>
  );
}
