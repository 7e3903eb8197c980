"""A rewrite racing a save of the linking page (PostgreSQL: real concurrency): the save either
lands first and is rewritten, or finds the version moved and answers 409; never does it write
the old address back silently."""

import threading
import time
from collections.abc import Callable
from functools import partial

import pytest
from django.db import connection, connections, transaction

from cms.core.exceptions import Conflict
from cms.pages.models import Page, PageLink
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create, page_move, page_update
from cms.pages.tests.concurrency import at_once
from cms.pages.text_links.tests.conftest import text

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's concurrency")


def create(actor, **fields):
    return page_create(actor=actor, locale="en", changes=PageChanges.from_payload(fields))


@pytest.mark.django_db(transaction=True)
def test_a_save_of_a_linking_page_racing_a_move_sees_the_rewrite_or_gets_409(admin_user):
    homes = [create(admin_user, name=f"Home {n}", path_segment=f"home{n}") for n in range(2)]
    target = create(admin_user, name="Target", path_segment="target", parent_page_id=homes[0].pk)
    outcomes = set()
    for round_number in range(12):
        here, there = homes[round_number % 2], homes[(round_number + 1) % 2]
        linker = create(admin_user, name=f"Linker {round_number}", body=f"[a](/en/home{here.pk - homes[0].pk}/target)")
        opened = Page.objects.get(pk=linker.pk).lock_version
        edited = f"[a](/en/home{here.pk - homes[0].pk}/target) edited {round_number}"
        save = partial(
            page_update, actor=admin_user, page_id=linker.pk, locale="en",
            changes=PageChanges.from_payload({"body": edited, "lock_version": opened}),
        )  # fmt: skip
        move = partial(page_move, actor=admin_user, page_id=target.pk, parent_id=there.pk, position=1)
        saved, moved = at_once((save, Conflict), (move, Conflict))
        assert moved == "done"
        outcomes.add(saved)
        now = f"/en/home{there.pk - homes[0].pk}/target"
        body = text(linker)
        assert f"[a]({now})" in body  # rewritten, whoever came first
        assert (f"edited {round_number}" in body) == (saved == "done")  # a refused save changed nothing
        assert list(PageLink.objects.filter(source=linker).values_list("url", "target_id")) == [(now, target.pk)]
    assert outcomes <= {"done", "refused"}


def held_open(action: Callable[[], object], done: threading.Event, release: threading.Event, out: list) -> None:
    """Run `action` in a transaction kept open (its locks held) until `release`."""
    try:
        with transaction.atomic():
            action()
            done.set()
            release.wait(10)
        out.append("done")
    except Conflict:
        out.append("refused")
    except BaseException as exc:
        out.append(repr(exc))
    finally:
        done.set()
        connections.close_all()


def in_thread(action: Callable[[], object], out: list) -> threading.Thread:
    def run() -> None:
        try:
            action()
            out.append("done")
        except Conflict:
            out.append("refused")
        except BaseException as exc:
            out.append(repr(exc))
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


@pytest.fixture
def linked(admin_user):
    homes = [create(admin_user, name=f"Home {n}", path_segment=f"place{n}") for n in range(2)]
    target = create(admin_user, name="Target", path_segment="target", parent_page_id=homes[0].pk)
    linker = create(admin_user, name="Linker", body="[a](/en/place0/target)")
    return homes, target, linker


@pytest.mark.django_db(transaction=True)
def test_a_save_waiting_for_a_rewrite_that_commits_gets_409(admin_user, linked):
    homes, target, linker = linked
    opened = Page.objects.get(pk=linker.pk).lock_version
    moved, release, move_out, save_out = threading.Event(), threading.Event(), [], []
    move = partial(page_move, actor=admin_user, page_id=target.pk, parent_id=homes[1].pk, position=1)
    mover = threading.Thread(target=held_open, args=(move, moved, release, move_out))
    mover.start()
    assert moved.wait(10)
    save = partial(
        page_update, actor=admin_user, page_id=linker.pk, locale="en",
        changes=PageChanges.from_payload({"body": "[a](/en/place0/target) edited", "lock_version": opened}),
    )  # fmt: skip
    saver = in_thread(save, save_out)
    time.sleep(0.5)  # the save waits for the linking page's row
    assert not save_out
    release.set()
    mover.join(10)
    saver.join(10)
    assert (move_out, save_out) == (["done"], ["refused"])
    assert text(linker) == "[a](/en/place1/target)"


@pytest.mark.django_db(transaction=True)
def test_a_rewrite_waiting_for_a_save_that_commits_rewrites_the_saved_text(admin_user, linked):
    homes, target, linker = linked
    opened = Page.objects.get(pk=linker.pk).lock_version
    saved, release, save_out, move_out = threading.Event(), threading.Event(), [], []
    save = partial(
        page_update, actor=admin_user, page_id=linker.pk, locale="en",
        changes=PageChanges.from_payload({"body": "[a](/en/place0/target) edited", "lock_version": opened}),
    )  # fmt: skip
    saver = threading.Thread(target=held_open, args=(save, saved, release, save_out))
    saver.start()
    assert saved.wait(10)
    mover = in_thread(
        partial(page_move, actor=admin_user, page_id=target.pk, parent_id=homes[1].pk, position=1), move_out
    )
    time.sleep(0.5)  # the move waits for the linking page's row
    assert not move_out
    release.set()
    saver.join(10)
    mover.join(10)
    assert (save_out, move_out) == (["done"], ["done"])
    assert text(linker) == "[a](/en/place1/target) edited"


@pytest.mark.django_db(transaction=True)
def test_two_renames_of_pages_that_link_to_each_other_both_go_through(admin_user):
    """Each rename rewrites the other page's text after locking its own page: without one order
    between them, two at once held each a page the other's rewrite needed (a deadlock)."""
    for round_number in range(6):
        a_home = create(admin_user, name=f"A home {round_number}", path_segment=f"ah{round_number}")
        b_home = create(admin_user, name=f"B home {round_number}", path_segment=f"bh{round_number}")
        a = create(admin_user, name="A", path_segment="a", parent_page_id=a_home.pk,
                   body=f"[b](/en/bh{round_number}/b)")  # fmt: skip
        b = create(admin_user, name="B", path_segment="b", parent_page_id=b_home.pk,
                   body=f"[a](/en/ah{round_number}/a)")  # fmt: skip

        def rename(page: Page, segment: str) -> None:
            changes = PageChanges.from_payload({"path_segment": segment})
            page_update(actor=admin_user, page_id=page.pk, locale="en", changes=changes)

        outcomes = at_once((partial(rename, a, "a2"), Conflict), (partial(rename, b, "b2"), Conflict))
        assert outcomes == ["done", "done"], outcomes
        assert text(a) == f"[b](/en/bh{round_number}/b2)" and text(b) == f"[a](/en/ah{round_number}/a2)"
