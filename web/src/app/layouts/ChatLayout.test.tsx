import { cleanup, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChatsStatus } from '../../features/chat/chatList';
import { ChatsPage } from '../../features/chat/ChatsPage';
import { useChat } from '../../shared/counters/chatStore';
import { useSession } from '../../shared/session/sessionStore';
import { i18n } from '../../shared/i18n/i18n';
import { stubFetch } from '../../test/fetchStub';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { seedStores, setupTestI18n } from '../../test/render';
import { ChatLayout } from './ChatLayout';

// No live socket in these tests.
vi.mock('../../shared/realtime/socket', () => ({
  live: { on: () => () => undefined, onConnect: () => () => undefined, typing: () => undefined, start() {}, stop() {} },
}));

const chat = (id: number, name: string) => ({
  conversation: { id },
  profile: { id: id + 100, name, gender: 'female', age: 31, country: 'NL', region: null, city: null, is_fictional: false, main_image: null },
  num_unread_messages: 0,
  last_message: null,
});

/** A window of this width: the media queries answer as a browser's would. */
function windowWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: Number(/min-width: (\d+)px/.exec(query)?.[1] ?? Infinity) <= width,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <ChatLayout />,
        children: [
          { path: '/chats', element: <ChatsPage /> },
          { path: '/chats/:id', element: <p data-testid="thread">the conversation</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['chat', 'discovery', 'gifts']);
});
beforeEach(() => {
  seedStores({ settings: settingsFixture() });
  useSession.setState({ user: userFixture() });
  stubFetch((url: string) =>
    url.startsWith('/api/chats')
      ? new Response(JSON.stringify({ chats: [chat(1, 'Anna'), chat(2, 'Bea')] }), { headers: { 'Content-Type': 'application/json' } })
      : new Response(JSON.stringify({ error: 'not_found', params: {} }), { status: 404, headers: { 'Content-Type': 'application/json' } }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
  useChat.getState().reset();
  useChatsStatus.setState({ loaded: false, error: null, deleteError: null });
});

describe('chat layout on desktops (992 px and up)', () => {
  it('shows the list beside the open conversation, under the top navigation', async () => {
    windowWidth(1280);
    renderAt('/chats/2');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    const pane = await screen.findByTestId('chat-list-pane');
    expect(within(pane).getByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    const open = await within(pane).findByRole('link', { name: 'Open the conversation with Bea' });
    expect(open).toHaveAttribute('aria-current', 'page');
    expect(within(pane).getByRole('link', { name: 'Open the conversation with Anna' })).not.toHaveAttribute('aria-current');
    expect(screen.getByTestId('thread')).toBeInTheDocument();
  });

  it('asks to pick a conversation while none is open', async () => {
    windowWidth(992);
    renderAt('/chats');
    expect(await screen.findByTestId('chat-pick')).toHaveTextContent('Pick a conversation');
    expect(await screen.findByRole('link', { name: 'Open the conversation with Anna' })).toBeInTheDocument();
    // The list is the pane; the page does not show it a second time.
    expect(screen.queryByTestId('chats-page')).toBeNull();
  });
});

describe('chat layout on phones', () => {
  it('gives a conversation the whole screen: no navigation, no list', async () => {
    windowWidth(375);
    renderAt('/chats/2');
    expect(await screen.findByTestId('thread')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(screen.queryByTestId('chat-list-pane')).toBeNull();
    expect(screen.queryByTestId('tab-bar')).toBeNull();
  });

  it('shows the list as a members screen, with the navigation and the tab bar', async () => {
    windowWidth(375);
    renderAt('/chats');
    expect(await screen.findByTestId('chats-page')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Open the conversation with Anna' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(await screen.findByTestId('tab-bar')).toBeInTheDocument();
    expect(screen.queryByTestId('chat-list-pane')).toBeNull();
  });
});
