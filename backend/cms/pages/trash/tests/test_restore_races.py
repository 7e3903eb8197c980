"""Restores at the same moment (PostgreSQL's row and advisory locks): two people restoring one
page, a restore while its old parent is being deleted, a segment taken meanwhile."""

import pytest
from django.db import connection

from cms.core.exceptions import Conflict, ValidationFailed
from cms.pages.models import Page, PageDeletion, Status
from cms.pages.saving import services, trash
from cms.pages.saving.payload import PageChanges
from cms.pages.tests.concurrency import at_once

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's concurrency"),
    pytest.mark.django_db(transaction=True),
]


def _delete(actor, page):
    services.page_update(actor=actor, page_id=page.pk, locale="en", changes=PageChanges.from_payload({"status": 4}))


def _undelete(actor, page, **where):
    return lambda: trash.page_undelete(actor=actor, page_id=page.pk, locale="en", **where)


def test_two_people_restoring_one_page_one_wins(admin_user, make_page):
    top = make_page("Top", path_segment="top")
    page = make_page("Page", parent=top, path_segment="page")
    make_page("Below", parent=page, path_segment="below")
    _delete(admin_user, page)
    outcomes = at_once((_undelete(admin_user, page), Conflict), (_undelete(admin_user, page), Conflict))
    assert sorted(outcomes) == ["done", "refused"]
    restored = Page.objects.get(pk=page.pk)
    assert restored.status == Status.DRAFT
    assert list(Page.objects.filter(parent=top).values_list("position", flat=True)) == [1]
    assert not PageDeletion.objects.exists()


def test_restoring_while_its_old_parent_is_deleted(admin_user, make_page):
    top = make_page("Top", path_segment="top")
    page = make_page("Page", parent=top, path_segment="page")
    _delete(admin_user, page)

    def delete_parent():
        _delete(admin_user, top)

    outcomes = at_once((_undelete(admin_user, page), Conflict), (delete_parent, Conflict))
    assert outcomes == ["done", "done"]
    page.refresh_from_db()
    top.refresh_from_db()
    assert top.status == Status.DELETED
    assert page.status == Status.DRAFT
    # Either it came back under the parent before that went (and went with it), or after, at the top.
    if page.parent_id == top.pk:
        assert PageDeletion.objects.get(page=top).descendants == 1
    else:
        assert page.parent_id is None
    positions = sorted(Page.objects.filter(parent=None).values_list("position", flat=True))
    assert positions == list(range(1, len(positions) + 1))


def test_a_segment_taken_meanwhile_restores_nothing(admin_user, make_page):
    top = make_page("Top", path_segment="top")
    page = make_page("Page", parent=top, path_segment="page")
    _delete(admin_user, page)

    def take_the_segment():
        make_page("Taker", path_segment="page")  # at the top level, where the restore goes

    outcomes = at_once(
        (_undelete(admin_user, page, parent_page_id=None), ValidationFailed), (take_the_segment, ValidationFailed)
    )
    page.refresh_from_db()
    if outcomes[0] == "done":  # the restore came first: the new page's segment clashed instead
        assert outcomes[1] == "refused" and page.parent_id is None
    else:
        assert outcomes == ["refused", "done"]
        assert (page.status, page.parent_id) == (Status.DELETED, top.pk)
        assert PageDeletion.objects.filter(page=page).exists()
