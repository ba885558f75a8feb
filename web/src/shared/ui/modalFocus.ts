/**
 * Keeps Tab inside an open modal dialog (WAI-ARIA dialog pattern). The react-bootstrap
 * modals pull the focus back only once it has landed outside, and Tab from a modal's last
 * control leaves the page for the browser's own controls; the match celebration has no
 * trap at all. One listener for the whole app: Tab from the last control of the topmost
 * open `[aria-modal="true"]` goes to its first, Shift+Tab from the first to the last.
 */

const TABBABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

function visible(element: HTMLElement): boolean {
  if (element.closest('[inert], [hidden]')) return false;
  // No layout in tests (jsdom): treat as visible there.
  if (typeof element.getClientRects !== 'function' || navigator.userAgent.includes('jsdom')) return true;
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
}

/** The controls Tab reaches inside `root`, in order (one radio per named group). */
export function tabbables(root: HTMLElement): HTMLElement[] {
  const found = [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.tabIndex >= 0 && visible(element));
  const radios = new Map<string, HTMLInputElement>();
  for (const element of found) {
    if (element instanceof HTMLInputElement && element.type === 'radio' && element.name) {
      const chosen = radios.get(element.name);
      if (!chosen || (!chosen.checked && element.checked)) radios.set(element.name, element);
    }
  }
  return found.filter((element) => !(element instanceof HTMLInputElement && element.type === 'radio' && element.name) || radios.get(element.name) === element);
}

/** The open modal dialog on top (the last one in the document is the newest). */
export function topModal(doc: Document = document): HTMLElement | null {
  const open = [...doc.querySelectorAll<HTMLElement>('[aria-modal="true"]')].filter(visible);
  return open.at(-1) ?? null;
}

export function handleModalTab(event: KeyboardEvent, doc: Document = document): void {
  if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const modal = topModal(doc);
  if (!modal) return;
  const controls = tabbables(modal);
  const active = doc.activeElement as HTMLElement | null;
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) {
    event.preventDefault();
    modal.focus();
    return;
  }
  const inside = active !== null && modal.contains(active);
  if (!inside) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  } else if (event.shiftKey) {
    if (active === first || active === modal) {
      event.preventDefault();
      last.focus();
    }
  } else if (active === last) {
    event.preventDefault();
    first.focus();
  }
}

let installed = false;

/** Installs the one listener (idempotent). */
export function installModalTabWrap(doc: Document = document): void {
  if (installed) return;
  installed = true;
  doc.addEventListener('keydown', (event) => handleModalTab(event, doc));
}
