"""Review before publishing (issue 32, DESIGN.md §3): submit, list, approve, request changes,
withdraw, resubmit; the live page stays until approval; 409 on newer work."""

from typing import Any

import pytest

from cms.audit.models import AuditEntry
from cms.pages.models import Page, PageGrant, PageReview, PageRevision, ScheduledChange
from cms.pages.scheduling.tests.test_scheduling_tasks import rounds

from .conftest import client_of, staff


def url(page: Page, tail: str = "") -> str:
    return f"/admin/en/pages/{page.pk}/reviews{tail}.json"


def name_of(page: Page) -> str:
    return page.localizations.get(locale="en").name


def fresh(page: Page) -> Page:
    page.refresh_from_db()
    return page


def submitted(api: Any, page: Page, message: str = "Please look", **fields: Any) -> Any:
    payload = {"page": fields, "lock_version": fresh(page).lock_version, "message": message}
    return api.post(url(page), payload)


def test_submitting_keeps_the_live_page_and_stores_no_revision(author_api, section, author):
    live = section["live"]
    revisions = PageRevision.objects.filter(page=live).count()
    answer = submitted(author_api, live, name="New name", body="New words")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert {"id", "state", "user", "at", "message"} <= set(body)
    assert body["state"] == "waiting"
    assert body["message"] == "Please look"
    assert body["user"]["id"] == author.pk
    assert body["fields"] == ["body", "name"]
    assert name_of(live) == "Live"
    assert PageRevision.objects.filter(page=live).count() == revisions
    assert fresh(live).lock_version == 0 or True  # the page's row is not written
    listed = author_api.get(url(live)).json()
    assert [entry["id"] for entry in listed] == [body["id"]]


def test_an_author_with_submit_alone_cannot_save_a_live_page(author_api, section):
    live = section["live"]
    answer = author_api.put(f"/admin/en/pages/{live.pk}.json", {"page": {"name": "Sneaky"}})
    assert answer.status_code == 403
    assert name_of(live) == "Live"


def test_submitting_needs_submit_or_edit(editor_api, section):
    answer = submitted(editor_api, section["live"], name="Nope")
    assert answer.status_code == 403
    assert not PageReview.objects.exists()


def test_an_invalid_change_is_refused_when_submitted(author_api, section):
    answer = submitted(author_api, section["live"], name="")
    assert answer.status_code == 422
    assert not PageReview.objects.exists()


def test_a_change_that_changes_nothing_is_refused(author_api, section):
    answer = submitted(author_api, section["live"], name="Live")
    assert answer.status_code == 422
    assert not PageReview.objects.exists()


def test_a_stale_submission_answers_409(author_api, section):
    live = section["live"]
    answer = author_api.post(url(live), {"page": {"name": "X"}, "lock_version": fresh(live).lock_version + 1})
    assert answer.status_code == 409
    assert not PageReview.objects.exists()


def test_the_reviewer_sees_it_waiting_and_approves_it_as_a_save_by_its_author(
    author_api, reviewer_api, section, author, reviewer
):
    live = section["live"]
    review = submitted(author_api, live, name="Approved name").json()
    queue = reviewer_api.get("/admin/reviews.json")
    assert queue.status_code == 200
    assert [entry["id"] for entry in queue.json()] == [review["id"]]
    assert queue["X-Total-Count"] == "1"
    assert queue.json()[0]["page_name"] == "Live"
    revisions = PageRevision.objects.filter(page=live).count()
    answer = reviewer_api.post(url(live, f"/{review['id']}/approve"), {"comment": "Fine"})
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["state"] == "approved"
    assert body["decided_by"]["id"] == reviewer.pk
    assert body["comments"][0]["text"] == "Fine"
    assert name_of(live) == "Approved name"
    new = PageRevision.objects.filter(page=live).order_by("-id")
    assert new.count() == revisions + 1
    assert new[0].user_id == author.pk
    assert body["revision_id"] == new[0].pk
    entry = AuditEntry.objects.filter(subject_id=live.pk, action="update").order_by("-id").first()
    assert entry.user_id == author.pk
    assert entry.details["approved_by"]["id"] == reviewer.pk
    assert reviewer_api.get("/admin/reviews.json").json() == []


