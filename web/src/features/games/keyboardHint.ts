/**
 * "Or use the ← and → keys" only where there is a keyboard to press them (issue 29.7):
 * a mouse or trackpad (it hovers and points finely; a keyboard comes with it) on a screen
 * wider than a phone. A phone's browser, a tablet and a phone-wide window go without it;
 * the keys still work wherever one is pressed.
 */
import { useMediaQuery } from '../../shared/useMediaQuery';

export const KEYBOARD_QUERY = '(hover: hover) and (pointer: fine) and (min-width: 576px)';

export function useKeyboardHint(): boolean {
  return useMediaQuery(KEYBOARD_QUERY);
}
