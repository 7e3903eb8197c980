"""The one Page shape: the same record whichever path reads it (issue 8, items 1 and 3).
The shared cache of the whole tree is tested in test_tree_cache.py."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cms.pages import read_model
from cms.pages.models import Status
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_update

TREE_FIELDS_FROM_DETAIL = {"blocks", "tags_and_suggestions"}  # the tree reads less of these


def without_detail(record):
    return {key: value for key, value in record.items() if key not in TREE_FIELDS_FROM_DETAIL}


def test_every_field_is_equal_between_the_single_and_the_many_path(site, admin_user):
    many = {record["id"]: record for record in read_model.tree_records(locale="en", user=admin_user)}
    for page in ("top", "middle", "leaf", "other"):
        single = read_model.page_record(site[page].pk, locale="en", user=admin_user)
        assert without_detail(single) == without_detail(many[site[page].pk])
        assert single["blocks"]["name"] == many[site[page].pk]["blocks"]["name"]
        assert set(single["enabled_tags"]) == set(many[site[page].pk]["enabled_tags"])
    children = {r["id"]: r for r in read_model.children_records(site["middle"].pk, locale="en", user=admin_user)}
    assert children == {site["leaf"].pk: many[site["leaf"].pk]}


def test_the_record_carries_every_derived_part(site, admin_user):
    leaf = read_model.page_record(site["leaf"].pk, locale="en", user=admin_user)
    assert leaf["urls"] == {"en": "/en/top/middle/leaf"}
    assert [a["name"]["en"] for a in leaf["ancestors"]] == ["Top", "Middle"]
    assert leaf["ancestors"][1]["path_segment"] == {"en": "middle"}
    assert leaf["meta_image"]["filename"] == "a.png"
    assert [link["image_id"] for link in leaf["page_images"]] == [site["image"].pk]
    assert leaf["page_files"][0]["attachment"]["name"] == {"en": "Guide"}
    assert leaf["blocks"]["body"] == {"en": "Text"}
    assert sorted(leaf["tags_and_suggestions"]) == ["Events", "News"]
    assert leaf["permissions"] == ["edit", "create"]


def test_many_pages_are_read_in_a_fixed_number_of_queries(make_page, admin_user):
    def count() -> int:
        with CaptureQueriesContext(connection) as captured:
            read_model.tree_records(locale="en", user=admin_user)
        return len(captured.captured_queries)

    parent = make_page("Parent")
    make_page("Child", parent=parent)
    few = count()
    for i in range(30):
        make_page(f"Page {i}", parent=parent if i % 2 else None)
    assert count() == few <= 3


def test_each_page_counts_the_children_the_tree_shows(site, admin_user, make_page):
    make_page("Gone", parent=site["top"], status=Status.DELETED)
    counts = {r["id"]: r["child_count"] for r in read_model.tree_records(locale="en", user=admin_user)}
    assert (counts[site["top"].pk], counts[site["middle"].pk], counts[site["leaf"].pk]) == (1, 1, 0)
    assert read_model.page_record(site["top"].pk, locale="en", user=admin_user)["child_count"] == 1
    top_level = read_model.children_records(None, locale="en", user=admin_user)
    assert {r["id"]: r["child_count"] for r in top_level}[site["top"].pk] == 1


def test_children_of_the_root_and_of_a_page(site, admin_user):
    top_level = read_model.children_records(None, locale="en", user=admin_user)
    assert {r["id"] for r in top_level} == {site["top"].pk, site["other"].pk}
    assert read_model.children_records(site["leaf"].pk, locale="en", user=admin_user) == []


def test_search_finds_names_in_any_locale_with_their_ancestors(site, admin_user):
    page_update(
        actor=admin_user, page_id=site["leaf"].pk, locale="nb", changes=PageChanges.from_payload({"name": "Blad"})
    )
    found = read_model.search_records("bla", locale="en", user=admin_user)
    assert {r["id"] for r in found} == {site["leaf"].pk, site["middle"].pk, site["top"].pk}
    assert read_model.search_records("nothing like it", locale="en", user=admin_user) == []


def test_search_leaves_out_deleted_pages(site, admin_user):
    page_update(
        actor=admin_user,
        page_id=site["other"].pk,
        locale="en",
        changes=PageChanges.from_payload({"status": Status.DELETED}),
    )
    assert read_model.search_records("other", locale="en", user=admin_user) == []


def test_search_leaves_out_pages_under_a_deleted_one(site, admin_user):
    page_update(
        actor=admin_user,
        page_id=site["middle"].pk,
        locale="en",
        changes=PageChanges.from_payload({"status": Status.DELETED}),
    )
    assert read_model.search_records("leaf", locale="en", user=admin_user) == []
    assert {r["id"] for r in read_model.search_records("top", locale="en", user=admin_user)} == {
        site["top"].pk,
        site["other"].pk,
    }


def test_permissions_are_each_users_own(site, admin_user):
    visitor = get_user_model().objects.create_user("visitor", password="x")  # not staff: holds nothing
    assert {tuple(r["permissions"]) for r in read_model.tree_records(locale="en", user=admin_user)} == {
        ("edit", "create")
    }
    assert {tuple(r["permissions"]) for r in read_model.tree_records(locale="en", user=visitor)} == {()}


@pytest.mark.long
def test_ten_thousand_pages_read_in_three_queries_and_agree_with_the_single_path(admin_user):
    """A five-level tree of 10,000 pages, bulk-made: the many path answers every page in three
    queries, and for a sample the single path answers the same fields."""
    import random

    from cms.pages.models import Page, PageLocalization

    levels: list[list[Page]] = [[]]
    pages = [Page(position=i + 1, template="page") for i in range(10)]
    Page.objects.bulk_create(pages)
    levels[0] = pages
    while sum(len(level) for level in levels) < 10_000:
        parents = levels[-1]
        children = [Page(parent=parent, position=i + 1, template="page") for parent in parents for i in range(4)]
        children = children[: 10_000 - sum(len(level) for level in levels)]
        Page.objects.bulk_create(children, batch_size=2000)
        levels.append(children)
    PageLocalization.objects.bulk_create(
        [
            PageLocalization(page_id=pk, locale="en", name=f"Page {pk}", path_segment=f"p{pk}")
            for pk in Page.objects.values_list("pk", flat=True)
        ],
        batch_size=2000,
    )
    assert len(levels) >= 5
    with CaptureQueriesContext(connection) as captured:
        many = {r["id"]: r for r in read_model.tree_records(locale="en", user=admin_user)}
    assert len(many) == 10_000
    assert len(captured.captured_queries) <= 3
    for page_id in random.Random(7).sample(sorted(many), 50):
        single = read_model.page_record(page_id, locale="en", user=admin_user)
        assert without_detail(single) == without_detail(many[page_id])


def test_tags_are_alphabetical_whatever_the_case_and_the_database(make_page, admin_user):
    """A database's own order depends on its collation ("Banana" before "apple" in C)."""
    page = make_page("Fruit", serialized_tags='["cherry", "Banana", "apple"]')
    record = read_model.page_record(page.pk, locale="en", user=admin_user)
    assert record["enabled_tags"] == ["apple", "Banana", "cherry"]
    assert record["tags_and_suggestions"] == ["apple", "Banana", "cherry"]
    listed = {r["id"]: r for r in read_model.tree_records(locale="en", user=admin_user)}
    assert listed[page.pk]["enabled_tags"] == ["apple", "Banana", "cherry"]
