/** Push notifications' public module: the subscription's store. */
export { resetPushForTests, usePush } from './pushStore';
