import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SERVER_FIRST_SCREEN_ID } from '../shared/firstScreen';
import { AppShell } from './AppShell';
import { BootFailure } from './BootFailure';

/** What adapters/http/first_paint.py draws after #root on a member's /members. */
function serverCopy() {
  const copy = document.createElement('div');
  copy.id = SERVER_FIRST_SCREEN_ID;
  document.body.append(copy);
}

describe("the server's first cards (issue 36.5)", () => {
  it("give way to the shell's first screen", async () => {
    serverCopy();
    const router = createMemoryRouter([{ element: <AppShell />, children: [{ path: '/', element: <p>the screen</p> }] }]);
    const shell = render(<RouterProvider router={router} />);
    expect(await shell.findByText('the screen')).toBeInTheDocument();
    expect(document.getElementById(SERVER_FIRST_SCREEN_ID)).toBeNull();
    shell.unmount();
  });

  it('give way to the boot failure', () => {
    serverCopy();
    render(<BootFailure onRetry={() => undefined} />).unmount();
    expect(document.getElementById(SERVER_FIRST_SCREEN_ID)).toBeNull();
  });
});
