"""Who acts (issue 30.5): every command that changes something records a real operator in
the audit log and in the decisions it makes. --actor names them, else AMORA_OPERATOR; on
a development machine the login stands in, but in production (BASE_URL https or
AMORA_ENV=production) a change without a name is refused before anything happens, since
"root" or "deploy" says nothing about who decided."""

from __future__ import annotations

import getpass
import os

from adapters.config import in_production
from cli.failures import fail
from cli.inputs import ACTOR_LONGEST
from domain.texts import has_control_characters


def operator(actor: str = "") -> str:
    chosen = actor.strip() or os.environ.get("AMORA_OPERATOR", "").strip()
    if chosen:
        if has_control_characters(chosen) or len(chosen) > ACTOR_LONGEST:
            fail(f"AMORA_OPERATOR: one line of at most {ACTOR_LONGEST} characters, please", 2)
        return chosen
    if in_production():  # read from the environment: creates no secret key
        fail("Say who acts: --actor NAME or AMORA_OPERATOR=NAME (required in production)", 2)
    return getpass.getuser()
