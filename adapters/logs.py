"""Log set-up for the server, the worker and the scheduler: text lines by default,
one JSON object a line with LOG_FORMAT=json; either way each line written while a
request is answered carries that request's id, and no line carries a link's secret
(the token of a download, activation or reset link in a query string)."""

from __future__ import annotations

import logging
import re
from contextvars import ContextVar

from pythonjsonlogger.json import JsonFormatter

# The id of the request this code runs for ("-" outside a request); set by the HTTP
# adapter. A ContextVar follows the request into its greenlet or thread.
request_id: ContextVar[str] = ContextVar("request_id", default="-")

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"
JSON_FIELDS = ["asctime", "levelname", "name", "request_id", "message"]
ACCESS_LOG_ID = "{x-request-id}o"


# Query parameters whose values are secrets: a mailed link's token (the data export's
# download, activation, password reset, unsubscribe), a discount code, a signature.
_SECRET_QUERY = re.compile(
    r"([?&](?:[\w.-]*[_.-])?(?:token|secret|password|signature|sig|key|code)=)[^&#\s\"']*",
    re.IGNORECASE)
REDACTED = "[redacted]"


def redact(text: str) -> str:
    """``text`` with the values of secret query parameters replaced by [redacted]."""
    return _SECRET_QUERY.sub(rf"\1{REDACTED}", text) if "=" in text else text


class SecretsFilter(logging.Filter):
    """Redacts secret query values from every line a handler writes (a warning naming a
    URL, a library's message). gunicorn's access lines are redacted where they are made
    (adapters/http/server.py), so they are left as they are here."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, dict):
            return True
        message = record.getMessage()
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        return True


class RequestIdFilter(logging.Filter):
    """Adds ``request_id`` to every record a handler writes."""

    def filter(self, record: logging.LogRecord) -> bool:
        value = request_id.get()
        if value == "-" and isinstance(record.args, dict):
            # gunicorn's access log line comes after the request: its id is the
            # response's X-Request-ID, among the line's values.
            value = record.args.get(ACCESS_LOG_ID, "-")
        record.__dict__["request_id"] = value  # as logging itself adds `extra` fields
        return True


def formatter(log_format: str) -> logging.Formatter:
    if log_format == "json":
        return JsonFormatter(JSON_FIELDS, rename_fields={"levelname": "level",
                                                         "name": "logger"})
    return logging.Formatter(TEXT_FORMAT)


def configure_logging(log_format: str, level: int = logging.INFO) -> None:
    """The root logger writes to stderr in ``log_format`` ("text" or "json"); in JSON,
    gunicorn's own loggers (server and access log) too, so every line parses."""
    root = logging.getLogger()
    if not root.handlers:
        root.addHandler(logging.StreamHandler())
    root.setLevel(level)
    names = ("", "gunicorn.error", "gunicorn.access") if log_format == "json" else ("",)
    for name in names:
        for handler in logging.getLogger(name).handlers:
            handler.setFormatter(formatter(log_format))
            if not any(isinstance(f, RequestIdFilter) for f in handler.filters):
                handler.addFilter(RequestIdFilter())
            if not any(isinstance(f, SecretsFilter) for f in handler.filters):
                handler.addFilter(SecretsFilter())
