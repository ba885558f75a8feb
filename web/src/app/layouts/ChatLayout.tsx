import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatch } from 'react-router';
import { EntryWarning } from '../../features/entry-warning/EntryWarning';
import { TopNav } from '../../features/navigation/TopNav';
import { importWithReload } from '../../shared/chunkReload';
import { PATHS } from '../../shared/routing/paths';
import { DESKTOP_QUERY, useMediaQuery } from '../../shared/useMediaQuery';
import { Slot } from '../slots';
import { DefaultLayout } from './DefaultLayout';

// The conversation list beside the thread: chat code, so it loads with the chat screens.
const ChatListPane = lazy(() =>
  importWithReload(() => import('../../features/chat/ChatsPage')).then((module) => ({ default: module.ChatListPane })),
);

/**
 * The conversations (/chats, /chats/:id, /members/:id/chat).
 * - From 992 px on: two panes under the top navigation, the list beside the thread, both
 *   as tall as the window; the list stays while conversations change.
 * - Phones, a conversation: bare, the conversation uses the whole viewport (spec section 2);
 *   entry warning only for NL and DE.
 * - Phones, the list: a members' screen like the others (the default layout).
 */
export function ChatLayout() {
  const { t } = useTranslation();
  const wide = useMediaQuery(DESKTOP_QUERY);
  const onList = useMatch(PATHS.chats) !== null;
  if (!wide && onList) return <DefaultLayout />;
  if (!wide) {
    return (
      <div className="layout layout--chat">
        <Outlet />
        <EntryWarning layout="chat" />
      </div>
    );
  }
  return (
    <div className="layout layout--chat layout--panes">
      <a className="visually-hidden-focusable skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <TopNav />
      <div className="chat-panes" data-testid="chat-panes">
        <Suspense fallback={<div className="chat-panes__list" />}>
          <ChatListPane />
        </Suspense>
        <main id="main" className="chat-panes__thread">
          <Outlet />
        </main>
      </div>
      <EntryWarning layout="chat" />
      <Slot name="timeBonusModal" />
      <Slot name="likeModal" />
    </div>
  );
}
