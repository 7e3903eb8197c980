"""Positions count only the pages the tree shows: deleted siblings wait after them (issue 7, item 7)."""

import importlib

import pytest
from django.apps import apps

from cms.pages.models import Page, Status
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create, page_move, page_update
from cms.pages.tree.tests.test_page_move import assert_tree_is_sound


def shown(parent):
    siblings = Page.objects.filter(parent=parent).exclude(status=Status.DELETED).order_by("position")
    return [page.unique_name for page in siblings]


@pytest.fixture
def siblings(make_page):
    parent = make_page("Parent")
    pages = {name: make_page(name, parent=parent, unique_name=name) for name in "ABCD"}
    return parent, pages


def delete(page):
    page_update(
        actor=page.user, page_id=page.pk, locale="en", changes=PageChanges.from_payload({"status": Status.DELETED})
    )


def test_a_move_next_to_a_deleted_sibling_lands_where_the_tree_shows_it(siblings, admin_user):
    parent, pages = siblings
    delete(pages["B"])
    moved = page_move(actor=admin_user, page_id=pages["A"].pk, parent_id=parent.pk, position=2)
    assert shown(parent) == ["C", "A", "D"]
    assert moved.position == 2
    assert_tree_is_sound()


def test_a_move_past_the_shown_siblings_lands_last_of_them(siblings, admin_user):
    parent, pages = siblings
    delete(pages["D"])
    page_move(actor=admin_user, page_id=pages["A"].pk, parent_id=parent.pk, position=99)
    assert shown(parent) == ["B", "C", "A"]
    assert Page.objects.get(pk=pages["A"].pk).position == 3


def test_a_restored_page_comes_back_last_of_its_siblings(siblings, admin_user):
    parent, pages = siblings
    delete(pages["A"])
    delete(pages["C"])
    page_update(
        actor=admin_user, page_id=pages["A"].pk, locale="en", changes=PageChanges.from_payload({"status": Status.DRAFT})
    )
    assert shown(parent) == ["B", "D", "A"]
    page_update(
        actor=admin_user,
        page_id=pages["C"].pk,
        locale="en",
        changes=PageChanges.from_payload({"status": Status.PUBLISHED}),
    )
    assert shown(parent) == ["B", "D", "A", "C"]
    assert_tree_is_sound()


def test_a_new_page_and_one_created_at_a_position_count_only_shown_siblings(siblings, admin_user):
    parent, pages = siblings
    delete(pages["B"])
    page_create(
        actor=admin_user,
        locale="en",
        changes=PageChanges.from_payload({"name": "E", "unique_name": "E", "parent_page_id": parent.pk}),
    )
    changes = {"name": "F", "unique_name": "F", "parent_page_id": parent.pk, "position": 2}
    created = page_create(actor=admin_user, locale="en", changes=PageChanges.from_payload(changes))
    assert shown(parent) == ["A", "F", "C", "D", "E"]
    assert created.position == 2
    assert_tree_is_sound()


def test_the_migration_puts_deleted_pages_after_shown_ones(siblings):
    parent, pages = siblings
    # A database from before: B deleted in the middle of its siblings.
    Page.objects.filter(pk=pages["B"].pk).update(status=Status.DELETED)
    migration = importlib.import_module("cms.pages.migrations.0003_deleted_pages_after_shown")
    migration.renumber_siblings(apps, None)
    order = list(Page.objects.filter(parent=parent).order_by("position").values_list("unique_name", flat=True))
    assert order == ["A", "C", "D", "B"]
    assert_tree_is_sound()
