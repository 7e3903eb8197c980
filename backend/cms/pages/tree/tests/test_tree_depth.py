"""Pages nest at most tree.MAX_DEPTH levels, so every bounded walk of the tree sees all of it and
a move can never close a cycle (a cut-off lineage would hide one)."""

import pytest

from cms.core.exceptions import ValidationFailed
from cms.pages import read_model
from cms.pages.models import Page
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create, page_move
from cms.pages.tree import services as tree


def chain(length: int) -> list[Page]:
    """A chain of nested pages, made without the services (fast)."""
    pages: list[Page] = []
    for _ in range(length):
        pages.append(Page.objects.create(parent=pages[-1] if pages else None, position=1, template="page"))
    return pages


def test_no_page_is_created_deeper_than_the_limit(admin_user):
    pages = chain(tree.MAX_DEPTH)
    with pytest.raises(ValidationFailed) as refused:
        page_create(
            actor=admin_user,
            locale="en",
            changes=PageChanges.from_payload({"name": "Too deep", "parent_page_id": pages[-1].pk}),
        )
    assert refused.value.errors == [("parent_page_id", tree.DEPTH_MESSAGE)]
    page_create(
        actor=admin_user,
        locale="en",
        changes=PageChanges.from_payload({"name": "Deep enough", "parent_page_id": pages[-2].pk}),
    )


def test_no_move_puts_a_subtree_deeper_than_the_limit(admin_user):
    deep = chain(tree.MAX_DEPTH - 1)
    subtree = chain(2)
    with pytest.raises(ValidationFailed) as refused:
        page_move(actor=admin_user, page_id=subtree[0].pk, parent_id=deep[-1].pk, position=1)
    assert refused.value.errors == [("parent_id", tree.DEPTH_MESSAGE)]
    assert Page.objects.get(pk=subtree[0].pk).parent_id is None


def test_a_root_can_not_be_moved_under_its_deepest_page(admin_user):
    pages = chain(tree.MAX_DEPTH)
    with pytest.raises(ValidationFailed):
        page_move(actor=admin_user, page_id=pages[0].pk, parent_id=pages[-1].pk, position=1)
    assert Page.objects.get(pk=pages[0].pk).parent_id is None
    deepest = read_model.page_record(pages[-1].pk, locale="en", user=admin_user)
    assert len(deepest["ancestors"]) == tree.MAX_DEPTH - 1
