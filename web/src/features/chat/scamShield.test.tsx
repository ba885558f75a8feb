/**
 * The scam shield in the chat (issue 31.2): the nudge on a flagged message, sending it
 * anyway, the recipient's warning with its one-tap report, a held message, and the new
 * conversations left today.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/errors';
import { i18n } from '../../shared/i18n/i18n';
import { stubFetch } from '../../test/fetchStub';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import type { ChatMessage, SendTerms } from './chatApi';
import { useChatsStatus } from './chatList';
import { TermsHint } from './Composer';
import { ConversationPage } from './ConversationPage';
import { flaggedOf, groupsOf, pieces } from './shield';

vi.mock('../../shared/realtime/socket', () => ({
  live: { on: () => () => undefined, onConnect: () => () => undefined, typing: () => undefined, start() {}, stop() {} },
}));

const ME = 7;
const ANNA = { id: 5, name: 'Anna', age: 29, is_fictional: false, main_image: null };
const TEXT = 'Add me on WhatsApp 0612345678, or send 300 € by Western Union 😊';
// The spans in UTF-16 code units, as the server gives them.
const SPANS = [
  { start: 10, end: 29, reason: 'messenger' },
  { start: 34, end: 42, reason: 'money_request' },
  { start: 48, end: 61, reason: 'transfer_service' },
];
const REASONS = ['messenger', 'money_request', 'transfer_service'];
const paidTerms: SendTerms = { cost: 10, free: false, free_messages_left: null, free_conversations_left: null, free_conversations: null, conversations_left_today: null };

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const error = (status: number, code: string, params: Record<string, unknown> = {}) => json(status, { error: code, params });

let nextId = 500;
const message = (sender: number, text: string, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: nextId++,
  conversation_id: 12,
  sender_id: sender,
  text,
  created_at: new Date().toISOString(),
  flags: [],
  held: false,
  ...overrides,
});

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;
let handle: Handler;
let fetchMock: ReturnType<typeof vi.fn>;
const calls = (path: string, method = 'GET') =>
  fetchMock.mock.calls.filter(([url, init]) => new URL(String(url), 'http://amora.test').pathname === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method);
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>;

let history: ChatMessage[];
let terms: SendTerms;
let refusal: string | null;
let send: Handler;
let report: Handler;

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['chat', 'discovery', 'gifts']);
});
beforeEach(() => {
  seedStores({ settings: settingsFixture({ message_length: 500 }) });
  useSession.setState({ user: userFixture({ id: ME, credits: 35 }) });
  history = [message(5, 'Hi there!'), message(ME, 'Hello Anna')];
  terms = paidTerms;
  refusal = null;
  send = (_url, init) => {
    const body = JSON.parse(String(init.body)) as { text: string; confirmed?: boolean };
    if (!body.confirmed) return error(409, 'message_flagged', { text: body.text, reasons: REASONS, spans: SPANS });
    return json(201, { message: message(ME, body.text, { flags: REASONS }), credits: 25, terms, refusal: null });
  };
  report = () => json(201, { id: 1, status: 'open' });
  handle = (url, init) => {
    if (url.pathname === '/api/chats/12/messages') return json(200, { conversation: { id: 12 }, profile: ANNA, messages: history, has_more: false, terms, refusal });
    if (url.pathname === '/api/chats/12/read') return new Response(null, { status: 204 });
    if (url.pathname === '/api/members/5/messages') return send(url, init);
    if (/^\/api\/messages\/\d+\/report$/.test(url.pathname)) return report(url, init);
    if (url.pathname === '/api/icebreakers') return json(200, { icebreakers: [] });
    if (url.pathname === '/api/members/5/chat') return json(200, { conversation: null, profile: ANNA, terms, refusal });
    return error(404, 'not_found');
  };
  fetchMock = vi.fn((url: string, init: RequestInit = {}) => Promise.resolve(handle(new URL(url, 'http://amora.test'), init)));
  stubFetch(fetchMock);
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(1000);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.getState().clear();
  useChatsStatus.setState({ loaded: false, error: null, deleteError: null });
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

const typeAndSend = (text: string) => {
  const input = screen.getByTestId('chat-input');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

describe('what the shield found', () => {
  it('cuts the text at the spans (UTF-16, as the server counts), the pieces joined being the text', () => {
    const parts = pieces(TEXT, SPANS);
    expect(parts.map((p) => p.text).join('')).toBe(TEXT);
    expect(parts.filter((p) => p.reason !== null).map((p) => [p.text, p.reason])).toEqual([
      ['WhatsApp 0612345678', 'messenger'],
      ['send 300', 'money_request'],
      ['Western Union', 'transfer_service'],
    ]);
    // After an emoji (two code units) the offsets still fall on the right characters.
    const emoji = '😊 call 0612345678';
    expect(pieces(emoji, [{ start: 8, end: 18, reason: 'phone' }]).at(-1)).toEqual({ text: '0612345678', reason: 'phone' });
  });

  it('keeps spans inside the text and merges overlapping ones', () => {
    const parts = pieces('abcdef', [{ start: 4, end: 99, reason: 'link' }, { start: 1, end: 3, reason: 'email' }, { start: 2, end: 4, reason: 'phone' }, { start: -5, end: 0, reason: 'iban' }]);
    expect(parts).toEqual([
      { text: 'a', reason: null },
      { text: 'bcd', reason: 'email' },
      { text: 'ef', reason: 'link' },
    ]);
    expect(pieces('plain', [])).toEqual([{ text: 'plain', reason: null }]);
  });

  it('groups the reasons: money first, then contact, then a mass opener; unknown ones left out', () => {
    expect(groupsOf(['phone', 'gift_card', 'mass_opener', 'something_new'])).toEqual(['money', 'contact', 'mass']);
    expect(groupsOf(['link'])).toEqual(['contact']);
    expect(groupsOf([])).toEqual([]);
    expect(flaggedOf(new ApiError(409, 'already_sent'))).toBeNull();
    expect(flaggedOf(new ApiError(409, 'message_flagged', { text: 'x', reasons: ['phone', 3], spans: [{ start: 0, end: 1, reason: 'phone' }, { start: 'a' }] }))).toEqual({
      text: 'x',
      reasons: ['phone'],
      spans: [{ start: 0, end: 1, reason: 'phone' }],
    });
  });
});

describe('the nudge', () => {
  it('keeps a flagged message out of the list and its text in the field, and explains what was found', async () => {
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    typeAndSend(TEXT);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName('Before this goes out');
    // Nothing was sent: no bubble of it, not even a failed one.
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(2));
    expect(screen.queryByTestId('chat-message-failed')).toBeNull();
    expect(screen.getByTestId('chat-input')).toHaveValue(TEXT);
    // Per group, what was found and why it matters; money first.
    const groups = within(dialog).getAllByTestId('chat-nudge-group');
    expect(groups.map((g) => g.getAttribute('data-group'))).toEqual(['money', 'contact']);
    expect(groups[0]).toHaveTextContent('Your message asks for money or mentions a payment.');
    expect(groups[0]).toHaveTextContent('Found: a request for money, a money transfer service.');
    expect(groups[1]).toHaveTextContent('Your message contains contact details or a link.');
    expect(groups[1]).toHaveTextContent('Found: a messenger app.');
    // The text with the found parts marked, each named for screen readers.
    const marks = within(dialog).getAllByTestId('chat-nudge-mark');
    expect(marks.map((m) => m.firstChild?.textContent)).toEqual(['WhatsApp 0612345678', 'send 300', 'Western Union']);
    expect(marks[0]).toHaveTextContent('(a messenger app)');
    expect(within(dialog).getByTestId('chat-nudge-text').textContent).toContain('😊');
    expect(dialog).toHaveTextContent('If you send it anyway, Anna sees it with a safety warning');
    // The safe choice has the focus.
    await waitFor(() => expect(within(dialog).getByTestId('chat-nudge-edit')).toHaveFocus());
    expect(calls('/api/members/5/messages', 'POST')).toHaveLength(1);
  });

  it('"Edit message" goes back to the field with the text, sending nothing', async () => {
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    typeAndSend(TEXT);
    fireEvent.click(await screen.findByTestId('chat-nudge-edit'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('chat-input')).toHaveFocus());
    expect(screen.getByTestId('chat-input')).toHaveValue(TEXT);
    expect(calls('/api/members/5/messages', 'POST')).toHaveLength(1);
  });

  it('Escape is "Edit message" too', async () => {
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    typeAndSend(TEXT);
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('chat-input')).toHaveValue(TEXT);
    expect(calls('/api/members/5/messages', 'POST')).toHaveLength(1);
  });

  it('"Send anyway" sends the same text with the same key, confirmed; the sender sees it carries the warning', async () => {
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    typeAndSend(`  ${TEXT}  `);
    fireEvent.click(await screen.findByTestId('chat-nudge-send'));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(3));
    const [first, second] = calls('/api/members/5/messages', 'POST').map(bodyOf);
    expect(first).toEqual({ text: TEXT, key: first!.key });
    expect(second).toEqual({ text: TEXT, key: first!.key, confirmed: true });
    const mine = screen.getAllByTestId('chat-message').at(-1)!;
    await waitFor(() => expect(mine).toHaveAttribute('data-status', 'sent'));
    expect(within(mine).getByTestId('chat-message-flagged')).toHaveTextContent('Anna sees this message with a safety warning.');
    expect(screen.getByTestId('chat-input')).toHaveValue('');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('comes on a retried message too, and keeps what was typed meanwhile', async () => {
    let attempts = 0;
    const flagging = send;
    send = (url, init) => (++attempts === 1 ? error(400, 'message_empty') : flagging(url, init));
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    typeAndSend(TEXT);
    const failed = await screen.findByTestId('chat-message-failed');
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'Something else' } });
    fireEvent.click(within(failed.parentElement!).getByTestId('chat-retry'));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    // The failed copy is gone (nothing was sent); the field keeps the newer text.
    await waitFor(() => expect(screen.queryByTestId('chat-message-failed')).toBeNull());
    expect(screen.getByTestId('chat-input')).toHaveValue('Something else');
  });
});

describe('a flagged message received', () => {
  it('warns per group, names the site, and leads to the safety page', async () => {
    history = [message(5, TEXT, { id: 41, flags: REASONS }), message(5, 'click bit.ly/x', { id: 42, flags: ['link'] }), message(5, 'Hi gorgeous', { id: 43, flags: ['mass_opener'] })];
    renderAt('/chats/12');
    const bubbles = await screen.findAllByTestId('chat-message');
    const [both, contact, mass] = bubbles.map((b) => within(b).getByTestId('chat-shield-warning'));
    expect(both).toHaveAttribute('role', 'note');
    expect(both).toHaveAccessibleName('Safety warning');
    expect(both).toHaveTextContent('This message asks you for money. Never send money or gift cards to someone you have not met.');
    expect(both).toHaveTextContent('This message asks you to move off Amora. Amora never asks you to.');
    expect(contact).not.toHaveTextContent('money');
    expect(contact).toHaveTextContent('This message asks you to move off Amora.');
    expect(mass).toHaveTextContent('This message was sent to many members.');
    expect(within(both!).getByTestId('chat-shield-safety')).toHaveAttribute('href', '/safety');
  });

  it('is not warned about when it has no flags, was removed, or is my own', async () => {
    history = [message(5, 'Hi'), message(5, '', { removed: true, flags: ['phone'] }), message(ME, TEXT, { flags: REASONS })];
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    expect(screen.queryByTestId('chat-shield-warning')).toBeNull();
  });

  it('is reported with one tap', async () => {
    history = [message(5, TEXT, { id: 41, flags: REASONS })];
    let answer: (response: Response) => void = () => undefined;
    report = () => new Promise<Response>((resolve) => (answer = resolve));
    renderAt('/chats/12');
    const warning = await screen.findByTestId('chat-shield-warning');
    const button = within(warning).getByTestId('chat-shield-report');
    expect(button).toHaveTextContent('Report');
    fireEvent.click(button);
    expect(button).toBeDisabled();
    await waitFor(() => expect(calls('/api/messages/41/report', 'POST')).toHaveLength(1));
    expect(fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/messages/41/report'))![1].body).toBeUndefined();
    await act(async () => answer(json(201, { id: 9, status: 'open' })));
    const done = await within(warning).findByTestId('chat-shield-reported');
    expect(done).toHaveAttribute('role', 'status');
    expect(done).toHaveTextContent('Reported. Thank you: our moderators will look at it.');
    // The button is gone: the focus is on what it did, not lost to the page.
    expect(done).toHaveFocus();
    expect(within(warning).queryByTestId('chat-shield-report')).toBeNull();
  });

  it('says when the report failed, and may be tried again; reported before is said so', async () => {
    history = [message(5, TEXT, { id: 41, flags: REASONS })];
    report = () => error(503, 'unavailable');
    renderAt('/chats/12');
    const warning = await screen.findByTestId('chat-shield-warning');
    fireEvent.click(within(warning).getByTestId('chat-shield-report'));
    expect(await within(warning).findByTestId('chat-shield-report-failed')).toHaveTextContent('The report did not go through. Try again.');
    report = () => error(409, 'already_reported');
    fireEvent.click(within(warning).getByTestId('chat-shield-report'));
    const done = await within(warning).findByTestId('chat-shield-reported');
    expect(done).toHaveAttribute('data-state', 'already');
    expect(done).toHaveTextContent('You have already reported this message.');
    expect(within(warning).queryByTestId('chat-shield-report-failed')).toBeNull();
  });
});

describe('a held message', () => {
  it('waits for review, with the way to the decision; no read receipts are offered for it', async () => {
    useSession.setState({ user: userFixture({ id: ME, credits: 35, paid_user: false }) });
    history = [message(5, 'Hi'), message(ME, TEXT, { flags: REASONS, held: true }), message(ME, 'And now?', { held: true })];
    renderAt('/chats/12');
    const bubbles = await screen.findAllByTestId('chat-message');
    for (const bubble of bubbles.slice(1)) {
      expect(bubble).toHaveAttribute('data-held', 'true');
      expect(within(bubble).getByTestId('chat-message-held')).toHaveTextContent('Waiting for review');
      expect(within(bubble).getByTestId('chat-message-held-why')).toHaveAttribute('href', '/decisions');
      // Held, not "sent with a warning": it has not reached Anna.
      expect(within(bubble).queryByTestId('chat-message-flagged')).toBeNull();
    }
    expect(within(bubbles[0]!).queryByTestId('chat-message-held')).toBeNull();
    expect(screen.queryByTestId('chat-seen-offer')).toBeNull();
  });

  it('shows so at once when the confirmed send is held', async () => {
    const flagging = send;
    send = async (url, init) => {
      const answer = await flagging(url, init);
      if (answer.status !== 201) return answer;
      const body = (await answer.json()) as { message: ChatMessage };
      return json(201, { message: { ...body.message, held: true }, credits: 25, terms, refusal: null });
    };
    renderAt('/chats/12');
    await screen.findAllByTestId('chat-message');
    typeAndSend(TEXT);
    fireEvent.click(await screen.findByTestId('chat-nudge-send'));
    const held = await screen.findByTestId('chat-message-held');
    expect(held).toHaveTextContent('Waiting for review');
  });
});

describe('new conversations left today', () => {
  it('shows in a new conversation, not in one that exists', () => {
    const today: SendTerms = { ...paidTerms, conversations_left_today: 2 };
    const { unmount } = renderInRouter(<TermsHint terms={today} balance={35} newConversation />);
    expect(screen.getByTestId('chat-terms')).toHaveTextContent('This message costs 10 credits · you have 35 · New conversations left today: 2');
    unmount();
    renderInRouter(<TermsHint terms={today} balance={35} newConversation={false} />);
    expect(screen.getByTestId('chat-terms')).not.toHaveTextContent('today');
  });

  it('says nothing when there is no cap to tell of', () => {
    renderInRouter(<TermsHint terms={{ ...paidTerms, conversations_left_today: null }} balance={35} newConversation />);
    expect(screen.getByTestId('chat-terms')).not.toHaveTextContent('today');
  });

  it('shows the count for a member opening a new chat, and the refusal when none are left', async () => {
    terms = { ...paidTerms, conversations_left_today: 0 };
    refusal = 'daily_conversations_used';
    renderAt('/members/5/chat');
    const card = await screen.findByTestId('chat-refusal');
    expect(card).toHaveAttribute('data-code', 'daily_conversations_used');
    expect(card).toHaveTextContent("That's all new conversations for today");
    expect(card).toHaveTextContent('You can write to Anna tomorrow.');
    expect(screen.queryByTestId('chat-input')).toBeNull();
  });

  it('turns a refused first message into the refusal', async () => {
    terms = { ...paidTerms, conversations_left_today: 1 };
    send = () => error(429, 'daily_conversations_used');
    renderAt('/members/5/chat');
    expect(await screen.findByTestId('chat-terms')).toHaveTextContent('New conversations left today: 1');
    typeAndSend('Hi Anna!');
    expect(await screen.findByTestId('chat-refusal', {}, { timeout: 4000 })).toHaveAttribute('data-code', 'daily_conversations_used');
  });
});
