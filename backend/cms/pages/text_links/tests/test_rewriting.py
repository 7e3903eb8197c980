"""Links follow their page: a move or a new segment rewrites the texts linking to it and to the
pages below it, in the same transaction, with a revision and a new lock version each."""

import pytest

from cms.audit.models import AuditEntry
from cms.core.exceptions import Conflict
from cms.pages.models import Page, PageLink, PageRevision
from cms.pages.revisions.storage import read_contents
from cms.pages.saving.trash import page_undelete
from cms.pages.text_links.tests.conftest import links_of, text

pytestmark = pytest.mark.django_db


@pytest.fixture
def tree(make_page):
    section = make_page("Section", path_segment="section")
    other = make_page("Other", path_segment="other")
    target = make_page("Target", parent=section, path_segment="target")
    child = make_page("Child", parent=target, path_segment="child")
    return {"section": section, "other": other, "target": target, "child": child}


def test_a_move_rewrites_links_to_the_page_and_below_it(make_page, tree, move):
    target = tree["target"]
    linker = make_page(
        "Linker",
        body=(
            f"[a](/en/section/target) [b](/en/section/target/child?x=1#y) [c](/en/pages/{target.pk}) /en/section/target"
        ),
    )
    version = Page.objects.get(pk=linker.pk).lock_version
    move(target, tree["other"])
    assert text(linker) == (
        f"[a](/en/other/target) [b](/en/other/target/child?x=1#y) [c](/en/pages/{target.pk}) /en/section/target"
    )
    assert [row[2] for row in links_of(linker)] == [
        "/en/other/target", "/en/other/target/child?x=1#y", f"/en/pages/{target.pk}"
    ]  # fmt: skip
    assert {row[3] for row in links_of(linker)} == {target.pk, tree["child"].pk}
    assert Page.objects.get(pk=linker.pk).lock_version == version + 1


def test_a_new_segment_rewrites_that_locale_and_old_addresses_too(make_page, tree, save):
    target = tree["target"]
    save(tree["section"], "nb", name="Del", path_segment="del")
    save(target, "nb", name="Mål", path_segment="maal")
    linker = make_page("Linker", body="[en](/en/section/target) [nb](/nb/del/maal)")
    save(linker, "nb", name="Lenker", body="[nb](/nb/del/maal)")
    save(target, path_segment="renamed")
    assert text(linker) == "[en](/en/section/renamed) [nb](/nb/del/maal)"
    assert text(linker, locale="nb") == "[nb](/nb/del/maal)"
    save(target, path_segment="again")  # the link written with an old address is followed too
    assert text(linker) == "[en](/en/section/again) [nb](/nb/del/maal)"


def test_an_old_address_in_a_text_is_rewritten_when_its_page_moves(make_page, tree, save, move):
    save(tree["target"], path_segment="renamed")
    linker = make_page("Linker", body="[old](/en/section/target)")  # redirects: indexed to target
    move(tree["target"], tree["other"])
    assert text(linker) == "[old](/en/other/renamed)"


def test_the_linking_page_gets_a_revision_holding_the_new_text_and_an_audit_entry(make_page, tree, move, admin_user):
    linker = make_page("Linker", body="[a](/en/section/target)", intro="Words")
    move(tree["target"], tree["other"])
    revision = PageRevision.objects.filter(page=linker).order_by("-id").first()
    assert revision.kind == "links" and revision.user == admin_user
    (content,) = read_contents([revision.manifest])
    assert content.localized["en"]["body"] == "[a](/en/other/target)"
    assert content.localized["en"]["intro"] == "Words"
    assert Page.objects.get(pk=linker.pk).revision_head == revision.manifest
    assert (
        AuditEntry.objects.filter(
            subject="page", subject_id=linker.pk, action="update", details__page_id=tree["target"].pk
        ).count()
        == 1
    )


def test_the_stale_editor_of_a_linking_page_gets_409_not_a_silent_overwrite(make_page, tree, move, save):
    linker = make_page("Linker", body="[a](/en/section/target)")
    opened = Page.objects.get(pk=linker.pk).lock_version
    move(tree["target"], tree["other"])
    with pytest.raises(Conflict):
        save(linker, body="[a](/en/section/target) and more", lock_version=opened)
    assert text(linker) == "[a](/en/other/target)"


def test_a_page_linking_to_itself_and_a_deleted_linking_page(make_page, tree, move, save):
    target = tree["target"]
    save(target, body="[me](/en/section/target)")
    move(target, tree["other"])
    assert text(target) == "[me](/en/other/target)"


def test_a_restore_under_another_parent_rewrites_too(make_page, tree, save, admin_user):
    linker = make_page("Linker", body="[a](/en/section/target/child)")
    save(tree["target"], status=4)
    page_undelete(actor=admin_user, page_id=tree["target"].pk, locale="en", parent_page_id=tree["other"].pk)
    assert text(linker) == "[a](/en/other/target/child)"


