/** Pieces shared by the notification screens: preference names, groups, spinner, errors. */
import './notifications.scss';
import type { TFunction } from 'i18next';
import type { IconName } from '../../shared/ui/icons';
import type { PreferenceKey } from './notificationsApi';

export interface PreferenceGroup {
  id: 'messages' | 'likes' | 'fromUs';
  icon: IconName;
  keys: readonly PreferenceKey[];
}

/** The settings screen's groups: what members write, what they like, what we send. */
export const PREFERENCE_GROUPS: readonly PreferenceGroup[] = [
  { id: 'messages', icon: 'chat', keys: ['new_conversations', 'new_messages', 'unread_message_reminders'] },
  { id: 'likes', icon: 'heart', keys: ['like'] },
  { id: 'fromUs', icon: 'sparkle', keys: ['weekly_updates', 'promotions', 'news', 'reminders'] },
];

/** A preference's name ("New messages"); an unknown key shows as it is. */
export function preferenceLabel(t: TFunction, key: string): string {
  return t(`preferences.${key}.label`, { ns: 'notifications', defaultValue: key });
}

/** A centred spinner while a notification screen loads or works. */
export function NotificationsSpinner({ label, testId }: { label: string; testId?: string }) {
  return (
    <div className="notifications-loading" role="status" aria-busy="true" data-testid={testId}>
      <span className="spinner-border text-primary" aria-hidden="true" />
      <span className="notifications-loading__label">{label}</span>
    </div>
  );
}
