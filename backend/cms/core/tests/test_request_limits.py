"""Requests too large to take (issue 28 item 14): an over-long address answers 414 and an
over-large body 413, in the error shape, logged as one-line warnings, never as errors with a
traceback; gunicorn's own refusals are JSON too. At the WSGI level (Django's test client) and on
the real server (gunicorn on 127.0.0.1, as scripts/run.sh serves)."""

import http.client
import logging
import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.test import Client

from cms.api.api import api as ninja_api
from cms.core.request_limits import MAX_ADDRESS_CHARS
from cms.core.tests.system.servers import Server, running

LONG_QUERY = "/admin/en/pages.json?q=" + "x" * MAX_ADDRESS_CHARS


def errors_logged(caplog: Any) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.levelno >= logging.ERROR or record.exc_info]


def test_an_address_over_the_bound_answers_414_in_the_error_shape(api: Any, caplog: Any) -> None:
    with caplog.at_level(logging.INFO):
        response = api.get(LONG_QUERY)
    assert response.status_code == 414
    assert response.json() == {"detail": f"The address is too long: at most {MAX_ADDRESS_CHARS} characters."}
    assert not errors_logged(caplog)
    assert [r.levelno for r in caplog.records if r.name == "django.request"] == [logging.WARNING]


def test_an_address_at_the_bound_is_answered(api: Any) -> None:
    at_the_bound = LONG_QUERY[:MAX_ADDRESS_CHARS]
    assert api.get(at_the_bound).status_code == 422  # the search text's own bound, not the address's


def test_a_page_address_over_the_bound_answers_414_as_text(client: Client, db: Any) -> None:
    response = client.get("/en/" + "a" * MAX_ADDRESS_CHARS)
    assert response.status_code == 414
    assert response["Content-Type"].startswith("text/plain")


def test_a_json_body_over_the_limit_answers_413_unread_and_logs_a_warning(
    api: Any, make_page: Any, settings: Any, caplog: Any
) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000
    page = make_page("Kept")
    version = page.lock_version
    with caplog.at_level(logging.INFO):
        response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"name": "x" * 2_000}})
    assert response.status_code == 413
    assert response.json() == {"detail": "The request is too large: at most 1000 bytes."}
    assert not errors_logged(caplog)
    assert [r.levelno for r in caplog.records if r.name == "django.request"] == [logging.WARNING]
    page.refresh_from_db()
    assert page.lock_version == version


def test_a_form_over_the_limit_answers_413(client: Client, settings: Any, db: Any) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000
    body = "username=a&password=" + "x" * 2_000
    response = client.post("/admin/login/", body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 413
    assert response["Content-Type"].startswith("text/plain")


def test_djangos_own_refusal_of_a_body_is_a_413_and_a_warning_without_traceback(
    settings: Any, db: Any, caplog: Any
) -> None:
    """What the middleware cannot see from the headers (Django counts as it reads), still a
    warning: here the fields of a form past DATA_UPLOAD_MAX_NUMBER_FIELDS, and a body whose
    declared length is refused by Django itself when the middleware is not there."""
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 5
    client = Client(raise_request_exception=False)
    form = "&".join(f"f{n}=1" for n in range(10))
    with caplog.at_level(logging.INFO):
        response = client.post("/admin/login/", form, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400
    settings.MIDDLEWARE = [m for m in settings.MIDDLEWARE if not m.endswith("RequestLimitsMiddleware")]
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000
    client = Client(raise_request_exception=False)  # a handler with the middleware of now
    with caplog.at_level(logging.INFO):
        response = client.post("/admin/login/", "a=" + "x" * 2_000, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 413
    assert response.content.decode() == "The request is too large: at most 1000 bytes."
    refusals = [r for r in caplog.records if r.name.startswith("django.security.")]
    assert {r.name for r in refusals} == {"django.security.TooManyFieldsSent", "django.security.RequestDataTooBig"}
    assert all(r.levelno == logging.WARNING for r in refusals)
    assert not errors_logged(caplog)


def test_the_openapi_document_lists_414_where_a_query_is_taken_and_413_where_a_json_body_is(db: Any) -> None:
    document = ninja_api.get_openapi_schema()
    operations = [operation for path in document["paths"].values() for operation in path.values()]
    assert operations
    for operation in operations:
        responses = {str(status) for status in operation["responses"]}
        takes_a_query = any(parameter["in"] == "query" for parameter in operation.get("parameters", ()))
        assert ("414" in responses) is takes_a_query, operation["operationId"]
        if "application/json" in operation.get("requestBody", {}).get("content", {}):
            assert "413" in responses, operation["operationId"]
    assert "414" in {str(status) for status in document["paths"]["/admin/{locale}/pages.json"]["get"]["responses"]}


# --- On the real server ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def gunicorn(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One gunicorn worker serving config.wsgi on 127.0.0.1, on a database of its own (nothing
    here reads one)."""
    folder = tmp_path_factory.mktemp("gunicorn")
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CMS_", "REDIS_", "DATABASE"))}
    environment.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        SECRET_KEY=django_settings.SECRET_KEY,
        VAR_DIR=str(folder / "var"),
        MEDIA_ROOT=str(folder / "media"),
        FILE_UPLOAD_TEMP_DIR=str(folder / "uploads"),
        LOG_LEVEL="WARNING",
        LOG_FORMAT="text",
        CMS_ACCESS_LOG="false",
        PYTHONUNBUFFERED="1",
    )
    with running(Server("limits", folder, environment, workers=1)) as (server,):
        yield server


def raw_request(server: Server, head: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send `head` (and no more) and read the answer until the server closes."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=20) as connection:
        connection.sendall(head)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    response = http.client.HTTPResponse(_Bytes(answer))  # type: ignore[arg-type]
    response.begin()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()


class _Bytes:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def makefile(self, *_: Any) -> Any:
        import io

        return io.BytesIO(self.data)


@pytest.mark.parametrize("length", [MAX_ADDRESS_CHARS + 100, 20_000])
def test_gunicorn_answers_an_over_long_request_line_in_json(gunicorn: Server, length: int) -> None:
    """Past the application's bound and below gunicorn's most, the application answers; past
    gunicorn's most, gunicorn — both in JSON."""
    address = "/admin/en/pages.json?q=" + "x" * length
    status, headers, body = raw_request(
        gunicorn, f"GET {address} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode()
    )
    assert status == 414
    assert headers["content-type"] == "application/json"
    assert b'"detail"' in body


def test_gunicorn_answers_a_body_over_the_limit_with_413_and_logs_no_error(gunicorn: Server) -> None:
    declared = django_settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1
    head = (
        f"PUT /admin/en/pages/1.json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {declared}\r\nConnection: close\r\n\r\n{{"
    )
    status, headers, body = raw_request(gunicorn, head.encode())
    assert status == 413
    assert headers["content-type"] == "application/json"
    assert b"The request is too large" in body
    log = Path(gunicorn.log).read_text()
    assert "Traceback" not in log
    assert "ERROR" not in log
