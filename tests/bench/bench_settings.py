"""Benchmark: GET /api/settings through the WSGI app on SQLite and PostgreSQL.

Prints requests per second and latency percentiles, and the ratio to /api/health
(one trivial query) measured in the same run. Run with `make bench`; it asserts nothing.
It creates and drops its own databases (never touching TEST_POSTGRES_URL's).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from adapters.container import build_container  # noqa: E402
from adapters.http.app import create_app  # noqa: E402
from adapters.sql import migrate  # noqa: E402
from tests.api_client import ApiClient
from tests.bench.databases import postgres_database  # noqa: E402
from tests.conftest import make_config, seed_default_site  # noqa: E402

REQUESTS = 1500


def measure(client: ApiClient, path: str) -> list[float]:
    timings = []
    for _ in range(REQUESTS):
        start = time.perf_counter()
        assert client.get(path, headers={"X-Geoip-Country": "NL"}).status_code == 200
        timings.append(time.perf_counter() - start)
    return timings


def report(label: str, timings: list[float]) -> float:
    rate = len(timings) / sum(timings)
    quantiles = statistics.quantiles(timings, n=100)
    print(f"  {label:<28} {rate:8.0f} req/s   p50 {quantiles[49] * 1e3:6.2f} ms"
          f"   p95 {quantiles[94] * 1e3:6.2f} ms")
    return rate


def run(kind: str, url: str, root: Path) -> None:
    migrate.upgrade(url)
    container = build_container(make_config(root, DATABASE_URL=url))
    seed_default_site(container)
    client = ApiClient(create_app(container))
    measure(client, "/api/settings")  # warm up
    print(f"{kind}:")
    health = report("/api/health", measure(client, "/api/health"))
    settings = report("/api/settings", measure(client, "/api/settings?_force_domain=amora.test"))
    report("/api/companyinfo", measure(client, "/api/companyinfo"))
    print(f"  settings/health throughput ratio: {settings / health:.2f}")
    container.engine().dispose()


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        run("SQLite", f"sqlite:///{root / 'bench.db'}", root)
        with postgres_database() as url:
            run("PostgreSQL", url, root)


if __name__ == "__main__":
    main()
