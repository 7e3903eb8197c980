"""Every answer carries an X-Request-ID, and the log of a server error carries the same id."""

import logging
from typing import Any

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import path

from cms.core.request_id import RequestIdFilter, current_request_id, request_id_for


def broken_view(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("the disk is on fire")


urlpatterns = [path("broken/", broken_view)]


@pytest.mark.parametrize(
    ("incoming", "kept"),
    [
        ("abc-123", True),
        ("A" * 64, True),
        ("A" * 65, False),
        ("abc 123", False),
        ("abc\r\nSet-Cookie: x", False),
        ("<script>", False),
        ("", False),
        (None, False),
    ],
)
def test_an_incoming_id_is_kept_only_when_short_and_plain(incoming: str | None, kept: bool) -> None:
    result = request_id_for(incoming)
    assert (result == incoming) is kept
    assert 1 <= len(result) <= 64


def test_fresh_ids_differ() -> None:
    assert request_id_for(None) != request_id_for(None)


def test_every_answer_carries_a_request_id(client: Client, db: Any) -> None:
    first = client.get("/admin/login/")
    second = client.get("/admin/login/")
    assert first["X-Request-ID"]
    assert first["X-Request-ID"] != second["X-Request-ID"]


def test_a_refused_json_call_carries_a_request_id(anonymous_api: Any) -> None:
    response = anonymous_api.get("/admin/en/pages.json")
    assert response.status_code in (401, 403)
    assert response["X-Request-ID"]


def test_a_safe_incoming_id_is_answered_back(client: Client, db: Any) -> None:
    response = client.get("/admin/login/", headers={"X-Request-ID": "proxy-42"})
    assert response["X-Request-ID"] == "proxy-42"


def test_an_unsafe_incoming_id_is_replaced(client: Client, db: Any) -> None:
    response = client.get("/admin/login/", headers={"X-Request-ID": "no good!"})
    assert response["X-Request-ID"] != "no good!"
    assert response["X-Request-ID"].isalnum()


def test_a_server_error_is_logged_with_the_id_it_answers(settings: Any, caplog: Any, db: Any) -> None:
    settings.ROOT_URLCONF = __name__
    client = Client(raise_request_exception=False)
    with caplog.at_level(logging.ERROR, logger="django.request"):
        response = client.get("/broken/")
    assert response.status_code == 500
    request_id = response["X-Request-ID"]
    errors = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert errors
    for record in errors:
        RequestIdFilter().filter(record)
        assert record.request_id == request_id


def test_the_filter_names_no_request_outside_one() -> None:
    record = logging.LogRecord("x", logging.ERROR, __file__, 1, "boom", None, None)
    assert RequestIdFilter().filter(record)
    assert record.request_id == "-" == current_request_id()
