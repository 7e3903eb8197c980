"""`/healthz`: what a load balancer asks, answered in milliseconds, before host checks and
redirects, and honest about which part is down."""

import time
from typing import Any
from unittest import mock

import pytest
from django.db import OperationalError, connection
from django.test import Client

from cms.core import health


@pytest.fixture
def client() -> Client:
    return Client()


def test_all_up_answers_200_with_each_check_timed(client: Client, db: Any) -> None:
    answer = client.get("/healthz")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/json"
    assert answer["Cache-Control"] == "no-store"
    body = answer.json()
    assert body["status"] == "ok"
    assert set(body["checks"]) == {"database", "storage", "cache"}
    for check in body["checks"].values():
        assert check["ok"] is True
        assert isinstance(check["ms"], float)


def test_it_answers_in_milliseconds(client: Client, db: Any) -> None:
    client.get("/healthz")
    fastest = min(timed_get(client) for _ in range(5))
    assert fastest < 0.05


def timed_get(client: Client) -> float:
    started = time.perf_counter()
    assert client.get("/healthz").status_code == 200
    return time.perf_counter() - started


def test_any_host_and_plain_http_are_answered(client: Client, db: Any, settings: Any) -> None:
    # A balancer asks by the server's own address over HTTP: no DisallowedHost 400, no redirect.
    settings.ALLOWED_HOSTS = ["cms.example.org"]
    settings.SECURE_SSL_REDIRECT = True
    answer = client.get("/healthz", HTTP_HOST="10.0.0.7:8000")
    assert answer.status_code == 200
    assert answer["X-Request-ID"]


def test_it_needs_no_login_and_sets_no_cookie(client: Client, db: Any) -> None:
    answer = client.get("/healthz")
    assert answer.status_code == 200
    assert not answer.cookies


def test_head_is_answered_too(client: Client, db: Any) -> None:
    assert client.head("/healthz").status_code == 200


def test_other_methods_are_not_the_health_check(client: Client, db: Any) -> None:
    assert client.post("/healthz").status_code != 200


def broken() -> None:
    raise ConnectionError("down")


@pytest.mark.parametrize("part", ["database", "storage"])
def test_a_required_part_down_answers_503_naming_it(client: Client, db: Any, part: str) -> None:
    with mock.patch.dict(health.REQUIRED, {part: broken}):
        answer = client.get("/healthz")
    assert answer.status_code == 503
    body = answer.json()
    assert body["status"] == "down"
    assert body["checks"][part] == {"ok": False, "error": "ConnectionError", "ms": body["checks"][part]["ms"]}


def test_the_cache_down_degrades_but_keeps_the_server_in(client: Client, db: Any) -> None:
    with mock.patch.dict(health.OPTIONAL, {"cache": broken}):
        answer = client.get("/healthz")
    assert answer.status_code == 200
    assert answer.json()["status"] == "degraded"


def test_a_cache_that_keeps_nothing_is_degraded(client: Client, db: Any) -> None:
    with mock.patch.object(health.cache, "get", return_value=None):
        answer = client.get("/healthz")
    assert answer.json()["checks"]["cache"]["ok"] is False


@pytest.mark.skipif(connection.vendor == "sqlite", reason="the in-memory test database never closes")
@pytest.mark.django_db(transaction=True)
def test_a_database_that_refuses_connections_is_reported(client: Client) -> None:
    # The real connection code, not a patched check: opening the connection fails.
    connection.close()
    with mock.patch.object(connection, "get_new_connection", side_effect=health_error()):
        answer = client.get("/healthz")
    connection.close()
    assert answer.status_code == 503
    assert answer.json()["checks"]["database"]["ok"] is False


def health_error() -> Exception:
    return OperationalError("connection refused")
