"""Use cases that race: what they do when a concurrent transaction got there first.

Member writes are targeted (only the columns a use case changed), so a profile save and
a ban never undo each other. A change of *status* is a compare-and-set on the status the
use case read; when another transaction moved it in between (a ban during a deletion,
say) the repository raises MemberChanged and the use case runs again from a fresh read,
where the domain's transition decides anew (a banned member cannot delete, and so on).
"""

from __future__ import annotations

from tenacity import retry, retry_if_exception_type, stop_after_attempt

from application.ports.members import MemberChanged

# A status changes a handful of times in a member's life; three tries is plenty, and the
# last conflict reaches the member as 409 member_changed ("try again").
on_member_conflict = retry(retry=retry_if_exception_type(MemberChanged),
                           stop=stop_after_attempt(3), reraise=True)
