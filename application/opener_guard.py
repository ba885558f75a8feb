"""The scheduler's purge of mass-opener fingerprints (issue 31.2). The cap and the finding
the chat's send calls are application.shared.opener_limits."""

from __future__ import annotations

import attrs

from application.ports.clock import Clock
from application.ports.shared_units import OpenerGuardUnit
from application.ports.transaction import UnitFactory
from domain.mass_openers import KEEP


@attrs.frozen
class OpenerPurge:
    """The scheduler's job: fingerprints older than KEEP go, whoever sent them."""

    uow: UnitFactory[OpenerGuardUnit]
    clock: Clock

    def purge(self) -> int:
        with self.uow() as uow:
            gone = uow.trust.prune_openers(self.clock.now() - KEEP)
            uow.commit()
        return gone
