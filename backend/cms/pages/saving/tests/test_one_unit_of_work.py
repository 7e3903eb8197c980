"""Every page write goes through one unit of work (cms.pages.saving; issue 29, item 1): create,
update, a scheduled change going live, restore, a move and marking a translation checked each
commit once through PageWrite, which works out what changed once and runs the after-steps."""

from datetime import timedelta

import pytest
from django.utils import timezone

from cms.pages.models import Page, PageRevision
from cms.pages.revisions.restore import restore_revision
from cms.pages.saving import unit
from cms.pages.saving.changed import NOTHING, PageState, compare
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create, page_move, page_update
from cms.pages.scheduling import applying
from cms.pages.scheduling.services import schedule
from cms.pages.schemas import PageFieldsIn
from cms.pages.translations.checking import mark_checked


@pytest.fixture
def commits(monkeypatch):
    """The writes' commits, each with what it changed; and how often what changed was worked out."""
    seen, compared = [], []
    commit, real_compare = unit.PageWrite.commit, unit.compare

    def counted_commit(self, *args, **kwargs):
        changed = commit(self, *args, **kwargs)
        seen.append(changed)
        return changed

    def counted_compare(*args, **kwargs):
        compared.append(args)
        return real_compare(*args, **kwargs)

    monkeypatch.setattr(unit.PageWrite, "commit", counted_commit)
    monkeypatch.setattr(unit, "compare", counted_compare)
    yield seen, compared
    applying.forget_next_due()


def version_of(page_id):
    return Page.objects.values_list("lock_version", flat=True).get(pk=page_id)


def test_every_page_write_commits_once_through_the_unit_of_work(admin_user, commits):
    seen, compared = commits
    changes = PageChanges.from_payload({"name": "Harbour", "body": "Boats [image:1]"})
    page = page_create(actor=admin_user, locale="en", changes=changes)
    other = page_create(actor=admin_user, locale="en", changes=PageChanges.from_payload({"name": "Quay"}))
    assert len(seen) == len(compared) == 2 and version_of(page.pk) == 0
    created = seen[0]
    assert {"name", "blocks.body", "template"} <= set(created.fields)
    assert created.texts == {"en": {"name": "Harbour", "body": "Boats [image:1]"}}

    translated = PageChanges.from_payload({"name": "Havn", "body": "Båter"})
    page_update(actor=admin_user, page_id=page.pk, locale="nb", changes=translated)
    page_update(actor=admin_user, page_id=page.pk, locale="en", changes=PageChanges.from_payload({"body": "Oars"}))
    assert len(seen) == 4 and version_of(page.pk) == 2
    assert seen[2].texts == {"nb": {"name": "Havn", "body": "Båter"}} and seen[3].blocks == {"body"}
    assert seen[3].shows_other_media  # its text named an image before

    page_move(actor=admin_user, page_id=page.pk, parent_id=other.pk, position=1)
    assert len(seen) == 5 and version_of(page.pk) == 3 and seen[4].locales == {}

    first = PageRevision.objects.filter(page=page).order_by("pk").first()
    restore_revision(actor=admin_user, page_id=page.pk, revision_id=first.pk, lock_version=3)
    assert len(seen) == 6 and version_of(page.pk) == 4 and seen[5].blocks == {"body"}

    fields = PageFieldsIn.model_validate({"body": "Nets"})
    schedule(actor=admin_user, page_id=page.pk, locale="en", fields=fields, at=timezone.now(), lock_version=4)
    tried = len(seen)  # scheduling tries the change as a save, and rolls it back
    applying.apply_due(timezone.now() + timedelta(seconds=1))
    assert len(seen) == tried + 1 and version_of(page.pk) == 5 and seen[-1].blocks == {"body"}

    mark_checked(actor=admin_user, page_id=page.pk, locale="nb", lock_version=5, blocks=None)  # its body
    assert len(seen) == tried + 2 and version_of(page.pk) == 6
    assert len(compared) == len(seen)  # what changed was worked out once per write


def test_what_changed_is_one_typed_value_every_after_step_reads():
    before = PageState(
        values={"template": "article", "name": "Harbour", "blocks.body": "Boats", "blocks.intro": "Sea"},
        texts={"name": "Harbour", "body": "Boats", "intro": "Sea"},
    )
    after = PageState(
        values={"template": "article", "name": "Harbour", "blocks.body": "Boats [attachment:3]"},
        texts={"name": "Harbour", "body": "Boats [attachment:3]", "intro": ""},
    )
    changed = compare({"en": before}, {"en": after}, {"serialized_tags": {"from": [], "to": ["A"]}},
                      was_parent=None, parent=None)  # fmt: skip
    assert changed.fields == ["blocks.body", "blocks.intro"]
    assert changed.blocks == {"body", "intro"}
    assert changed.texts == {"en": {"body": "Boats [attachment:3]", "intro": ""}}
    assert changed.locales["en"].value_of("blocks.intro") == ("Sea", "")
    assert changed.shows_other_media and not changed.moved

    unchanged = compare({"en": before}, {"en": before}, {}, was_parent=1, parent=2)
    assert unchanged.fields == [] and not unchanged.shows_other_media and unchanged.moved
    new = compare({"en": NOTHING}, {"en": after}, {}, was_parent=None, parent=None)
    assert new.fields == ["blocks.body", "name", "template"] and new.shows_other_media


def test_a_save_that_moves_the_page_moves_its_version_forward_once(admin_user):
    parent = page_create(actor=admin_user, locale="en", changes=PageChanges.from_payload({"name": "Parent"}))
    page = page_create(actor=admin_user, locale="en", changes=PageChanges.from_payload({"name": "Child"}))
    moved_and_renamed = PageChanges.from_payload({"name": "Moved", "parent_page_id": parent.pk, "lock_version": 0})
    page_update(actor=admin_user, page_id=page.pk, locale="en", changes=moved_and_renamed)
    assert version_of(page.pk) == 1
