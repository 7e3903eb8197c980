"""Saves and checks of one page at the same moment keep every mark (PostgreSQL: SQLite
serialises writers and would hide a lost update of the page's bookkeeping)."""

import pytest
from django.db import connection

from cms.core.exceptions import Conflict
from cms.pages.models import Page, PageRevision
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_update
from cms.pages.tests.concurrency import at_once
from cms.pages.translations.checking import mark_checked

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs concurrent writers (PostgreSQL)"),
]


def save(user, page_id, locale, **blocks):
    page_update(actor=user, page_id=page_id, locale=locale, changes=PageChanges.from_payload(blocks))


def test_saves_of_every_locale_at_once_each_keep_their_marks(make_page, admin_user):
    page = make_page("Quay", template="article", body="en 0")
    for locale in ("nb", "ar"):
        save(admin_user, page.pk, locale, name=f"Quay {locale}", body=f"{locale} 0")
    for round_number in range(1, 6):
        outcomes = at_once(*(
            (lambda c=code, t=f"{code} {round_number}": save(admin_user, page.pk, c, body=t), Conflict)
            for code in ("en", "nb", "ar")
        ))  # fmt: skip
        assert outcomes == ["done"] * 3
    page = Page.objects.get(pk=page.pk)
    marks = page.translation_marks["body"]
    # Each locale's mark is the revision its last save made: that revision holds its text.
    for code in ("en", "nb", "ar"):
        revision = PageRevision.objects.get(pk=marks[code]["r"])
        assert revision.summary["locale"] == code
    # Who came last decides: a translation saved after the source is current (made against its
    # text), one before outdated.
    expected = sorted(code for code in ("nb", "ar") if marks[code]["r"] < marks["en"]["r"])
    assert all((marks[code]["b"] == marks["en"]["t"]) == (code not in expected) for code in ("nb", "ar"))
    assert sorted(page.translation_outdated or {}) == expected


def test_a_check_and_a_source_save_at_once_never_lose_the_source_change(make_page, admin_user):
    page = make_page("Pier", template="article", body="first")
    save(admin_user, page.pk, "nb", name="Brygge", body="første")
    for round_number in range(5):
        save(admin_user, page.pk, "en", body=f"changed {round_number}")
        version = Page.objects.get(pk=page.pk).lock_version
        outcomes = at_once(
            (lambda v=version: mark_checked(actor=admin_user, page_id=page.pk, locale="nb", lock_version=v,
                                            blocks=None), Conflict),
            (lambda n=round_number: save(admin_user, page.pk, "en", body=f"changed again {n}"), Conflict),
        )  # fmt: skip
        # The save sends no version: it always lands. A check after it is refused (its version
        # is stale); one before it is followed by the save: nb is outdated either way.
        assert sorted(outcomes) in (["done", "done"], ["done", "refused"])
        page_now = Page.objects.get(pk=page.pk)
        marks = page_now.translation_marks["body"]
        assert marks["nb"]["b"] != marks["en"]["t"] and ",nb," in page_now.outdated_locales
