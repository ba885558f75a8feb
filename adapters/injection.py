"""dependency_injector without the integrations Amora does not use.

Its modules try, at import, YAML and pydantic-settings (for Configuration.from_yaml and
from_pydantic) and werkzeug, Starlette, FastAPI and FastDepends (for wiring): Amora wires
nothing and configures itself (adapters.config), yet those imports cost a read command
about a fifth of its start (issue 32.7: read commands start within 0.5 s). They are
refused while dependency_injector loads; a library a process has already imported (the
web app's werkzeug) is left as it is, and afterwards every one imports as usual."""

from __future__ import annotations

import sys

_UNUSED = ("yaml", "pydantic_settings", "werkzeug", "starlette", "fastapi", "fast_depends")

_refused = [name for name in _UNUSED if name not in sys.modules]
for _name in _refused:
    sys.modules[_name] = None  # type: ignore[assignment]  # import's own "not here" mark
try:
    from dependency_injector import containers, providers
finally:
    for _name in _refused:
        if sys.modules.get(_name, ...) is None:
            del sys.modules[_name]

__all__ = ["containers", "providers"]
