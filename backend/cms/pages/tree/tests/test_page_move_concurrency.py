"""Parallel moves cannot corrupt sibling order (PostgreSQL: real concurrent transactions)."""

import contextlib
import random
import threading

import pytest
from django.db import connection, connections

from cms.core.exceptions import ValidationFailed
from cms.pages.models import Page
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create, page_move
from cms.pages.tree.tests.test_page_move import assert_tree_is_sound

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL's concurrency")


@pytest.mark.django_db(transaction=True)
def test_parallel_moves_keep_positions_gapless(admin_user):
    roots = [
        page_create(actor=admin_user, locale="en", changes=PageChanges.from_payload({"name": f"root {i}"}))
        for i in range(3)
    ]
    pages = roots + [
        page_create(
            actor=admin_user,
            locale="en",
            changes=PageChanges.from_payload({"name": f"child {i}", "parent_page_id": roots[i % 3].pk}),
        )
        for i in range(24)
    ]
    ids = [p.pk for p in pages]
    errors: list[BaseException] = []

    def worker(seed: int) -> None:
        rng = random.Random(seed)
        try:
            for _ in range(25):
                parent = rng.choice([None, *ids])
                # A move under the page's own subtree is refused, as it should be.
                with contextlib.suppress(ValidationFailed):
                    page_move(actor=admin_user, page_id=rng.choice(ids), parent_id=parent, position=rng.randint(1, 12))
        except BaseException as exc:  # reported to the main thread
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(seed,)) for seed in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    assert Page.objects.count() == len(ids)
    assert_tree_is_sound()
