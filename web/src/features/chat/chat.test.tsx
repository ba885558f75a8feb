import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import type { LiveEvent } from '../../shared/realtime/socket';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { drag } from '../../test/pointer';
import { seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import type { ChatMessage, ChatSummary, SendTerms } from './chatApi';
import { useChatsStatus } from './chatList';
import { ChatsPage } from './ChatsPage';
import { useChat } from '../../shared/counters/chatStore';
import { ConversationPage } from './ConversationPage';
import { TYPING_SHOW_MS } from './conversationLive';
import { mergeMessages } from './conversationState';
import { stubFetch } from '../../test/fetchStub';

// The live socket, played by the test.
const bus = vi.hoisted(() => ({
  listeners: new Map<string, Set<(event: never) => void>>(),
  connects: new Set<() => void>(),
  typing: vi.fn(),
}));
vi.mock('../../shared/realtime/socket', () => ({
  live: {
    on(type: string, listener: (event: never) => void) {
      const set = bus.listeners.get(type) ?? new Set();
      set.add(listener);
      bus.listeners.set(type, set);
      return () => set.delete(listener);
    },
    onConnect(listener: () => void) {
      bus.connects.add(listener);
      return () => bus.connects.delete(listener);
    },
    typing: bus.typing,
    start() {},
    stop() {},
  },
}));
const emit = (event: LiveEvent) =>
  act(() => {
    for (const listener of bus.listeners.get(event.type) ?? []) listener(event as never);
  });

const ME = 7;
const ANNA = { id: 5, name: 'Anna', age: 29, is_fictional: false, main_image: null };
const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const error = (status: number, code: string, params: Record<string, unknown> = {}) => json(status, { error: code, params });

let nextId = 100;
const message = (sender: number, text: string, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: nextId++,
  conversation_id: 12,
  sender_id: sender,
  text,
  created_at: new Date().toISOString(),
  ...overrides,
});
const paidTerms: SendTerms = { cost: 10, free: false, free_messages_left: null, free_conversations_left: null, free_conversations: null, conversations_left_today: null };

