"""Saves at the same moment keep a whole history (PostgreSQL: SQLite serialises writers and
would hide a lost revision): each builds on the revision the other made, none is lost."""

import pytest
from django.db import connection

from cms.core.exceptions import Conflict
from cms.pages.models import Page, PageRevision
from cms.pages.revisions import recording
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_update
from cms.pages.tests.concurrency import at_once

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs concurrent writers (PostgreSQL)"),
]


def test_saves_of_different_locales_at_once_each_make_a_revision_on_the_other(make_page, admin_user):
    page = make_page("Quay", template="article", body="en text")
    for round_number in range(5):

        def save(locale: str, text: str) -> None:
            changes = PageChanges.from_payload({"name": text, "body": text})
            page_update(actor=admin_user, page_id=page.pk, locale=locale, changes=changes)

        outcomes = at_once(
            *((lambda c=code, t=f"{code} {round_number}": save(c, t), Conflict) for code in ("en", "nb", "ar"))
        )
        assert outcomes == ["done"] * 3
    page = Page.objects.get(pk=page.pk)
    latest = PageRevision.objects.filter(page=page).latest("id")
    assert latest.manifest == page.revision_head == recording.stored_manifest(page)[0]
    assert PageRevision.objects.filter(page=page).count() == 1 + 5 * 3


def test_two_saves_with_one_version_store_one_revision(make_page, admin_user):
    page = make_page("Pier", template="article", body="first")
    version = Page.objects.get(pk=page.pk).lock_version
    outcomes = at_once(*(
        (lambda text=text: page_update(
            actor=admin_user, page_id=page.pk, locale="en",
            changes=PageChanges.from_payload({"body": text, "lock_version": version}),
        ), Conflict)
        for text in ("one", "two")
    ))  # fmt: skip
    assert sorted(outcomes) == ["done", "refused"]
    assert PageRevision.objects.filter(page=page).count() == 2
