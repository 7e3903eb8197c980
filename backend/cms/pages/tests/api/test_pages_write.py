"""Create, update and show through the API, in the Page shape of spec §3."""

import json

import pytest

from cms.media.records import image_record
from cms.pages.models import Page, PageLocalization, Tag

PAGE_KEYS = {
    "id", "locale", "parent_page_id", "position", "status", "published_at", "starts_at", "ends_at",
    "all_day", "pinned", "template", "unique_name", "feed_enabled", "news_page", "user_id",
    "redirect_to", "path_segment", "meta_image", "skip_index", "blocks", "ancestors", "urls",
    "page_files", "page_images", "tags_and_suggestions", "enabled_tags", "errors", "permissions",
    "lock_version", "child_count", "translations", "outdated_blocks", "missing_blocks",
}  # fmt: skip


def test_create_answers_the_page_shape(api, make_page):
    parent = make_page("Parent", path_segment="parent")
    response = api.post(
        "/admin/en/pages.json",
        {
            "page": {
                "name": "Child",
                "parent_page_id": parent.pk,
                "template": "article",
                "body": "Hello",
                "video_url": "https://vimeo.com/1",
                "path_segment": "child",
                "status": 2,
            }
        },
    )
    assert response.status_code == 201
    page = response.json()
    assert set(page) == PAGE_KEYS
    assert page["blocks"]["name"] == {"en": "Child"}
    assert page["blocks"]["body"] == {"en": "Hello"}
    assert page["blocks"]["video_url"] == "https://vimeo.com/1"  # not localized: plain text
    assert page["ancestors"] == [{"id": parent.pk, "path_segment": {"en": "parent"}, "name": {"en": "Parent"}}]
    assert page["urls"] == {"en": "/en/parent/child"}
    assert page["permissions"] == ["edit", "create"]
    assert page["errors"] == []
    assert page["lock_version"] == 0
    assert page["position"] == 1


def test_new_pages_are_appended_to_their_siblings(api, make_page):
    make_page("A")
    make_page("B")
    response = api.post("/admin/en/pages.json", {"page": {"name": "C"}})
    assert response.json()["position"] == 3


def test_update_is_partial_and_keeps_other_locales(api, make_page):
    page = make_page("Hello", path_segment="hello", body="English body", headline="Head")
    response = api.put(f"/admin/nb/pages/{page.pk}.json", {"page": {"name": "Hei", "body": "Norsk tekst"}})
    assert response.status_code == 200
    blocks = response.json()["blocks"]
    assert blocks["name"] == {"en": "Hello", "nb": "Hei"}
    assert blocks["body"] == {"en": "English body", "nb": "Norsk tekst"}
    assert blocks["headline"] == {"en": "Head"}
    assert response.json()["path_segment"] == "hei"  # never set: made from the name (issue 12)
    assert api.get(f"/admin/en/pages/{page.pk}.json").json()["path_segment"] == "hello"


def test_every_accepted_change_increments_lock_version(api, make_page):
    page = make_page("Hello")
    for expected in (1, 2):
        response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"name": f"v{expected}"}})
        assert response.json()["lock_version"] == expected


def test_tags_reuse_existing_spelling_and_drop_duplicates(api, make_page):
    Tag.objects.create(name="News")
    page = make_page("Tagged", template="article")
    payload = {"page": {"serialized_tags": json.dumps(["news", "Events", "EVENTS", "Library"])}}
    response = api.put(f"/admin/en/pages/{page.pk}.json", payload)
    assert response.status_code == 200
    assert sorted(response.json()["enabled_tags"]) == ["Events", "Library", "News"]
    assert Tag.objects.count() == 3
    assert sorted(response.json()["tags_and_suggestions"]) == ["Events", "Library", "News"]


def test_serialized_tags_must_be_a_json_list(api, make_page):
    page = make_page("Tagged")
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"serialized_tags": "news, events"}})
    assert response.status_code == 422
    assert ["serialized_tags", "must be a JSON list of tag names"] in response.json()["errors"]


def test_path_segment_with_illegal_characters_is_refused(api, make_page):
    page = make_page("Page")
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"path_segment": "about us"}})
    assert response.status_code == 422
    assert ["path_segment", "can only contain letters, digits and dashes"] in response.json()["errors"]
    assert set(response.json()) == PAGE_KEYS


def test_path_segment_clashing_with_a_sibling_in_that_locale_is_refused(api, make_page):
    parent = make_page("Parent", path_segment="parent")
    api.put(f"/admin/nb/pages/{parent.pk}.json", {"page": {"path_segment": "forelder"}})
    make_page("One", parent=parent, path_segment="same")
    other = make_page("Two", parent=parent)
    response = api.put(f"/admin/en/pages/{other.pk}.json", {"page": {"path_segment": "same"}})
    assert response.status_code == 422
    assert ["path_segment", "is already used by another page at the same level"] in response.json()["errors"]
    # The same segment in another locale, or under another parent, is fine.
    assert api.put(f"/admin/nb/pages/{other.pk}.json", {"page": {"path_segment": "same"}}).status_code == 200
    cousin = make_page("Cousin")
    assert api.put(f"/admin/en/pages/{cousin.pk}.json", {"page": {"path_segment": "same"}}).status_code == 200


