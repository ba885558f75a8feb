"""The session lookups a process remembers (issues 17.1, 36.1).

Every signed-in request starts with the session lookup (session, member, balance, main
photo: one query). A member's page makes its reads in bursts and comes back every few
seconds, so a process keeps what it read for SIGN_IN_FRESH_FOR and answers reads from
memory in that time: with thousands of members online, most reads need no query. The
rules that keep this honest:

- only reads may use it: a request that may change something looks its member up afresh
  (HTTP: anything but GET/HEAD), so no change is ever decided on a remembered member;
- a change forgets the member at once, in every process: every commit of any process
  (the web app, a command line, the worker, the scheduler) that wrote their account or
  sessions (a ban, a logout, a revoked or ended session, a password changed or reset, a
  closed account, their photos: adapters/sql/account_writes.py, announced by the unit of
  work the container builds), the member's own requests, and the events that change an
  account (credits, payments: see ``changes_account``), via the event bus's ACCOUNTS
  channel (Redis; without it the same-host sockets of the processes sharing VAR_DIR);
- the memory is never staler than that bus: it remembers nothing while the bus cannot
  hear the other processes, and forgets everything when the bus may have missed some of
  their news (adapters/events/account_changes.py);
- anything else (an operator's edit straight in the database, a process on another
  machine without Redis) is seen within SIGN_IN_FRESH_FOR;
- a session that ends (expiry, logout, revocation) is never answered from memory after
  it ended: a remembered session is checked against the clock on every use.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

import attrs

from application.ports.accounts import SignedIn
from application.ports.clock import Clock
from application.ports.events import CreditsChanged, Event, PaymentSettled, SessionRevoked

# Five minutes (issue 36.1): every process announces what it writes, so this bounds only
# what nobody announces (an edit straight in the database). It was one second until the
# command line, the worker and the scheduler announced their writes too.
SIGN_IN_FRESH_FOR = timedelta(minutes=5)
# A bound on memory: beyond it, what is out of date goes, and if that is not enough,
# everything (a process serving more than this many members in five minutes gains
# little anyway).
MOST_REMEMBERED = 10_000


def changes_account(event: Event) -> bool:
    """Whether an event to a member means their sign-in (balance, premium, sessions) as
    remembered is out of date."""
    return isinstance(event, CreditsChanged | PaymentSettled | SessionRevoked)


@attrs.define
class RecentSignIns:
    """Session lookups by token, each kept SIGN_IN_FRESH_FOR. Only negative answers are
    not kept (a caller with made-up tokens must not fill the memory, and a ban's refusal
    is always read afresh)."""

    look_up: Callable[[str | None], SignedIn | None]  # Accounts.signed_in
    clock: Clock
    _found: dict[str, tuple[datetime, SignedIn]] = attrs.Factory(dict)
    _tokens_of: dict[int, set[str]] = attrs.Factory(dict)

    def signed_in(self, token: str | None) -> SignedIn | None:
        if not token:
            return None
        now = self.clock.now()
        kept = self._found.get(token)
        if kept is not None:
            read_at, found = kept
            if read_at <= now < read_at + SIGN_IN_FRESH_FOR and found.session.open_at(now):
                return found
        found_now = self.look_up(token)
        if found_now is None:
            self._found.pop(token, None)
        else:
            self._remember(token, now, found_now)
        return found_now

    def forget(self, member_id: int) -> None:
        """Forget every session of this member (they or their account changed)."""
        for token in self._tokens_of.pop(member_id, ()):
            self._found.pop(token, None)

    def forget_all(self) -> None:
        self._found.clear()
        self._tokens_of.clear()

    def _remember(self, token: str, now: datetime, found: SignedIn) -> None:
        if len(self._found) >= MOST_REMEMBERED:
            self._drop_out_of_date(now)
        self._found[token] = (now, found)
        self._tokens_of.setdefault(found.member.id, set()).add(token)

    def _drop_out_of_date(self, now: datetime) -> None:
        for token, (read_at, found) in list(self._found.items()):
            if not read_at <= now < read_at + SIGN_IN_FRESH_FOR:
                self._found.pop(token, None)
                self._tokens_of.get(found.member.id, set()).discard(token)
        if len(self._found) >= MOST_REMEMBERED:
            self.forget_all()
        for member_id in [member for member, tokens in self._tokens_of.items() if not tokens]:
            self._tokens_of.pop(member_id, None)
