/**
 * A modal dialog in Bootstrap's markup without react-bootstrap's code, for the modals of
 * the layouts themselves (the site-entry warning over a visitor's first page, the
 * activation reminder): react-bootstrap's Modal and its helpers would add some 8 KB of
 * compressed script to every first page (issue 17). Shown at once (no entrance
 * animation); focus moves into it and back on close; the page behind does not scroll;
 * Escape closes it, and so does a click beside it unless `backdrop` is 'static'. Tab
 * stays inside it through modalFocus.ts, as for every modal.
 */
import { type ReactNode, useEffect, useEffectEvent, useRef } from 'react';
import { createPortal } from 'react-dom';

export function PlainModal({
  onHide,
  className = '',
  backdrop = true,
  children,
  ...aria
}: {
  onHide: () => void;
  className?: string;
  backdrop?: true | 'static';
  'aria-labelledby'?: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  const hide = useEffectEvent(onHide);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { body } = document;
    const style = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    // The scroll bar goes away: pad its width so the page behind does not move sideways.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    body.classList.add('modal-open');
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) hide();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      body.classList.remove('modal-open');
      Object.assign(body.style, style);
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  return createPortal(
    <>
      <div className="fade modal-backdrop show" />
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click beside the dialog is the mouse's Escape (handled above for the keyboard). */}
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        tabIndex={-1}
        className={`fade modal show ${className}`.trim()}
        style={{ display: 'block' }}
        {...aria}
        onClick={(event) => {
          if (backdrop === true && event.target === event.currentTarget) onHide();
        }}
      >
        <div className="modal-dialog modal-dialog-centered">
          <div className="modal-content">{children}</div>
        </div>
      </div>
    </>,
    document.body,
  );
}
