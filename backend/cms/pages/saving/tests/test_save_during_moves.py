"""An editor's save never waits for a move elsewhere, nor a move for it; moves among themselves
still keep positions gapless and refuse cycles (issue 19, item 6; PostgreSQL: real concurrency)."""

import threading
from collections.abc import Callable
from functools import partial

import pytest
from django.db import connection, connections, transaction

from cms.core.exceptions import ValidationFailed
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create, page_move, page_update
from cms.pages.tests.concurrency import at_once
from cms.pages.tree.tests.test_page_move import assert_tree_is_sound

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's concurrency")

# Far longer than either action takes alone, far shorter than a test's patience.
WAIT_S = 5


def create(actor, name, parent=None, **fields):
    payload = {"name": name, "parent_page_id": parent.pk if parent else None, **fields}
    return page_create(actor=actor, locale="en", changes=PageChanges.from_payload(payload))


@pytest.fixture
def two_subtrees(admin_user):
    """Two top-level subtrees of a few pages each."""
    trees = []
    for letter in "ab":
        top = create(admin_user, f"Top {letter}", path_segment=f"top-{letter}")
        children = [create(admin_user, f"{letter} {n}", top, path_segment=f"{letter}-{n}") for n in range(4)]
        trees.append((top, children))
    return trees


def finishes_while_held(hold: Callable[[], None], action: Callable[[], None]) -> bool:
    """Run `hold` in a transaction left open in one thread, then `action` in another; return
    whether `action` finished before `hold`'s transaction ended (its locks still held)."""
    held, release, done = threading.Event(), threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def holder() -> None:
        try:
            with transaction.atomic():
                hold()
                held.set()
                release.wait(WAIT_S * 2)
        except BaseException as exc:
            errors.append(exc)
            held.set()
        finally:
            connections.close_all()

    def actor() -> None:
        try:
            action()
            done.set()
        except BaseException as exc:
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=holder)]
    threads[0].start()
    assert held.wait(WAIT_S), "the holding transaction did not start"
    threads.append(threading.Thread(target=actor))
    threads[1].start()
    finished = done.wait(WAIT_S)
    release.set()
    for thread in threads:
        thread.join(WAIT_S * 3)
    assert not errors, errors
    return finished


def editor_save(actor, page, **changes):
    """The editor's payload for a page: its tree fields sent as they are, a block changed."""
    localization = page.localizations.get(locale="en")
    page.refresh_from_db()
    payload = {
        "status": page.status, "path_segment": localization.path_segment, "unique_name": page.unique_name,
        "parent_page_id": page.parent_id, "serialized_tags": "[]", "body": "Changed", **changes,
    }  # fmt: skip
    return partial(page_update, actor=actor, page_id=page.pk, locale="en", changes=PageChanges.from_payload(payload))


@pytest.mark.django_db(transaction=True)
def test_a_save_does_not_wait_for_a_move_in_another_subtree(admin_user, two_subtrees):
    (top_a, pages_a), (_top_b, pages_b) = two_subtrees
    move = partial(page_move, actor=admin_user, page_id=pages_a[3].pk, parent_id=top_a.pk, position=1)
    assert finishes_while_held(move, editor_save(admin_user, pages_b[0]))
    assert finishes_while_held(move, editor_save(admin_user, pages_b[1], path_segment="renamed"))
    assert_tree_is_sound()


@pytest.mark.django_db(transaction=True)
def test_a_move_does_not_wait_for_a_save_in_another_subtree(admin_user, two_subtrees):
    (top_a, pages_a), (_top_b, pages_b) = two_subtrees
    move = partial(page_move, actor=admin_user, page_id=pages_a[3].pk, parent_id=top_a.pk, position=1)
    assert finishes_while_held(editor_save(admin_user, pages_b[0]), move)
    assert finishes_while_held(editor_save(admin_user, pages_b[1], path_segment="renamed"), move)
    assert_tree_is_sound()


@pytest.mark.django_db(transaction=True)
def test_a_move_still_waits_for_a_move_elsewhere(admin_user, two_subtrees):
    """Moves are serialised among themselves (a cycle could pass both checks otherwise)."""
    (top_a, pages_a), (top_b, pages_b) = two_subtrees
    move_a = partial(page_move, actor=admin_user, page_id=pages_a[3].pk, parent_id=top_a.pk, position=1)
    move_b = partial(page_move, actor=admin_user, page_id=pages_b[3].pk, parent_id=top_b.pk, position=1)
    assert not finishes_while_held(move_a, move_b)


@pytest.mark.django_db(transaction=True)
def test_concurrent_moves_into_each_other_refuse_one_and_keep_positions(admin_user, two_subtrees):
    (_top_a, pages_a), (top_b, pages_b) = two_subtrees
    for a, b in zip(pages_a, pages_b, strict=True):
        outcomes = at_once(
            (partial(page_move, actor=admin_user, page_id=a.pk, parent_id=b.pk, position=1), ValidationFailed),
            (partial(page_move, actor=admin_user, page_id=b.pk, parent_id=a.pk, position=1), ValidationFailed),
            (editor_save(admin_user, top_b), ValidationFailed),  # a save beside them, never refused
        )
        assert sorted(outcomes) == ["done", "done", "refused"], outcomes
        assert_tree_is_sound()
