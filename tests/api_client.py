"""The tests' client of the JSON API: Flask's test client whose answers are `ApiResponse`.

Werkzeug types a response's `json` as `Any | None` (None when the body is not JSON), so a
test reading `answer.json["user"]` would need a None check at every read; here it is the
parsed body as `Any` (still None for a body that is not JSON: the read then fails loudly).
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse


class ApiResponse(TestResponse):
    @property
    def json(self) -> Any:
        return self.get_json()


class ApiClient(FlaskClient):
    def __init__(self, app: Flask, use_cookies: bool = True) -> None:
        super().__init__(app, ApiResponse, use_cookies=use_cookies)

    def open(self, *args: Any, buffered: bool = False, follow_redirects: bool = False,
             **kwargs: Any) -> ApiResponse:
        answer = super().open(*args, buffered=buffered, follow_redirects=follow_redirects,
                              **kwargs)
        assert isinstance(answer, ApiResponse)
        return answer

    def get(self, *args: Any, **kw: Any) -> ApiResponse:
        return self.open(*args, method="GET", **kw)

    def post(self, *args: Any, **kw: Any) -> ApiResponse:
        return self.open(*args, method="POST", **kw)

    def put(self, *args: Any, **kw: Any) -> ApiResponse:
        return self.open(*args, method="PUT", **kw)

    def patch(self, *args: Any, **kw: Any) -> ApiResponse:
        return self.open(*args, method="PATCH", **kw)

    def delete(self, *args: Any, **kw: Any) -> ApiResponse:
        return self.open(*args, method="DELETE", **kw)

    def options(self, *args: Any, **kw: Any) -> ApiResponse:
        return self.open(*args, method="OPTIONS", **kw)

    def head(self, *args: Any, **kw: Any) -> ApiResponse:
        return self.open(*args, method="HEAD", **kw)
