import { Outlet } from 'react-router';
import { EntryWarning } from '../../features/entry-warning/EntryWarning';
import { Slot } from '../slots';

/** Nothing around the page; entry warning for NL and DE, and the signup modal. */
export function EmptyLayout() {
  return (
    <div className="layout layout--empty">
      <Outlet />
      <EntryWarning layout="empty" />
      <Slot name="signupModal" />
    </div>
  );
}
