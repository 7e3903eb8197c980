"""The one Page shape: the same record whichever path reads it, and a cache shared by every user
that forgets what a committed change touched (issue 8, items 1-3)."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cms.media.models import Attachment, Image
from cms.pages import read_model
from cms.pages.models import PageFile, PageImage, Status
from cms.pages.services import page_update

TREE_FIELDS_FROM_DETAIL = {"blocks", "tags_and_suggestions"}  # the tree reads less of these


@pytest.fixture
def site(make_page):
    """A three-level tree with tags, an image link, a file link and a meta image."""
    image = Image.objects.create(
        file="images/a.png", filename="a.png", content_type="image/png", real_width=4, real_height=3
    )
    attachment = Attachment.objects.create(
        file="attachments/a.pdf", filename="a.pdf", content_type="application/pdf", name={"en": "Guide"}
    )
    top = make_page("Top", path_segment="top")
    middle = make_page("Middle", parent=top, path_segment="middle", serialized_tags='["News", "Events"]')
    leaf = make_page("Leaf", parent=middle, path_segment="leaf", meta_image_id=image.pk, body="Text")
    PageImage.objects.create(page=leaf, image=image, position=1, primary=True)
    PageFile.objects.create(page=leaf, attachment=attachment, position=1)
    other = make_page("Other top")
    return {"top": top, "middle": middle, "leaf": leaf, "other": other, "image": image, "attachment": attachment}


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
    page_update(actor=admin_user, page_id=site["leaf"].pk, locale="nb", changes={"name": "Blad"})
    found = read_model.search_records("bla", locale="en", user=admin_user)
    assert {r["id"] for r in found} == {site["leaf"].pk, site["middle"].pk, site["top"].pk}
    assert read_model.search_records("nothing like it", locale="en", user=admin_user) == []


def test_search_leaves_out_deleted_pages(site, admin_user):
    page_update(actor=admin_user, page_id=site["other"].pk, locale="en", changes={"status": Status.DELETED})
    assert read_model.search_records("other", locale="en", user=admin_user) == []


def test_search_leaves_out_pages_under_a_deleted_one(site, admin_user):
    page_update(actor=admin_user, page_id=site["middle"].pk, locale="en", changes={"status": Status.DELETED})
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


@pytest.fixture
def shared_cache(settings, tmp_path):
    """A cache every process shares (a file-based one here; Redis in production)."""
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache", "LOCATION": str(tmp_path)}
    }
    from django.core.cache import cache

    cache.clear()
    return cache


def tree_names(admin_user) -> dict[int, str]:
    import orjson

    return {r["id"]: r for r in orjson.loads(read_model.tree_json(locale="en", user=admin_user))}


@pytest.mark.django_db(transaction=True)
def test_the_shared_cache_holds_no_permissions_and_forgets_every_committed_change(shared_cache, site, admin_user):
    visitor = get_user_model().objects.create_user("visitor", password="x")
    pages = tree_names(admin_user)
    cached = shared_cache.get(f"pages:tree:en:{read_model._generation()}")
    assert cached is not None
    assert b'"edit"' not in cached
    assert {tuple(r["permissions"]) for r in tree_names(visitor).values()} == {()}
    leaf = site["leaf"].pk
    assert pages[leaf]["blocks"]["name"]["en"] == "Leaf"

    changes = [
        lambda: page_update(actor=admin_user, page_id=leaf, locale="en", changes={"name": "Renamed"}),
        lambda: page_update(
            actor=admin_user, page_id=site["middle"].pk, locale="en", changes={"path_segment": "centre"}
        ),
        lambda: page_update(actor=admin_user, page_id=leaf, locale="en", changes={"serialized_tags": '["Fresh"]'}),
        lambda: page_update(actor=admin_user, page_id=leaf, locale="en", changes=_drop_links(leaf)),
        lambda: _rename_image(site["image"].pk),
        lambda: _rename_attachment(site["attachment"].pk),
    ]
    checks = [
        lambda r: r[leaf]["blocks"]["name"]["en"] == "Renamed",
        lambda r: r[leaf]["urls"]["en"] == "/en/top/centre/leaf",
        lambda r: r[leaf]["enabled_tags"] == ["Fresh"],
        lambda r: r[leaf]["page_images"] == [],
        lambda r: r[leaf]["meta_image"]["filename"] == "renamed.png",
        lambda r: r[leaf]["page_files"][0]["attachment"]["name"] == {"en": "Renamed guide"},
    ]
    for change, check in zip(changes, checks, strict=True):
        tree_names(admin_user)  # fills the cache
        change()
        assert check(tree_names(admin_user))


def _drop_links(page_id):
    links = PageImage.objects.filter(page_id=page_id)
    return {"page_images_attributes": [{"id": link.pk, "_destroy": True} for link in links]}


def _rename_image(image_id):
    image = Image.objects.get(pk=image_id)
    image.filename = "renamed.png"
    image.save()


def _rename_attachment(attachment_id):
    attachment = Attachment.objects.get(pk=attachment_id)
    attachment.name = {"en": "Renamed guide"}
    attachment.save()


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
