"""deploy/: what can be checked without Docker. nginx.conf is loaded by Debian's nginx
(`nginx -t`, then served for real in front of a stub app), compose.yaml is validated
against the Compose Specification's JSON schema (compose-spec.json beside this file,
copied from github.com/compose-spec/compose-spec schema/compose-spec.json at 170098b,
Apache-2.0) and against the app's own settings and commands, and the Dockerfile is
checked structurally (no hadolint here)."""

from __future__ import annotations

import fnmatch
import http.client
import json
import re
import shutil
import socket
import ssl
import subprocess
import threading
import tomllib
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from adapters.config import PROJECT_ROOT, load_config, unsafe_in_production
from cli.main import app as amora_cli
from domain.photos import MAX_UPLOAD_BYTES
from tests.lookups import found

DEPLOY = PROJECT_ROOT / "deploy"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
# Read by a library, not by our code: boto3 takes the S3 credentials itself.
LIBRARY_SETTINGS = {"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"}
# Settings env.example leaves out: the image sets them, or they exist for tests only.
NOT_FOR_OPERATORS = {"HOST", "PORT", "VAR_DIR", "WEB_DIST", "MOLLIE_API_ENDPOINT",
                     "PUSH_ALLOW_LOOPBACK", "PASSWORD_HASHING"}
_ENV_READ = re.compile(r'(?:\benv(?:iron)?(?:\.get)?[\[(]|\(env, )\s*"([A-Z][A-Z0-9_]*)"')


def app_settings() -> set[str]:
    """Every environment variable the app's own code reads."""
    names: set[str] = set()
    for folder in ("adapters", "cli"):
        for path in (PROJECT_ROOT / folder).rglob("*.py"):
            names |= set(_ENV_READ.findall(path.read_text()))
    return names


def env_example() -> tuple[dict[str, str], set[str]]:
    """deploy/env.example's settings, and the names it shows commented out."""
    active, commented = {}, set()
    for line in (DEPLOY / "env.example").read_text().splitlines():
        if match := re.fullmatch(r"([A-Z][A-Z0-9_]*)=(.*)", line):
            active[match[1]] = match[2]
        elif match := re.fullmatch(r"#([A-Z][A-Z0-9_]*)=.*", line):
            commented.add(match[1])
    return active, commented


def compose() -> dict[str, Any]:
    answer: dict[str, Any] = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    return answer


def amora_services() -> dict[str, dict[str, Any]]:
    return {name: service for name, service in compose()["services"].items()
            if service.get("image") == "amora:local"}


def cli_accepts(argv: list[str]) -> None:
    assert argv[0] == "amora", argv
    result = CliRunner().invoke(amora_cli, [*argv[1:], "--help"])
    assert result.exit_code == 0, (argv, result.output)


# --- compose.yaml and env.example ----------------------------------------------------

def test_compose_file_follows_the_compose_specification() -> None:
    schema = json.loads((Path(__file__).with_name("compose-spec.json")).read_text())
    errors = [f"{list(e.absolute_path)}: {e.message}"
              for e in jsonschema.Draft7Validator(schema).iter_errors(compose())]
    assert errors == []


def test_compose_services_are_complete_and_wired() -> None:
    services = compose()["services"]
    for name, service in services.items():
        assert "image" in service or "build" in service, name
        assert not str(service.get("image", "")).endswith(":latest"), name
        assert ":" in str(service.get("image", ":")), f"{name}: pin the image's tag"
        for needed in service.get("depends_on", {}):
            assert needed in services, f"{name} depends on unknown {needed}"
    apps = [name for name, s in amora_services().items() if "command" not in s]
    assert len(apps) == 2
    for name in apps:
        assert services[name]["environment"]["PROXY_HOPS"] == "1"
        assert services[name]["depends_on"]["migrate"]["condition"] == \
            "service_completed_successfully"
    commands = {name: s["command"] for name, s in amora_services().items() if "command" in s}
    assert commands["migrate"] == ["amora", "db", "upgrade"]
    assert commands["worker"][:2] == ["amora", "worker"]
    assert commands["scheduler"] == ["amora", "scheduler"]
    for argv in commands.values():
        cli_accepts(argv)
    assert {"postgres", "redis", "minio", "createbucket", "nginx"} <= services.keys()
    assert services["postgres"]["image"].startswith("postgres:16")
    assert services["redis"]["image"].startswith("redis:7")
    assert "$$S3_BUCKET" in " ".join(services["createbucket"]["command"])


def test_every_setting_in_env_example_is_read_and_every_one_documented() -> None:
    active, commented = env_example()
    read = app_settings()
    interpolated = set(re.findall(r"\$\{([A-Z][A-Z0-9_]*)", (DEPLOY / "compose.yaml").read_text()))
    assert interpolated <= active.keys(), "compose.yaml uses settings env.example lacks"
    unknown = (active.keys() | commented) - read - LIBRARY_SETTINGS - interpolated
    assert unknown == set(), "env.example names settings nobody reads"
    assert read - NOT_FOR_OPERATORS - active.keys() - commented == set(), \
        "a setting the app reads is missing from deploy/env.example"
    user, password = found(re.fullmatch(r"postgresql://(\w+):([^@]+)@postgres:5432/(\w+)",
                                        active["DATABASE_URL"])).group(1, 2)
    assert (user, password) == ("amora", active["POSTGRES_PASSWORD"])


