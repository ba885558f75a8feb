/**
 * Issue 29.5 and 29.7 in the conversation: the fictional notice in the header and above
 * the field, openers chosen for the member (none proposing to meet a fictional profile),
 * the footer's terms in plain words, the "Say hi" card that leads to the field, and the
 * read-receipt offer once instead of under every conversation.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { stubFetch } from '../../test/fetchStub';
import { seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import type { ChatMessage, SendTerms } from './chatApi';
import { ConversationPage } from './ConversationPage';
import { RECEIPTS_OFFER_KEY, offerHere } from './receiptsOffer';

vi.mock('../../shared/realtime/socket', () => ({
  live: { on: () => () => undefined, onConnect: () => () => undefined, typing: vi.fn(), start() {}, stop() {} },
}));

const ME = 7;
const ANNA = { id: 5, name: 'Anna', age: 29, is_fictional: false, main_image: null };
const MAYA = { id: 6, name: 'Maya', age: 27, is_fictional: true, main_image: null };
const FREE: SendTerms = { cost: 0, free: true, free_messages_left: 2, free_conversations_left: 1, free_conversations: 2, conversations_left_today: null };
const PAID: SendTerms = { cost: 12, free: false, free_messages_left: 0, free_conversations_left: 1, free_conversations: 2, conversations_left_today: null };
const WARNING = 'Marked profiles are run by our team; you cannot meet them.';

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let nextId = 300;
const message = (sender: number, text: string, conversation: number): ChatMessage => ({
  id: nextId++,
  conversation_id: conversation,
  sender_id: sender,
  text,
  created_at: new Date().toISOString(),
});

let icebreakers: string[];
let refusal: string | null;
let histories: Record<number, ChatMessage[]>;
let fetchMock: ReturnType<typeof vi.fn>;
const asked = (path: string) =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://amora.test')).filter((url) => url.pathname === path);

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['chat', 'discovery', 'gifts']);
});
beforeEach(() => {
  seedStores({ settings: settingsFixture({ fictional_warning: WARNING, fictional_singular: 'fictional profile' }) });
  useSession.setState({ user: userFixture({ id: ME, credits: 35, paid_user: false }) });
  icebreakers = ['Hi {name}! How is your week?'];
  refusal = null;
  histories = { 12: [message(5, 'Hi!', 12), message(ME, 'Hello Anna', 12)], 13: [message(8, 'Hey', 13), message(ME, 'Hi Tom', 13)] };
  fetchMock = vi.fn((input: string) => {
    const url = new URL(input, 'http://amora.test');
    const chat = /^\/api\/members\/(\d+)\/chat$/.exec(url.pathname);
    if (chat) {
      const profile = Number(chat[1]) === MAYA.id ? MAYA : ANNA;
      return Promise.resolve(json(200, { conversation: null, profile, terms: FREE, refusal }));
    }
    const history = /^\/api\/chats\/(\d+)\/messages$/.exec(url.pathname);
    if (history) {
      const id = Number(history[1]);
      const profile = id === 13 ? { ...ANNA, id: 8, name: 'Tom' } : ANNA;
      return Promise.resolve(json(200, { conversation: { id }, profile, messages: histories[id] ?? [], has_more: false, terms: PAID, refusal: null }));
    }
    if (/^\/api\/chats\/\d+\/read$/.test(url.pathname)) return Promise.resolve(new Response(null, { status: 204 }));
    if (url.pathname === '/api/icebreakers') return Promise.resolve(json(200, { icebreakers }));
    return Promise.resolve(json(404, { error: 'not_found', params: {} }));
  });
  stubFetch(fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/chats/:id', element: <ConversationPage /> },
      { path: '/members/:id/chat', element: <ConversationPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('a conversation with a fictional profile', () => {
  it('says so in the header and right above the field', async () => {
    renderAt('/members/6/chat');
    const header = (await screen.findByTestId('chat-name')).closest('header')!;
    expect(within(header).getByTestId('fictional-label')).toHaveTextContent('fictional profile');
    const notice = screen.getByTestId('chat-fictional-notice');
    expect(notice).toHaveTextContent(WARNING);
    expect(notice.closest('footer')).not.toBeNull();
    // Above the field, where each message is paid for.
    expect(notice.compareDocumentPosition(screen.getByTestId('chat-composer')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('keeps the notice when no message can be sent (the refusal takes the field\'s place)', async () => {
    refusal = 'not_enough_credits';
    renderAt('/members/6/chat');
    await screen.findByTestId('chat-refusal');
    expect(screen.getByTestId('chat-fictional-notice')).toHaveTextContent(WARNING);
  });

  it('asks for openers for this member, in the screen\'s language', async () => {
    renderAt('/members/6/chat');
    await screen.findAllByTestId('chat-icebreaker');
    const query = asked('/api/icebreakers')[0]!.searchParams;
    expect(query.get('member')).toBe('6');
    expect(query.get('language')).toBe('en');
  });

  it('shows no notice for a real member', async () => {
    renderAt('/members/5/chat');
    await screen.findByTestId('chat-name');
    expect(screen.queryByTestId('chat-fictional-notice')).toBeNull();
    expect(screen.queryByTestId('fictional-label')).toBeNull();
  });
});

describe('the footer and the start card', () => {
  it('says in plain words what the next message costs and what is left', async () => {
    renderAt('/members/5/chat');
    expect(await screen.findByTestId('chat-terms')).toHaveTextContent('This message is free · free messages left: 2 · Conversations you can still start: 1');
  });

  it('takes the member to the field when there are no lines to pick', async () => {
    icebreakers = [];
    renderAt('/members/5/chat');
    const write = await screen.findByTestId('chat-start-write');
    expect(write).toHaveTextContent('Write to Anna');
    fireEvent.click(write);
    expect(screen.getByTestId('chat-input')).toHaveFocus();
  });
});

describe('the read-receipt offer', () => {
  it('goes to one place only: the first conversation waiting for a reply', () => {
    expect(offerHere(null, 12, true)).toBe(true);
    expect(offerHere('12', 12, true)).toBe(true);
    expect(offerHere('12', 13, true)).toBe(false);
    expect(offerHere('dismissed', 12, true)).toBe(false);
    expect(offerHere(null, 12, false)).toBe(false);
    expect(offerHere(null, null, true)).toBe(false);
  });

  it('shows under one conversation, not under every one, and goes for good when dismissed', async () => {
    const router = renderAt('/chats/12');
    expect(await screen.findByTestId('chat-seen-premium')).toHaveAttribute('href', '/premium');
    await waitFor(() => expect(localStorage.getItem(`${RECEIPTS_OFFER_KEY}.${ME}`)).toBe('12'));
    // Another conversation, also waiting for a reply: no offer there.
    await act(() => router.navigate('/chats/13'));
    await waitFor(() => expect(screen.getByTestId('chat-name')).toHaveTextContent('Tom'));
    expect(screen.queryByTestId('chat-seen-premium')).toBeNull();
    // Back in the first it is still there, until dismissed.
    await act(() => router.navigate('/chats/12'));
    await waitFor(() => expect(screen.getByTestId('chat-name')).toHaveTextContent('Anna'));
    fireEvent.click(await screen.findByTestId('chat-seen-dismiss'));
    expect(screen.queryByTestId('chat-seen-premium')).toBeNull();
    expect(localStorage.getItem(`${RECEIPTS_OFFER_KEY}.${ME}`)).toBe('dismissed');
  });

  it('is not shown while the other has the last word', async () => {
    histories[12] = [message(ME, 'Hello Anna', 12), message(5, 'Hi!', 12)];
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    expect(screen.queryByTestId('chat-seen-premium')).toBeNull();
  });
});
