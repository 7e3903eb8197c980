"""What the editor's save costs and locks (issue 19, item 6): the payload the editor really
sends — every field, even those it leaves as they are — touches only what changed."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cms.audit.models import AuditEntry
from cms.media.models import Attachment, Image
from cms.pages import locks
from cms.pages.models import PageRevision
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_update
from cms.pages.tests.editor_payload import editor_payload

# The statements of the editor's save, audit entry and BEGIN/COMMIT included (BENCHMARKS.md).
MAX_EDITOR_SAVE_STATEMENTS = 12


@pytest.fixture
def edited(make_page):
    """A page as the editor shows it: under a parent, 3 image links, 2 file links, 5 tags."""
    images = [
        Image.objects.create(file=f"images/{n}.png", filename=f"{n}.png", content_type="image/png", real_width=4,
                             real_height=3)
        for n in range(3)
    ]  # fmt: skip
    files = [
        Attachment.objects.create(file=f"attachments/{n}.pdf", filename=f"{n}.pdf", content_type="application/pdf")
        for n in range(2)
    ]
    parent = make_page("Parent", path_segment="parent")
    page = make_page(
        "Page", parent=parent, path_segment="page", serialized_tags=json.dumps([f"Tag {n}" for n in range(5)]),
        meta_image_id=images[0].pk, body="Text", unique_name="edited",
        page_images_attributes=[{"image_id": image.pk, "primary": n == 0} for n, image in enumerate(images)],
        page_files_attributes=[{"attachment_id": attachment.pk} for attachment in files],
    )  # fmt: skip
    return parent, page


def save(admin_user, page, payload):
    return page_update(actor=admin_user, page_id=page.pk, locale="en", changes=PageChanges.from_payload(payload))


def test_the_editors_save_of_one_block_sends_at_most_12_statements_audit_entry_and_revision_included(
    edited, admin_user
):
    _parent, page = edited
    payload = editor_payload(page.pk, body="Changed text")
    with CaptureQueriesContext(connection) as captured:
        save(admin_user, page, payload)
    statements = [query["sql"] for query in captured.captured_queries]
    assert AuditEntry.objects.filter(action="update", subject_id=page.pk).count() == 1
    assert PageRevision.objects.filter(page=page).latest("id").kind == "update"
    print(f"{len(statements)} statements")
    assert len(statements) <= MAX_EDITOR_SAVE_STATEMENTS, "\n".join(statements)


@pytest.fixture
def taken(monkeypatch):
    """The tree locks a save takes, by name and arguments (cms.pages.locks)."""
    calls = []
    for name in ("lock_moves", "lock_moves_and_rewrites", "lock_rewrites", "lock_parents", "lock_unique_name",
                 "lock_tags"):  # fmt: skip
        original = getattr(locks, name)

        def spy(*args, _name=name, _original=original, **kwargs):
            calls.append((_name, args, kwargs))
            return _original(*args, **kwargs)

        monkeypatch.setattr(locks, name, spy)
    return calls


def test_a_save_that_sends_its_tree_fields_unchanged_takes_no_tree_lock(edited, admin_user, taken):
    _parent, page = edited
    save(admin_user, page, editor_payload(page.pk, body="Changed text"))
    assert taken == []


def test_a_segment_change_locks_only_its_parent(edited, admin_user, taken):
    parent, page = edited
    save(admin_user, page, editor_payload(page.pk, path_segment="renamed"))
    assert taken == [("lock_parents", (parent.pk,), {})]


def test_a_deletion_locks_its_parent_and_waits_only_for_moves(edited, admin_user, taken):
    parent, page = edited
    save(admin_user, page, editor_payload(page.pk, status=4))
    assert taken == [("lock_moves", (), {"shared": True}), ("lock_parents", (parent.pk,), {})]


def test_a_new_unique_name_locks_that_name_and_no_tree(edited, admin_user, taken):
    _parent, page = edited
    save(admin_user, page, editor_payload(page.pk, unique_name="renamed"))
    assert taken == [("lock_unique_name", ("renamed",), {})]


def test_a_save_that_reparents_takes_the_move_lock_and_both_parents(edited, admin_user, make_page, taken):
    parent, page = edited
    other = make_page("Other", path_segment="other")
    taken.clear()
    save(admin_user, page, editor_payload(page.pk, parent_page_id=other.pk))
    assert taken == [("lock_moves_and_rewrites", (), {}), ("lock_parents", (parent.pk, other.pk), {})]