def test_a_rewrite_is_a_fixed_number_of_statements(make_page, tree, move, django_assert_max_num_queries):
    for number in range(30):
        make_page(f"L{number}", body="[a](/en/section/target) [b](/en/section/target/child)")
    with django_assert_max_num_queries(60) as captured:
        move(tree["target"], tree["other"])
    assert PageLink.objects.filter(url="/en/other/target").count() == 30
    small = len(captured.captured_queries)
    for number in range(30):
        make_page(f"M{number}", body="[a](/en/other/target)")
    with django_assert_max_num_queries(small + 2):
        move(tree["target"], tree["section"])
    assert PageLink.objects.filter(url="/en/section/target").count() == 60


def test_waiting_changes_of_a_linking_page_follow_the_rewrite_and_still_go_live(make_page, tree, move, admin_user):
    """A move rewrites a linking page's text: that is nobody's newer work, so a change scheduled
    or submitted for review on that block before the move still goes live, with the new address."""
    from datetime import timedelta

    from django.utils import timezone

    from cms.pages.models import PageLocalization, PageReview, ScheduledChange, ScheduledState
    from cms.pages.reviews import services as reviews
    from cms.pages.scheduling import applying
    from cms.pages.scheduling.services import schedule
    from cms.pages.schemas import PageFieldsIn

    scheduled_on = make_page("Scheduled on", body="Old [a](/en/section/target)")
    reviewed_on = make_page("Reviewed on", body="Old [a](/en/section/target)")
    stale_on = make_page("Stale on", body="Old [a](/en/section/target)")

    def fields(page: Page, **values: str) -> dict:
        page.refresh_from_db()
        return {"fields": PageFieldsIn.model_validate(values), "lock_version": page.lock_version}

    change = schedule(actor=admin_user, page_id=scheduled_on.pk, locale="en", at=timezone.now() + timedelta(hours=1),
                      **fields(scheduled_on, body="New [a](/en/section/target)"))  # fmt: skip
    review = reviews.submit(actor=admin_user, page_id=reviewed_on.pk, locale="en", note="",
                            **fields(reviewed_on, body="New [a](/en/section/target)"))  # fmt: skip
    # Newer work before the move: the change on this page must still refuse to go over it.
    stale = schedule(actor=admin_user, page_id=stale_on.pk, locale="en", at=timezone.now() + timedelta(hours=1),
                     **fields(stale_on, body="New [a](/en/section/target)"))  # fmt: skip
    edited = {"body": "Edited [a](/en/section/target)"}
    PageLocalization.objects.filter(page=stale_on, locale="en").update(blocks=edited)

    move(tree["target"], tree["other"])
    assert text(scheduled_on) == "Old [a](/en/other/target)"

    ScheduledChange.objects.filter(pk__in=[change.pk, stale.pk]).update(at=timezone.now())
    applying.apply_due()
    assert ScheduledChange.objects.get(pk=change.pk).state == ScheduledState.APPLIED
    assert text(scheduled_on) == "New [a](/en/other/target)"
    assert ScheduledChange.objects.get(pk=stale.pk).state == ScheduledState.FAILED

    reviews.approve(actor=admin_user, page_id=reviewed_on.pk, locale="en", review_id=review.pk, comment="")
    assert PageReview.objects.get(pk=review.pk).state == "approved"
    assert text(reviewed_on) == "New [a](/en/other/target)"


def test_translations_keep_their_states_and_marks_follow_the_rewritten_texts(make_page, tree, save, move):
    """A new address is no new words: an up-to-date translation stays up to date, an outdated
    one stays outdated, and each mark's fingerprint is its text's now."""
    from cms.pages.translations.marks import TEXT, fingerprint, readable

    save(tree["section"], "nb", name="Del", path_segment="del")
    save(tree["target"], "nb", name="Mål", path_segment="maal")
    save(tree["other"], "nb", name="Annen", path_segment="annen")
    current = make_page("Current", body="[a](/en/section/target)")
    save(current, "nb", name="Gjeldende", body="[a](/nb/del/maal)")
    outdated = make_page("Outdated", body="[a](/en/section/target)", intro="One")
    save(outdated, "nb", name="Utdatert", body="[a](/nb/del/maal)", intro="En")
    save(outdated, intro="Two")
    before = {page.pk: Page.objects.get(pk=page.pk).outdated_locales for page in (current, outdated)}
    assert before == {current.pk: "", outdated.pk: ",nb,"}

    move(tree["target"], tree["other"])

    for page in (current, outdated):
        stored = Page.objects.get(pk=page.pk)
        assert stored.outdated_locales == before[page.pk]
        marks = readable(stored.translation_marks)["body"]
        assert marks["en"][TEXT] == fingerprint(text(page)) and "/en/other/target" in text(page)
        assert marks["nb"][TEXT] == fingerprint(text(page, locale="nb")) and "/nb/annen/maal" in text(page, locale="nb")
    # And they go on as before: the source's next change of the block outdates the translation.
    save(current, body="[a](/en/other/target) new words")
    assert Page.objects.get(pk=current.pk).outdated_locales == ",nb,"


