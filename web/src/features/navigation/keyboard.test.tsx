import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInRouter, seedStores, setupTestI18n } from '../../test/render';
import { settingsFixture, userFixture } from '../../test/fixtures';
import { useSession } from '../../shared/session';
import { KEYBOARD_MIN_PX, isTextField, keyboardUp } from './keyboard';
import { TabBar } from './MemberNav';

/** A visual viewport that resizes like a phone's when its keyboard comes and goes. */
function fakeViewport(height: number) {
  const listeners = new Set<() => void>();
  const viewport = {
    height,
    scale: 1,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    resize(to: number) {
      viewport.height = to;
      listeners.forEach((listener) => listener());
    },
  };
  vi.stubGlobal('visualViewport', viewport);
  return viewport;
}

describe('the on-screen keyboard', () => {
  beforeAll(() => setupTestI18n());
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.setState({ user: null });
    document.body.innerHTML = '';
  });

  it('takes text fields, not checkboxes or buttons', () => {
    const field = (html: string) => {
      const holder = document.createElement('div');
      holder.innerHTML = html;
      return holder.firstElementChild;
    };
    expect(isTextField(field('<input type="text">'))).toBe(true);
    expect(isTextField(field('<input>'))).toBe(true);
    expect(isTextField(field('<textarea></textarea>'))).toBe(true);
    expect(isTextField(field('<input type="checkbox">'))).toBe(false);
    expect(isTextField(field('<button>Go</button>'))).toBe(false);
    expect(isTextField(null)).toBe(false);
  });

  it('is up only while a text field has the focus and the visible viewport is a keyboard shorter', () => {
    const viewport = fakeViewport(window.innerHeight);
    const input = document.body.appendChild(document.createElement('input'));
    expect(keyboardUp()).toBe(false);
    input.focus();
    // Focus alone (a desktop, a hardware keyboard, the test browser): no keyboard.
    expect(keyboardUp()).toBe(false);
    viewport.height = window.innerHeight - KEYBOARD_MIN_PX; // a toolbar at most
    expect(keyboardUp()).toBe(false);
    viewport.height = window.innerHeight - 300;
    expect(keyboardUp()).toBe(true);
    // Zoomed in twice as far without a keyboard: the scale takes the zoom back out.
    Object.assign(viewport, { height: window.innerHeight / 2, scale: 2 });
    expect(keyboardUp()).toBe(false);
    Object.assign(viewport, { height: window.innerHeight - 300, scale: 1 });
    input.blur();
    expect(keyboardUp()).toBe(false);
  });

  it('keeps the tab bar while a field has the focus, and hides it only while the keyboard is up', () => {
    const viewport = fakeViewport(window.innerHeight);
    seedStores({ settings: settingsFixture() });
    useSession.setState({ user: userFixture() });
    const input = document.body.appendChild(document.createElement('input'));
    renderInRouter(<TabBar />);
    const bar = screen.getByTestId('tab-bar');
    act(() => input.focus());
    // The first tap after typing reaches a tab: the bar is there to be tapped.
    expect(bar).not.toHaveClass('tab-bar--keyboard');
    act(() => viewport.resize(window.innerHeight - 320));
    expect(bar).toHaveClass('tab-bar--keyboard');
    act(() => viewport.resize(window.innerHeight));
    expect(bar).not.toHaveClass('tab-bar--keyboard');
  });
});
