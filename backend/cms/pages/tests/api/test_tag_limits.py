"""A flood of tags can't stall saves (issue 18, item 2): at most 100 tags a page, each at most
100 characters, refused before any lock; a record suggests a bounded number of other tags and
the tag editor asks `tags.json?q=` for more."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cms.core.exceptions import ValidationFailed
from cms.pages.models import Tag
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_update
from cms.pages.saving.tags import MAX_PREFIX_MATCHES, SUGGESTED_TAGS


def tags(count: int, prefix: str = "Tag") -> str:
    return json.dumps([f"{prefix} {n}" for n in range(count)])


def test_a_hundred_tags_are_kept(api, make_page):
    page = make_page("Page")
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"serialized_tags": tags(100)}})
    assert response.status_code == 200
    assert len(response.json()["enabled_tags"]) == 100


def test_a_hundred_and_one_tags_are_refused_and_nothing_is_stored(api, make_page):
    page = make_page("Page", serialized_tags='["Kept"]')
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"serialized_tags": tags(101)}})
    assert response.status_code == 422
    assert [attribute for attribute, _message in response.json()["errors"]] == ["serialized_tags"]
    assert "at most 100 tags" in response.json()["errors"][0][1]
    assert list(Tag.objects.values_list("name", flat=True)) == ["Kept"]
    assert list(page.tags.values_list("name", flat=True)) == ["Kept"]


def test_repeats_in_another_case_count_once(api, make_page):
    page = make_page("Page")
    names = [f"Tag {n}" for n in range(100)] + [f"TAG {n}" for n in range(100)]
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"serialized_tags": json.dumps(names)}})
    assert response.status_code == 200
    assert len(response.json()["enabled_tags"]) == 100


def test_a_flood_is_refused_before_any_query(make_page, admin_user):
    """200,000 tags once held the tree lock past the worker's timeout."""
    page = make_page("Page")
    with CaptureQueriesContext(connection) as queries, pytest.raises(ValidationFailed) as refusal:
        page_update(
            actor=admin_user,
            page_id=page.pk,
            locale="en",
            changes=PageChanges.from_payload({"serialized_tags": tags(200_000)}),
        )
    assert queries.captured_queries == []
    assert [attribute for attribute, _message in refusal.value.errors] == ["serialized_tags"]


def test_a_record_suggests_a_bounded_number_of_other_tags(api, make_page):
    Tag.objects.bulk_create(Tag(name=f"Topic {n:03}", key=f"topic {n:03}") for n in range(300))
    page = make_page("Page", serialized_tags='["Zebra", "Topic 299"]')
    record = api.get(f"/admin/en/pages/{page.pk}.json").json()
    assert record["enabled_tags"] == ["Topic 299", "Zebra"]
    suggestions = record["tags_and_suggestions"]
    assert {"Zebra", "Topic 299"} <= set(suggestions)
    assert len(suggestions) == 2 + SUGGESTED_TAGS
    assert suggestions == sorted(suggestions, key=str.casefold)


@pytest.mark.parametrize("link_list", ["page_images_attributes", "page_files_attributes"])
def test_link_lists_are_capped(api, make_page, link_list):
    page = make_page("Page")
    field = "image_id" if link_list == "page_images_attributes" else "attachment_id"
    records = [{field: n + 1} for n in range(201)]
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {link_list: records}})
    assert response.status_code == 422
    assert link_list in {attribute for attribute, _message in response.json()["errors"]}


def test_tags_are_found_by_the_start_of_their_name_whatever_the_case(api):
    for name in ["Ærlig", "ærfugl", "Aero", "Event", "events 2026", "Other"]:
        Tag.objects.create(name=name)
    assert api.get("/admin/tags.json?q=ÆR").json() == {"tags": ["ærfugl", "Ærlig"]}
    assert api.get("/admin/tags.json?q=event").json() == {"tags": ["Event", "events 2026"]}
    assert api.get("/admin/tags.json?q=%20%20events%20%202").json() == {"tags": ["events 2026"]}
    assert api.get("/admin/tags.json?q=nothing").json() == {"tags": []}


def test_prefix_matches_are_bounded_and_escaped(api):
    Tag.objects.bulk_create(Tag(name=f"Topic {n:03}", key=f"topic {n:03}") for n in range(100))
    Tag.objects.create(name="100% sure")
    Tag.objects.create(name="1000 things")
    assert len(api.get("/admin/tags.json?q=top").json()["tags"]) == MAX_PREFIX_MATCHES
    assert len(api.get("/admin/tags.json").json()["tags"]) == MAX_PREFIX_MATCHES
    assert api.get("/admin/tags.json?q=100%25").json() == {"tags": ["100% sure"]}
    assert api.get("/admin/tags.json?q=_").json() == {"tags": []}


@pytest.mark.parametrize("query", ["q=" + "a" * 101, "q=%00", "q=a%00b"])
def test_hostile_prefixes_are_refused(api, query):
    response = api.get(f"/admin/tags.json?{query}")
    assert response.status_code == 422
    assert response.json()["errors"]


def test_tag_suggestions_need_a_login(anonymous_api):
    assert anonymous_api.get("/admin/tags.json?q=a").status_code in (401, 403)
