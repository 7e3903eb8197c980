"""Which database errors are a 503 (issue 28 item 12): only the connection lost, or the database
too busy to answer now; any other is a 500, in the error shape for the JSON calls."""

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.db import DatabaseError, IntegrityError, OperationalError, connection
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import path

from cms.pages.models import Tag

RAISED: list[BaseException] = []


def failing_view(request: HttpRequest) -> HttpResponse:
    raise RAISED[0]


urlpatterns = [path("admin/failing.json", failing_view), path("failing/", failing_view)]
handler500 = "cms.core.unavailable.server_error"  # as config/urls.py has it


def sqlite_busy(tmp_path: Path) -> sqlite3.Error:
    """A real "database is locked" of SQLite's driver: another connection holds the file."""
    holder = sqlite3.connect(tmp_path / "held.db", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        sqlite3.connect(tmp_path / "held.db", timeout=0).execute("SELECT 1 FROM sqlite_master")
    except sqlite3.OperationalError as error:
        return error
    finally:
        holder.execute("ROLLBACK")
    raise AssertionError("the database was not locked")


def as_django(driver: BaseException, kind: type[DatabaseError] = OperationalError) -> DatabaseError:
    """The error as Django raises it: its own class, from the driver's (DatabaseErrorWrapper)."""
    try:
        raise kind(str(driver)) from driver
    except DatabaseError as error:
        return error


def answer(settings: Any, error: BaseException, address: str = "/admin/failing.json") -> Any:
    settings.ROOT_URLCONF = __name__
    RAISED[:] = [error]
    return Client(raise_request_exception=False).get(address)


@pytest.mark.parametrize(
    "driver",
    [
        psycopg.OperationalError("server closed the connection unexpectedly"),  # no answer: no SQLSTATE
        psycopg.errors.AdminShutdown("terminating connection due to administrator command"),
        psycopg.errors.ConnectionFailure("connection failure"),
        psycopg.errors.QueryCanceled("canceling statement due to statement timeout"),
    ],
    ids=["closed", "terminated", "08006", "statement-timeout"],
)
def test_the_connection_lost_is_a_503_to_try_again(settings: Any, db: Any, driver: BaseException) -> None:
    response = answer(settings, as_django(driver))
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response.json()["detail"].startswith("The database can't be reached right now")


@pytest.mark.parametrize(
    "driver",
    [
        psycopg.errors.DeadlockDetected("deadlock detected"),
        psycopg.errors.SerializationFailure("could not serialize access due to concurrent update"),
    ],
    ids=["40P01", "40001"],
)
def test_a_transaction_ended_for_anothers_sake_is_a_503_to_try_again(settings: Any, db: Any, driver: Any) -> None:
    response = answer(settings, as_django(driver))
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response.json()["detail"].startswith("Another change was being saved at the same moment")


def test_sqlite_locked_past_its_timeout_is_a_503(settings: Any, db: Any, tmp_path: Path) -> None:
    assert answer(settings, as_django(sqlite_busy(tmp_path))).status_code == 503


@pytest.mark.parametrize(
    ("driver", "kind"),
    [
        (psycopg.errors.SequenceGeneratorLimitExceeded("nextval: reached maximum value of sequence"), DatabaseError),
        (psycopg.errors.NumericValueOutOfRange("integer out of range"), DatabaseError),
        (psycopg.errors.UniqueViolation("duplicate key"), IntegrityError),
    ],
    ids=["sequence-end", "out-of-range", "unique"],
)
def test_any_other_database_error_is_a_500_in_the_error_shape(
    settings: Any, db: Any, driver: BaseException, kind: type[DatabaseError]
) -> None:
    response = answer(settings, as_django(driver, kind))
    assert response.status_code == 500
    body = response.json()
    assert body["errors"] == [["base", body["detail"]]]
    assert body["detail"] == "Something went wrong on the server; the error has been logged."
    assert response["X-Request-ID"]  # what the admin shows beside it, to find the error in the log


def test_a_server_error_outside_the_api_stays_djangos_page(settings: Any, db: Any) -> None:
    response = answer(settings, RuntimeError("boom"), "/failing/")
    assert response.status_code == 500
    assert response["Content-Type"].startswith("text/html")


@pytest.fixture
def tags_at_the_end_of_their_ids(db: Any) -> Iterator[None]:
    """No id left for a new tag: what an imported tag id of 2^63-1 did."""
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":  # AUTOINCREMENT: no id left after the largest there is
            cursor.execute("INSERT INTO pages_tag (id, name, key) VALUES (%s, 'last', 'last')", [2**63 - 1])
            yield  # rolled back with the test's transaction
            return
        cursor.execute("SELECT setval(pg_get_serial_sequence('pages_tag', 'id'), %s)", [2**63 - 1])
    yield
    with connection.cursor() as cursor:  # a sequence is never rolled back: set it back for later tests
        cursor.execute("SELECT setval(pg_get_serial_sequence('pages_tag', 'id'), 1, false)")


def test_a_tag_table_at_the_end_of_its_ids_answers_500_not_503(
    api: Any, make_page: Any, tags_at_the_end_of_their_ids: None
) -> None:
    """What an imported tag id of 2^63-1 did before import_site refused it: every later new tag
    failed, and the editor was told the database could not be reached."""
    page = make_page("Tagged")
    api.client.raise_request_exception = False

    response = api.put(
        f"/admin/en/pages/{page.pk}.json",
        {"page": {"serialized_tags": json.dumps(["New tag"]), "lock_version": page.lock_version}},
    )

    assert response.status_code == 500, response.content
    assert response.json()["errors"][0][0] == "base"
    assert not Tag.objects.filter(name="New tag").exists()
