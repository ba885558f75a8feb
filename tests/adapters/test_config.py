from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from adapters.config import REQUEST_HEADROOM, ConfigError, load_config, unsafe_in_production
from adapters.container import build_container


def test_embedded_defaults(tmp_path: Path) -> None:
    config = load_config({"VAR_DIR": str(tmp_path)})
    assert config.database_url == f"sqlite:///{tmp_path / 'amora.db'}"
    assert (config.port, config.redis_url, config.mail_backend) == (8000, None, "file")
    assert config.base_url == "http://127.0.0.1:8000"
    assert config.worker_in_process is True


def test_secret_key_is_generated_once_and_kept(tmp_path: Path) -> None:
    first = load_config({"VAR_DIR": str(tmp_path)}).secret_key
    assert len(first) >= 48
    assert load_config({"VAR_DIR": str(tmp_path)}).secret_key == first
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0
    assert load_config({"VAR_DIR": str(tmp_path), "SECRET_KEY": "given"}).secret_key == "given"


def test_scale_out_settings(tmp_path: Path) -> None:
    config = load_config({"VAR_DIR": str(tmp_path), "REDIS_URL": "redis://r:6379/0",
                          "PORT": "9000", "BASE_URL": "https://amora.example/",
                          "MAIL_BACKEND": "SMTP", "DATABASE_URL": "postgresql://db/amora"})
    assert config.worker_in_process is False
    assert config.base_url == "https://amora.example"
    assert config.mail_backend == "smtp"


@pytest.mark.parametrize("env", [{"PORT": "eighty"}, {"MAIL_BACKEND": "pigeon"},
                                 {"STORAGE_BACKEND": "floppy"}, {"PAYMENT_PROVIDER": "cash"}])
def test_bad_configuration_is_named(tmp_path: Path, env: dict[str, str]) -> None:
    with pytest.raises(ConfigError, match=next(iter(env))):
        load_config({"VAR_DIR": str(tmp_path), **env})


def test_building_the_container_connects_to_nothing(tmp_path: Path) -> None:
    config = load_config({"VAR_DIR": str(tmp_path), "DATABASE_URL": "postgresql://nowhere:1/x",
                          "REDIS_URL": "redis://nowhere:1/0"})
    container = build_container(config)
    assert container.config() is config
    assert not (tmp_path / "amora.db").exists()


def test_mollie_needs_an_api_key(tmp_path: Path) -> None:
    import pytest as _pytest

    from adapters.config import ConfigError, load_config

    with _pytest.raises(ConfigError):
        load_config({"VAR_DIR": str(tmp_path), "PAYMENT_PROVIDER": "mollie"})
    config = load_config({"VAR_DIR": str(tmp_path), "PAYMENT_PROVIDER": "mollie",
                          "MOLLIE_API_KEY": "test_abc"})
    assert config.payment_provider == "mollie"


_SAFE = {"SECRET_KEY": "s" * 48, "PAYMENT_PROVIDER": "mollie", "MOLLIE_API_KEY": "live_x",
         "MAIL_BACKEND": "smtp"}


@pytest.mark.parametrize("production", [{"BASE_URL": "https://{domain}"},
                                        {"AMORA_ENV": "production"}])
def test_production_refuses_the_development_defaults(tmp_path: Path,
                                                     production: dict[str, str]) -> None:
    reasons = unsafe_in_production(load_config({"VAR_DIR": str(tmp_path), **production}))
    assert [reason.split()[0] for reason in reasons] == [
        "SECRET_KEY", "PAYMENT_PROVIDER", "MAIL_BACKEND"]
    assert unsafe_in_production(load_config({"VAR_DIR": str(tmp_path), **production,
                                             **_SAFE})) == []


def test_sandbox_and_file_mail_only_when_allowed_and_a_generated_key_never(
        tmp_path: Path) -> None:
    allowed = load_config({"VAR_DIR": str(tmp_path), "BASE_URL": "https://amora.example",
                           "ALLOW_SANDBOX_PAYMENTS": "1", "ALLOW_FILE_MAILER": "yes",
                           "ALLOW_GENERATED_SECRET_KEY": "1"})
    assert unsafe_in_production(allowed) == ["SECRET_KEY is not set"]
    assert unsafe_in_production(attrs.evolve(allowed, secret_key_generated=False)) == []


def test_development_may_use_every_default(tmp_path: Path) -> None:
    for base_url in ("http://127.0.0.1:8000", "http://amora.example"):
        config = load_config({"VAR_DIR": str(tmp_path), "BASE_URL": base_url})
        assert not config.production and unsafe_in_production(config) == []


def test_passwords_are_hashed_strongly_unless_the_tests_ask_otherwise(tmp_path: Path) -> None:
    """The test suite hashes with PASSWORD_HASHING=cheap; everyone else gets argon2id with
    RFC 9106's parameters (64 MiB, 3 passes, 4 lanes), and production refuses cheap."""
    strong = build_container(load_config({"VAR_DIR": str(tmp_path)})).passwords()
    stored = strong.hash("correct horse battery staple")
    assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    assert strong.verify(stored, "correct horse battery staple")
    assert not strong.verify(stored, "correct horse battery stapler")

    cheap_config = load_config({"VAR_DIR": str(tmp_path), "PASSWORD_HASHING": "cheap"})
    cheap = build_container(cheap_config).passwords()
    assert cheap.verify(stored, "correct horse battery staple")  # parameters come from the hash
    assert strong.verify(cheap.hash("hunter2 is weak"), "hunter2 is weak")
    production = attrs.evolve(cheap_config, production=True)
    assert "PASSWORD_HASHING is cheap (for tests only; remove it)" in unsafe_in_production(
        production)
    with pytest.raises(ConfigError, match="PASSWORD_HASHING"):
        load_config({"VAR_DIR": str(tmp_path), "PASSWORD_HASHING": "none"})


def test_capacity_is_set_together_by_environment() -> None:
    """Issue 36.3: sockets, the connections kept for requests and the database pool."""
    env = {"VAR_DIR": "/tmp/amora-capacity-test", "SECRET_KEY": "x"}
    default = load_config(env)
    assert (default.live_sockets, default.database_pool_size, default.database_max_overflow) \
        == (3000, 10, 20)
    assert default.worker_connections == 3000 + REQUEST_HEADROOM
    sized = load_config({**env, "LIVE_SOCKETS": "500", "DATABASE_POOL_SIZE": "40",
                         "DATABASE_MAX_OVERFLOW": "0"})
    assert (sized.worker_connections, sized.database_pool_size, sized.database_max_overflow) \
        == (500 + REQUEST_HEADROOM, 40, 0)
    for name, value in (("LIVE_SOCKETS", "0"), ("DATABASE_POOL_SIZE", "0"),
                        ("DATABASE_MAX_OVERFLOW", "-1"), ("LIVE_SOCKETS", "many")):
        with pytest.raises(ConfigError, match=name):
            load_config({**env, name: value})
