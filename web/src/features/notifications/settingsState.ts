/**
 * The notification settings as the screen shows them: the server's last answer with the
 * member's changes on their way laid over it (optimistic). A change that fails falls back
 * to the server's value; an answer older than one already applied is ignored, so switches
 * flipped quickly one after the other end as the member left them.
 */
import type { Language } from '../../shared/i18n/languages';
import type { Notifications, PreferenceKey } from './notificationsApi';

/** What a control shows next to it: working, done, or why it failed. */
export type SaveStatus = { phase: 'saving' } | { phase: 'saved' } | { phase: 'failed'; error: unknown };
export type ControlId = PreferenceKey | 'language' | 'mail';

export interface SettingsState {
  confirmed: Notifications;
  /** The number of the latest answer applied to `confirmed`. */
  answered: number;
  /** Changes on their way, each with the number of its request. */
  changes: Partial<Record<PreferenceKey, { value: boolean; request: number }>>;
  language: { value: Language; request: number } | null;
  status: Partial<Record<ControlId, SaveStatus>>;
}

export type SettingsAction =
  | { type: 'change'; key: PreferenceKey; value: boolean; request: number }
  | { type: 'language'; value: Language; request: number }
  | { type: 'mail'; request: number }
  | { type: 'answer'; control: ControlId; answer: Notifications; request: number }
  | { type: 'failed'; control: ControlId; error: unknown; request: number }
  | { type: 'settled'; control: ControlId };

export function initialSettings(confirmed: Notifications): SettingsState {
  return { confirmed, answered: 0, changes: {}, language: null, status: {} };
}

function isLatest(state: SettingsState, control: ControlId, request: number): boolean {
  if (control === 'language') return state.language?.request === request;
  if (control === 'mail') return true;
  return state.changes[control]?.request === request;
}

function withoutChange(state: SettingsState, control: ControlId): Pick<SettingsState, 'changes' | 'language'> {
  if (control === 'language') return { changes: state.changes, language: null };
  if (control === 'mail') return { changes: state.changes, language: state.language };
  const changes = { ...state.changes };
  delete changes[control];
  return { changes, language: state.language };
}

export function settingsReducer(state: SettingsState, action: SettingsAction): SettingsState {
  switch (action.type) {
    case 'change':
      return {
        ...state,
        changes: { ...state.changes, [action.key]: { value: action.value, request: action.request } },
        status: { ...state.status, [action.key]: { phase: 'saving' } },
      };
    case 'language':
      return {
        ...state,
        language: { value: action.value, request: action.request },
        status: { ...state.status, language: { phase: 'saving' } },
      };
    case 'mail':
      return { ...state, status: { ...state.status, mail: { phase: 'saving' } } };
    case 'answer': {
      const fresher = action.request > state.answered;
      const latest = isLatest(state, action.control, action.request);
      return {
        ...state,
        confirmed: fresher ? action.answer : state.confirmed,
        answered: fresher ? action.request : state.answered,
        ...(latest ? withoutChange(state, action.control) : {}),
        status: latest ? { ...state.status, [action.control]: { phase: 'saved' } } : state.status,
      };
    }
    case 'failed': {
      if (!isLatest(state, action.control, action.request)) return state;
      return {
        ...state,
        ...withoutChange(state, action.control),
        status: { ...state.status, [action.control]: { phase: 'failed', error: action.error } },
      };
    }
    case 'settled': {
      if (state.status[action.control]?.phase !== 'saved') return state;
      const status = { ...state.status };
      delete status[action.control];
      return { ...state, status };
    }
  }
}

/** The settings as shown: the server's answer with the changes on their way. */
export function shownSettings(state: SettingsState): Notifications {
  const preferences = { ...state.confirmed.preferences };
  for (const [key, change] of Object.entries(state.changes)) {
    if (change) preferences[key as PreferenceKey] = change.value;
  }
  return { ...state.confirmed, preferences, language: state.language?.value ?? state.confirmed.language };
}
