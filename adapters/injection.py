"""dependency_injector without the integrations Amora does not use.

Its modules try, at import, YAML, pydantic-settings and pydantic (for
Configuration.from_yaml and from_pydantic) and werkzeug, Starlette, FastAPI and
FastDepends (for wiring): Amora wires nothing and configures itself (adapters.config),
yet those imports cost a read command about a fifth of its start (issue 32.7: read
commands start within 0.5 s). They are refused while dependency_injector loads; a library
a process has already imported (the web app's werkzeug) is left as it is, and afterwards
every one imports as usual."""

from __future__ import annotations

import sys
from types import ModuleType

_UNUSED = ("yaml", "pydantic_settings", "werkzeug", "starlette", "fastapi", "fast_depends")

# Without pydantic-settings it looks for pydantic 1's BaseSettings, reading
# pydantic.VERSION; a stand-in says "not 1" (a refusal would not do: its compiled import
# takes the None that marks one for the module).
_NOT_PYDANTIC_1 = ModuleType("pydantic")
_NOT_PYDANTIC_1.VERSION = "2 (not loaded)"  # type: ignore[attr-defined]

_stand_ins: dict[str, ModuleType | None] = {
    name: None for name in _UNUSED if name not in sys.modules}
if "pydantic" not in sys.modules:
    _stand_ins["pydantic"] = _NOT_PYDANTIC_1
sys.modules.update(_stand_ins)  # type: ignore[arg-type]  # None: import's "not here"
try:
    from dependency_injector import containers, providers
finally:
    for _name, _stand_in in _stand_ins.items():
        if sys.modules.get(_name, ...) is _stand_in:
            del sys.modules[_name]

__all__ = ["containers", "providers"]