def test_env_example_is_a_safe_production_configuration(tmp_path: Path) -> None:
    settings, _ = env_example()
    config = load_config({**settings, "VAR_DIR": str(tmp_path), "PROXY_HOPS": "1"})
    assert config.production
    assert unsafe_in_production(config) == []
    assert not config.secret_key_generated
    assert config.database_url.startswith("postgresql://")
    assert config.redis_url and not config.worker_in_process
    assert (config.storage_backend, config.s3_endpoint_url) == ("s3", "http://minio:9000")
    assert (config.payment_provider, config.mail_backend) == ("mollie", "smtp")
    assert config.vapid_private_key and config.metrics_token
    assert config.log_format == "json"


# --- Dockerfile, .dockerignore and the installed package ------------------------------

def dockerfile_stages() -> dict[str, list[str]]:
    """Each stage's instructions (continuation lines joined), by stage name."""
    text = re.sub(r"\\\n\s*", " ", (DEPLOY / "Dockerfile").read_text())
    stages: dict[str, list[str]] = {}
    current: list[str] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if match := re.fullmatch(r"FROM\s+(\S+)\s+AS\s+(\w+)", line.strip(), re.IGNORECASE):
            current = stages.setdefault(match[2], [f"FROM {match[1]}"])
        else:
            current.append(line.strip())
    return stages


def test_dockerfile_builds_the_web_app_and_runs_the_server_as_a_user() -> None:
    stages = dockerfile_stages()
    assert list(stages) == ["web", "app"]
    web, app = stages["web"], stages["app"]
    assert re.fullmatch(r"FROM node:20[\w.-]*", web[0]), web[0]
    assert re.fullmatch(r"FROM python:3\.11-slim[\w.-]*", app[0]), app[0]
    assert any(step.startswith("RUN npm ci") for step in web)
    assert "RUN npm run build" in web
    assert any("pip install -r /tmp/requirements.lock" in step for step in app)
    assert any(re.search(r"pip install --no-deps /tmp/src$", step) for step in app)
    copied = next(step for step in app if step.startswith("COPY --from=web"))
    dist = copied.split()[-1]
    assert copied.split()[2] == "/src/web/dist" and f"WEB_DIST={dist}" in " ".join(app)
    users = [step.split()[1] for step in app if step.startswith("USER ")]
    assert users and users[-1] not in ("root", "0"), "the server must not run as root"
    assert app.index(f"USER {users[-1]}") < len(app) - 1
    assert "EXPOSE 8000" in app
    assert any(step.startswith("HEALTHCHECK") and "/api/health" in step for step in app)
    cmd = json.loads(next(step for step in app if step.startswith("CMD "))[4:])
    assert cmd == ["amora", "serve", "--host", "0.0.0.0", "--workers", "2"]
    cli_accepts(cmd)
    # What the web stage copies exists and is not kept out of the build context.
    ignored = (PROJECT_ROOT / ".dockerignore").read_text().split()
    for step in web:
        if step.startswith("COPY "):
            for source in step.split()[1:-1]:
                assert (PROJECT_ROOT / source).exists(), source
                assert source not in ignored, source


def test_dockerignore_keeps_local_state_out_of_the_image() -> None:
    ignored = set((PROJECT_ROOT / ".dockerignore").read_text().split())
    assert {"node_modules", ".venv", "var", "web/dist", ".git", "tests", "deploy/.env"} <= ignored


def test_installed_package_carries_its_data_files() -> None:
    """The image installs the package (`pip install --no-deps .`), not the checkout:
    every non-Python file the code reads must be package data in pyproject.toml."""
    setuptools = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    package_data: dict[str, list[str]] = setuptools["package-data"]
    missing = []
    for package in ("domain", "application", "adapters", "cli", "migrations"):
        root = PROJECT_ROOT / package
        for path in root.rglob("*"):
            if path.is_dir() or path.suffix in (".py", ".pyc") or "__pycache__" in path.parts:
                continue
            relative = path.relative_to(root).as_posix()
            if not any(fnmatch.fnmatch(relative, pattern)
                       for pattern in package_data.get(package, [])):
                missing.append(f"{package}/{relative}")
    assert missing == []


# --- nginx.conf ----------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        answer: int = probe.getsockname()[1]
        return answer


