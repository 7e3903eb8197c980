"""The deleted pages: listed, restored, removed for good (issue 31, item 1; DESIGN.md §3)."""

import pytest

from cms.audit.models import AuditEntry
from cms.pages.models import Page, PageDeletion, PageLocalization, PageRevision, Status
from cms.pages.models.grants import PageGrant
from cms.pages.trash.tests.helpers import delete, listed, purge, undelete


@pytest.fixture
def subtree(make_page):
    top = make_page("Top", path_segment="top", status=2)
    section = make_page("Section", parent=top, path_segment="section", status=3)
    leaf = make_page("Leaf", parent=section, path_segment="leaf", status=2)
    other = make_page("Other", parent=top, path_segment="other")
    return {"top": top, "section": section, "leaf": leaf, "other": other}


def test_a_delete_is_listed_with_who_when_and_how_many(api, admin_user, subtree):
    delete(api, subtree["section"])
    answer = listed(api)
    assert answer["total"] == 1
    (entry,) = answer["pages"]
    assert entry["id"] == subtree["section"].pk
    assert entry["name"] == "Section"
    assert entry["parent_page_id"] == subtree["top"].pk
    assert entry["descendants"] == 1
    assert entry["status_before"] == Status.HIDDEN  # what a restore gives back: the screen warns it goes live
    assert entry["user"]["id"] == admin_user.pk
    assert entry["deleted_at"]


def test_one_entry_per_delete_newest_first_searchable_and_paged(api, make_page, subtree):
    delete(api, subtree["leaf"])
    delete(api, subtree["section"])  # the leaf was deleted on its own before: not counted with it
    answer = listed(api)
    assert [entry["id"] for entry in answer["pages"]] == [subtree["section"].pk, subtree["leaf"].pk]
    assert answer["pages"][0]["descendants"] == 0
    assert [entry["id"] for entry in listed(api, "?q=lea")["pages"]] == [subtree["leaf"].pk]
    assert listed(api, "?q=nothing") == {"pages": [], "total": 0}
    assert listed(api, "?page=2") == {"pages": [], "total": 2}


def test_restore_brings_the_subtree_back_with_its_statuses_at_the_end(api, subtree):
    delete(api, subtree["section"])
    response = undelete(api, subtree["section"])
    assert response.status_code == 200, response.content
    section = Page.objects.get(pk=subtree["section"].pk)
    assert section.status == Status.HIDDEN
    assert section.parent_id == subtree["top"].pk
    assert section.position == 2  # after "Other", the shown sibling
    assert Page.objects.get(pk=subtree["leaf"].pk).status == Status.PUBLISHED
    assert not PageDeletion.objects.exists()
    assert listed(api)["total"] == 0
    assert PageRevision.objects.filter(page=section, kind="undelete").count() == 1
    assert AuditEntry.objects.filter(action="restore", subject_id=section.pk).count() == 1


def test_restore_under_a_chosen_parent_or_the_top_level(api, make_page, subtree):
    target = make_page("Target", path_segment="target")
    delete(api, subtree["section"])
    assert undelete(api, subtree["section"], {"parent_page_id": target.pk}).status_code == 200
    assert Page.objects.get(pk=subtree["section"].pk).parent_id == target.pk
    delete(api, subtree["section"])
    assert undelete(api, subtree["section"], {"parent_page_id": None}).status_code == 200
    assert Page.objects.get(pk=subtree["section"].pk).parent_id is None


def test_restore_goes_to_the_top_level_when_its_old_parent_is_deleted(api, subtree):
    delete(api, subtree["section"])
    delete(api, subtree["top"])
    assert undelete(api, subtree["section"]).status_code == 200
    assert Page.objects.get(pk=subtree["section"].pk).parent_id is None
    assert Page.objects.get(pk=subtree["top"].pk).status == Status.DELETED


def test_a_clashing_segment_restores_nothing(api, make_page, subtree):
    delete(api, subtree["section"])
    make_page("Section again", path_segment="section")  # at the top level
    response = undelete(api, subtree["section"], {"parent_page_id": None})
    assert response.status_code == 422
    assert "path_segment" in response.content.decode()
    section = Page.objects.get(pk=subtree["section"].pk)
    assert (section.status, section.parent_id) == (Status.DELETED, subtree["top"].pk)
    assert PageDeletion.objects.filter(page=section).exists()


def test_a_deleted_or_missing_parent_is_refused(api, make_page, subtree):
    delete(api, subtree["section"])
    delete(api, subtree["other"])
    assert undelete(api, subtree["section"], {"parent_page_id": subtree["other"].pk}).status_code == 422
    assert undelete(api, subtree["section"], {"parent_page_id": 999_999}).status_code == 422
    assert Page.objects.get(pk=subtree["section"].pk).status == Status.DELETED


def test_restoring_a_page_that_is_not_deleted_answers_409(api, subtree):
    assert undelete(api, subtree["section"]).status_code == 409
    assert undelete(api, 999_999).status_code == 404


def test_restoring_needs_edit_where_it_comes_back(api, editor_api, editor, make_page, subtree):
    delete(api, subtree["section"])
    assert undelete(editor_api, subtree["section"]).status_code == 403
    elsewhere = make_page("Elsewhere", path_segment="elsewhere")
    PageGrant.objects.create(user=editor, page=elsewhere, edit=True, create=True)
    assert undelete(editor_api, subtree["section"]).status_code == 403  # its old place is not theirs
    assert undelete(editor_api, subtree["section"], {"parent_page_id": elsewhere.pk}).status_code == 200


def test_purge_removes_it_and_the_pages_deleted_with_it(api, subtree):
    delete(api, subtree["leaf"])
    delete(api, subtree["section"])
    # An editor's save that shows it again is a restore too: one more delete to purge.
    assert purge(api, subtree["section"]).status_code == 204
    assert not Page.objects.filter(pk=subtree["section"].pk).exists()
    assert not PageLocalization.objects.filter(page_id=subtree["section"].pk).exists()
    leaf = Page.objects.get(pk=subtree["leaf"].pk)  # deleted on its own: kept, at the top level
    assert (leaf.status, leaf.parent_id) == (Status.DELETED, None)
    assert Page.objects.get(pk=subtree["other"].pk).position == 1
    assert AuditEntry.objects.filter(action="purge", subject_id=subtree["section"].pk).exists()


def test_purge_is_for_superusers_and_deleted_pages(api, editor_api, editor, subtree):
    PageGrant.objects.create(user=editor, page=None, edit=True, create=True)
    delete(api, subtree["section"])
    assert purge(editor_api, subtree["section"]).status_code == 403
    assert purge(api, subtree["other"]).status_code == 409
    assert purge(api, 999_999).status_code == 404
    assert Page.objects.filter(pk=subtree["section"].pk).exists()


def test_a_save_that_shows_the_page_again_forgets_its_delete(api, subtree):
    delete(api, subtree["section"])
    response = api.put(f"/admin/en/pages/{subtree['section'].pk}.json", {"page": {"status": 0}})
    assert response.status_code == 200
    assert listed(api)["total"] == 0
