import { afterEach, describe, expect, it } from 'vitest';
import { handleModalTab, tabbables, topModal } from './modalFocus';

function press(shiftKey = false): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true });
  handleModalTab(event);
  return event;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('Tab inside a modal', () => {
  function page() {
    document.body.innerHTML = `
      <button id="behind">Behind</button>
      <div id="modal" role="dialog" aria-modal="true" tabindex="-1">
        <button id="first">First</button>
        <input id="disabled" disabled>
        <input type="radio" name="r" id="r1"><input type="radio" name="r" id="r2" checked>
        <a id="nolink">No link</a>
        <span tabindex="-1" id="skip">Skip</span>
        <button id="last">Last</button>
      </div>`;
    return (id: string) => document.getElementById(id)!;
  }

  it('lists what Tab reaches: one radio per group, no disabled or unlinked elements', () => {
    const $ = page();
    expect(tabbables($('modal')).map((element) => element.id)).toEqual(['first', 'r2', 'last']);
    expect(topModal()).toBe($('modal'));
  });

  it('goes round from the last control to the first and back', () => {
    const $ = page();
    $('last').focus();
    expect(press().defaultPrevented).toBe(true);
    expect(document.activeElement).toBe($('first'));
    expect(press(true).defaultPrevented).toBe(true);
    expect(document.activeElement).toBe($('last'));
    // In between the browser moves on its own.
    $('r2').focus();
    expect(press().defaultPrevented).toBe(false);
    // From the dialog itself (where the modal puts the focus), Shift+Tab goes to the last.
    $('modal').focus();
    press(true);
    expect(document.activeElement).toBe($('last'));
  });

  it('brings the focus back in from behind the modal', () => {
    const $ = page();
    $('behind').focus();
    press();
    expect(document.activeElement).toBe($('first'));
  });

  it('does nothing without an open modal', () => {
    document.body.innerHTML = '<button id="a">A</button><div role="dialog" aria-modal="false"><button>B</button></div>';
    document.getElementById('a')!.focus();
    expect(press().defaultPrevented).toBe(false);
  });
});
