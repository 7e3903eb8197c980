"""The header's counts (issue 32): the changes waiting for the signed-in user and their unread
notifications, in one call, each count bounded so that it costs the same however many wait."""

from typing import Any

import pytest

from cms.pages.models import Page, PageGrant, ReviewNotice
from cms.pages.reviews import inbox, listing

from .conftest import client_of, staff

COUNTS = "/admin/reviews/counts.json"


def submit(api: Any, page: Page, **fields: Any) -> dict[str, Any]:
    page.refresh_from_db()
    answer = api.post(
        f"/admin/en/pages/{page.pk}/reviews.json", {"page": fields, "lock_version": page.lock_version, "message": ""}
    )
    assert answer.status_code == 201, answer.content
    return answer.json()


def test_the_reviewer_counts_what_waits_for_them_and_their_unread_notices(author_api, reviewer_api, section):
    assert reviewer_api.get(COUNTS).json() == {"waiting": 0, "unread": 0, "most": listing.MOST_COUNTED}
    submit(author_api, section["live"], name="New")
    submit(author_api, section["draft"], status=2)
    assert reviewer_api.get(COUNTS).json() == {"waiting": 2, "unread": 2, "most": listing.MOST_COUNTED}
    # The author has nothing to decide and has not been told anything.
    assert author_api.get(COUNTS).json() == {"waiting": 0, "unread": 0, "most": listing.MOST_COUNTED}
    reviewer_api.post("/admin/notifications/read.json", {"ids": None})
    assert reviewer_api.get(COUNTS).json()["unread"] == 0


def test_a_user_with_grants_elsewhere_counts_nothing_and_a_root_grant_counts_all(
    author_api, section, make_page, admin_user
):
    elsewhere = staff("elsewhere")
    PageGrant.objects.create(user=elsewhere, page=make_page("Other", path_segment="other"), edit=True)
    everywhere = staff("everywhere")
    PageGrant.objects.create(user=everywhere, page=None, edit=True)
    submit(author_api, section["live"], name="New")
    assert client_of(elsewhere).get(COUNTS).json()["waiting"] == 0
    assert client_of(everywhere).get(COUNTS).json()["waiting"] == 1
    assert client_of(admin_user).get(COUNTS).json()["waiting"] == 1


@pytest.mark.parametrize("everywhere", [False, True])
def test_counts_stop_at_the_most_counted(monkeypatch, author, reviewer, admin_user, section, everywhere):
    monkeypatch.setattr(listing, "MOST_COUNTED", 2)
    monkeypatch.setattr(inbox, "MOST_COUNTED", 2)
    for page in (section["live"], section["draft"], section["top"]):
        submit(client_of(author), page, name=f"New {page.pk}")
    user = admin_user if everywhere else reviewer
    assert ReviewNotice.objects.filter(user=user).count() == 3
    assert client_of(user).get(COUNTS).json() == {"waiting": 2, "unread": 2, "most": 2}


def test_counting_takes_two_queries_however_many_wait(author, reviewer, section, django_assert_max_num_queries):
    for page in (section["live"], section["draft"]):
        submit(client_of(author), page, name=f"New {page.pk}")
    api = client_of(reviewer)
    # The session, the user, the two counts (and the grant on the root asked).
    with django_assert_max_num_queries(5):
        assert api.get(COUNTS).json()["waiting"] == 2


def test_counts_need_a_staff_login(client, db):
    assert client.get(COUNTS).status_code in (401, 403)
