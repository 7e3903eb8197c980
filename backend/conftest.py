"""Shared fixtures: users (an administrator, an editor without grants), their logged-in clients
(a CSRF-enforcing JSON client each, and the administrator's browser), a page factory and the
session's SeaweedFS; and the `database` mark on every test that touches the database."""

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connections, transaction
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client, TransactionTestCase

from cms.media.tests.object_store import object_store  # noqa: F401  (one SeaweedFS for the whole session)
from cms.pages.models import Page
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create
from cms.search.index import install as install_search_index

# pytest-django gives a test the database only through these fixtures or the django_db mark, and
# fails any other test that queries it; a test that starts processes on PostgreSQL is marked
# `postgres`. A test with none of them touches no database.
DATABASE_FIXTURES = frozenset(
    {"db", "transactional_db", "django_db_setup", "django_db_reset_sequences", "django_db_serialized_rollback",
     "live_server"}
)  # fmt: skip
DATABASE_MARKS = ("django_db", "postgres")


# A conftest's hook runs before pytest's `-m` selection, and a deeper conftest's (its marks) before this.
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark `database` what touches the database: CI's second round (TEST_ROUND=database,
    scripts/test.sh) runs only these on PostgreSQL; the rest proved itself on SQLite."""
    for item in items:
        if any(item.get_closest_marker(name) for name in DATABASE_MARKS) or DATABASE_FIXTURES.intersection(
            getattr(item, "fixturenames", ())
        ):
            item.add_marker(pytest.mark.database)
    # Longest first: pytest-xdist hands tests out in this order, so a long one left for the end
    # would keep one worker busy while the other waits (a stable sort keeps the rest in place).
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


# Rows a transactional test's teardown leaves in place: what migrate's post_migrate made (content
# types and permissions), the same before and after every test. Django's flush empties every table
# (TRUNCATE on PostgreSQL) and makes them again: about 0.3 s a test there, 72 tests a round.
KEPT_BY_TEARDOWN = frozenset({"django_content_type", "auth_permission"})


def _empty_the_tables(test_case: TransactionTestCase) -> None:
    """A transactional test's teardown: every other table emptied by DELETE, in one transaction
    (the foreign keys are checked at its commit, when every table is empty), and the search index
    installed as post_migrate would (it asks one question when nothing changed)."""
    for alias in test_case._databases_names(include_mirrors=False):  # type: ignore[attr-defined]  # Django's, not in its stubs
        connection = connections[alias]
        tables = connection.introspection.django_table_names(only_existing=True, include_views=False)
        with transaction.atomic(using=alias), connection.cursor() as cursor:
            for table in sorted(set(tables) - KEPT_BY_TEARDOWN):
                cursor.execute(f"DELETE FROM {connection.ops.quote_name(table)}")
        install_search_index(connection)


@pytest.fixture(scope="session", autouse=True)
def _transactional_tests_empty_tables_quickly() -> Any:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(TransactionTestCase, "_fixture_teardown", _empty_the_tables)
        yield


class JsonClient:
    """A logged-in (or not) client that sends JSON with the CSRF header, like the admin does."""

    def __init__(self, client: Client, *, csrf: bool = True) -> None:
        self.client = client
        self.token = _get_new_csrf_string()
        client.cookies["csrftoken"] = self.token
        self.csrf = csrf

    def _headers(self) -> dict[str, str]:
        headers = {"X-Requested-With": "XMLHttpRequest"}
        if self.csrf:
            headers["X-CSRFToken"] = self.token
        return headers

    def get(self, path: str) -> Any:
        return self.client.get(path)

    def post(self, path: str, data: Any) -> Any:
        body = data if isinstance(data, str) else json.dumps(data)
        return self.client.post(path, body, content_type="application/json", headers=self._headers())

    def put(self, path: str, data: Any) -> Any:
        body = data if isinstance(data, str) else json.dumps(data)
        return self.client.put(path, body, content_type="application/json", headers=self._headers())


@pytest.fixture
def admin_user(db: Any) -> Any:
    return get_user_model().objects.create_user(
        "admin", "admin@example.com", "secret-pass-1", is_staff=True, is_superuser=True
    )


@pytest.fixture
def api(admin_user: Any) -> JsonClient:
    client = Client(enforce_csrf_checks=True)
    client.force_login(admin_user)
    return JsonClient(client)


@pytest.fixture
def anonymous_api(db: Any) -> JsonClient:
    return JsonClient(Client(enforce_csrf_checks=True))


@pytest.fixture
def browser(admin_user: Any) -> Client:
    """The administrator's browser on the back office's screens, CSRF checked as in production."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(admin_user)
    return client


@pytest.fixture
def editor(db: Any) -> Any:
    """A back-office user without grants: holds nothing until a test grants it."""
    return get_user_model().objects.create_user("editor", password="editor-pass-1", is_staff=True)


@pytest.fixture
def editor_api(editor: Any) -> JsonClient:
    client = Client(enforce_csrf_checks=True)
    client.force_login(editor)
    return JsonClient(client)


@pytest.fixture
def make_page(admin_user: Any) -> Any:
    def make(name: str = "Page", *, parent: Page | None = None, locale: str = "en", **fields: Any) -> Page:
        changes = {"name": name, "parent_page_id": parent.pk if parent else None, **fields}
        return page_create(actor=admin_user, locale=locale, changes=PageChanges.from_payload(changes))

    return make


TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")


def data_statements(captured: Any) -> list[str]:
    """Return the captured SQL without transaction control (BEGIN, COMMIT, savepoints)."""
    return [q["sql"] for q in captured.captured_queries if not q["sql"].upper().startswith(TRANSACTION_CONTROL)]


@pytest.fixture(autouse=True)
def empty_cache() -> Any:
    """Each test starts with an empty cache, as each test starts with an empty database."""
    from django.core.cache import cache

    cache.clear()
    yield
