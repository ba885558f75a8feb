/** Push notifications: the subscription's store and the texts of its errors (the settings, the navigation and the signup's push step use them). */
export { isPushSubscribed, resetPushForTests, usePush } from './pushStore';
export { pushErrorText } from './pushErrorText';
