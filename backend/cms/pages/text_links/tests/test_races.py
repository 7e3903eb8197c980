"""A rewrite racing a save of the linking page (PostgreSQL: real concurrency): the save either
lands first and is rewritten, or finds the version moved and answers 409; never does it write
the old address back silently."""

from functools import partial

import pytest
from django.db import connection

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
