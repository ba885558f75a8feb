import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import { GiftButton } from './GiftButton';
import { giftPicture } from '../../shared/gifts/gifts';
import { stubFetch } from '../../test/fetchStub';

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const error = (status: number, code: string, params: Record<string, unknown> = {}) => json(status, { error: code, params });

const CATALOGUE = {
  gifts: [
    { key: 'rose', price: 25 },
    { key: 'chocolates', price: 25 },
    { key: 'coffee', price: 25 },
    { key: 'teddy', price: 50 },
    { key: 'champagne', price: 75 },
    { key: 'diamond', price: 125 },
  ],
  credits: 60,
};
const ANNA = { id: 5, name: 'Anna' };
const giftMessage = (gift: string) => ({ id: 301, conversation_id: 44, sender_id: 7, text: '', gift, created_at: new Date().toISOString() });

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;
let sendGift: Handler;
let catalogue: () => Response;
let fetchMock: ReturnType<typeof vi.fn>;
const calls = (path: string, method = 'GET') =>
  fetchMock.mock.calls.filter(([url, init]) => new URL(String(url), 'http://amora.test').pathname === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method);

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['gifts', 'discovery']);
});
beforeEach(() => {
  seedStores({ settings: settingsFixture() });
  useSession.setState({ user: userFixture({ id: 7, credits: 40 }) });
  catalogue = () => json(200, CATALOGUE);
  sendGift = (_url, init) => json(201, { message: giftMessage(String(JSON.parse(String(init.body)).gift)), credits: 35 });
  fetchMock = vi.fn((input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://amora.test');
    if (url.pathname === '/api/gifts') return Promise.resolve(catalogue());
    if (url.pathname === '/api/members/5/gifts' && init.method === 'POST') return Promise.resolve(sendGift(url, init));
    return Promise.resolve(error(404, 'not_found'));
  });
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

async function openPicker(variant: 'pill' | 'icon' = 'pill', onSent = vi.fn()) {
  renderInRouter(<GiftButton member={ANNA} variant={variant} onSent={onSent} />);
  fireEvent.click(screen.getByTestId('gift-button'));
  const options = await screen.findAllByTestId('gift-option');
  return { options, onSent };
}

const option = (key: string) => screen.getAllByTestId('gift-option').find((element) => element.getAttribute('data-gift') === key)!;

describe('gift picker', () => {
  it('shows the six gifts with picture, name and price, and my balance from the server', async () => {
    renderInRouter(<GiftButton member={ANNA} />);
    expect(screen.getByTestId('gift-button')).toHaveTextContent('Send a gift');
    fireEvent.click(screen.getByTestId('gift-button'));
    expect(screen.getByRole('dialog')).toHaveTextContent('A gift for Anna');
    const options = await screen.findAllByTestId('gift-option');
    expect(options.map((o) => o.getAttribute('data-gift'))).toEqual(['rose', 'chocolates', 'coffee', 'teddy', 'champagne', 'diamond']);
    expect(options[0]).toHaveTextContent('Rose');
    expect(options[0]).toHaveTextContent('25 credits');
    expect(options[3]).toHaveTextContent('Teddy bear');
    expect(options[0]!.querySelector('img')).toHaveAttribute('src', '/gifts/rose.svg');
    // The catalogue's balance is the fresh one: the session follows it.
    expect(screen.getByTestId('gift-balance')).toHaveTextContent('You have 60 credits');
    expect(useSession.getState().user?.credits).toBe(60);
    // Dearer than my balance: still offered, marked.
    expect(option('champagne')).toHaveClass('is-short');
    expect(option('rose')).not.toHaveClass('is-short');
  });

  it('sends the chosen gift once, keeps the new balance and says it went out', async () => {
    let answer: (response: Response) => void = () => undefined;
    sendGift = () => new Promise<Response>((resolve) => (answer = resolve));
    const { onSent } = await openPicker();
    fireEvent.click(option('rose'));
    // Asked first, with the price (issue 19.5): nothing is sent or charged yet.
    expect(screen.getByTestId('gift-confirm-question')).toHaveTextContent('Send a rose to Anna for 25 credits?');
    expect(calls('/api/members/5/gifts', 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('gift-confirm-send'));
    expect(screen.getByTestId('gift-confirm-send')).toHaveAttribute('aria-busy', 'true');
    // Busy: a second tap waits (a gift has no key; it would be charged twice).
    expect(screen.getByTestId('gift-confirm-send')).toBeDisabled();
    fireEvent.click(screen.getByTestId('gift-confirm-send'));
    await waitFor(() => expect(calls('/api/members/5/gifts', 'POST')).toHaveLength(1));
    const posts = calls('/api/members/5/gifts', 'POST');
    expect(JSON.parse(String((posts[0]![1] as RequestInit).body))).toEqual({ gift: 'rose' });
    await act(async () => answer(json(201, { message: giftMessage('rose'), credits: 35 })));
    const sent = await screen.findByTestId('gift-sent');
    expect(sent).toHaveTextContent('You sent a rose to Anna.');
    expect(within(sent).getByTestId('gift-to-chat')).toHaveAttribute('href', '/chats/44');
    expect(useSession.getState().user?.credits).toBe(35);
    expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ credits: 35, message: expect.objectContaining({ gift: 'rose' }) }));
  });

  it('closes after sending in the conversation, where the gift shows in the list', async () => {
    const { onSent } = await openPicker('icon');
    expect(screen.getByTestId('gift-button')).toHaveAttribute('aria-label', 'Send a gift');
    fireEvent.click(option('teddy'));
    fireEvent.click(screen.getByTestId('gift-confirm-send'));
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('gift-sent')).toBeNull();
  });

  it('shows gifts I cannot afford as such and never lets me confirm one (issue 29.5)', async () => {
    await openPicker();
    // Marked on the tile, in words, and the way to credits before any is chosen.
    expect(option('champagne')).toHaveAttribute('data-short', 'true');
    expect(within(option('champagne')).getByTestId('gift-short')).toHaveTextContent('Not enough credits');
    expect(within(option('rose')).queryByTestId('gift-short')).toBeNull();
    expect(screen.getByTestId('gift-short-note')).toHaveTextContent('Gifts marked in red cost more credits than you have.');
    expect(screen.getByTestId('gift-short-buy')).toHaveAttribute('href', '/credits');
    // Its step says the price and the balance, and offers credits instead of a send.
    fireEvent.click(option('champagne'));
    const step = screen.getByTestId('gift-confirm');
    expect(step).toHaveAttribute('data-affordable', 'false');
    expect(screen.getByTestId('gift-confirm-short')).toHaveTextContent('Champagne costs 75 credits and you have 60. Buy credits to send it.');
    expect(screen.queryByTestId('gift-confirm-send')).toBeNull();
    expect(within(step).getByTestId('gift-buy-credits')).toHaveAttribute('href', '/credits');
    expect(calls('/api/members/5/gifts', 'POST')).toHaveLength(0);
    // Back to the gifts: a cheaper one can still be chosen and confirmed.
    fireEvent.click(screen.getByTestId('gift-confirm-back'));
    fireEvent.click(option('rose'));
    expect(screen.getByTestId('gift-confirm')).toHaveAttribute('data-affordable', 'true');
    expect(screen.getByTestId('gift-confirm-send')).not.toBeDisabled();
  });

  it('offers to buy credits when the server finds the balance too low after all', async () => {
    // Spent elsewhere in the meantime: the server's refusal says so, with the way out.
    sendGift = () => error(402, 'not_enough_credits', { balance: 10, needed: 25 });
    await openPicker();
    fireEvent.click(option('rose'));
    fireEvent.click(screen.getByTestId('gift-confirm-send'));
    const alert = await screen.findByTestId('gift-error');
    expect(alert).toHaveTextContent("You don't have enough credits: this costs 25 and you have 10.");
    expect(within(alert).getByTestId('gift-buy-credits')).toHaveAttribute('href', '/credits');
  });

  it('offers credits and premium when the free conversations are used up', async () => {
    sendGift = () => error(402, 'free_conversations_used', { max: 2 });
    await openPicker();
    fireEvent.click(option('rose'));
    fireEvent.click(screen.getByTestId('gift-confirm-send'));
    const alert = await screen.findByTestId('gift-error');
    expect(alert).toHaveTextContent('Free members can start 2 conversations.');
    expect(within(alert).getByTestId('gift-buy-credits')).toHaveAttribute('href', '/credits');
    expect(within(alert).getByRole('link', { name: 'About premium' })).toHaveAttribute('href', '/premium');
  });

  it.each([
    [404, 'gift_not_found', 'This gift is not available.'],
    [403, 'email_not_confirmed', 'Confirm your e-mail address to send or reply.'],
    [404, 'member_not_found', 'This account no longer exists.'],
  ])('explains a refusal (%s %s) in words', async (status, code, text) => {
    sendGift = () => error(status, code);
    await openPicker();
    fireEvent.click(option('rose'));
    fireEvent.click(screen.getByTestId('gift-confirm-send'));
    const alert = await screen.findByTestId('gift-error');
    expect(alert).toHaveTextContent(text);
    expect(within(alert).queryByTestId('gift-buy-credits')).toBeNull();
  });

  it('says so when the catalogue cannot be loaded, and tries again', async () => {
    catalogue = () => error(400, 'bad_request');
    renderInRouter(<GiftButton member={ANNA} />);
    fireEvent.click(screen.getByTestId('gift-button'));
    const alert = await screen.findByTestId('gift-load-error');
    expect(alert).toHaveTextContent('The gifts could not be loaded.');
    catalogue = () => json(200, CATALOGUE);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('gift-option')).toHaveLength(6);
  });

  it('asks visitors to log in or sign up instead', () => {
    useSession.setState({ user: null });
    renderInRouter(<GiftButton member={ANNA} />);
    fireEvent.click(screen.getByTestId('gift-button'));
    expect(screen.getByTestId('login-prompt')).toHaveTextContent('Send Anna a gift');
    expect(calls('/api/gifts')).toHaveLength(0);
  });

  it('names the picture after the key, and nothing else', () => {
    expect(giftPicture('rose')).toBe('/gifts/rose.svg');
    expect(giftPicture('../x')).toBe('/gifts/x.svg');
  });
});
