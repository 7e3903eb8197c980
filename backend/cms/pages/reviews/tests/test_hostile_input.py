"""Hostile input to every review call: 4xx with nothing stored, never 5xx."""

from typing import Any

import pytest

from cms.pages.models import NoticeMailOff, PageReview, ReviewNotice

HUGE = 2**64
BAD_BODIES: list[Any] = [
    "not json",
    "[]",
    "null",
    {"page": "text"},
    {"page": {"name": 12}, "lock_version": 0},
    {"page": {"name": "x"}, "lock_version": "zero"},
    {"page": {"name": "x"}, "lock_version": HUGE},
    {"page": {"name": "x"}, "lock_version": -HUGE},
    {"page": {"name": "x"}, "lock_version": 1.5},
    {"page": {"name": "x\x00"}, "lock_version": 0},
    {"page": {"name": "\ud800"}, "lock_version": 0},
    {"page": {"name": "x"}, "lock_version": 0, "message": "\x00"},
    {"page": {"name": "x"}, "lock_version": 0, "message": "\udfff"},
    {"page": {"name": "x"}, "lock_version": 0, "message": "m" * 5001},
    {"page": {"name": "x"}, "lock_version": 0, "message": ["list"]},
    {"page": {"name": "x"}, "lock_version": 0, "extra": 1},
    {"page": {"status": HUGE}, "lock_version": 0},
    {"page": {"status": 9}, "lock_version": 0},
    {"page": {"parent_page_id": HUGE}, "lock_version": 0},
    {"page": {"published_at": "10000-01-01T00:00:00Z"}, "lock_version": 0},
    {"lock_version": 0},
]


def post_raw(api: Any, path: str, body: Any) -> Any:
    return api.post(path, body if isinstance(body, str) else __import__("json").dumps(body))


@pytest.mark.parametrize("body", BAD_BODIES)
def test_submitting_hostile_input_is_refused_and_stores_nothing(author_api, section, body):
    answer = post_raw(author_api, f"/admin/en/pages/{section['live'].pk}/reviews.json", body)
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.content)
    assert not PageReview.objects.exists()
    assert not ReviewNotice.objects.exists()


@pytest.mark.parametrize(
    "path",
    [
        "/admin/en/pages/{page}/reviews/{huge}/approve.json",
        "/admin/en/pages/{huge}/reviews/{review}/approve.json",
        "/admin/xx/pages/{page}/reviews/{review}/approve.json",
        "/admin/en/pages/{page}/reviews/abc/approve.json",
        "/admin/en/pages/{page}/reviews/-1/request_changes.json",
        "/admin/en/pages/{page}/reviews/{huge}/withdraw.json",
        "/admin/en/pages/{huge}/reviews.json",
    ],
)
def test_hostile_addresses_answer_4xx(author_api, reviewer_api, section, path):
    live = section["live"]
    live.refresh_from_db()
    review = author_api.post(
        f"/admin/en/pages/{live.pk}/reviews.json", {"page": {"name": "New"}, "lock_version": live.lock_version}
    ).json()
    answer = reviewer_api.post(path.format(page=live.pk, review=review["id"], huge=HUGE), {"comment": ""})
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.content)
    assert PageReview.objects.get().state == "waiting"


@pytest.mark.parametrize(
    "body",
    [
        {"comment": "\x00"},
        {"comment": "\ud800"},
        {"comment": 5},
        {"comment": "c" * 5001},
        {"comment": "", "extra": True},
        {"comment": "", "publish": "tomorrow"},
        {"comment": "", "publish": "at", "at": "not a time"},
        {"comment": "", "publish": "at", "at": "0000-01-01T00:00:00Z"},
        {"comment": "", "publish": "at"},
        "[1]",
    ],
)
def test_deciding_with_hostile_input_changes_nothing(author_api, reviewer_api, section, body):
    live = section["live"]
    live.refresh_from_db()
    review = author_api.post(
        f"/admin/en/pages/{live.pk}/reviews.json", {"page": {"name": "New"}, "lock_version": live.lock_version}
    ).json()
    for action in ("approve", "request_changes"):
        answer = post_raw(reviewer_api, f"/admin/en/pages/{live.pk}/reviews/{review['id']}/{action}.json", body)
        assert 400 <= answer.status_code < 500, (answer.status_code, answer.content)
    assert PageReview.objects.get().state == "waiting"
    assert live.localizations.get(locale="en").name == "Live"


def test_an_unknown_page_key_is_ignored_as_a_save_ignores_it_and_not_stored(author_api, section):
    live = section["live"]
    live.refresh_from_db()
    body = {"page": {"name": "x", "no_such_block": "y"}, "lock_version": live.lock_version}
    assert author_api.post(f"/admin/en/pages/{live.pk}/reviews.json", body).status_code == 201
    assert PageReview.objects.get().payload == {"name": "x"}


def test_a_duplicate_submission_leaves_one_waiting(author_api, section):
    live = section["live"]
    live.refresh_from_db()
    body = {"page": {"name": "New"}, "lock_version": live.lock_version, "message": "twice"}
    first = author_api.post(f"/admin/en/pages/{live.pk}/reviews.json", body)
    second = author_api.post(f"/admin/en/pages/{live.pk}/reviews.json", body)
    assert (first.status_code, second.status_code) == (201, 201)
    assert PageReview.objects.filter(state="waiting").count() == 1


@pytest.mark.parametrize(
    "body",
    [
        {"mail": {"review_waiting": "no"}},
        {"mail": {"unknown_kind": False}},
        {"mail": []},
        {"mail": {"review_waiting": False}, "extra": 1},
        {"ids": [HUGE]},
        "nonsense",
    ],
)
def test_notification_settings_refuse_hostile_input(reviewer_api, body):
    answer = reviewer_api.put("/admin/account/notifications.json", body)
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.content)
    assert not NoticeMailOff.objects.exists()


@pytest.mark.parametrize("body", [{"ids": [HUGE]}, {"ids": "all"}, {"ids": [1], "x": 1}, {"ids": ["\x00"]}, "[]"])
def test_marking_read_refuses_hostile_input(reviewer_api, body):
    answer = post_raw(reviewer_api, "/admin/notifications/read.json", body)
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.content)


@pytest.mark.parametrize("query", ["?page=0", "?page=abc", f"?page={HUGE}", "?page=\x00"])
def test_lists_refuse_hostile_page_numbers(reviewer_api, section, query):
    for path in (
        "/admin/reviews.json",
        "/admin/notifications.json",
        f"/admin/en/pages/{section['live'].pk}/reviews.json",
    ):
        answer = reviewer_api.get(path + query)
        assert 400 <= answer.status_code < 500, (path, query, answer.status_code)


def test_anonymous_callers_get_json_refusals(anonymous_api, section):
    for path in ("/admin/reviews.json", "/admin/notifications.json", "/admin/account/notifications.json"):
        assert anonymous_api.get(path).status_code in (401, 403)
    refused = anonymous_api.post(f"/admin/en/pages/{section['live'].pk}/reviews.json", {"page": {}, "lock_version": 0})
    assert refused.status_code in (401, 403)
    assert not PageReview.objects.exists()