def _certificate(folder: Path) -> None:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = datetime.now(UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - timedelta(days=1)).not_valid_after(now + timedelta(days=1))
            .sign(key, hashes.SHA256()))
    folder.mkdir()
    (folder / "fullchain.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    (folder / "privkey.pem").write_bytes(key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption()))


def _test_copy(tmp_path: Path, app_port: int, http_port: int, https_port: int) -> Path:
    """deploy/nginx.conf with loopback ports, the apps on a stub, files in tmp_path."""
    conf = (DEPLOY / "nginx.conf").read_text()
    upstreams = re.findall(r"server (app\d):8000", conf)
    assert upstreams == sorted(n for n, s in amora_services().items() if "command" not in s)
    for name in upstreams:
        conf = conf.replace(f"server {name}:8000", f"server 127.0.0.1:{app_port}")
    conf = (conf.replace("listen 80 ", f"listen 127.0.0.1:{http_port} ")
            .replace("listen 443 ", f"listen 127.0.0.1:{https_port} ")
            .replace("/etc/nginx/certs/", f"{tmp_path}/certs/")
            .replace("/var/www/acme", f"{tmp_path}/acme")
            .replace("pid /tmp/nginx.pid", f"pid {tmp_path}/nginx.pid")
            .replace("access_log /dev/stdout", f"access_log {tmp_path}/access.log")
            .replace("http {\n", "http {\n" + "".join(
                f"    {kind}_temp_path {tmp_path}/{kind};\n"
                for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")), 1))
    _certificate(tmp_path / "certs")
    path = tmp_path / "nginx.conf"
    path.write_text(conf)
    return path


class _EchoApp(BaseHTTPRequestHandler):
    """Answers with the path and headers nginx forwarded."""
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        body = json.dumps({"path": self.path, "headers": dict(self.headers)}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def nginx_conf(tmp_path: Path) -> Iterator[tuple[Path, int, int]]:
    if NGINX is None:
        pytest.skip("nginx is not installed (Debian: apt-get install nginx)")
    app = ThreadingHTTPServer(("127.0.0.1", 0), _EchoApp)
    threading.Thread(target=app.serve_forever, daemon=True).start()
    http_port, https_port = _free_port(), _free_port()
    try:
        yield _test_copy(tmp_path, app.server_address[1], http_port, https_port), \
            http_port, https_port
    finally:
        app.shutdown()


def test_nginx_accepts_the_configuration(nginx_conf: tuple[Path, int, int]) -> None:
    conf, _, _ = nginx_conf
    result = subprocess.run([str(NGINX), "-t", "-p", str(conf.parent), "-c", str(conf)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "test is successful" in result.stderr


def _https(port: int) -> http.client.HTTPSConnection:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE  # the throwaway self-signed certificate
    return http.client.HTTPSConnection("127.0.0.1", port, context=context, timeout=30)


def _wait_for_port(port: int, nginx: subprocess.Popen[str]) -> None:
    for _ in range(500):
        assert nginx.poll() is None, nginx.communicate()[1]
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            threading.Event().wait(0.02)
    raise AssertionError(f"nginx did not listen on {port}")


def test_nginx_redirects_to_https_and_forwards_as_the_app_expects(
        nginx_conf: tuple[Path, int, int]) -> None:
    conf, http_port, https_port = nginx_conf
    nginx = subprocess.Popen([str(NGINX), "-p", str(conf.parent), "-c", str(conf),
                              "-g", "daemon off;"], stderr=subprocess.PIPE, text=True)
    try:
        _wait_for_port(https_port, nginx)
        plain = http.client.HTTPConnection("127.0.0.1", http_port, timeout=30)
        plain.request("GET", "/members?page=2")
        answer = plain.getresponse()
        assert answer.status == 301
        assert answer.getheader("Location") == "https://127.0.0.1/members?page=2"
        assert "nginx/" not in (answer.getheader("Server") or "")

        secure = _https(https_port)
        secure.request("GET", "/api/health", headers={
            "X-Forwarded-For": "198.51.100.7", "X-Geoip-Country": "NL"})
        seen = {k.lower(): v for k, v in json.load(secure.getresponse())["headers"].items()}
        # PROXY_HOPS=1: the last hop is the address nginx saw; the client's own is ignored.
        assert seen["x-forwarded-for"] == "198.51.100.7, 127.0.0.1"
        assert seen["x-forwarded-proto"] == "https"
        assert seen["host"] == "127.0.0.1"
        assert "x-geoip-country" not in seen  # never the visitor's own claim
        assert "upgrade" not in seen and seen.get("connection", "") != "close"  # keep-alive

        secure.request("GET", "/ws", headers={"Upgrade": "websocket", "Connection": "Upgrade"})
        seen = {k.lower(): v for k, v in json.load(secure.getresponse())["headers"].items()}
        assert (seen["upgrade"], seen["connection"]) == ("websocket", "upgrade")

        too_big = MAX_UPLOAD_BYTES + 2 * 1024 * 1024
        secure.putrequest("POST", "/api/photos")
        secure.putheader("Content-Length", str(too_big))
        secure.endheaders()
        assert secure.getresponse().status == 413
    finally:
        nginx.terminate()
        nginx.wait(timeout=30)


def test_nginx_takes_every_photo_the_app_takes() -> None:
    conf = (DEPLOY / "nginx.conf").read_text()
    limit = re.search(r"client_max_body_size (\d+)m;", conf)
    assert limit and MAX_UPLOAD_BYTES < int(limit[1]) * 1024 * 1024 <= MAX_UPLOAD_BYTES * 1.2
    assert not re.search(r"gzip_types[^;]*(image/(jpeg|png|webp|avif)|font/woff2)", conf)
