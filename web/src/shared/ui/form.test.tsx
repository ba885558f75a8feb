import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestI18n } from '../../test/render';
import { ApiError } from '../api/errors';
import { FormAlert } from './alerts';
import { SubmitButton } from './buttons';
import { PasswordField, TextField } from './fields';
import { type Problems, useErrorText, useForm } from './form';

type Field = 'name' | 'email' | 'password';

/** A form shaped like the app's: checks, a send that may be refused, the refusal's fields. */
function Probe({
  check,
  send,
  clearOnEdit,
}: {
  check: (values: Record<Field, string>) => Problems<Field>;
  send: () => Promise<unknown>;
  clearOnEdit?: 'field' | 'all';
}) {
  const { errorText } = useErrorText();
  const form = useForm({ initial: { name: '', email: '', password: '' }, order: ['name', 'email', 'password'], idPrefix: 'probe', clearOnEdit });
  const submit = form.submit({
    check,
    send,
    refused: (error) => (error instanceof ApiError && error.code === 'email_taken' ? { email: { code: error.code } } : null),
  });
  return (
    <form onSubmit={submit} noValidate>
      {form.error !== null && <FormAlert testId="probe-error">{errorText(form.error)}</FormAlert>}
      <TextField label="Name" {...form.field('name')} />
      <TextField label="E-mail" {...form.field('email')} />
      <PasswordField label="Password" {...form.field('password')} />
      <SubmitButton busy={form.busy} testId="probe-submit">
        Send
      </SubmitButton>
    </form>
  );
}

const required = (values: Record<Field, string>): Problems<Field> => ({
  name: values.name ? null : { code: 'required' },
  email: values.email ? null : { code: 'required' },
  password: values.password ? null : { code: 'required' },
});

beforeAll(() => setupTestI18n());

describe('useForm', () => {
  it('shows every problem of a refused submit and focuses the first in the order shown', () => {
    render(<Probe check={required} send={() => Promise.resolve()} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Robin' } });
    fireEvent.click(screen.getByTestId('probe-submit'));

    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(email).toHaveAccessibleDescription(document.getElementById('probe-email-error')?.textContent ?? 'none');
    expect(document.getElementById('probe-email-error')).toHaveTextContent(/\w/);
  });

  it('clears only the edited field by default, every problem with clearOnEdit all', () => {
    const { unmount } = render(<Probe check={required} send={() => Promise.resolve()} />);
    fireEvent.click(screen.getByTestId('probe-submit'));
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'r' } });
    expect(screen.getByLabelText('E-mail')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    unmount();

    render(<Probe check={required} send={() => Promise.resolve()} clearOnEdit="all" />);
    fireEvent.click(screen.getByTestId('probe-submit'));
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'r' } });
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('is busy while sending and puts a refusal on its field, with the focus there', async () => {
    let refuse: (error: unknown) => void = () => undefined;
    const sent = new Promise((_, reject) => {
      refuse = reject;
    });
    render(<Probe check={() => ({})} send={() => sent} />);
    fireEvent.click(screen.getByTestId('probe-submit'));
    expect(screen.getByTestId('probe-submit')).toBeDisabled();
    expect(screen.getByTestId('probe-submit')).toHaveAttribute('aria-busy', 'true');

    refuse(new ApiError(400, 'email_taken'));
    await screen.findByText(/already/i, { selector: '#probe-email-error' });
    // The focus moves in an effect after that render, which a busy machine may run later.
    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveFocus());
    expect(screen.getByTestId('probe-submit')).toBeEnabled();
    expect(screen.queryByTestId('probe-error')).toBeNull();
  });

  it('keeps a refusal about the whole form as its error', async () => {
    render(<Probe check={() => ({})} send={() => Promise.reject(new ApiError(0, 'network_error'))} />);
    fireEvent.click(screen.getByTestId('probe-submit'));
    expect(await screen.findByTestId('probe-error')).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });
});
