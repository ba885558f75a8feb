"""Configuration from environment variables, read when the container is built (never at import)."""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Mapping
from pathlib import Path

import attrs

from domain.notifications import PUSH_HOSTS

MAIL_BACKENDS = ("file", "smtp")
STORAGE_BACKENDS = ("local", "s3")
PAYMENT_PROVIDERS = ("sandbox", "mollie")
LOG_FORMATS = ("text", "json")
PASSWORD_HASHINGS = ("strong", "cheap")  # argon2id parameters: adapters/security/passwords.py
PROJECT_ROOT = Path(__file__).resolve().parent.parent
# Connections a server process keeps for requests beyond its live sockets: a process
# full of sockets still answers a burst of page loads and its health checks.
REQUEST_HEADROOM = 1000


class ConfigError(ValueError):
    """A setting is missing or malformed; raised at start-up with the variable's name."""


def _choice(env: Mapping[str, str], name: str, options: tuple[str, ...]) -> str:
    value = env.get(name, options[0]).strip().lower()
    if value not in options:
        raise ConfigError(f"{name} must be one of {', '.join(options)}, not {value!r}")
    return value


def _int(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name, str(default))
    try:
        return int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, not {raw!r}") from None


def _at_least(env: Mapping[str, str], name: str, default: int, least: int) -> int:
    value = _int(env, name, default)
    if value < least:
        raise ConfigError(f"{name} must be at least {least}, not {value}")
    return value


def _flag(env: Mapping[str, str], name: str, default: bool) -> bool:
    raw = env.get(name)
    return default if raw is None else raw.strip().lower() in ("1", "true", "yes", "on")


@attrs.frozen(kw_only=True)
class Config:
    var_dir: Path
    database_url: str
    redis_url: str | None
    host: str
    port: int
    base_url: str
    secret_key: str
    mail_backend: str
    mail_from: str
    smtp_host: str
    smtp_port: int
    smtp_user: str | None
    smtp_password: str | None
    smtp_starttls: bool
    storage_backend: str
    payment_provider: str
    mollie_api_key: str
    mollie_api_endpoint: str
    geoip_header: str
    web_dist: Path
    worker_in_process: bool
    rate_limits: bool
    proxy_hops: int
    vapid_private_key: str | None = None
    push_hosts: tuple[str, ...] = PUSH_HOSTS
    outbox_lease_seconds: float = 120.0  # OUTBOX_LEASE_SECONDS, then a runner is presumed dead
    push_allow_loopback: bool = False
    production: bool = False  # BASE_URL is https or AMORA_ENV=production
    secret_key_generated: bool = False
    allow_sandbox_payments: bool = False
    allow_file_mailer: bool = False
    # STORAGE_BACKEND=s3: the bucket, its endpoint (MinIO, R2; AWS when unset), a CDN
    # prefix for public photos, and whether browsers get signed links instead of the app
    # streaming (they must reach S3_ENDPOINT_URL then). Credentials: boto3 reads AWS_*.
    s3_bucket: str = ""
    s3_endpoint_url: str | None = None
    s3_public_url: str | None = None
    s3_region: str | None = None
    s3_presign: bool = False
    # /metrics answers loopback clients, and others with "Authorization: Bearer <token>".
    metrics_token: str | None = None
    log_format: str = "text"  # LOG_FORMAT=json: one JSON object a line, with request ids
    password_hashing: str = "strong"  # PASSWORD_HASHING=cheap: for the test suite only
    # One server process's capacity, sized together (issue 36.3; README "Capacity"):
    # LIVE_SOCKETS open sockets at most (past it a new one is refused with 1013, try again
    # later), and REQUEST_HEADROOM connections more for requests, so a process full of
    # sockets still answers them, health checks included; DATABASE_POOL_SIZE +
    # DATABASE_MAX_OVERFLOW database connections for the requests in flight (an idle
    # socket holds none), and a third of each for member searches on PostgreSQL
    # (adapters/sql/engine.py's search_engine_for).
    live_sockets: int = 3000
    database_pool_size: int = 10
    database_max_overflow: int = 20

    @property
    def worker_connections(self) -> int:
        """gunicorn's cap on one process's connections: the sockets and the headroom."""
        return self.live_sockets + REQUEST_HEADROOM

    @property
    def mail_dir(self) -> Path:
        return self.var_dir / "mail"

    @property
    def sms_dir(self) -> Path:
        return self.var_dir / "sms"

    @property
    def files_dir(self) -> Path:
        return self.var_dir / "files"


def _secret_key(env: Mapping[str, str], var_dir: Path) -> str:
    """SECRET_KEY, else one generated into var/ on first run and kept for the next."""
    if env.get("SECRET_KEY"):
        return env["SECRET_KEY"]
    path = var_dir / "secret_key"
    if not path.exists():
        # Created exclusively: of processes starting at once, one writes and all read it.
        var_dir.mkdir(parents=True, exist_ok=True)
        draft = var_dir / f".secret_key-{os.getpid()}"
        draft.write_text(secrets.token_urlsafe(48))
        draft.chmod(0o600)
        with contextlib.suppress(FileExistsError):
            os.link(draft, path)
        draft.unlink()
    return path.read_text().strip()


def unsafe_in_production(config: Config) -> list[str]:
    """Why this configuration must not serve real members (empty when it may): sandbox
    payments and mail written to files only when explicitly allowed, a generated
    SECRET_KEY never (it lives on one box and silently differs between boxes)."""
    if not config.production:
        return []
    reasons = []
    if config.secret_key_generated:
        reasons.append("SECRET_KEY is not set")
    if config.payment_provider == "sandbox" and not config.allow_sandbox_payments:
        reasons.append("PAYMENT_PROVIDER is sandbox (set mollie, or ALLOW_SANDBOX_PAYMENTS=1)")
    if config.mail_backend == "file" and not config.allow_file_mailer:
        reasons.append("MAIL_BACKEND is file (set smtp, or ALLOW_FILE_MAILER=1)")
    if config.password_hashing != "strong":
        reasons.append("PASSWORD_HASHING is cheap (for tests only; remove it)")
    return reasons


