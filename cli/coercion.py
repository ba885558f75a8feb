"""Command-line values read without pydantic when they are plain or left out.

Typer checks every parameter's value with a pydantic TypeAdapter, built even for an
option left out: importing pydantic and building the adapters costs each command about
0.1 s CPU, a fifth of a read command's start (issue 32.7: read commands start within
0.5 s). A text, a whole number within its bounds, a flag, one of an enum's values or a
default time is read here as typer would read it; anything else (a value typer would
refuse, or a type not listed) goes to typer's own adapter, built then, so its messages
and rules stay exactly typer's."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from functools import cached_property
from typing import TYPE_CHECKING, Any

import typer.core
from typer._coercion import RuntimeParam, TypeDescriptor
from typer._coercion import build_runtime_param as typer_runtime_param
from typer._param_types import coerce_cli_choice

if TYPE_CHECKING:
    from typer._click import Context
    from typer.core import _TyperParameter

# What pydantic reads as the same number, and nothing it might read otherwise.
_WHOLE = re.compile(r"-?(?:0|[1-9][0-9]{0,17})")


@dataclass(frozen=True)
class PlainParam(RuntimeParam):
    """A parameter whose values are read here when plain (:func:`_is_plain`), and by
    typer's own reading otherwise; a value left out (None) is never read at all."""

    descriptor: TypeDescriptor
    plain: bool

    @cached_property
    def typer_s(self) -> RuntimeParam:
        return typer_runtime_param(self.descriptor)

    def _coerce_value(self, value: Any, param: _TyperParameter, ctx: Context) -> Any:
        read = self._plain(value, ctx) if self.plain else None
        if read is None:  # typer's own reading: its value, or its message
            return self.typer_s._coerce_value(value, param=param, ctx=ctx)
        return read[0]

    def _plain(self, value: Any, ctx: Context) -> tuple[Any] | None:
        kind = self.annotation
        if kind is str:
            return (value,) if isinstance(value, str) else None
        if kind is bool:
            return (value,) if isinstance(value, bool) else None
        if kind is int:
            return self._whole(value)
        if kind is datetime:  # a default; a typed time is typer's to parse
            return (value,) if isinstance(value, datetime) else None
        try:
            return (coerce_cli_choice(value, choices=list(kind),
                                      case_sensitive=self.parameter_info.case_sensitive,
                                      ctx=ctx),)
        except Exception:  # noqa: BLE001 - typer says why, in its own words
            return None

    def _whole(self, value: Any) -> tuple[int] | None:
        if isinstance(value, str) and _WHOLE.fullmatch(value):
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            return None
        info = self.parameter_info
        if (info.min is not None and value < info.min) or (
                info.max is not None and value > info.max):
            return None  # typer refuses it, or clamps it
        return (value,)


def _is_plain(descriptor: TypeDescriptor) -> bool:
    info = descriptor.parameter_info
    kind = descriptor.annotation
    return (descriptor.file_annotation is None and info.parser is None
            and getattr(info, "click_type", None) is None
            and (kind in (str, int, bool, datetime) or (isinstance(kind, type)
                                                and issubclass(kind, Enum))))


def runtime_param(descriptor: TypeDescriptor) -> RuntimeParam:
    """The reading of one parameter's values: plain here, or typer's (a file's at once:
    it opens them)."""
    if descriptor.file_annotation is not None:
        return typer_runtime_param(descriptor)
    return PlainParam(parameter_info=descriptor.parameter_info,
                      annotation=descriptor.annotation, descriptor=descriptor,
                      plain=_is_plain(descriptor))


def read_plain_values_here() -> None:
    """Every command's parameters read by :func:`runtime_param` from now on."""
    typer.core.build_runtime_param = runtime_param  # type: ignore[attr-defined]
