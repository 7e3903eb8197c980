"""How revisions are kept (issue 20, items 1, 2 and 8): texts once by digest, a small manifest
per save, the same reading cost whatever the history, blocks kept by name across template
changes, and pruning that keeps what went live."""

import io
from dataclasses import replace
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from cms.pages.models import PageRevision, RevisionText
from cms.pages.read_model.stored_content import PageContent
from cms.pages.revisions import history, prune, storage
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_update
from cms.pages.templates_registry import registry

LOCALES = ("en", "nb", "ar")


def _block_text(number: int, locale: str) -> str:
    return f"{locale} paragraph {number}: " + "words of a long text " * 95  # ~2 KB


@pytest.fixture
def big_page(make_page, admin_user):
    page = make_page("Big", template="article", body=_block_text(0, "en"))
    for locale in LOCALES:
        page_update(actor=admin_user, page_id=page.pk, locale=locale, changes=PageChanges.from_payload(
            {"name": f"Big {locale}", "body": _block_text(1, locale), "intro": _block_text(2, locale),
             "headline": _block_text(3, locale), "meta_description": _block_text(4, locale)}
        ))  # fmt: skip
    return page


def _full_copy_bytes(page_id: int) -> int:
    content = storage.read_contents([PageRevision.objects.filter(page_id=page_id).latest("id").manifest])[0]
    texts = [*content.shared.values(), *(t for blocks in content.localized.values() for t in blocks.values())]
    return sum(len(text.encode()) for text in texts)


def test_one_changed_block_stores_its_text_and_a_small_manifest(big_page, admin_user):
    texts_before = set(RevisionText.objects.values_list("digest", flat=True))
    page_update(actor=admin_user, page_id=big_page.pk, locale="nb",
                changes=PageChanges.from_payload({"body": _block_text(1, "nb") + " one word more"}))  # fmt: skip
    revision = PageRevision.objects.filter(page=big_page).latest("id")
    new_texts = set(RevisionText.objects.values_list("digest", flat=True)) - texts_before
    assert len(new_texts) == 2  # the block's text and the nb part (names and digests only)
    added = storage.stored_bytes(revision.manifest, new_digests=new_texts)
    assert added < 0.05 * _full_copy_bytes(big_page.pk) + len(_block_text(1, "nb")) + 50
    assert added < 2 * len(_block_text(1, "nb")) + 3000


def test_a_save_that_changes_one_block_sends_only_that_text(big_page, admin_user):
    changes = PageChanges.from_payload({"name": "Big en", "body": "short", "intro": _block_text(2, "en")})
    with CaptureQueriesContext(connection) as captured:
        page_update(actor=admin_user, page_id=big_page.pk, locale="en", changes=changes)
    inserts = [q["sql"] for q in captured.captured_queries if "pages_revisiontext" in q["sql"]]
    assert len(inserts) == 1 and _block_text(2, "en")[:40] not in inserts[0] and "short" in inserts[0]


def test_reading_a_revision_costs_the_same_whatever_the_history(make_page, admin_user, api):
    page = make_page("Counted", template="article", body="v0")
    for number in range(30):
        page_update(actor=admin_user, page_id=page.pk, locale="en",
                    changes=PageChanges.from_payload({"body": f"v{number + 1}"}))  # fmt: skip
    ids = list(PageRevision.objects.filter(page=page).order_by("id").values_list("pk", flat=True))
    counts = []
    for revision_id in (ids[0], ids[15], ids[-1]):
        with CaptureQueriesContext(connection) as captured:
            record = history.revision_record(page.pk, revision_id, locale="en", user=admin_user)
        counts.append(len(captured.captured_queries))
        assert record["blocks"]["body"]["en"] == f"v{ids.index(revision_id)}"
    assert len(set(counts)) == 1 and counts[0] <= 10


def test_a_block_whose_localized_flag_flipped_reads_by_name(settings):
    blocks = registry().blocks
    default = "en"
    shared_now = next(name for name, block in blocks.items() if not block.localized)  # e.g. video_url
    localized_now = "body"
    old = PageContent(
        template="article", fields={},
        shared={localized_now: "was one value for all"},  # body was not localized then
        names={"en": "N", "nb": "M"},
        localized={"en": {shared_now: "english value"}, "nb": {shared_now: "norsk verdi", localized_now: "nb"}},
    )  # fmt: skip
    now = old.as_flagged_now()
    assert now.localized[default][localized_now] == "was one value for all"
    assert now.localized["nb"][localized_now] == "nb"  # a locale's own value wins
    assert now.shared[shared_now] == "english value"  # the default locale's, when it stopped being localized
    assert shared_now not in now.localized["nb"]
    assert replace(old, shared={}).as_flagged_now().shared[shared_now] == "english value"


def test_prune_keeps_the_newest_the_live_and_the_scheduled(make_page, admin_user):
    page = make_page("Pruned", template="article", body="v0")
    for number in range(6):
        page_update(actor=admin_user, page_id=page.pk, locale="en",
                    changes=PageChanges.from_payload({"body": f"draft {number}"}))  # fmt: skip
    page_update(actor=admin_user, page_id=page.pk, locale="en",
                changes=PageChanges.from_payload({"body": "live", "status": 2}))  # fmt: skip
    page_update(actor=admin_user, page_id=page.pk, locale="en",
                changes=PageChanges.from_payload({"body": "hidden again", "status": 0}))  # fmt: skip
    page_update(actor=admin_user, page_id=page.pk, locale="en",
                changes=PageChanges.from_payload({"body": "by itself"}), origin="scheduled")  # fmt: skip
    for number in range(3):
        page_update(actor=admin_user, page_id=page.pk, locale="en",
                    changes=PageChanges.from_payload({"body": f"later {number}"}))  # fmt: skip
    RevisionText.objects.update(stored_at=timezone.now() - timedelta(hours=2))
    call_command("prune_revisions", "--keep", "2", stdout=io.StringIO())
    kept = list(PageRevision.objects.filter(page=page).order_by("id"))
    assert [r.kind for r in kept] == ["update", "scheduled", "update", "update"]
    assert kept[0].live and kept[-1].manifest == PageRevision.objects.filter(page=page).latest("id").manifest
    for revision in kept:  # every kept revision still reads whole
        record = history.revision_record(page.pk, revision.pk, locale="en", user=admin_user)
        assert record["blocks"]["body"]["en"] in {"live", "by itself", "later 1", "later 2"}
    stored = set(RevisionText.objects.values_list("text", flat=True))
    assert "draft 3" not in stored and "live" in stored


def test_prune_keeps_texts_a_save_stored_lately(make_page, admin_user):
    page = make_page("Recent", template="article", body="old text")
    page_update(actor=admin_user, page_id=page.pk, locale="en", changes=PageChanges.from_payload({"body": "new"}))
    PageRevision.objects.filter(page=page, kind="create").delete()  # as if pruned, its text unreferenced
    prune.prune(keep=1)
    assert RevisionText.objects.filter(text="old text").exists()  # stored moments ago: kept for now


def test_prune_refuses_keep_below_one():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError):
        call_command("prune_revisions", "--keep", "0")