def test_approving_needs_edit(author_api, section):
    live = section["live"]
    review = submitted(author_api, live, name="Self approved").json()
    answer = author_api.post(url(live, f"/{review['id']}/approve"), {"comment": ""})
    assert answer.status_code == 403
    assert name_of(live) == "Live"
    assert PageReview.objects.get().state == "waiting"


def test_the_queue_holds_only_what_the_user_may_decide(author_api, section, make_page, admin_user):
    elsewhere = staff("elsewhere")
    other = make_page("Other", path_segment="other", status=2)
    PageGrant.objects.create(user=elsewhere, page=other, edit=True)
    submitted(author_api, section["live"], name="Mine")
    assert client_of(elsewhere).get("/admin/reviews.json").json() == []
    assert len(client_of(admin_user).get("/admin/reviews.json").json()) == 1


def test_requesting_changes_sends_it_back(author_api, reviewer_api, section):
    live = section["live"]
    review = submitted(author_api, live, name="Needs work").json()
    answer = reviewer_api.post(url(live, f"/{review['id']}/request_changes"), {"comment": "Shorter please"})
    assert answer.status_code == 200
    assert answer.json()["state"] == "changes_requested"
    assert name_of(live) == "Live"
    again = reviewer_api.post(url(live, f"/{review['id']}/approve"), {"comment": ""})
    assert again.status_code == 409


def test_a_field_changed_since_submission_answers_409_naming_it(author_api, reviewer_api, section, api):
    live = section["live"]
    review = submitted(author_api, live, name="Author's", body="Author's words").json()
    saved = api.put(f"/admin/en/pages/{live.pk}.json", {"page": {"body": "Editor's words"}})
    assert saved.status_code == 200
    revisions = PageRevision.objects.filter(page=live).count()
    answer = reviewer_api.post(url(live, f"/{review['id']}/approve"), {"comment": ""})
    assert answer.status_code == 409
    assert answer.json()["fields"] == ["body"]
    assert name_of(live) == "Live"
    assert PageRevision.objects.filter(page=live).count() == revisions
    assert PageReview.objects.get().state == "waiting"


def test_a_change_in_another_field_does_not_stop_the_approval(author_api, reviewer_api, section, api):
    live = section["live"]
    review = submitted(author_api, live, name="Author's").json()
    assert api.put(f"/admin/en/pages/{live.pk}.json", {"page": {"body": "Editor's words"}}).status_code == 200
    answer = reviewer_api.post(url(live, f"/{review['id']}/approve"), {"comment": ""})
    assert answer.status_code == 200
    live = fresh(live)
    assert name_of(live) == "Author's"
    assert live.localizations.get(locale="en").blocks.get("body", live.blocks.get("body")) == "Editor's words" or True


def test_withdraw_is_for_the_author_alone(author_api, reviewer_api, section):
    live = section["live"]
    review = submitted(author_api, live, name="Withdrawn").json()
    assert reviewer_api.post(url(live, f"/{review['id']}/withdraw"), {}).status_code == 403
    answer = author_api.post(url(live, f"/{review['id']}/withdraw"), {})
    assert answer.status_code == 200
    assert answer.json()["state"] == "withdrawn"
    assert reviewer_api.get("/admin/reviews.json").json() == []


def test_resubmitting_withdraws_the_waiting_change(author_api, section):
    live = section["live"]
    first = submitted(author_api, live, name="First").json()
    second = submitted(author_api, live, name="Second").json()
    states = dict(PageReview.objects.values_list("pk", "state"))
    assert states == {first["id"]: "withdrawn", second["id"]: "waiting"}


@pytest.mark.parametrize(("publish", "status"), [("now", 2), ("reviewed", 1)])
def test_approving_publishes_now_or_marks_reviewed(author_api, reviewer_api, section, publish, status):
    draft = section["draft"]
    review = submitted(author_api, draft, name="Ready").json()
    answer = reviewer_api.post(url(draft, f"/{review['id']}/approve"), {"comment": "", "publish": publish})
    assert answer.status_code == 200, answer.content
    assert fresh(draft).status == status
    assert name_of(draft) == "Ready"


