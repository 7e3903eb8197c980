"""Hostile input to the bulk calls: 4xx with nothing stored (no job, no task, no log entry),
never 5xx; and the request's own rules (what each action needs, each page once)."""

import json
from typing import Any

import pytest
from django_tasks_db.models import DBTaskResult

from cms.audit.models import AuditEntry
from cms.pages.bulk import MAX_PAGES
from cms.pages.models import BulkJob

HUGE = 10**30


def nothing_stored() -> bool:
    return (
        not BulkJob.objects.exists()
        and not DBTaskResult.objects.exists()
        and not AuditEntry.objects.filter(action="bulk_job").exists()
    )


BAD_BODIES: list[Any] = [
    "not json",
    "[]",
    "null",
    "7",
    '{"action": "publish", "page_ids": [1]',  # cut short
    "[" * 5000 + "]" * 5000,  # nested past any reader
    {},
    {"action": "publish"},
    {"page_ids": [1]},
    {"action": "launch", "page_ids": [1]},
    {"action": "PUBLISH", "page_ids": [1]},
    {"action": 1, "page_ids": [1]},
    {"action": ["publish"], "page_ids": [1]},
    {"action": "publish\x00", "page_ids": [1]},
    {"action": "publish", "page_ids": []},
    {"action": "publish", "page_ids": "1,2"},
    {"action": "publish", "page_ids": 1},
    {"action": "publish", "page_ids": {"1": 1}},
    {"action": "publish", "page_ids": [[1]]},
    {"action": "publish", "page_ids": [{"id": 1}]},
    {"action": "publish", "page_ids": ["1"]},
    {"action": "publish", "page_ids": [True]},
    {"action": "publish", "page_ids": [None]},
    {"action": "publish", "page_ids": [1.5]},
    {"action": "publish", "page_ids": [0]},
    {"action": "publish", "page_ids": [-1]},
    {"action": "publish", "page_ids": [HUGE]},
    {"action": "publish", "page_ids": [2**63]},
    {"action": "publish", "page_ids": [1e300]},
    {"action": "publish", "page_ids": ["\x00"]},
    {"action": "publish", "page_ids": ["\ud800"]},
    {"action": "publish", "page_ids": [1, 2, 1]},
    {"action": "publish", "page_ids": list(range(1, MAX_PAGES + 2))},
    {"action": "publish", "page_ids": list(range(1, 100_001))},
    {"action": "publish", "page_ids": [1], "extra": True},
    {"action": "publish", "page_ids": [1], "tag": "News"},
    {"action": "publish", "page_ids": [1], "parent_page_id": 1},
    {"action": "publish", "page_ids": [1], "message": "Hello"},
    {"action": "move", "page_ids": [1]},
    {"action": "move", "page_ids": [1], "parent_page_id": HUGE},
    {"action": "move", "page_ids": [1], "parent_page_id": "1"},
    {"action": "move", "page_ids": [1], "parent_page_id": False},
    {"action": "move", "page_ids": [1], "parent_page_id": [1]},
    {"action": "move", "page_ids": [1], "parent_page_id": 2**63 - 1},  # no such page
    {"action": "tag", "page_ids": [1]},
    {"action": "tag", "page_ids": [1], "tag": None},
    {"action": "tag", "page_ids": [1], "tag": ""},
    {"action": "tag", "page_ids": [1], "tag": "   "},
    {"action": "tag", "page_ids": [1], "tag": "x" * 101},
    {"action": "tag", "page_ids": [1], "tag": "x" * 100_000},
    {"action": "tag", "page_ids": [1], "tag": "a\x00b"},
    {"action": "tag", "page_ids": [1], "tag": "\udfff"},
    {"action": "tag", "page_ids": [1], "tag": ["News"]},
    {"action": "tag", "page_ids": [1], "tag": {"name": "News"}},
    {"action": "untag", "page_ids": [1], "tag": 5},
    {"action": "untag", "page_ids": [1], "tag": "News", "parent_page_id": 1},
    {"action": "submit", "page_ids": [1], "message": "\x00"},
    {"action": "submit", "page_ids": [1], "message": "m" * 5001},
    {"action": "submit", "page_ids": [1], "message": 5},
]


@pytest.mark.parametrize("body", BAD_BODIES, ids=lambda body: repr(body)[:60])
def test_hostile_input_is_refused_and_stores_nothing(api, body):
    raw = body if isinstance(body, str) else json.dumps(body)
    answer = api.post("/admin/en/bulk.json", raw)
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.content[:300])
    assert "detail" in answer.json()
    assert nothing_stored()


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        (
            {"action": "publish", "page_ids": [5, 6, 5]},
            [["page_ids", "entry 3 lists page 5 again: list each page once"]],
        ),
        (
            {"action": "move", "page_ids": [5]},
            [["parent_page_id", "is needed to move pages: the new parent's id, or null for the top level"]],
        ),
        ({"action": "move", "page_ids": [5], "parent_page_id": 999_999}, [["parent_page_id", "does not exist"]]),
        ({"action": "tag", "page_ids": [5]}, [["tag", "is needed to add or remove a tag"]]),
        ({"action": "tag", "page_ids": [5], "tag": " "}, [["tag", "can't be blank"]]),
        ({"action": "untag", "page_ids": [5], "tag": "x" * 101}, [["tag", "a tag has at most 100 characters"]]),
        ({"action": "hide", "page_ids": [5], "tag": "News"}, [["tag", "is only for tag and untag"]]),
        ({"action": "delete", "page_ids": [5], "parent_page_id": 5}, [["parent_page_id", "is only for move"]]),
    ],
)
def test_the_requests_own_rules_answer_422_naming_the_field(api, body, errors):
    answer = api.post("/admin/en/bulk.json", body)
    assert answer.status_code == 422, answer.content
    assert answer.json()["errors"] == errors
    assert nothing_stored()


def test_an_unknown_locale_answers_404(api):
    assert api.post("/admin/xx/bulk.json", {"action": "publish", "page_ids": [1]}).status_code == 404
    assert nothing_stored()


def test_without_a_login_or_csrf_token_nothing_is_stored(anonymous_api, api):
    from conftest import JsonClient

    assert anonymous_api.post("/admin/en/bulk.json", {"action": "publish", "page_ids": [1]}).status_code in (401, 403)
    no_token = JsonClient(api.client, csrf=False)
    assert no_token.post("/admin/en/bulk.json", {"action": "publish", "page_ids": [1]}).status_code == 403
    assert nothing_stored()


def test_the_most_pages_one_job_takes_are_accepted(api):
    answer = api.post("/admin/en/bulk.json", {"action": "hide", "page_ids": list(range(1, MAX_PAGES + 1))})
    assert answer.status_code == 202
    assert answer.json()["total"] == MAX_PAGES


@pytest.mark.parametrize("query", ["?offset=-1", "?offset=abc", f"?offset={HUGE}", "?offset=\x00", "?offset=10001"])
def test_reading_a_job_refuses_hostile_offsets(api, query):
    job = api.post("/admin/en/bulk.json", {"action": "hide", "page_ids": [1]}).json()
    answer = api.get(f"/admin/jobs/{job['id']}.json{query}")
    assert 400 <= answer.status_code < 500, (query, answer.status_code)


@pytest.mark.parametrize("job_id", [str(HUGE), "-1", "0", "abc", "1.5", "%00"])
def test_hostile_job_ids_answer_4xx(api, job_id):
    assert 400 <= api.get(f"/admin/jobs/{job_id}.json").status_code < 500
