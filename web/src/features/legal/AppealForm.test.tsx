import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { companyFixture, settingsFixture } from '../../test/fixtures';
import { stubFetch } from '../../test/fetchStub';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { LegalPage } from './LegalPage';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(() => setupTestI18n());
beforeEach(() => {
  seedStores({ settings: settingsFixture(), company: companyFixture() });
  fetchMock = vi.fn();
  stubFetch(fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function fill(text: string) {
  fireEvent.change(screen.getByLabelText('E-mail address of your account'), { target: { value: ' sam@example.test ' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-123' } });
  fireEvent.change(screen.getByLabelText('Why should we lift the ban?'), { target: { value: text } });
  fireEvent.click(screen.getByTestId('appeal-submit'));
}

describe('the ban page appeal', () => {
  it('sends the appeal with the address and password, then says what happens next', async () => {
    fetchMock.mockResolvedValue(json(201, { id: 3, status: 'open' }));
    renderInRouter(<LegalPage document="ban" />);
    fill('Too short');
    expect(await screen.findByText('Please write at least 10 characters.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    fill('It was my sister who wrote those messages.');
    expect(await screen.findByTestId('appeal-sent')).toHaveTextContent('You will hear from us by e-mail');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/appeals');
    expect(JSON.parse(init.body)).toEqual({ email: 'sam@example.test', password: 'secret-123', text: 'It was my sister who wrote those messages.' });
  });

  it('says so when the ban was appealed already, keeping what was typed', async () => {
    fetchMock.mockResolvedValue(json(409, { error: 'appeal_exists', params: {} }));
    renderInRouter(<LegalPage document="ban" />);
    fill('It was my sister who wrote those messages.');
    expect(await screen.findByTestId('appeal-error')).toHaveTextContent('You have already appealed this suspension.');
    await waitFor(() => expect(screen.getByLabelText('Why should we lift the ban?')).toHaveValue('It was my sister who wrote those messages.'));
  });

  it('says so when the six months to appeal are over', async () => {
    fetchMock.mockResolvedValue(json(409, { error: 'appeal_too_late', params: {} }));
    renderInRouter(<LegalPage document="ban" />);
    fill('It was my sister who wrote those messages.');
    expect(await screen.findByTestId('appeal-error')).toHaveTextContent('The time to appeal this suspension is over');
  });

  it('shows no form on the other legal pages', () => {
    renderInRouter(<LegalPage document="privacy" />);
    expect(screen.queryByTestId('appeal-form')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '8a. A copy of your data' })).toBeInTheDocument();
  });
});
