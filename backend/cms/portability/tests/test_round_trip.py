"""The demo site (seed_demo, plus media and the rest: cms.portability.tests.site) made on SQLite,
exported, imported into a fresh PostgreSQL database and another media folder by `manage.py` in
processes of their own, as an operator would: every row of every table, every revision and
every file (by its SHA-256) the same on both sides. Skipped when no PostgreSQL answers on the
server DATABASE_URL names (127.0.0.1:5432 otherwise). About 25 s on an idle
machine, a minute when it is busy (8 processes, most of it their start and the two migrates).
"""

import json
import os
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from cms.portability.tests.compare import differences

pytestmark = pytest.mark.long

BACKEND_DIR = Path(__file__).resolve().parents[3]
TIMEOUT_S = 180  # each step; the whole test takes ~20 s here

# seed_demo, then the rest on two of its pages, then the dump: one process (each start costs ~1.5 s).
SEED_AND_DUMP = (
    "import django, sys; django.setup()\n"
    "from django.core.management import call_command\n"
    "from cms.pages.models import Page\n"
    "from cms.portability.tests.dump import main\n"
    "from cms.portability.tests.site import add_media_and_more\n"
    "call_command('seed_demo')\n"
    "add_media_and_more(pages=list(Page.objects.filter(parent__isnull=False).order_by('-pk')[:2]))\n"
    "main(sys.argv[1])\n"
)
DUMP = "import django, sys; django.setup()\nfrom cms.portability.tests.dump import main\nmain(sys.argv[1])\n"


class Side:
    """One installation: its database (SQLite file or PostgreSQL URL) and media folder."""

    def __init__(self, folder: Path, **database: str) -> None:
        folder.mkdir()
        self.folder = folder
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k not in _OWN}
        self.env.update(
            DJANGO_SETTINGS_MODULE="config.settings",
            VAR_DIR=str(folder / "var"),
            MEDIA_ROOT=str(folder / "media"),
            SECRET_KEY="round-trip-test-key-" + "x" * 40,
            **database,
        )

    def run(self, *args: str, expect: int = 0) -> str:
        result = subprocess.run(
            [sys.executable, *args], cwd=BACKEND_DIR, env=self.env, capture_output=True, text=True, timeout=TIMEOUT_S
        )
        assert result.returncode == expect, f"{args}: {result.returncode}\n{result.stdout}\n{result.stderr[-3000:]}"
        return result.stdout + result.stderr

    def manage(self, *args: str, expect: int = 0) -> str:
        return self.run("manage.py", *args, expect=expect)

    def dump(self, code: str = DUMP) -> dict:
        path = self.folder / "dump.json"
        self.run("-c", code, str(path))
        return json.loads(path.read_text(encoding="utf-8"))


_OWN = {"DATABASE_URL", "SQLITE_PATH", "MEDIA_ROOT", "VAR_DIR", "REDIS_URL", "SECRET_KEY"}


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL database of this test's own, dropped afterwards."""
    psycopg = pytest.importorskip("psycopg")
    from psycopg import sql

    given = urlsplit(os.environ.get("DATABASE_URL", ""))
    server = given if given.scheme.startswith("postgres") else urlsplit("postgres://postgres@127.0.0.1:5432/postgres")
    admin = urlunsplit(server._replace(path="/postgres"))
    name = f"portability_round_trip_{os.getpid()}"
    try:
        connection = psycopg.connect(admin, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as error:
        pytest.skip(f"no PostgreSQL server to import into: {error}")
    with connection:
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        try:
            yield urlunsplit(server._replace(path=f"/{name}"))
        finally:
            connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


# Not marked `postgres`: it makes both databases itself, whatever DATABASE_URL names, so CI's
# PostgreSQL round (which runs only what touches the database) would repeat it to no end.
def test_the_demo_site_moves_from_sqlite_to_postgresql_unchanged(tmp_path: Path, postgres_url: str) -> None:
    sqlite = Side(tmp_path / "sqlite", SQLITE_PATH=str(tmp_path / "sqlite.sqlite3"))
    sqlite.manage("migrate", "-v0")
    original = sqlite.dump(SEED_AND_DUMP)
    archive = tmp_path / "site.zip"
    sqlite.manage("export_site", str(archive))

    postgresql = Side(tmp_path / "postgresql", DATABASE_URL=postgres_url)
    postgresql.manage("migrate", "-v0")
    planned = postgresql.manage("import_site", "--dry-run", str(archive))
    # Nothing stored: no media folder, and the import below would refuse a row (it checks).
    assert not (postgresql.folder / "media").exists()
    assert f"pages.page: {len(original['pages.page'])}" in planned
    assert "files: 4 (3 distinct contents" in planned

    postgresql.manage("import_site", str(archive))
    copy = postgresql.dump()

    assert differences(original, copy) == []
    assert len(copy["pages.pagerevision"]) > 60 and len(copy["pages.revisiontext"]) > 100
    assert len(copy["pages.pageredirect"]) >= 1 and len(copy["pages.scheduledchange"]) == 1
    stored = [row["file"] for label in ("media.image", "media.attachment") for row in copy[label]]
    assert len(stored) == 4 and all(len(file["sha256"] or "") == 64 for file in stored)
    with zipfile.ZipFile(archive) as zip_file:
        assert b'"password"' not in zip_file.read("tables/auth.user.jsonl")

    refusal = postgresql.manage("import_site", str(archive), expect=1)
    assert "Refused: the database holds" in refusal
