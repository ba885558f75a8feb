import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { stubFetch } from '../../test/fetchStub';
import { seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import { ComplaintsPage } from './ComplaintsPage';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const message = (id: number, sender: number, text: string) => ({ id, conversation_id: 5, sender_id: sender, text, created_at: '2026-11-30T20:15:00Z', gift: null });
const HISTORY = {
  conversation: { id: 5 },
  profile: { id: 9, name: 'Rick', age: 41, main_image: null, is_fictional: false },
  messages: [message(11, 9, 'Hey beautiful'), message(12, 7, 'Please stop'), message(13, 9, 'You will regret this')],
  has_more: false,
  terms: { cost: 0, free: true, balance: 0 },
  refusal: null,
};

let fetchMock: ReturnType<typeof vi.fn>;
let complaint: (body: Record<string, unknown>) => Response;
beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['complaints', 'discovery']);
});
beforeEach(() => {
  seedStores({ settings: settingsFixture() });
  useSession.setState({ user: userFixture({ id: 7 }) });
  complaint = () => json(201, { id: 321, status: 'open' });
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://amora.test').pathname;
    if (path === '/api/chats/5/messages') return Promise.resolve(json(200, HISTORY));
    if (path === '/api/complaints') return Promise.resolve(complaint(JSON.parse(String(init?.body)) as Record<string, unknown>));
    return Promise.resolve(json(404, { error: 'member_not_found', params: {} }));
  });
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

function renderFromConversation(query = 'member=9&conversation=5') {
  const router = createMemoryRouter([{ path: '/complaints', element: <ComplaintsPage /> }], { initialEntries: [`/complaints?${query}`] });
  render(<RouterProvider router={router} />);
}

async function fillAndSend() {
  fireEvent.click(screen.getByTestId('complaint-category-harassment'));
  fireEvent.change(screen.getByTestId('complaint-text'), { target: { value: 'He threatens me after I asked him to stop.' } });
  fireEvent.click(screen.getByTestId('complaint-good-faith'));
  fireEvent.click(screen.getByTestId('complaint-submit'));
}

describe('a report from a conversation', () => {
  it('offers the conversation’s messages, newest first, and sends the ticked ones', async () => {
    renderFromConversation();
    const picker = within(await screen.findByTestId('complaint-evidence'));
    const boxes = await picker.findAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('li')!.textContent)).toEqual([
      expect.stringContaining('You will regret this'),
      expect.stringContaining('Please stop'),
      expect.stringContaining('Hey beautiful'),
    ]);
    expect(boxes[0]!.closest('li')).toHaveTextContent('Rick ·');
    expect(boxes[1]!.closest('li')).toHaveTextContent('You ·');
    fireEvent.click(picker.getByLabelText(/You will regret this/));
    fireEvent.click(picker.getByLabelText(/Hey beautiful/));
    expect(screen.getByTestId('complaint-evidence-count')).toHaveTextContent('2 of 20 messages attached');
    await fillAndSend();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/complaints'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/complaints'))!;
    expect(JSON.parse(String(init.body))).toMatchObject({ category: 'harassment', member_id: 9, item_kind: 'profile', item_id: 9, good_faith: true, message_ids: [13, 11] });
  });

  it('says at the picked messages when the server would not take one', async () => {
    complaint = () => json(404, { error: 'message_not_found', params: {} });
    renderFromConversation();
    fireEvent.click(await screen.findByLabelText(/Please stop/));
    await fillAndSend();
    expect(await screen.findByTestId('complaint-messages-error')).toHaveTextContent('no longer in your conversation');
  });

  it('quotes the message reported from the chat and sends it as the item (issue 30.4)', async () => {
    renderFromConversation('member=9&message=13&conversation=5');
    expect(await screen.findByTestId('complaint-message-quote')).toHaveTextContent('You will regret this');
    await fillAndSend();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/complaints'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/complaints'))!;
    expect(JSON.parse(String(init.body))).toMatchObject({ member_id: 9, item_kind: 'message', item_id: 13, good_faith: true });
  });

  it('offers no messages to a visitor', async () => {
    useSession.setState({ user: null });
    renderFromConversation();
    await screen.findByTestId('complaint-form');
    expect(screen.queryByTestId('complaint-evidence')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/chats/'))).toBe(false);
  });
});

describe('a conversation with a removed message', () => {
  it('does not offer what the moderators removed: nothing is left of it to attach', async () => {
    const removed = { ...message(14, 9, ''), removed: true };
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        new URL(url, 'http://amora.test').pathname === '/api/chats/5/messages'
          ? json(200, { ...HISTORY, messages: [...HISTORY.messages, removed] })
          : json(404, { error: 'member_not_found', params: {} }),
      ),
    );
    renderFromConversation();
    const picker = within(await screen.findByTestId('complaint-evidence'));
    const boxes = await picker.findAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    expect(boxes[0]!.closest('li')).toHaveTextContent('You will regret this');
  });
});
