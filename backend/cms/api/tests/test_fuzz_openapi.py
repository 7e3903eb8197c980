"""Schema fuzzing of every JSON call (issue 21): schemathesis reads /admin/api/openapi.json as the
superuser's browser does (session cookie, CSRF cookie and header) and sends each operation
generated requests, valid and invalid, to the site's WSGI application in this process. Every
answer must be no 5xx, a documented status, the documented content type and match the
documented schema. A fixed seed makes each run send the same requests; the number of examples
bounds its time (see FUZZ_EXAMPLES).

It works on data of its own (fuzz_data.seed), in a database of its own (a transactional test:
calls commit as in production). Left out, because the fuzzer cannot keep working after them:
- a password change of its own user (PUT /admin/users/{its id}.json with `password`): Django
  rotates the session key, so every later call would answer 401 and test nothing;
- logging out (/admin/logout/) is no call of the document, so nothing to leave out.
Deactivating or demoting itself stays in: the site refuses it (422), which is tested too.
"""

import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
import werkzeug
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from cms.api.tests.fuzz_data import Login, existing_ids, plausible_writes, seed
from cms.pages.scheduling import applying

pytestmark = pytest.mark.long

# Examples per operation in the fuzzing phase, after schemathesis' coverage phase (the
# boundary values of every parameter: it found the 2^63 - 1 parent id of cms.pages.locks).
# Both take about 50 s of CPU for the whole document on SQLite or PostgreSQL. A longer hunt:
# FUZZ_EXAMPLES=500; FUZZ_COVERAGE=0 leaves the coverage phase out.
FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "40"))
SEED = 21
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]

CONFIG = schemathesis.Config.from_dict(
    {
        "seed": SEED,
        "suppress-health-check": ["all"],
        "generation": {"mode": "all", "max-examples": FUZZ_EXAMPLES, "database": "none"},
        "phases": {
            "examples": {"enabled": True},
            "coverage": {"enabled": os.environ.get("FUZZ_COVERAGE", "1") == "1"},
            "fuzzing": {"enabled": True},
            "stateful": {"enabled": False},
        },
    }
)


class InProcessSite(WSGIHandler):
    """The site's WSGI application (config.wsgi's, without the scheduling thread)."""


@pytest.fixture
def site(transactional_db: Any, settings: Any, tmp_path: Any) -> Iterator[InProcessSite]:
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.FILE_UPLOAD_TEMP_DIR = tmp_path / "uploads"
    settings.FILE_UPLOAD_TEMP_DIR.mkdir()
    # As Django's test client: the test's database connection stays open between calls (a
    # request's end would close it, and SQLite's in-memory test database with it).
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    applying.forget_next_due()
    try:
        yield InProcessSite()
    finally:
        applying.forget_next_due()
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.fixture
def login(site: InProcessSite) -> Login:
    return seed()


@pytest.fixture
def fuzzed_api(site: InProcessSite, login: Login, request: pytest.FixtureRequest) -> Any:
    # schemathesis 4.32's loader from a fixture names each operation's subtest by rewriting
    # Node._nodeid, which pytest 9.2 no longer has (it keeps _id): give it one to rewrite.
    request.node._nodeid = request.node.nodeid
    browser = werkzeug.Client(site)
    for name, value in login.cookies.items():
        browser.set_cookie(name, value, domain="localhost")
    document = browser.get("/admin/api/openapi.json")
    assert document.status_code == 200, document.text
    # schemathesis.openapi.from_wsgi, with the login (its loader can't send cookies).
    schema = schemathesis.openapi.from_dict(document.json, config=CONFIG)
    schema.app = site

    @schema.hook("flatmap_path_parameters")
    def stored_rows(context: Any, path_parameters: dict[str, Any]) -> Any:
        return existing_ids(path_parameters)

    @schema.hook("flatmap_case")
    def writes_that_get_through(context: Any, case: Any) -> Any:
        return plausible_writes(case)

    return schema


schema = schemathesis.pytest.from_fixture("fuzzed_api")


@schema.parametrize()
def test_every_call_answers_as_documented(case: Any, login: Login) -> None:
    if _changes_own_password(case, login):
        case.body["user"].pop("password")
    case.call_and_validate(headers=login.headers, cookies=login.cookies, checks=CHECKS)


def _changes_own_password(case: Any, login: Login) -> bool:
    return (
        case.operation.path == "/admin/users/{user_id}.json"
        and case.path_parameters.get("user_id") == login.user_id
        and isinstance(case.body, dict)
        and isinstance(case.body.get("user"), dict)
        and "password" in case.body["user"]
    )
