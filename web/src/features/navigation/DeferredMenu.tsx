/**
 * A drop-down menu of the top navigation whose code (menus.tsx: Bootstrap's Dropdown and
 * Popper) loads after the page shows: once the page has settled (see whenSettled), or as
 * soon as the toggle is pointed at, focused or pressed. Until then a look-alike toggle
 * stands in; pressing it opens the menu as soon as it has loaded, and focus moves over to
 * the real toggle.
 */
import { type ReactNode, type RefObject, startTransition, useEffect, useEffectEvent, useRef, useState } from 'react';
import { whenSettled } from '../../shared/idle';

export type Menus = typeof import('./menus');

let loaded: Menus | null = null;
let loading: Promise<Menus> | null = null;

// A failed load leaves the stand-in in place (the chunk-failure handler reloads the page).
function loadMenus(): Promise<Menus> {
  loading ??= import('./menus').then(
    (module) => (loaded = module),
    () => new Promise<Menus>(() => {}),
  );
  return loading;
}

/** Tests: as if the menus had not loaded yet on this page (the stand-ins show first). */
export function forgetMenusLoaded(): void {
  loaded = null;
  loading = null;
}

/**
 * The menus module once it is here: loaded when the page has settled or when `load` is
 * called; `real` once the real menu may replace the stand-in, which then hands its
 * keyboard focus over to the real toggle.
 */
function useMenusLoad(boxRef: RefObject<HTMLDivElement | null>, pressing: boolean, focusedRef: RefObject<boolean>) {
  const [menus, setMenus] = useState<Menus | null>(loaded);
  const alive = useRef(true);

  // Approached (pointed at, focused, pressed): at once. Once the page has settled: as a
  // transition, drawn in short slices, not one long task (issue 36.5, Lighthouse's blocking time).
  const load = (approached = true) => {
    if (menus) return;
    void loadMenus().then((module) => {
      if (!alive.current) return;
      if (approached) setMenus(module);
      else startTransition(() => setMenus(module));
    });
  };

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const loadWhenSettled = useEffectEvent(load);
  useEffect(() => (menus ? undefined : whenSettled(() => loadWhenSettled(false))), [menus]);

  const real = menus !== null && !pressing;
  useEffect(() => {
    // The stand-in had the keyboard focus: the real toggle takes it over.
    if (real && focusedRef.current && (document.activeElement === null || document.activeElement === document.body)) {
      boxRef.current?.querySelector<HTMLElement>('.dropdown-toggle')?.focus();
    }
  }, [real, boxRef, focusedRef]);
  return { menus: real ? menus : null, load: () => load() };
}

interface StandInProps {
  label: string;
  toggleClassName: string;
  toggle: ReactNode;
  load: () => void;
  setPressing: (pressing: boolean) => void;
  /** The stand-in has the keyboard focus (true) or the user left it (false). */
  onFocusChange: (focused: boolean) => void;
  onOpen: () => void;
}

/** The look-alike toggle until the menus have loaded: any approach starts loading them. */
function StandInToggle({ label, toggleClassName, toggle, load, setPressing, onFocusChange, onOpen }: StandInProps) {
  return (
    <div className="dropdown">
      <button
        type="button"
        className={`${toggleClassName} dropdown-toggle btn btn-link`}
        aria-expanded={false}
        onPointerEnter={load}
        onPointerDown={() => {
          setPressing(true);
          load();
        }}
        onPointerLeave={() => setPressing(false)}
        onPointerCancel={() => setPressing(false)}
        onFocus={() => {
          onFocusChange(true);
          load();
        }}
        // (A browser may report the stand-in's removal as a blur: that is not the user leaving.)
        onBlur={(event) => {
          if (event.currentTarget.isConnected) onFocusChange(false);
        }}
        onClick={() => {
          onOpen();
          setPressing(false);
          load();
        }}
      >
        <span className="visually-hidden">{label} </span>
        {toggle}
      </button>
    </div>
  );
}

export function DeferredMenu({
  label,
  toggleClassName,
  toggle,
  menu,
}: {
  /** The toggle's accessible name before its visible text, as the real one has it
   * (hidden text, not aria-label: the name then holds what is seen, WCAG 2.5.3). */
  label: string;
  /** The real toggle's own classes (Bootstrap adds dropdown-toggle btn btn-link). */
  toggleClassName: string;
  /** The toggle's content, as the real one shows it. */
  toggle: ReactNode;
  /** The real menu, from the loaded module; `openAtOnce` when the stand-in was pressed. */
  menu: (menus: Menus, openAtOnce: boolean) => ReactNode;
}) {
  const [openAtOnce, setOpenAtOnce] = useState(false);
  // Not swapped while the stand-in is pressed: between press and release it would lose the click.
  const [pressing, setPressing] = useState(false);
  const focused = useRef(false);
  const box = useRef<HTMLDivElement>(null);
  const { menus, load } = useMenusLoad(box, pressing, focused);

  return (
    <div ref={box} style={{ display: 'contents' }}>
      {menus ? (
        menu(menus, openAtOnce)
      ) : (
        <StandInToggle
          label={label}
          toggleClassName={toggleClassName}
          toggle={toggle}
          load={load}
          setPressing={setPressing}
          onFocusChange={(value) => {
            focused.current = value;
          }}
          onOpen={() => setOpenAtOnce(true)}
        />
      )}
    </div>
  );
}