def test_unique_name_must_be_unique(api, make_page):
    make_page("One", unique_name="home")
    other = make_page("Two")
    response = api.put(f"/admin/en/pages/{other.pk}.json", {"page": {"unique_name": "home"}})
    assert response.status_code == 422
    assert ["unique_name", "is already used by another page"] in response.json()["errors"]


def test_dates_end_before_start_is_refused(api, make_page):
    page = make_page("Event", template="event")
    payload = {"page": {"starts_at": "2026-12-01T18:00:00Z", "ends_at": "2026-12-01T17:00:00Z"}}
    response = api.put(f"/admin/en/pages/{page.pk}.json", payload)
    assert response.status_code == 422
    assert ["ends_at", "can't be before the start"] in response.json()["errors"]


def test_dates_are_cleared_when_the_template_has_none(api, make_page):
    page = make_page("Event", template="event", starts_at="2026-12-01T18:00:00Z", all_day=True)
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"template": "page"}})
    assert response.json()["starts_at"] is None and response.json()["all_day"] is False


def test_a_refused_save_stores_nothing(api, make_page):
    page = make_page("Keep", path_segment="keep")
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"name": "Changed", "path_segment": "bad segment"}})
    assert response.status_code == 422
    assert PageLocalization.objects.get(page=page, locale="en").name == "Keep"
    assert Page.objects.get(pk=page.pk).lock_version == 0


def test_show_and_list_answer_the_same_fields(api, make_page):
    parent = make_page("Parent", path_segment="parent")
    child = make_page("Child", parent=parent, path_segment="child")
    api.put(f"/admin/en/pages/{child.pk}.json", {"page": {"body": "Text", "serialized_tags": '["Zebra", "Apple"]'}})
    listed = {p["id"]: p for p in api.get("/admin/en/pages.json").json()}
    shown = api.get(f"/admin/en/pages/{child.pk}.json").json()
    assert set(listed[child.pk]) == PAGE_KEYS
    for key in PAGE_KEYS - {"blocks", "tags_and_suggestions"}:
        assert listed[child.pk][key] == shown[key], key
    assert listed[child.pk]["blocks"] == {"name": {"en": "Child"}}
    assert listed[child.pk]["enabled_tags"] == ["Apple", "Zebra"]
    assert listed[child.pk]["ancestors"] == [
        {"id": parent.pk, "path_segment": {"en": "parent"}, "name": {"en": "Parent"}}
    ]


def test_templates_list_has_the_template_shape(api):
    templates = api.get("/admin/en/templates.json").json()
    assert {"template_name", "name", "blocks", "metadata_blocks", "dates", "tags", "images", "files"} == set(
        templates[0]
    )
    block = templates[0]["blocks"][0]
    assert set(block) == {
        "name",
        "title",
        "description",
        "type",
        "options",
        "size",
        "class",
        "placeholder",
        "localized",
    }


@pytest.mark.parametrize("locale", ["en", "nb", "ar"])
def test_every_configured_locale_is_served(api, make_page, locale):
    make_page("Page")
    assert api.get(f"/admin/{locale}/pages.json").status_code == 200


def test_tree_list_shows_every_change_at_once(api, make_page):
    a, b = make_page("A"), make_page("B")

    def listed():
        return {p["id"]: p for p in api.get("/admin/en/pages.json").json()}

    assert listed()[a.pk]["blocks"]["name"]["en"] == "A"  # now cached
    api.put(f"/admin/en/pages/{a.pk}.json", {"page": {"name": "A renamed"}})
    assert listed()[a.pk]["blocks"]["name"]["en"] == "A renamed"
    api.put(f"/admin/en/pages/{a.pk}/move.json", {"parent_id": b.pk, "position": 1})
    assert listed()[a.pk]["parent_page_id"] == b.pk
    api.post("/admin/en/pages.json", {"page": {"name": "C"}})
    assert len(listed()) == 3


def test_parent_page_id_false_means_the_top_level(api, make_page):
    parent = make_page("Parent")
    child = make_page("Child", parent=parent)
    response = api.put(f"/admin/en/pages/{child.pk}.json", {"page": {"parent_page_id": False}})
    assert response.status_code == 200
    assert response.json()["parent_page_id"] is None
    assert response.json()["position"] == 2


def test_path_segment_needs_every_ancestor_to_have_one_in_that_locale(api, make_page):
    parent = make_page("Parent", path_segment="parent")
    child = make_page("Child", parent=parent)
    response = api.put(f"/admin/nb/pages/{child.pk}.json", {"page": {"path_segment": "barn"}})
    assert response.status_code == 422
    assert [
        "path_segment",
        "can't be set before every parent page has a path segment in this locale",
    ] in response.json()["errors"]
    assert api.put(f"/admin/en/pages/{child.pk}.json", {"page": {"path_segment": "child"}}).status_code == 200


