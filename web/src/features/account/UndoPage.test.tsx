import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { stubFetch } from '../../test/fetchStub';
import { seedStores, setupTestI18n } from '../../test/render';
import { useSession } from '../../shared/session';
import { UndoPage } from './UndoPage';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(() => setupTestI18n());
beforeEach(() => {
  seedStores({ settings: settingsFixture({ support_email: 'help@amora.test' }) });
  fetchMock = vi.fn();
  stubFetch(fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/undo', element: <UndoPage /> },
      { path: '/login', element: <p>login</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const UNDONE = { email: 'ann@example.test', change: 'mail_changed', password_token: 'next' };

describe('the undo page', () => {
  it('undoes nothing until asked, then asks for a new password and sends the owner to sign in', async () => {
    useSession.setState({ user: userFixture() }); // a session here ends with all the others
    fetchMock.mockResolvedValueOnce(json(200, UNDONE)).mockResolvedValueOnce(json(204, undefined));
    const router = renderAt('/undo?token=tok');
    expect(screen.getByTestId('undo-page')).toHaveTextContent('your account gets this e-mail address back');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('undo-submit'));
    expect(await screen.findByTestId('undo-done-alert')).toHaveTextContent('Your account uses ann@example.test again');
    expect(useSession.getState().user).toBeNull();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'violet harbour lanterns' } });
    fireEvent.change(screen.getByLabelText('Repeat new password'), { target: { value: 'violet harbour lanterns' } });
    fireEvent.click(screen.getByTestId('undo-password-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const bodies = fetchMock.mock.calls.map(([url, init]) => [url, JSON.parse(init.body)]);
    expect(bodies).toEqual([
      ['/api/undo', { token: 'tok' }],
      ['/api/undo/password', { token: 'next', password: 'violet harbour lanterns', repeat: 'violet harbour lanterns' }],
    ]);
  });

  it('says a used or expired link is void and offers the sign-in', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { error: 'undo_link_invalid', params: {} }));
    renderAt('/undo?token=old');
    fireEvent.click(screen.getByTestId('undo-submit'));
    expect(await screen.findByTestId('undo-error')).toHaveTextContent('This undo link has expired or was used already');
    expect(screen.queryByTestId('undo-submit')).toBeNull();
  });

  it('names customer service when the old address belongs to another account now', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { error: 'undo_address_taken', params: { support_email: 'help@amora.test' } }));
    renderAt('/undo?token=tok');
    fireEvent.click(screen.getByTestId('undo-submit'));
    expect(await screen.findByTestId('undo-error')).toHaveTextContent('help@amora.test');
  });

  it('refuses a weak password at the field', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { ...UNDONE, change: 'password_changed' }))
      .mockResolvedValueOnce(json(400, { error: 'invalid_fields', params: { fields: { password: 'password_too_common' } } }));
    renderAt('/undo?token=tok');
    fireEvent.click(screen.getByTestId('undo-submit'));
    expect(await screen.findByTestId('undo-done-alert')).toHaveTextContent('Everyone has been signed out of your account');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'password1234' } });
    fireEvent.change(screen.getByLabelText('Repeat new password'), { target: { value: 'password1234' } });
    fireEvent.click(screen.getByTestId('undo-password-submit'));
    expect(await screen.findByText('This password is too common. Choose one that is harder to guess.')).toBeInTheDocument();
  });
});
