/** The notifications' public module: the bell icon and the texts of push errors. */
export { BellIcon } from './BellIcon';
export { pushErrorText } from './notificationsUi';
