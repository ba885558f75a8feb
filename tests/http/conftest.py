from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from adapters.container import Container
from adapters.http.app import create_app
from tests.api_client import ApiClient
from tests.conftest import Seeded


@pytest.fixture
def web_dist(tmp_path: Path) -> Path:
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><div id=root></div>")
    (dist / "assets" / "app-1a2b.js").write_text("console.log(1)")
    return dist


@pytest.fixture
def app(container: Container, seeded: Seeded, web_dist: Path) -> Flask:
    assert container.config().web_dist == web_dist
    return create_app(container)


@pytest.fixture
def client(app: Flask) -> ApiClient:
    return ApiClient(app)


def changed_behind_the_app(app: Flask, member_id: int) -> None:
    """A test that changes a member straight in the database (standing in for a request, a
    job or the passing of time) says so, as the app's own changes do: the member's
    sign-in, remembered for minutes by each process (application.recent_sign_ins), is
    read afresh by the next request."""
    app.extensions["amora"].recent_sign_ins().forget(member_id)
