"""The `submit` right (issue 32, item 1; DESIGN.md §3): granted and inherited like `edit` and
`create`; its holder without `edit` writes what visitors cannot see and nothing they can."""

from typing import Any

import pytest

from cms.pages.models import Page, PageGrant, PageRevision
from cms.pages.rights import rights_of

from .conftest import client_of, staff


def fresh(page: Page) -> Page:
    page.refresh_from_db()
    return page


def put(api: Any, page: Page, **fields: Any) -> Any:
    return api.put(f"/admin/en/pages/{page.pk}.json", {"page": fields})


def test_the_grants_call_gives_and_lists_submit(api, section):
    user = staff("someone")
    answer = api.post(
        "/admin/grants.json",
        {"user_id": user.pk, "page_ids": str(section["top"].pk), "permissions": ["submit"], "action": "grant"},
    )
    assert answer.status_code == 200, answer.content
    assert answer.json() == [{"page_id": section["top"].pk, "permissions": ["submit"]}]
    revoked = api.post(
        "/admin/grants.json",
        {"user_id": user.pk, "page_ids": str(section["top"].pk), "permissions": ["submit"], "action": "revoke"},
    )
    assert revoked.json() == []
    assert not PageGrant.objects.filter(user=user).exists()


def test_submit_is_inherited_and_listed_on_pages(author, author_api, section):
    assert rights_of(author).on([section["top"].pk, section["live"].pk]) == ["create", "submit"]
    answer = author_api.get(f"/admin/en/pages/{section['live'].pk}.json")
    assert answer.json()["permissions"] == ["create", "submit"]


def test_edit_keeps_what_it_gives(reviewer_api, section):
    live = section["live"]
    assert put(reviewer_api, live, name="Edited live").status_code == 200
    assert put(reviewer_api, live, status=3).status_code == 200
    assert put(reviewer_api, live, status=4).status_code == 200


@pytest.mark.parametrize(
    ("target", "fields", "status_code"),
    [
        ("draft", {"name": "Still a draft"}, 200),
        ("draft", {"status": 1}, 200),  # reviewed: visitors still see nothing
        ("draft", {"status": 4}, 200),  # deleting what nobody sees
        ("draft", {"status": 2}, 403),  # publishing
        ("draft", {"status": 3}, 403),  # hiding makes it reachable
        ("live", {"name": "Changed live"}, 403),
        ("live", {"status": 0}, 403),  # unpublishing changes what visitors see
        ("live", {"status": 4}, 403),  # deleting
        ("top", {"status": 3}, 403),  # the tree's hide
    ],
)
def test_submit_alone_writes_only_what_visitors_cannot_see(author_api, section, target, fields, status_code):
    page = section[target]
    before = (fresh(page).status, fresh(page).lock_version, PageRevision.objects.filter(page=page).count())
    answer = put(author_api, page, **fields)
    assert answer.status_code == status_code, answer.content
    if status_code == 403:
        assert (fresh(page).status, page.lock_version, PageRevision.objects.filter(page=page).count()) == before


def test_submit_alone_moves_a_draft_but_not_a_live_page(author_api, section):
    top = section["top"]
    moved = author_api.put(f"/admin/en/pages/{section['draft'].pk}/move.json", {"parent_id": top.pk, "position": 1})
    assert moved.status_code == 200, moved.content
    refused = author_api.put(f"/admin/en/pages/{section['live'].pk}/move.json", {"parent_id": top.pk, "position": 1})
    assert refused.status_code == 403


def test_submit_alone_creates_drafts_but_not_published_pages(author_api, section):
    top = section["top"]
    draft = author_api.post("/admin/en/pages.json", {"page": {"name": "New", "parent_page_id": top.pk, "status": 0}})
    assert draft.status_code == 201, draft.content
    published = author_api.post(
        "/admin/en/pages.json", {"page": {"name": "Newer", "parent_page_id": top.pk, "status": 2}}
    )
    assert published.status_code == 403
    assert not Page.objects.filter(localizations__name="Newer").exists()


def test_create_alone_keeps_creating_published_pages(section):
    """Nobody's rights change: `create` without `submit` publishes new pages as before."""
    creator = staff("creator")
    PageGrant.objects.create(user=creator, page=section["top"], create=True)
    answer = client_of(creator).post(
        "/admin/en/pages.json", {"page": {"name": "Published", "parent_page_id": section["top"].pk, "status": 2}}
    )
    assert answer.status_code == 201


def test_submit_alone_keeps_a_working_copy_of_a_live_page(author_api, section):
    live = section["live"]
    kept = author_api.put(f"/admin/en/pages/{live.pk}/draft.json", {"page": {"name": "Typed"}})
    assert kept.status_code == 200, kept.content
    assert author_api.get(f"/admin/en/pages/{live.pk}/draft.json").status_code == 200


def test_no_right_at_all_is_still_refused(editor_api, section):
    assert put(editor_api, section["draft"], name="Nope").status_code == 403
    assert (
        editor_api.put(f"/admin/en/pages/{section['live'].pk}/draft.json", {"page": {"name": "x"}}).status_code == 403
    )


def test_a_new_pages_first_publication_is_created_unseen_then_submitted_and_approved(author_api, reviewer_api, section):
    """The editor's Submit for review on a new page (issue 32, item 2): the form's payload
    created as a draft, then the same payload submitted; only the status waits, and approving
    publishes the page as its author's save."""
    form = {"name": "Opening", "parent_page_id": section["top"].pk, "body": "Nine to five", "status": 2}
    created = author_api.post("/admin/en/pages.json", {"page": {**form, "status": 0}})
    assert created.status_code == 201, created.content
    page = created.json()
    submitted = author_api.post(
        f"/admin/en/pages/{page['id']}/reviews.json",
        {"page": form, "lock_version": page["lock_version"], "message": "New page"},
    )
    assert submitted.status_code == 201, submitted.content
    assert submitted.json()["fields"] == ["status"]
    assert Page.objects.get(pk=page["id"]).status == 0
    approved = reviewer_api.post(f"/admin/en/pages/{page['id']}/reviews/{submitted.json()['id']}/approve.json", {})
    assert approved.status_code == 200, approved.content
    assert Page.objects.get(pk=page["id"]).status == 2