function summary(id: number, name: string, unread: number, last: ChatMessage | null): ChatSummary {
  return {
    conversation: { id },
    profile: { id: id + 100, name, gender: 'female', age: 31, country: 'NL', region: null, city: null, is_fictional: false, main_image: null },
    num_unread_messages: unread,
    last_message: last,
  };
}

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;
let handle: Handler;
let fetchMock: ReturnType<typeof vi.fn>;
const calls = (path: string, method = 'GET') =>
  fetchMock.mock.calls.filter(([url, init]) => new URL(String(url), 'http://amora.test').pathname === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method);
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>;

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['chat', 'discovery', 'gifts']);
});
beforeEach(() => {
  seedStores({ settings: settingsFixture({ message_length: 50 }) });
  useSession.setState({ user: userFixture({ id: ME, credits: 35 }) });
  bus.listeners.clear();
  bus.connects.clear();
  bus.typing.mockClear();
  handle = () => error(404, 'not_found');
  fetchMock = vi.fn((url: string, init: RequestInit = {}) => Promise.resolve(handle(new URL(url, 'http://amora.test'), init)));
  stubFetch(fetchMock);
  // Layout for the message list: taller than its window, so it scrolls.
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(1000);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
});
afterEach(() => {
  cleanup(); // before the session goes: a screen still open would react to the logout
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useSession.getState().clear();
  useChatsStatus.setState({ loaded: false, error: null, deleteError: null });
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/chats', element: <ChatsPage /> },
      { path: '/chats/:id', element: <ConversationPage /> },
      { path: '/members/:id/chat', element: <ConversationPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('messages merge', () => {
  it('keeps stored messages in id order without doubles, unsent ones last', () => {
    const pending = { ...message(ME, 'on its way'), id: 0, key: 'k1', status: 'pending' as const };
    const a = message(5, 'a');
    const b = message(ME, 'b');
    const merged = mergeMessages([{ ...b, key: `m${b.id}`, status: 'sent' }, pending], [a, b]);
    expect(merged.map((m) => m.text)).toEqual(['a', 'b', 'on its way']);
  });
});

describe('chats page', () => {
  const first = message(5, 'See you tomorrow!', { conversation_id: 1 });
  const second = message(ME, 'Sounds good', { conversation_id: 2 });
  let list: ChatSummary[];
  beforeEach(() => {
    list = [summary(1, 'Anna', 2, first), summary(2, 'Bea', 0, second)];
    handle = (url) => (url.pathname === '/api/chats' ? json(200, { chats: list }) : error(404, 'not_found'));
  });

  it('lists the conversations with preview, unread badge and a link to each', async () => {
    renderAt('/chats');
    expect(screen.getByTestId('chats-loading')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('chat-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('See you tomorrow!')).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('chat-unread')).toHaveTextContent('2');
    expect(rows[0]).toHaveClass('is-unread');
    expect(within(rows[1]!).getByTestId('chat-preview')).toHaveTextContent('You: Sounds good');
    expect(within(rows[1]!).queryByTestId('chat-unread')).toBeNull();
    expect(within(rows[0]!).getByRole('link', { name: 'Open the conversation with Anna' })).toHaveAttribute('href', '/chats/1');
    expect(useChat.getState().totalUnread).toBe(2);
  });

  it('marks who is online, and says nothing where the server does not tell (quiet mode)', async () => {
    list = [{ ...summary(1, 'Anna', 0, first), online: true }, { ...summary(2, 'Bea', 0, second), online: null }];
    renderAt('/chats');
    const rows = await screen.findAllByTestId('chat-row');
    expect(within(rows[0]!).getByTestId('online-badge')).toHaveTextContent('Online now');
    expect(within(rows[1]!).queryByTestId('online-badge')).toBeNull();
  });

  it('shows an empty state that leads to the member search', async () => {
    list = [];
    renderAt('/chats');
    expect(await screen.findByTestId('chats-empty')).toHaveTextContent('No conversations yet');
  });

  it('removes a chat at once, then deletes it on the server', async () => {
    let answer: (response: Response) => void = () => undefined;
    const base = handle;
    handle = (url, init) => {
      if (url.pathname === '/api/chat' && init.method === 'DELETE') return new Promise<Response>((resolve) => (answer = resolve));
      return base(url, init);
    };
    renderAt('/chats');
    const row = (await screen.findAllByTestId('chat-row'))[0]!;
    fireEvent.click(within(row).getByTestId('chat-delete'));
    fireEvent.click(await screen.findByTestId('chat-delete-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('chat-row')).toHaveLength(1));
    expect(bodyOf(calls('/api/chat', 'DELETE')[0]!)).toEqual({ conversation: 1 });
    list = [list[1]!];
    answer(new Response(null, { status: 204 }));
    await waitFor(() => expect(calls('/api/chats')).toHaveLength(2));
    expect(screen.getAllByTestId('chat-row')).toHaveLength(1);
    expect(screen.queryByTestId('chat-delete-error')).toBeNull();
  });

  it('asks with a swipe to the left too, and snaps a short swipe back', async () => {
    renderAt('/chats');
    const row = (await screen.findAllByTestId('chat-row'))[1]!;
    const front = row.querySelector('.chat-row__front')!;
    const swipe = (dx: number) => drag(front, { from: { x: 300, y: 20 }, dx, dy: 2, ms: 300 });
    swipe(-40);
    expect(screen.queryByTestId('chat-delete-confirm')).toBeNull();
    swipe(-120);
    expect(await screen.findByTestId('chat-delete-confirm')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent('The conversation with Bea disappears');
  });

  it('brings the chat back with an alert when the server refuses the deletion', async () => {
    const base = handle;
    handle = (url, init) => (url.pathname === '/api/chat' ? error(404, 'conversation_not_found') : base(url, init));
    renderAt('/chats');
    const row = (await screen.findAllByTestId('chat-row'))[0]!;
    fireEvent.click(within(row).getByTestId('chat-delete'));
    fireEvent.click(await screen.findByTestId('chat-delete-confirm'));
    const alert = await screen.findByTestId('chat-delete-error');
    expect(alert).toHaveTextContent('The conversation could not be deleted. This conversation no longer exists.');
    await waitFor(() => expect(screen.getAllByTestId('chat-row')).toHaveLength(2));
    expect(calls('/api/chats')).toHaveLength(2);
  });
});

describe('conversation', () => {
  let history: ChatMessage[];
  let terms: SendTerms;
  let refusal: string | null;
  let hasMore: boolean;
  let send: Handler;
  beforeEach(() => {
    history = [message(5, 'Hi there!'), message(ME, 'Hello Anna')];
    terms = paidTerms;
    refusal = null;
    hasMore = false;
    useChat.getState().setChats([summary(12, 'Anna', 3, history[0]!)]);
    send = (_url, init) => {
      const body = JSON.parse(String(init.body)) as { text: string };
      return json(201, { message: message(ME, body.text), credits: 25, terms, refusal: null });
    };
    handle = (url, init) => {
      if (url.pathname === '/api/chats/12/messages') {
        const before = url.searchParams.get('before');
        if (before) return json(200, { conversation: { id: 12 }, profile: ANNA, messages: [message(5, 'An old one', { id: 1 })], has_more: false, terms, refusal });
        return json(200, { conversation: { id: 12 }, profile: ANNA, messages: history, has_more: hasMore, terms, refusal });
      }
      if (url.pathname === '/api/chats/12/read') return new Response(null, { status: 204 });
      if (url.pathname === '/api/members/5/messages') return send(url, init);
      if (url.pathname === '/api/icebreakers') return json(200, { icebreakers: ['Hi {name}! Coffee or wine?', 'Hey {name}, how is your week?'] });
      return error(404, 'not_found');
    };
  });

  const typeAndSend = (text: string) => {
    const input = screen.getByTestId('chat-input');
    fireEvent.change(input, { target: { value: text } });
    fireEvent.keyDown(input, { key: 'Enter' });
  };

  it('shows the history, reads it and zeroes its unread count', async () => {
    renderAt('/chats/12');
    const bubbles = await screen.findAllByTestId('chat-message');
    expect(bubbles.map((b) => b.getAttribute('data-mine'))).toEqual(['false', 'true']);
    expect(screen.getByTestId('chat-name')).toHaveTextContent('Anna, 29');
    expect(screen.getByText('Today')).toBeInTheDocument();
    await waitFor(() => expect(calls('/api/chats/12/read', 'POST')).toHaveLength(1));
    expect(useChat.getState().totalUnread).toBe(0);
    expect(screen.getByTestId('chat-terms')).toHaveTextContent('This message costs 10 credits · you have 35');
  });

  it('offers to report the member in the header menu', async () => {
    renderAt('/chats/12');
    await screen.findByTestId('chat-name');
    fireEvent.click(screen.getByTestId('chat-menu'));
    const report = await screen.findByTestId('chat-menu-report');
    // From a conversation, the report can take its messages along (issue 21.4).
    expect(report).toHaveAttribute('href', `/complaints?member=${ANNA.id}&conversation=12`);
    expect(report).toHaveTextContent('Report Anna');
  });

  it('sends at once with a pending bubble, then shows it sent with the new balance', async () => {
    let answer: (response: Response) => void = () => undefined;
    send = () => new Promise<Response>((resolve) => (answer = resolve));
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    typeAndSend('  Shall we meet?  ');
    const pending = screen.getAllByTestId('chat-message').at(-1)!;
    expect(pending).toHaveAttribute('data-status', 'pending');
    expect(pending).toHaveTextContent('Shall we meet?');
    expect(screen.getByTestId('chat-input')).toHaveValue('');
    await waitFor(() => expect(calls('/api/members/5/messages', 'POST')).toHaveLength(1));
    const body = bodyOf(calls('/api/members/5/messages', 'POST')[0]!);
    expect(body.text).toBe('Shall we meet?');
    expect(String(body.key)).toMatch(/^[\w-]{8,64}$/);
    await act(async () => answer(json(201, { message: message(ME, 'Shall we meet?'), credits: 25, terms, refusal: null })));
    await waitFor(() => expect(screen.getAllByTestId('chat-message').at(-1)).toHaveAttribute('data-status', 'sent'));
    expect(useSession.getState().user?.credits).toBe(25);
    expect(screen.getByTestId('chat-terms')).toHaveTextContent('you have 25');
  });

  it('keeps a failed message with its error and retries it with the same key', async () => {
    send = () => error(429, 'too_many_requests');
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    vi.useFakeTimers();
    typeAndSend('Are you there?');
    // The client retries a 429 once for a message (the key makes that safe).
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    vi.useRealTimers();
    const failed = await screen.findByTestId('chat-message-failed');
    expect(failed).toHaveTextContent('Not sent. Too many attempts.');
    const keys = calls('/api/members/5/messages', 'POST').map((call) => bodyOf(call).key);
    send = (_url, init) => json(201, { message: message(ME, String(bodyOf([null, init]).text)), credits: 25, terms, refusal: null });
    fireEvent.click(within(failed.parentElement!).getByTestId('chat-retry'));
    await waitFor(() => expect(screen.getAllByTestId('chat-message').at(-1)).toHaveAttribute('data-status', 'sent'));
    const retried = calls('/api/members/5/messages', 'POST').at(-1)!;
    expect(bodyOf(retried).key).toBe(keys[0]);
    expect(screen.queryByTestId('chat-message-failed')).toBeNull();
  });

  it('explains a refusal up front and offers to buy credits', async () => {
    refusal = 'not_enough_credits';
    useSession.setState({ user: userFixture({ id: ME, credits: 4 }) });
    renderAt('/chats/12');
    const card = await screen.findByTestId('chat-refusal');
    expect(card).toHaveTextContent("You're out of credits");
    expect(card).toHaveTextContent('A message costs 10 credits and you have 4.');
    expect(within(card).getByTestId('buy-credits')).toHaveAttribute('href', '/credits');
    expect(screen.queryByTestId('chat-input')).toBeNull();
  });

  it('shows the refusal the server gives with a sent message for the next one', async () => {
    send = (_url, init) => json(201, { message: message(ME, String(bodyOf([null, init]).text)), credits: 4, terms, refusal: 'not_enough_credits' });
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    typeAndSend('The last one');
    const card = await screen.findByTestId('chat-refusal');
    expect(card).toHaveAttribute('data-code', 'not_enough_credits');
    expect(card).toHaveTextContent('A message costs 10 credits and you have 4.');
    expect(screen.getAllByTestId('chat-message').at(-1)).toHaveAttribute('data-status', 'sent');
  });

  it('names the free conversations the server allows', async () => {
    refusal = 'free_conversations_used';
    terms = { cost: 0, free: true, free_messages_left: 3, free_conversations_left: 0, free_conversations: 3, conversations_left_today: null };
    renderAt('/chats/12');
    const card = await screen.findByTestId('chat-refusal');
    expect(card).toHaveTextContent('Free members can start 3 conversations.');
  });

  it('turns a refused send into the refusal card', async () => {
    send = () => error(402, 'not_enough_credits', { balance: 4, needed: 10 });
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    typeAndSend('One more?');
    const card = await screen.findByTestId('chat-refusal');
    expect(card).toHaveAttribute('data-code', 'not_enough_credits');
    expect(screen.getByTestId('chat-message-failed')).toBeInTheDocument();
  });

  it('asks to confirm the e-mail address and sends the activation mail again', async () => {
    refusal = 'email_not_confirmed';
    const base = handle;
    handle = (url, init) => (url.pathname === '/api/activation/resend' ? new Response(null, { status: 204 }) : base(url, init));
    renderAt('/chats/12');
    const card = await screen.findByTestId('chat-refusal');
    expect(card).toHaveTextContent('Confirm your e-mail address to send or reply.');
    fireEvent.click(within(card).getByTestId('chat-resend-activation'));
    expect(await within(card).findByRole('status')).toHaveTextContent('We sent the activation e-mail to sam@example.test again.');
  });

  it('tells a free member that read receipts are premium', async () => {
    useSession.setState({ user: userFixture({ id: ME, credits: 35, paid_user: false }) });
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    emit({ type: 'read', conversation: 12 });
    expect(screen.queryByTestId('chat-seen')).toBeNull();
    expect(screen.getByTestId('chat-seen-premium')).toHaveAttribute('href', '/premium');
  });

  it('offers no read receipts to a member who hides their own (quiet mode)', async () => {
    useSession.setState({ user: userFixture({ id: ME, credits: 35, paid_user: false, share_read_receipts: false }) });
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    expect(screen.queryByTestId('chat-seen-premium')).toBeNull();
    expect(screen.queryByTestId('chat-seen')).toBeNull();
  });

  it('shows live messages, "seen" and "is typing" for this conversation only', async () => {
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    await waitFor(() => expect(calls('/api/chats/12/read', 'POST')).toHaveLength(1));

    emit({ type: 'typing', conversation: 99, member: 8 });
    expect(screen.queryByTestId('chat-typing')).toBeNull();
    vi.useFakeTimers();
    emit({ type: 'typing', conversation: 12, member: 5 });
    expect(screen.getByTestId('chat-typing')).toHaveTextContent('Anna is typing…');
    await act(() => vi.advanceTimersByTimeAsync(TYPING_SHOW_MS + 10));
    expect(screen.queryByTestId('chat-typing')).toBeNull();
    vi.useRealTimers();

    emit({ type: 'read', conversation: 12 });
    expect(screen.getByTestId('chat-seen')).toHaveTextContent('Seen');

    emit({ type: 'message', message: message(5, 'Coffee tomorrow?') });
    expect(screen.getAllByTestId('chat-message').at(-1)).toHaveTextContent('Coffee tomorrow?');
    expect(screen.queryByTestId('chat-seen')).toBeNull();
    // Read while open and visible.
    await waitFor(() => expect(calls('/api/chats/12/read', 'POST')).toHaveLength(2));
  });

  it('tells the other member about typing at most every 3 s', async () => {
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    const input = screen.getByTestId('chat-input');
    // The clock stands still between the keystrokes, however slow the machine.
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    fireEvent.change(input, { target: { value: 'H' } });
    clock.mockReturnValue(now + 2_999);
    fireEvent.change(input, { target: { value: 'He' } });
    expect(bus.typing).toHaveBeenCalledTimes(1);
    expect(bus.typing).toHaveBeenCalledWith(12);
    clock.mockReturnValue(now + 3_001);
    fireEvent.change(input, { target: { value: 'Hey' } });
    expect(bus.typing).toHaveBeenCalledTimes(2);
  });

  it('shows a counter near the length limit and Shift+Enter does not send', async () => {
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    const input = screen.getByTestId('chat-input');
    expect(input).toHaveAttribute('maxLength', '50');
    fireEvent.change(input, { target: { value: 'x'.repeat(39) } });
    expect(screen.queryByTestId('chat-counter')).toBeNull();
    fireEvent.change(input, { target: { value: 'x'.repeat(45) } });
    expect(screen.getByTestId('chat-counter')).toHaveTextContent('Characters left: 5');
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(calls('/api/members/5/messages', 'POST')).toHaveLength(0);
  });

  it('loads older messages when scrolled to the top', async () => {
    hasMore = true;
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    const scroller = screen.getByTestId('chat-scroller');
    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(screen.getAllByTestId('chat-message')[0]).toHaveTextContent('An old one'));
    expect(calls('/api/chats/12/messages').at(-1)![0]).toContain(`before=${history[0]!.id}`);
  });

  it('says when the conversation does not exist (any more)', async () => {
    handle = () => error(404, 'conversation_not_found');
    renderAt('/chats/77');
    expect(await screen.findByTestId('chat-notice')).toHaveTextContent('This conversation is not available');
  });
});

describe('conversation opened from a profile', () => {
  let conversation: number | null;
  beforeEach(() => {
    conversation = null;
    handle = (url, init) => {
      if (url.pathname === '/api/members/5/chat') {
        const terms: SendTerms = { cost: 0, free: true, free_messages_left: 2, free_conversations_left: 1, free_conversations: 2, conversations_left_today: null };
        return json(200, { conversation, profile: ANNA, terms, refusal: null });
      }
      if (url.pathname === '/api/icebreakers') return json(200, { icebreakers: ['Hi {name}! Coffee or wine?', 'Hey {name}, how is your week?'] });
      if (url.pathname === '/api/members/5/messages') {
        const text = String(bodyOf([null, init]).text);
        const terms: SendTerms = { cost: 0, free: true, free_messages_left: 1, free_conversations_left: 0, free_conversations: 2, conversations_left_today: null };
        return json(201, { message: message(ME, text, { conversation_id: 40 }), credits: 35, terms, refusal: null });
      }
      if (url.pathname === '/api/chats/40/messages') {
        return json(200, { conversation: { id: 40 }, profile: ANNA, messages: [], has_more: false, terms: paidTerms, refusal: null });
      }
      if (url.pathname === '/api/chats/40/read') return new Response(null, { status: 204 });
      return error(404, 'not_found');
    };
  });

  it('offers icebreakers with the name filled in; one fills the field', async () => {
    renderAt('/members/5/chat');
    expect(await screen.findByTestId('chat-start')).toHaveTextContent('Say hi to Anna!');
    const chips = await screen.findAllByTestId('chat-icebreaker');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Hi Anna! Coffee or wine?', 'Hey Anna, how is your week?']);
    expect(screen.getByTestId('chat-terms')).toHaveTextContent('This message is free · free messages left: 2 · Conversations you can still start: 1');
    fireEvent.click(chips[0]!);
    expect(screen.getByTestId('chat-input')).toHaveValue('Hi Anna! Coffee or wine?');
  });

  it('starts the conversation with the first message and moves to its address', async () => {
    const router = renderAt('/members/5/chat');
    await screen.findByTestId('chat-start');
    typeAndSendFirst('Hi Anna!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/40'));
    expect(screen.getAllByTestId('chat-message')).toHaveLength(1);
    expect(screen.getByTestId('chat-message')).toHaveAttribute('data-status', 'sent');
    expect(screen.queryByTestId('chat-start')).toBeNull();
  });

  it('goes straight to an existing conversation', async () => {
    conversation = 40;
    const router = renderAt('/members/5/chat');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/40'));
    await waitFor(() => expect(calls('/api/chats/40/messages')).toHaveLength(1));
  });

  function typeAndSendFirst(text: string) {
    const input = screen.getByTestId('chat-input');
    fireEvent.change(input, { target: { value: text } });
    fireEvent.click(screen.getByTestId('chat-send'));
  }
});

describe('gifts in the conversation', () => {
  const GIFTS = { gifts: [{ key: 'rose', price: 25 }, { key: 'coffee', price: 25 }, { key: 'teddy', price: 50 }], credits: 35 };
  let conversation: number | null;
  let history: ChatMessage[];
  let sentGift: ChatMessage | null;
  let giftRefusal: string | null;
  beforeEach(() => {
    sentGift = null;
    giftRefusal = null;
    conversation = 12;
    history = [message(5, '', { gift: 'rose' }), message(ME, '', { gift: 'teddy' }), message(5, 'Thank you!')];
    handle = (url, init) => {
      if (url.pathname === '/api/chats/12/messages' || url.pathname === '/api/chats/40/messages') {
        const id = Number(url.pathname.split('/')[3]);
        return json(200, { conversation: { id }, profile: ANNA, messages: id === 12 ? history : [], has_more: false, terms: paidTerms, refusal: null });
      }
      if (/^\/api\/chats\/\d+\/read$/.test(url.pathname)) return new Response(null, { status: 204 });
      if (url.pathname === '/api/members/5/chat') return json(200, { conversation, profile: ANNA, terms: paidTerms, refusal: null });
      if (url.pathname === '/api/icebreakers') return json(200, { icebreakers: [] });
      if (url.pathname === '/api/gifts') return json(200, GIFTS);
      if (url.pathname === '/api/members/5/gifts' && init.method === 'POST') {
        const gift = String(bodyOf([null, init]).gift);
        sentGift = message(ME, '', { gift, conversation_id: conversation ?? 40 });
        return json(201, { message: sentGift, credits: 10, terms: paidTerms, refusal: giftRefusal });
      }
      return error(404, 'not_found');
    };
  });

  it('shows a gift as a picture with who sent what', async () => {
    renderAt('/chats/12');
    const bubbles = await screen.findAllByTestId('chat-message');
    expect(bubbles[0]).toHaveAttribute('data-gift', 'rose');
    expect(within(bubbles[0]!).getByTestId('chat-gift')).toHaveTextContent('Anna sent you a rose');
    expect(bubbles[0]!.querySelector('img')).toHaveAttribute('src', '/gifts/rose.svg');
    expect(bubbles[1]).toHaveAttribute('data-mine', 'true');
    expect(within(bubbles[1]!).getByTestId('chat-gift')).toHaveTextContent('You sent a teddy bear');
    expect(bubbles[2]).not.toHaveAttribute('data-gift');
    expect(bubbles[2]).toHaveTextContent('Thank you!');
  });

  it('sends a gift from beside the message field; it joins the list like a message', async () => {
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    fireEvent.click(within(screen.getByTestId('chat-composer')).getByTestId('gift-button'));
    const coffee = (await screen.findAllByTestId('gift-option')).find((o) => o.getAttribute('data-gift') === 'coffee')!;
    fireEvent.click(coffee);
    fireEvent.click(screen.getByTestId('gift-confirm-send'));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(4));
    const last = screen.getAllByTestId('chat-message').at(-1)!;
    expect(last).toHaveAttribute('data-gift', 'coffee');
    expect(last).toHaveAttribute('data-status', 'sent');
    expect(last).toHaveTextContent('You sent a coffee');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useSession.getState().user?.credits).toBe(10);
    // 10 credits left, a message costs 10: still allowed.
    expect(screen.getByTestId('chat-terms')).toHaveTextContent('This message costs 10 credits · you have 10');
    // The socket brings the same message too: no double.
    emit({ type: 'message', message: sentGift! });
    expect(screen.getAllByTestId('chat-message')).toHaveLength(4);
  });

  it('shows the refusal the server gives with a gift for the next message', async () => {
    giftRefusal = 'not_enough_credits';
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    fireEvent.click(within(screen.getByTestId('chat-composer')).getByTestId('gift-button'));
    fireEvent.click((await screen.findAllByTestId('gift-option')).find((o) => o.getAttribute('data-gift') === 'coffee')!);
    fireEvent.click(screen.getByTestId('gift-confirm-send'));
    expect(await screen.findByTestId('chat-refusal')).toHaveAttribute('data-code', 'not_enough_credits');
  });

  it('shows a gift arriving live', async () => {
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    emit({ type: 'message', message: message(5, '', { gift: 'coffee' }) });
    expect(screen.getAllByTestId('chat-message').at(-1)).toHaveTextContent('Anna sent you a coffee');
  });

  it('starts the conversation with a gift when there is none yet', async () => {
    conversation = null;
    const router = renderAt('/members/5/chat');
    await screen.findByTestId('chat-start');
    fireEvent.click(screen.getByTestId('gift-button'));
    fireEvent.click((await screen.findAllByTestId('gift-option'))[0]!);
    fireEvent.click(screen.getByTestId('gift-confirm-send'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/40'));
    expect(await screen.findByTestId('chat-message')).toHaveAttribute('data-gift', 'rose');
  });

  it('previews a gift in the conversation list', async () => {
    const list = [summary(1, 'Anna', 1, message(5, '', { gift: 'rose', conversation_id: 1 })), summary(2, 'Bea', 0, message(ME, '', { gift: 'chocolates', conversation_id: 2 }))];
    handle = (url) => (url.pathname === '/api/chats' ? json(200, { chats: list }) : error(404, 'not_found'));
    renderAt('/chats');
    const rows = await screen.findAllByTestId('chat-row');
    expect(within(rows[0]!).getByTestId('chat-preview')).toHaveTextContent('🎁 Gift: Rose');
    expect(within(rows[1]!).getByTestId('chat-preview')).toHaveTextContent('You: 🎁 Gift: Chocolates');
  });
});

describe('a message removed by the moderators', () => {
  let history: ChatMessage[];
  beforeEach(() => {
    history = [message(5, 'Send me money', { id: 301 }), message(ME, '', { id: 302, removed: true }), message(5, 'How are you?', { id: 303 })];
    handle = (url) => {
      if (url.pathname === '/api/chats/12/messages') return json(200, { conversation: { id: 12 }, profile: ANNA, messages: history, has_more: false, terms: paidTerms, refusal: null });
      if (/^\/api\/chats\/\d+\/read$/.test(url.pathname)) return new Response(null, { status: 204 });
      if (url.pathname === '/api/icebreakers') return json(200, { icebreakers: [] });
      return error(404, 'not_found');
    };
  });

  it('replaces the copy on screen when it comes again removed', () => {
    const shownBefore = mergeMessages([], history);
    const merged = mergeMessages(shownBefore, [{ ...history[0]!, text: '', removed: true }]);
    expect(merged.map((m) => [m.id, m.text, m.removed ?? false, m.key])).toEqual([
      [301, '', true, 'm301'],
      [302, '', true, 'm302'],
      [303, 'How are you?', false, 'm303'],
    ]);
  });

  it('says so where the text was; the sender is shown the way to why', async () => {
    renderAt('/chats/12');
    const bubbles = await screen.findAllByTestId('chat-message');
    expect(bubbles[0]).toHaveTextContent('Send me money');
    expect(within(bubbles[1]!).getByTestId('chat-message-removed')).toHaveTextContent('Message removed by the moderators');
    expect(within(bubbles[1]!).getByTestId('chat-message-removed-why')).toHaveAttribute('href', '/decisions');
    // Removed live, while the recipient reads: the text goes at once, without a way to a decision that is not theirs.
    emit({ type: 'message', message: { ...history[0]!, text: '', removed: true } });
    const now = screen.getAllByTestId('chat-message');
    expect(now).toHaveLength(3);
    expect(now[0]).not.toHaveTextContent('Send me money');
    expect(within(now[0]!).getByTestId('chat-message-removed')).toHaveTextContent('Message removed by the moderators');
    expect(within(now[0]!).queryByTestId('chat-message-removed-why')).toBeNull();
  });

  it('previews it as removed in the conversation list, in the member language', async () => {
    const list = [summary(1, 'Anna', 0, message(5, '', { conversation_id: 1, removed: true }))];
    handle = (url) => (url.pathname === '/api/chats' ? json(200, { chats: list }) : error(404, 'not_found'));
    await i18n.changeLanguage('de');
    try {
      renderAt('/chats');
      const [row] = await screen.findAllByTestId('chat-row');
      expect(within(row!).getByTestId('chat-preview')).toHaveTextContent('Nachricht von den Moderatoren entfernt');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
