"""Two production servers on this run's PostgreSQL database, one Redis database and one media
store, started once for the system tests (PostgreSQL only: SQLite's test database is in memory)."""

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from django.db import connection

from cms.core.tests.system.servers import Server, running, server_environment
from cms.media.tests.object_store import ObjectStore

# A Redis database of the shared server that no other test uses.
REDIS_URL = "redis://127.0.0.1:6379/14"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(item.path).is_relative_to(here):
            item.add_marker(pytest.mark.postgres)


@pytest.fixture(scope="session")
def redis_client() -> redis.Redis:
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1)
    try:
        client.ping()
    except redis.exceptions.ConnectionError:
        pytest.skip("no Redis at 127.0.0.1:6379")
    return client


@pytest.fixture(scope="session")
def system_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("system")
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def media_root(system_folder: Path) -> Path:
    """A media folder for the servers the fault tests start on their own (the pair uses the object store)."""
    return system_folder / "media"


# For this package's tests only: servers left running would go on running the tasks (scheduled
# changes …) that later tests queue in the same database (each server runs a task worker).
@pytest.fixture(scope="package")
def two_servers(
    django_db_setup: None,
    redis_client: redis.Redis,
    system_folder: Path,
    media_root: Path,
    request: pytest.FixtureRequest,
) -> Iterator[tuple[Server, Server]]:
    """Two servers on one database, one Redis database and one bucket of the object store."""
    if connection.vendor != "postgresql":
        pytest.skip("two servers share one PostgreSQL database")
    store: ObjectStore = request.getfixturevalue("object_store")
    bucket = {**store.env, "CMS_S3_BUCKET": store.new_bucket("two-servers")}
    servers = tuple(
        Server(name, system_folder / name, server_environment(
            system_folder / name, redis_url=REDIS_URL, media_root=media_root, **bucket))
        for name in ("a", "b")
    )  # fmt: skip
    with running(*servers):
        yield servers  # type: ignore[misc]


@pytest.fixture
def servers(
    two_servers: tuple[Server, Server], transactional_db: None, redis_client: redis.Redis
) -> tuple[Server, Server]:
    """Both servers, on an empty database and an empty cache (the last test's are gone)."""
    redis_client.flushdb()
    return two_servers
