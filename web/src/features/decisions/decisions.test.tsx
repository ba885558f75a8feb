import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { companyFixture, settingsFixture, userFixture } from '../../test/fixtures';
import { stubFetch } from '../../test/fetchStub';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import { textProblem } from './AppealBox';
import { automationOf } from './DecisionCard';
import { DecisionsPage } from './DecisionsPage';
import type { Decision } from './decisionsApi';
import { ApiError } from '../../shared/api/errors';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const FUTURE = new Date(Date.now() + 150 * 86_400_000).toISOString();

function decisionFixture(overrides: Partial<Decision> = {}): Decision {
  return {
    id: 12,
    restriction: 'photo_rejected',
    item_kind: 'photo',
    item_id: '7',
    facts: 'The photo shows <b>a phone number</b>.',
    ground: { kind: 'terms', code: 'photo_rules', title: 'Photo rules', text: 'Profile photos must be your own.' },
    detected_automatically: true,
    decided_automatically: false,
    decided_at: '2026-11-21T10:00:00+00:00',
    contest_until: FUTURE,
    status: 'in_force',
    contestable: true,
    appeal: null,
    ...overrides,
  };
}

let fetchMock: ReturnType<typeof vi.fn>;
let decisions: Decision[];
let appealAnswer: () => Response;

function serve(url: string, init?: RequestInit): Response {
  const path = url.split('?')[0];
  if (path === '/api/decisions' && (init?.method ?? 'GET') === 'GET') return json(200, { decisions });
  if (path === '/api/decisions/12/appeal' && init?.method === 'POST') return appealAnswer();
  if (path === '/api/decisions/ban') return json(200, { decision: decisionFixture({ restriction: 'ban', item_kind: 'account', id: 3 }) });
  return json(404, { error: 'not_found', params: {} });
}

beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['decisions']);
});
beforeEach(() => {
  decisions = [decisionFixture()];
  appealAnswer = () => json(201, { id: 5, status: 'open' });
  seedStores({ settings: settingsFixture(), company: companyFixture() });
  useSession.setState({ user: userFixture() });
  fetchMock = vi.fn((url: string, init?: RequestInit) => Promise.resolve(serve(url, init)));
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

const appealCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/appeal'));

async function openAppeal(text: string) {
  renderInRouter(<DecisionsPage />, '/decisions');
  fireEvent.click(await screen.findByTestId('appeal-open'));
  fireEvent.change(screen.getByLabelText('Why is this decision wrong?'), { target: { value: text } });
  fireEvent.click(screen.getByTestId('appeal-submit'));
}

describe('the Decisions section', () => {
  it('lists each decision with its reason, ground, date, contest-until and status', async () => {
    renderInRouter(<DecisionsPage />, '/decisions');
    const card = await screen.findByTestId('decision');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/decisions?language=en');
    expect(within(card).getByRole('heading', { name: 'Photo rejected' })).toBeInTheDocument();
    // The facts are text, never markup.
    expect(within(card).getByTestId('decision-facts')).toHaveTextContent('The photo shows <b>a phone number</b>.');
    expect(card.querySelector('b')).toBeNull();
    expect(within(card).getByText('Rule of our terms')).toBeInTheDocument();
    expect(within(card).getByTestId('decision-ground')).toHaveTextContent('Photo rulesProfile photos must be your own.');
    expect(within(card).getByText('Decided on 21 November 2026')).toBeInTheDocument();
    expect(within(card).getByText('Detected by automated means, decided by a person.')).toBeInTheDocument();
    expect(within(card).getByTestId('decision-contest-until')).toHaveTextContent(/^You can contest this decision until \d+ \w+ \d{4}\.$/);
    expect(within(card).getByTestId('decision-status')).toHaveTextContent('In force');
    expect(within(card).getByRole('link', { name: 'See your photos' })).toHaveAttribute('href', '/profile#profile-photos');
  });

  it('sends to the photos for a photo decision, but not for a photo that was removed', async () => {
    decisions = [decisionFixture({ id: 12, restriction: 'photo_removed', item_id: '8' }), decisionFixture({ id: 13, item_id: '9' })];
    renderInRouter(<DecisionsPage />, '/decisions');
    const [removed, rejected] = await screen.findAllByTestId('decision');
    expect(within(removed!).getByRole('heading', { name: 'Photo removed' })).toBeInTheDocument();
    expect(within(removed!).queryByRole('link', { name: 'See your photos' })).toBeNull();
    expect(within(rejected!).getByRole('link', { name: 'See your photos' })).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    decisions = [];
    renderInRouter(<DecisionsPage />, '/decisions');
    expect(await screen.findByTestId('decisions-empty')).toHaveTextContent('There are no decisions about your account.');
  });

  it('sends an appeal and says what happens next', async () => {
    await openAppeal('Too short');
    expect(await screen.findByText('Please write at least 10 characters.')).toBeInTheDocument();
    expect(appealCalls()).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Why is this decision wrong?'), { target: { value: '  It is a photo of my own shop sign.  ' } });
    fireEvent.click(screen.getByTestId('appeal-submit'));
    expect(await screen.findByTestId('appeal-sent')).toHaveTextContent('A person, not an automated system, reviews it');
    const [, init] = appealCalls()[0]!;
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ text: 'It is a photo of my own shop sign.' });
  });

  it.each([
    [404, 'decision_not_found', 'This decision no longer exists.'],
    [409, 'appeal_exists', 'You already have an appeal open against this decision.'],
    [409, 'appeal_too_late', 'The time to contest this decision is over.'],
    [409, 'decision_lifted', 'This decision has been lifted already: there is nothing left to contest.'],
  ])('explains a %i %s', async (status, code, text) => {
    appealAnswer = () => json(status, { error: code, params: {} });
    await openAppeal('It is a photo of my own shop sign.');
    expect(await screen.findByTestId('appeal-error')).toHaveTextContent(text);
    await waitFor(() => expect(screen.getByLabelText('Why is this decision wrong?')).toHaveValue('It is a photo of my own shop sign.'));
  });

  it('puts a refused text at the field', async () => {
    appealAnswer = () => json(400, { error: 'invalid_fields', params: { fields: { text: 'too_long' }, params: { text: { max: 5000 } } } });
    await openAppeal('It is a photo of my own shop sign.');
    expect(await screen.findByText('Please write at most 5000 characters.')).toBeInTheDocument();
  });

  it("shows an appeal's state and offers no second one", async () => {
    decisions = [
      decisionFixture({ contestable: false, appeal: { id: 5, status: 'open', created_at: '2026-11-22T09:00:00+00:00', decided_at: null, note: null } }),
      decisionFixture({
        id: 11,
        restriction: 'credits_revoked',
        item_kind: 'credits',
        status: 'lifted',
        contestable: false,
        appeal: { id: 4, status: 'lifted', created_at: '2026-10-02T09:00:00+00:00', decided_at: '2026-10-03T09:00:00+00:00', note: 'Our mistake.' },
      }),
    ];
    renderInRouter(<DecisionsPage />, '/decisions');
    const [open, lifted] = await screen.findAllByTestId('decision');
    expect(within(open!).getByTestId('decision-appeal')).toHaveTextContent('Your appeal of 22 November 2026 is being reviewed.');
    expect(within(lifted!).getByTestId('decision-status')).toHaveTextContent('Lifted');
    expect(within(lifted!).getByTestId('decision-appeal')).toHaveTextContent('We reviewed your appeal on 3 October 2026 and lifted the decision.Our reason: Our mistake.');
    expect(within(lifted!).getByTestId('decision-lifted')).toBeInTheDocument();
    expect(screen.queryByTestId('appeal-open')).not.toBeInTheDocument();
  });

  it('speaks the member’s language', async () => {
    await setupTestI18n('de');
    await i18n.loadNamespaces(['decisions']);
    try {
      renderInRouter(<DecisionsPage />, '/decisions');
      const card = await screen.findByTestId('decision');
      expect(fetchMock.mock.calls[0]![0]).toBe('/api/decisions?language=de');
      expect(within(card).getByRole('heading', { name: 'Foto abgelehnt' })).toBeInTheDocument();
      expect(within(card).getByText('Entschieden am 21. November 2026')).toBeInTheDocument();
    } finally {
      await setupTestI18n('en');
    }
  });
});

describe('decision rules', () => {
  it('names the automated means that played a part', () => {
    expect(automationOf({ detected_automatically: false, decided_automatically: false })).toBe('none');
    expect(automationOf({ detected_automatically: true, decided_automatically: true })).toBe('both');
    expect(automationOf({ detected_automatically: false, decided_automatically: true })).toBe('decided');
  });

  it('reads a refused text from the server', () => {
    expect(textProblem(new ApiError(400, 'invalid_fields', { fields: { text: 'too_long' } }))).toEqual({ code: 'too_long' });
    expect(textProblem(new ApiError(400, 'invalid_fields', { fields: { text: 'too_short' } }))).toEqual({ code: 'too_short' });
    expect(textProblem(new ApiError(409, 'appeal_exists'))).toBeNull();
  });
});
