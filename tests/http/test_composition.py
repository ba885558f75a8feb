"""Each Flask app answers from its own container, however many a process builds (the
reason views reach the container through their app, not dependency-injector wiring)."""

from __future__ import annotations

import shutil
from pathlib import Path

from adapters.container import build_container
from adapters.http.app import create_app
from adapters.http.composition import container_of
from tests.api_client import ApiClient
from tests.conftest import make_config, sample_company, sample_site


def test_two_apps_in_one_process_answer_from_their_own_containers(
        tmp_path: Path, migrated_sqlite: Path) -> None:
    apps = []
    for name in ("Amora", "Flirt"):
        database = tmp_path / name / "amora.db"
        database.parent.mkdir()
        shutil.copyfile(migrated_sqlite, database)
        built = build_container(make_config(tmp_path / name,
                                            DATABASE_URL=f"sqlite:///{database}"))
        with built.unit_of_work() as work:
            work.sites.add(sample_site(work.companies.add(sample_company()).id, name=name))
            work.commit()
        apps.append(create_app(built))
    first, second = (ApiClient(app) for app in apps)
    try:
        assert second.get("/api/settings").json["name"] == "Flirt"
        assert first.get("/api/settings").json["name"] == "Amora"  # built first, used after
        assert second.get("/api/settings").json["name"] == "Flirt"
        assert container_of(apps[0]) is not container_of(apps[1])
    finally:
        for app in apps:
            container_of(app).engine().dispose()