def test_working_copies_of_a_linking_page_get_the_new_address_and_the_movers_is_kept(make_page, tree, move, admin_user):
    """An editor's unsaved text keeps leading where it led, and the mover's own working copy of a
    linking page is not taken for saved by the revision the rewrite made in their name."""
    from django.utils import timezone

    from cms.pages.models import WorkingCopy
    from cms.pages.working_copies.services import draft_read

    linker = make_page("Linker", body="[a](/en/section/target) old")
    typed = {"name": "Linker", "body": "[a](/en/section/target) typed [c](/en/section/target/child)", "intro": "x"}
    WorkingCopy.objects.create(page=linker, user=admin_user, locale="en", payload=dict(typed), saved_at=timezone.now())
    move(tree["target"], tree["other"])
    kept = draft_read(actor=admin_user, page_id=linker.pk, locale="en")
    assert kept.payload == {**typed, "body": "[a](/en/other/target) typed [c](/en/other/target/child)"}


def test_a_working_copy_keeps_everything_but_its_links_to_the_moved_pages(make_page, tree, move, admin_user):
    """Only links into the subtree that moved change: not a permalink, a link elsewhere, the
    address in running text, another locale's address, an empty block or a field not a block."""
    from django.utils import timezone

    from cms.pages.models import WorkingCopy

    linker = make_page("Linker", body="[a](/en/section/target)")
    target = tree["target"]
    kept = {
        "name": "Linker /en/section/target",
        "path_segment": "linker",
        "redirect_to": "/en/section/target",
        "intro": None,
        "teaser": f"[p](/en/pages/{target.pk}) [o](/en/other) [nb](/nb/section/target) see /en/section/target",
    }
    typed = {**kept, "body": "[a](/en/section/target) [b](/en/section/target/child#c)"}
    WorkingCopy.objects.create(page=linker, user=admin_user, locale="en", payload=dict(typed), saved_at=timezone.now())
    move(target, tree["other"])
    assert WorkingCopy.objects.get(page=linker).payload == {
        **kept, "body": "[a](/en/other/target) [b](/en/other/target/child#c)"
    }  # fmt: skip


def test_a_working_copy_kept_again_meanwhile_is_left_as_the_editor_sent_it(make_page, tree, admin_user, monkeypatch):
    """The rewrite writes a copy only if it is the one it read: newer typing is the editor's."""
    from datetime import timedelta

    from django.utils import timezone

    from cms.pages.models import WorkingCopy
    from cms.pages.text_links import waiting
    from cms.pages.text_links.index import subtree_paths
    from cms.pages.text_links.rewriting import NewAddresses

    linker = make_page("Linker", body="[a](/en/section/target)")
    copy = WorkingCopy.objects.create(
        page=linker, user=admin_user, locale="en", payload={"body": "[a](/en/section/target)"}, saved_at=timezone.now()
    )
    newer = {"body": "[a](/en/section/target) newer"}
    manager, real_filter = WorkingCopy.objects, WorkingCopy.objects.filter

    def read_then_kept_again(*args, **kwargs):  # the editor's autosave lands after the rewrite's read
        monkeypatch.setattr(manager, "filter", real_filter)
        found = list(real_filter(*args, **kwargs))
        real_filter(pk=copy.pk).update(payload=newer, saved_at=copy.saved_at + timedelta(seconds=1))
        return found

    # The addresses a move under "other" would give (the page stays where it is, so the copy's
    # address still names it).
    moved = {page_id: {"en": path.replace("section/", "other/")} for page_id, path in (
        (page_id, paths["en"]) for page_id, paths in subtree_paths(tree["target"].pk).items()
    )}  # fmt: skip
    addresses = NewAddresses(moved, tree["target"].pk)
    assert addresses.of("/en/section/target", tree["target"].pk) == "/en/other/target"
    monkeypatch.setattr(manager, "filter", read_then_kept_again)
    waiting.follow_working_copies([linker.pk], addresses.of)
    assert WorkingCopy.objects.get(pk=copy.pk).payload == newer


def test_columns_without_a_value_stay_sql_null_after_a_rewrite(make_page, tree, move):
    linker = make_page("Linker", body="[a](/en/section/target)")
    Page.objects.filter(pk=linker.pk).update(revision_head=None)  # a page saved before revisions were kept
    move(tree["target"], tree["other"])
    assert text(linker) == "[a](/en/other/target)"
    assert Page.objects.filter(pk=linker.pk, revision_head__isnull=True, translation_outdated__isnull=True).exists()
