import { Outlet } from 'react-router';
import { EntryWarning } from '../../features/entry-warning/EntryWarning';

/** Bare: the chat screen uses the whole viewport. Entry warning only for NL and DE. */
export function ChatLayout() {
  return (
    <div className="layout layout--chat">
      <Outlet />
      <EntryWarning layout="chat" />
    </div>
  );
}
