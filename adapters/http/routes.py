"""The app's URL rules, their URL builders made on first use.

werkzeug compiles two builders for every rule as it is added (Python source generated,
parsed and compiled: `url_for` and redirects use them), some 30 ms of a server's start
for ~120 rules (issue 36.5), though a request matches URLs by the rule's pattern and only
a few rules are ever built. Here each builder is compiled the first time it is called,
then kept on the rule as werkzeug keeps it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from werkzeug.routing import Rule


class BuiltOnUseRule(Rule):
    def _compile_builder(self, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
        compile_builder = super()._compile_builder
        kept_as = "_build_unknown" if append_unknown else "_build"

        def build(rule: Rule, **values: Any) -> tuple[str, str]:
            # Bound to the rule as werkzeug binds its own (Rule.compile).
            built: Callable[..., tuple[str, str]] = compile_builder(append_unknown).__get__(
                rule, None)
            setattr(rule, kept_as, built)
            return built(**values)

        return build
