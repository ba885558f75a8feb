/** The navigation's public module: the counter badge's text, for lists elsewhere (the chats).
 *  The bars and menus themselves are composed by app/layouts. */
export { counterBadge } from './badges';
