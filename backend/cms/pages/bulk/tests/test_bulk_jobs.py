"""Bulk actions (issue 33, item 5; DESIGN.md §3): each page written as its own call would write
it, refused pages reported with that call's message while the others go on."""

import json

import pytest

from cms.audit.models import AuditEntry
from cms.pages.models import BulkJob, Page, PageDeletion, PageGrant, PageReview, PageRevision, Status, Tag

from .conftest import client_of, finished, fresh, staff, started


def ids(pages):
    return [page.pk for page in pages]


def test_publishing_writes_each_page_with_one_revision_and_one_audit_entry(api, tree):
    pages = tree["pages"]
    revisions = {page.pk: PageRevision.objects.filter(page=page).count() for page in pages}
    job = started(api, action="publish", page_ids=ids(pages))
    assert set(job) == {"id", "state", "total"}
    assert (job["state"], job["total"]) == ("queued", 4)
    assert all(fresh(page).status == Status.DRAFT for page in pages)  # nothing before the worker runs

    job = finished(api, action="publish", page_ids=ids(pages))
    assert (job["state"], job["total"], job["done"], job["refused"], job["failed"]) == ("done", 4, 4, 0, 0)
    assert job["results"] == [{"page_id": page.pk, "outcome": "done", "message": ""} for page in pages]
    assert job["started_at"] and job["finished_at"]
    for page in pages:
        assert fresh(page).status == Status.PUBLISHED
        assert PageRevision.objects.filter(page=page).count() == revisions[page.pk] + 1
        entries = AuditEntry.objects.filter(subject="page", subject_id=page.pk, action="update")
        assert [entry.details["status"] for entry in entries] == [{"from": 0, "to": 2}]
    logged = AuditEntry.objects.filter(action="bulk_job", subject_id=job["id"])
    assert [(entry.subject, entry.details) for entry in logged] == [
        ("bulk_job", {"job": job["id"], "action": "publish", "locale": "en", "pages": 4})
    ]


@pytest.mark.parametrize(("action", "status"), [("hide", 3), ("unpublish", 0), ("delete", 4)])
def test_status_actions_set_their_status(api, tree, make_page, action, status):
    page = make_page("Live", status=2)
    job = finished(api, action=action, page_ids=[page.pk])
    assert job["results"][0]["outcome"] == "done"
    assert fresh(page).status == status
    assert PageDeletion.objects.filter(page=page).exists() == (action == "delete")


def test_a_page_without_the_right_is_refused_with_the_single_calls_message_and_the_others_go_on(
    section_editor_api, tree
):
    outside, first, second = tree["outside"], *tree["pages"][:2]
    single = section_editor_api.put(f"/admin/en/pages/{outside.pk}.json", {"page": {"status": 2}})
    assert single.status_code == 403
    job = finished(section_editor_api, action="publish", page_ids=[first.pk, outside.pk, second.pk])
    assert [(r["page_id"], r["outcome"]) for r in job["results"]] == [
        (first.pk, "done"), (outside.pk, "refused"), (second.pk, "done")
    ]  # fmt: skip
    assert job["results"][1]["message"] == single.json()["detail"]
    assert (job["done"], job["refused"], job["failed"]) == (3, 1, 0)
    assert fresh(outside).status == Status.DRAFT
    assert fresh(first).status == fresh(second).status == Status.PUBLISHED
    assert not PageRevision.objects.filter(page=outside, kind__isnull=False).exclude(kind="create").exists()


def test_an_id_that_is_no_page_is_refused_when_its_turn_comes(api, tree):
    page = tree["pages"][0]
    missing = Page.objects.order_by("-pk").first().pk + 100
    single = api.put(f"/admin/en/pages/{missing}.json", {"page": {"status": 2}})
    job = finished(api, action="publish", page_ids=[missing, page.pk])
    assert job["results"] == [
        {"page_id": missing, "outcome": "refused", "message": single.json()["detail"]},
        {"page_id": page.pk, "outcome": "done", "message": ""},
    ]
    assert single.json()["detail"] == f"Page {missing} does not exist."


def test_moving_puts_the_pages_last_under_the_parent_in_the_order_given(api, tree, make_page):
    target = make_page("Target", path_segment="target")
    already = make_page("Already", parent=target, path_segment="already")
    first, second = tree["pages"][2], tree["pages"][0]
    job = finished(api, action="move", page_ids=[first.pk, second.pk], parent_page_id=target.pk)
    assert [r["outcome"] for r in job["results"]] == ["done", "done"]
    children = Page.objects.filter(parent=target).order_by("position")
    assert list(children.values_list("pk", "position")) == [(already.pk, 1), (first.pk, 2), (second.pk, 3)]
    remaining = Page.objects.filter(parent=tree["section"]).order_by("position").values_list("position", flat=True)
    assert list(remaining) == [1, 2]
    for page in (first, second):
        assert AuditEntry.objects.filter(subject="page", subject_id=page.pk, action="move").count() == 1


def test_moving_to_the_top_level_and_into_itself(api, tree):
    section, page = tree["section"], tree["pages"][0]
    single = api.put(f"/admin/en/pages/{section.pk}/move.json", {"parent_id": page.pk, "position": 1})
    assert single.status_code == 422
    job = finished(api, action="move", page_ids=[page.pk], parent_page_id=None)
    assert job["results"][0]["outcome"] == "done"
    assert fresh(page).parent_id is None
    job = finished(api, action="move", page_ids=[section.pk], parent_page_id=tree["pages"][1].pk)
    assert job["results"][0] == {"page_id": section.pk, "outcome": "refused", "message": single.json()["detail"]}


