"""The container of the app serving this request, typed, so views call typed use cases.

Not dependency-injector's wiring (``@inject`` with ``Provide[Container.x]``): wiring
patches the view modules themselves, so in a process with two apps (tests build one per
container, and one test runs two side by side) every app's views would use the
container wired last. The container hangs on its own app instead."""

from __future__ import annotations

from typing import cast

from flask import Flask, current_app

from adapters.container import Container


def container_of(app: Flask) -> Container:
    # A built Container is a dependency-injector DynamicContainer with Container's
    # providers, not an instance of the class: hence a cast, not an isinstance check.
    return cast(Container, app.extensions["amora"])


def container() -> Container:
    """The container of the app serving the current request."""
    return container_of(current_app)