def test_editor_title_of_an_untranslated_page_is_its_name_elsewhere(api, make_page):
    page = make_page("English only")
    assert b"<title>English only" in api.get(f"/admin/nb/pages/{page.pk}/edit").content


def test_tags_match_without_regard_to_case_in_any_script(api, make_page):
    page = make_page("Tagged", template="article")
    api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"serialized_tags": json.dumps(["ÆRLIG"])}})
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"serialized_tags": json.dumps(["ærlig", "Ærlig"])}})
    assert response.json()["enabled_tags"] == ["ÆRLIG"]
    assert Tag.objects.count() == 1


@pytest.mark.parametrize(
    ("field", "value"),
    [("name", "n" * 256), ("unique_name", "u" * 101), ("path_segment", "p" * 256), ("redirect_to", "/" + "r" * 2048)],
)
def test_overlong_fields_are_refused_on_every_database(api, make_page, field, value):
    page = make_page("Page")
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {field: value}})
    assert response.status_code == 422
    assert response.json()["errors"][0][0] == field


@pytest.mark.parametrize(
    "records",
    [[{"id": 99999}], [{"image_id": None}], [{"position": 1}], [{"image_id": 424242}]],
)
def test_bad_image_link_records_are_refused(api, make_page, records):
    page = make_page("Page")
    response = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"page_images_attributes": records}})
    assert response.status_code == 422
    assert response.json()["errors"][0][0] == "page_images_attributes"


def test_image_links_are_added_reordered_and_destroyed(api, make_page):
    from cms.media.models import Image

    first, second = (
        Image.objects.create(
            file=f"images/{n}.png", filename=f"{n}.png", content_type="image/png", real_width=1, real_height=1
        )
        for n in ("a", "b")
    )
    page = make_page("Page")
    url = f"/admin/en/pages/{page.pk}.json"
    records = [{"image_id": first.pk, "primary": True}, {"image_id": second.pk}]
    links = api.put(url, {"page": {"page_images_attributes": records}}).json()["page_images"]
    assert [(link["image_id"], link["primary"], link["position"]) for link in links] == [
        (first.pk, True, 1),
        (second.pk, False, 2),
    ]
    records = [{"id": links[1]["id"], "position": 1, "primary": True}, {"id": links[0]["id"], "_destroy": True}]
    links = api.put(url, {"page": {"page_images_attributes": records}}).json()["page_images"]
    assert [(link["image_id"], link["primary"], link["position"]) for link in links] == [(second.pk, True, 1)]
    listed = {p["id"]: p for p in api.get("/admin/en/pages.json").json()}
    assert listed[page.pk]["page_images"] == links


def test_meta_image_is_answered_with_its_size_in_show_and_list(api, make_page):
    from cms.media.models import Image

    image = Image.objects.create(
        file="images/share.png", filename="share.png", content_type="image/png", real_width=1200, real_height=630
    )
    page = make_page("Page")
    shown = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"meta_image_id": image.pk}}).json()["meta_image"]
    assert shown == image_record(image)  # the image's own record, as GET /admin/images/{id}.json answers it
    assert (shown["id"], shown["filename"], shown["real_width"], shown["real_height"]) == (
        image.pk,
        "share.png",
        1200,
        630,
    )
    assert shown["thumbnail_url"].startswith(f"/renditions/{image.pk}/250x")  # a real thumbnail, not the file
    assert api.get("/admin/en/pages.json").json()[0]["meta_image"] == shown


def test_image_links_carry_their_image_record(api, make_page):
    from cms.media.models import Image

    image = Image.objects.create(
        file="images/a.png", filename="a.png", content_type="image/png", real_width=40, real_height=30,
        alternative={"en": "A lighthouse"},
    )  # fmt: skip
    page = make_page("Page")
    url = f"/admin/en/pages/{page.pk}.json"
    links = api.put(url, {"page": {"page_images_attributes": [{"image_id": image.pk, "position": 1}]}}).json()
    assert links["page_images"][0]["image"] == image_record(image)
    assert api.get(url).json()["page_images"] == links["page_images"]
    assert {p["id"]: p for p in api.get("/admin/en/pages.json").json()}[page.pk]["page_images"] == links["page_images"]


def test_the_tree_list_answers_one_nodes_children_or_a_search(api, make_page):
    parent = make_page("Library")
    child = make_page("Opening hours", parent=parent)
    other = make_page("Contact")
    top = api.get("/admin/en/pages.json?parent_id=root").json()
    assert {page["id"] for page in top} == {parent.pk, other.pk}
    children = api.get(f"/admin/en/pages.json?parent_id={parent.pk}").json()
    assert [page["id"] for page in children] == [child.pk]
    assert children[0]["ancestors"][0]["id"] == parent.pk
    found = api.get("/admin/en/pages.json?q=HOURS").json()
    assert {page["id"] for page in found} == {child.pk, parent.pk}
    assert len(api.get("/admin/en/pages.json").json()) == 3