def _var_dir(env: Mapping[str, str]) -> Path:
    return Path(env.get("VAR_DIR", PROJECT_ROOT / "var")).resolve()


def database_url(env: Mapping[str, str] | None = None) -> str:
    """DATABASE_URL, else the SQLite file in VAR_DIR: read without creating anything (no
    var directory, no secret key), so a command can first ask whether it is there."""
    env = os.environ if env is None else env
    return env.get("DATABASE_URL") or f"sqlite:///{_var_dir(env) / 'amora.db'}"


def _base_url(env: Mapping[str, str], host: str, port: int) -> str:
    return (env.get("BASE_URL") or f"http://{host}:{port}").rstrip("/")


def in_production(env: Mapping[str, str] | None = None) -> bool:
    """BASE_URL is https or AMORA_ENV=production (read without creating anything)."""
    env = os.environ if env is None else env
    base_url = _base_url(env, env.get("HOST", "127.0.0.1"), _int(env, "PORT", 8000))
    return _production(env, base_url)


def _production(env: Mapping[str, str], base_url: str) -> bool:
    return (base_url.lower().startswith("https://")
            or env.get("AMORA_ENV", "").strip().lower() == "production")


def load_config(env: Mapping[str, str] | None = None) -> Config:
    env = os.environ if env is None else env
    var_dir = _var_dir(env)
    port = _int(env, "PORT", 8000)
    host = env.get("HOST", "127.0.0.1")
    redis_url = env.get("REDIS_URL") or None
    provider = _choice(env, "PAYMENT_PROVIDER", PAYMENT_PROVIDERS)
    mollie_key = env.get("MOLLIE_API_KEY", "")
    if provider == "mollie" and not mollie_key.startswith(("live_", "test_")):
        raise ConfigError("PAYMENT_PROVIDER=mollie needs MOLLIE_API_KEY (live_... or test_...)")
    storage = _choice(env, "STORAGE_BACKEND", STORAGE_BACKENDS)
    if storage == "s3" and not env.get("S3_BUCKET"):
        raise ConfigError("STORAGE_BACKEND=s3 needs S3_BUCKET")
    public_url = env.get("S3_PUBLIC_URL") or None
    if public_url and not public_url.startswith(("https://", "http://")):
        raise ConfigError(f"S3_PUBLIC_URL must start with https://, not {public_url!r}")
    base_url = _base_url(env, host, port)
    return Config(
        var_dir=var_dir,
        database_url=database_url(env),
        redis_url=redis_url,
        host=host,
        port=port,
        base_url=base_url,
        secret_key=_secret_key(env, var_dir),
        mail_backend=_choice(env, "MAIL_BACKEND", MAIL_BACKENDS),
        mail_from=env.get("MAIL_FROM", "no-reply@amora.test"),
        smtp_host=env.get("SMTP_HOST", "127.0.0.1"),
        smtp_port=_int(env, "SMTP_PORT", 25),
        smtp_user=env.get("SMTP_USER") or None,
        smtp_password=env.get("SMTP_PASSWORD") or None,
        smtp_starttls=_flag(env, "SMTP_STARTTLS", False),
        storage_backend=storage,
        payment_provider=provider,
        mollie_api_key=mollie_key,
        mollie_api_endpoint=env.get("MOLLIE_API_ENDPOINT", ""),
        geoip_header=env.get("GEOIP_HEADER", "X-Geoip-Country"),
        web_dist=Path(env.get("WEB_DIST", PROJECT_ROOT / "web" / "dist")),
        worker_in_process=_flag(env, "WORKER_IN_PROCESS", redis_url is None),
        rate_limits=_flag(env, "RATE_LIMITS", True),
        proxy_hops=_int(env, "PROXY_HOPS", 0),
        # .env files often hold a PEM on one line with \n escapes, or with blank edges.
        vapid_private_key=(env.get("VAPID_PRIVATE_KEY") or "").replace("\\n", "\n").strip()
        or None,
        push_hosts=tuple(host for host in env.get("PUSH_HOSTS", "").replace(",", " ").split())
        or PUSH_HOSTS,
        push_allow_loopback=_flag(env, "PUSH_ALLOW_LOOPBACK", False),
        production=_production(env, base_url),
        secret_key_generated=not env.get("SECRET_KEY"),
        allow_sandbox_payments=_flag(env, "ALLOW_SANDBOX_PAYMENTS", False),
        allow_file_mailer=_flag(env, "ALLOW_FILE_MAILER", False),
        s3_bucket=env.get("S3_BUCKET", ""),
        s3_endpoint_url=env.get("S3_ENDPOINT_URL") or None,
        s3_public_url=public_url,
        s3_region=env.get("S3_REGION") or None,
        s3_presign=_flag(env, "S3_PRESIGN", False),
        metrics_token=env.get("METRICS_TOKEN") or None,
        log_format=_choice(env, "LOG_FORMAT", LOG_FORMATS),
        password_hashing=_choice(env, "PASSWORD_HASHING", PASSWORD_HASHINGS),
        outbox_lease_seconds=_int(env, "OUTBOX_LEASE_SECONDS", 120),
        live_sockets=_at_least(env, "LIVE_SOCKETS", 3000, 1),
        database_pool_size=_at_least(env, "DATABASE_POOL_SIZE", 10, 1),
        database_max_overflow=_at_least(env, "DATABASE_MAX_OVERFLOW", 20, 0),
    )