def test_moving_needs_create_under_the_new_parent(section_editor_api, tree):
    page = tree["pages"][0]
    job = finished(section_editor_api, action="move", page_ids=[page.pk], parent_page_id=tree["outside"].pk)
    assert job["results"][0]["outcome"] == "refused"
    assert job["results"][0]["message"] == "You don't have permission to move pages here."
    assert fresh(page).parent_id == tree["section"].pk


def tags_of(page):
    return sorted(Tag.objects.filter(pages=page).values_list("name", flat=True))


def test_tagging_adds_the_tag_once_in_its_stored_spelling_and_untagging_removes_it(api, tree, make_page):
    tagged = make_page("Tagged", serialized_tags='["News", "Events"]')
    plain = tree["pages"][0]
    job = finished(api, action="tag", page_ids=[tagged.pk, plain.pk], tag="  news  ")
    assert [r["outcome"] for r in job["results"]] == ["done", "done"]
    assert tags_of(tagged) == ["Events", "News"]
    assert tags_of(plain) == ["News"]  # the stored spelling, as a save gives it
    revisions = PageRevision.objects.filter(page=tagged).count()
    job = finished(api, action="untag", page_ids=[tagged.pk, plain.pk], tag="NEWS")
    assert [r["outcome"] for r in job["results"]] == ["done", "done"]
    assert tags_of(tagged) == ["Events"]
    assert tags_of(plain) == []
    assert PageRevision.objects.filter(page=tagged).count() == revisions + 1


def test_a_page_with_as_many_tags_as_it_may_have_is_refused(api, make_page):
    full = make_page("Full", serialized_tags=json.dumps([f"t{n}" for n in range(100)]))
    job = finished(api, action="tag", page_ids=[full.pk], tag="one more")
    assert job["results"][0]["outcome"] == "refused"
    assert job["results"][0]["message"] == "serialized_tags: a page has at most 100 tags"


def test_submitting_asks_for_each_page_to_be_published_after_review(tree, make_page):
    author = staff("author")
    PageGrant.objects.create(user=author, page=tree["section"], submit=True)
    author_api = client_of(author)
    draft = tree["pages"][0]
    job = finished(author_api, action="publish", page_ids=[draft.pk])
    assert job["results"][0]["outcome"] == "refused"
    assert "submit it for review" in job["results"][0]["message"]

    job = finished(author_api, action="submit", page_ids=[draft.pk, tree["outside"].pk], message="Ready")
    assert [r["outcome"] for r in job["results"]] == ["done", "refused"]
    review = PageReview.objects.get()
    assert (review.page_id, review.user_id, review.payload) == (draft.pk, author.pk, {"status": 2})
    assert review.message == "Ready"
    assert fresh(draft).status == Status.DRAFT  # waiting for a reviewer


def test_submitting_keeps_a_change_the_author_already_has_waiting(tree):
    author = staff("waiting-author")
    PageGrant.objects.create(user=author, page=tree["section"], submit=True)
    author_api = client_of(author)
    draft = tree["pages"][0]
    # Submitted from the editor, with its text: the tree's submit must not replace it.
    submission = {"page": {"status": 2, "body": "The new text"}, "message": "From the editor",
                  "lock_version": fresh(draft).lock_version}  # fmt: skip
    answer = author_api.post(f"/admin/en/pages/{draft.pk}/reviews.json", submission)
    assert answer.status_code == 201, answer.content
    job = finished(author_api, action="submit", page_ids=[draft.pk])
    assert job["results"][0]["outcome"] == "refused"
    assert "already have a change to this page waiting" in job["results"][0]["message"]
    review = PageReview.objects.get(page=draft, state="waiting")
    assert review.payload["body"] == "The new text" and review.message == "From the editor"


def test_a_job_is_seen_by_its_creator_and_superusers_only(api, section_editor_api, editor_api, anonymous_api, tree):
    job = finished(section_editor_api, action="publish", page_ids=ids(tree["pages"]))
    assert editor_api.get(f"/admin/jobs/{job['id']}.json").status_code == 404
    assert api.get(f"/admin/jobs/{job['id']}.json").status_code == 200
    assert anonymous_api.get(f"/admin/jobs/{job['id']}.json").status_code in (401, 403)
    assert editor_api.get(f"/admin/jobs/{job['id'] + 1}.json").status_code == 404


def test_results_are_given_from_an_offset(api, tree):
    job = finished(api, action="publish", page_ids=ids(tree["pages"]))
    answer = api.get(f"/admin/jobs/{job['id']}.json?offset=3").json()
    assert answer["offset"] == 3
    assert [r["page_id"] for r in answer["results"]] == [tree["pages"][3].pk]


def test_reasons_are_kept_as_messages_and_worded_in_the_readers_language(section_editor_api, tree):
    job = finished(section_editor_api, action="publish", page_ids=[tree["outside"].pk])
    reason = BulkJob.objects.get(pk=job["id"]).results.get().reason
    assert reason == {"message": {"id": "You don't have permission to edit this page."}}
    answer = section_editor_api.client.get(f"/admin/jobs/{job['id']}.json", headers={"Accept-Language": "nb"})
    assert answer.json()["results"][0]["message"] not in ("", "You don't have permission to edit this page.")
