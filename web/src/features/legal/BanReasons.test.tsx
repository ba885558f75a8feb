import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { companyFixture, settingsFixture } from '../../test/fixtures';
import { stubFetch } from '../../test/fetchStub';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { LegalPage } from './LegalPage';

// The ban page shows a banned member their ban's decision (issue 30.2).
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const BAN = {
  id: 3,
  restriction: 'ban',
  item_kind: 'account',
  item_id: '7',
  facts: 'Sent the same <a href="x">link</a> to 40 members.',
  ground: { kind: 'terms', code: 'spam', title: 'Spam', text: 'Do not send mass messages.' },
  detected_automatically: false,
  decided_automatically: false,
  decided_at: '2026-11-21T10:00:00+00:00',
  contest_until: '2027-05-21T10:00:00+00:00',
  status: 'in_force',
  contestable: true,
  appeal: null,
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(async () => {
  await setupTestI18n();
  await i18n.loadNamespaces(['decisions']);
});
beforeEach(() => {
  seedStores({ settings: settingsFixture(), company: companyFixture() });
  fetchMock = vi.fn(() => Promise.resolve(json(200, { decision: BAN })));
  stubFetch(fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the ban page', () => {
  it("shows the ban's decision after the address and password", async () => {
    renderInRouter(<LegalPage document="ban" />);
    fireEvent.click(screen.getByTestId('ban-reasons-show'));
    expect(await screen.findByText('Enter your password.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('E-mail address of your account'), { target: { value: ' sam@example.test ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByTestId('ban-reasons-show'));
    const card = await screen.findByTestId('decision');
    expect(within(card).getByRole('heading', { name: 'Account suspended' })).toBeInTheDocument();
    expect(within(card).getByTestId('decision-facts')).toHaveTextContent('Sent the same <a href="x">link</a> to 40 members.');
    expect(within(card).getByTestId('decision-ground')).toHaveTextContent('SpamDo not send mass messages.');
    expect(card.querySelector('a[href="x"]')).toBeNull();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/decisions/ban');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'sam@example.test', password: 'secret-123', language: 'en' });
  });

  it('says why the reasons cannot be shown', async () => {
    fetchMock.mockResolvedValue(json(400, { error: 'login_failed', params: {} }));
    renderInRouter(<LegalPage document="ban" />);
    fireEvent.change(screen.getByLabelText('E-mail address of your account'), { target: { value: 'sam@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByTestId('ban-reasons-show'));
    expect(await screen.findByTestId('ban-reasons-error')).toBeInTheDocument();
    expect(screen.queryByTestId('decision')).not.toBeInTheDocument();
  });
});
