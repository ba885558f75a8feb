/**
 * Alerts shown in the layout's alert header. Dismissals are kept in localStorage with
 * the time of dismissal (spec section 4), so a feature can show an alert again later.
 */
import { create } from 'zustand';

export const DISMISSALS_KEY = 'amora.alerts.dismissed';

export interface Alert {
  id: string;
  variant: 'info' | 'warning' | 'danger' | 'success';
  /** A common-namespace catalog key and its values. */
  message: string;
  values?: Record<string, unknown>;
  dismissible?: boolean;
  /** A button in the alert (e.g. "send the e-mail again"); its label is a common catalog key. */
  action?: { label: string; onClick: () => void; testId?: string };
}

type Dismissals = Record<string, number>;

function readDismissals(): Dismissals {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DISMISSALS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Dismissals) : {};
  } catch {
    return {};
  }
}

interface AlertsState {
  alerts: Alert[];
  dismissals: Dismissals;
  show: (alert: Alert) => void;
  dismiss: (id: string, now?: number) => void;
  /** Takes an alert away without counting it as dismissed. */
  hide: (id: string) => void;
  /** When the alert was dismissed (ms since epoch), or null. */
  dismissedAt: (id: string) => number | null;
}

export const useAlerts = create<AlertsState>()((set, get) => ({
  alerts: [],
  dismissals: readDismissals(),
  show: (alert) => set((s) => ({ alerts: [...s.alerts.filter((a) => a.id !== alert.id), alert] })),
  dismiss(id, now = Date.now()) {
    const dismissals = { ...get().dismissals, [id]: now };
    try {
      localStorage.setItem(DISMISSALS_KEY, JSON.stringify(dismissals));
    } catch {
      // Private mode without storage: the dismissal lasts for this page only.
    }
    set((s) => ({ dismissals, alerts: s.alerts.filter((a) => a.id !== id) }));
  },
  hide: (id) => set((s) => (s.alerts.some((a) => a.id === id) ? { alerts: s.alerts.filter((a) => a.id !== id) } : s)),
  dismissedAt: (id) => get().dismissals[id] ?? null,
}));