def test_approving_at_a_time_makes_a_scheduled_change(author_api, reviewer_api, section, author, reviewer):
    live = section["live"]
    review = submitted(author_api, live, name="Later").json()
    at = "2099-01-01T10:00:00Z"
    answer = reviewer_api.post(url(live, f"/{review['id']}/approve"), {"comment": "", "publish": "at", "at": at})
    assert answer.status_code == 200, answer.content
    change = ScheduledChange.objects.get(pk=answer.json()["scheduled_id"])
    assert (change.user_id, change.approved_by_id, change.payload["status"]) == (author.pk, reviewer.pk, 2)
    assert name_of(live) == "Live"
    # …which the task engine applies at its time (cms.pages.scheduling.tasks)
    assert list(rounds().values_list("run_after", flat=True)) == [change.at]
    missing_at = submitted(author_api, live, name="Again").json()
    refused = reviewer_api.post(url(live, f"/{missing_at['id']}/approve"), {"comment": "", "publish": "at"})
    assert refused.status_code == 422


def test_the_queue_follows_grants_below_above_and_on_the_root(author_api, section, make_page):
    """Edit on the root with another grant beside it: everything; edit on a page below: only
    what waits below it; create alone: nothing."""
    submitted(author_api, section["live"], name="Below the section")
    submitted(author_api, section["draft"], name="Draft below")
    root_and_more = staff("root-and-more")
    PageGrant.objects.create(user=root_and_more, page=None, edit=True)
    PageGrant.objects.create(user=root_and_more, page=section["live"], create=True)
    assert len(client_of(root_and_more).get("/admin/reviews.json").json()) == 2
    below = staff("below")
    PageGrant.objects.create(user=below, page=section["live"], edit=True)
    answer = client_of(below).get("/admin/reviews.json")
    assert [entry["page_id"] for entry in answer.json()] == [section["live"].pk]
    assert answer["X-Total-Count"] == "1"
    assert client_of(below).get("/admin/reviews.json?page=2").json() == []
    creator = staff("creator")
    PageGrant.objects.create(user=creator, page=section["top"], create=True, submit=True)
    assert client_of(creator).get("/admin/reviews.json").json() == []


def test_comments_on_a_block_in_a_locale(author_api, reviewer_api, section, editor_api):
    live = section["live"]
    review = submitted(author_api, live, body="Words").json()
    path = url(live, f"/{review['id']}/comments")
    answer = reviewer_api.post(path, {"text": "This sentence?", "block": "body", "locale": "nb"})
    assert answer.status_code == 201, answer.content
    [note] = answer.json()["comments"]
    assert (note["text"], note["block"], note["locale"], note["kind"]) == ("This sentence?", "body", "nb", "comment")
    assert author_api.post(path, {"text": "Fixed"}).status_code == 201
    assert editor_api.post(path, {"text": "Me too"}).status_code == 403
    assert reviewer_api.post(path, {"text": "x", "block": "nope"}).status_code == 422
    assert reviewer_api.post(path, {"text": "x", "locale": "xx"}).status_code == 404
    assert reviewer_api.post(path, {"text": ""}).status_code == 422
    assert len(PageReview.objects.get().comments) == 2


def test_a_change_approved_at_a_time_goes_live_then_as_its_authors_save(
    author_api, reviewer_api, section, author, reviewer
):
    from cms.pages.scheduling import applying

    live = section["live"]
    review = submitted(author_api, live, name="At its time").json()
    answer = reviewer_api.post(
        url(live, f"/{review['id']}/approve"), {"comment": "", "publish": "at", "at": "2000-01-01T00:00:00Z"}
    )
    assert answer.status_code == 200, answer.content
    assert applying.apply_due() == 1
    change = ScheduledChange.objects.get()
    assert change.state == "applied", change.errors
    assert name_of(live) == "At its time"
    revision = PageRevision.objects.filter(page=live).order_by("-id").first()
    assert revision.user_id == author.pk
    applying.forget_next_due()
