"""Translations that tell the truth (issue 28, items 5 and 6; DESIGN §3): a block never translated
is missing, not outdated; a source changed and changed back outdates nothing; a copied text is
not a translation until it is edited or marked checked."""

import pytest

from cms.pages.translations.tests.helpers import check, create, read, save, state


@pytest.fixture
def page_id(api):
    """A page in en, nb and ar, every translation saved after its source: all current."""
    page_id = create(api, name="Harbour", intro="Boats sail", body="At dawn")
    save(api, page_id, "nb", name="Havn", intro="Båter seiler", body="Ved daggry")
    save(api, page_id, "ar", name="ميناء", intro="قوارب", body="فجرا")
    return page_id


def fields(api, page_id, *names):
    """Fields of the page answer; `copied_blocks` per locale from source_changes.json (the editor's
    read: the Page shape is the contract's)."""
    record = read(api, page_id)
    record["copied_blocks"] = {code: copied(api, page_id, code) for code in ("nb", "ar")}
    return tuple(record[name] for name in names)


def copied(api, page_id, locale):
    answer = api.get(f"/admin/{locale}/pages/{page_id}/source_changes.json")
    assert answer.status_code == 200, answer.content
    return answer.json()["copied_blocks"]


# --- item 5: missing is not outdated -----------------------------------------------------------


def test_a_block_empty_in_the_translation_is_missing_and_the_page_missing_there(api):
    page_id = create(api, name="Harbour", intro="Boats sail", body="At dawn")
    save(api, page_id, "nb", name="Havn", intro="Båter seiler")
    translations, outdated, missing = fields(api, page_id, "translations", "outdated_blocks", "missing_blocks")
    assert translations == {"nb": "missing", "ar": "missing"}
    assert outdated == {"nb": [], "ar": []}
    assert missing == {"nb": ["body"], "ar": ["body", "intro", "name"]}
    save(api, page_id, "nb", body="Ved daggry")
    assert fields(api, page_id, "translations", "missing_blocks") == (
        {"nb": "current", "ar": "missing"}, {"nb": [], "ar": ["body", "intro", "name"]},
    )  # fmt: skip


def test_a_block_emptied_in_the_source_is_not_missing_in_the_translation(api, page_id):
    save(api, page_id, "nb", body="")
    assert fields(api, page_id, "missing_blocks")[0]["nb"] == ["body"]
    save(api, page_id, body="")
    # The translation has no text where the source has none: nothing to translate there.
    assert fields(api, page_id, "missing_blocks")[0]["nb"] == []
    # ar still holds a text of a source that is gone: behind it.
    assert state(api, page_id) == ({"nb": "current", "ar": "outdated"}, {"nb": [], "ar": ["body"]})


def test_a_page_with_a_block_behind_is_outdated_even_with_blocks_to_translate(api):
    page_id = create(api, name="Harbour", intro="Boats sail", body="At dawn")
    save(api, page_id, "nb", name="Havn", intro="Båter seiler")
    save(api, page_id, intro="Ships sail")
    translations, outdated, missing = fields(api, page_id, "translations", "outdated_blocks", "missing_blocks")
    assert (translations["nb"], outdated["nb"], missing["nb"]) == ("outdated", ["intro"], ["body"])


def test_a_source_changed_and_changed_back_outdates_nothing(api, page_id):
    save(api, page_id, body="At dusk")
    assert state(api, page_id)[1] == {"nb": ["body"], "ar": ["body"]}
    save(api, page_id, body="At dawn")
    assert state(api, page_id) == ({"nb": "current", "ar": "current"}, {"nb": [], "ar": []})
    assert api.get(f"/admin/nb/pages/{page_id}/source_changes.json").json()["blocks"] == []


def test_white_space_around_a_source_text_is_no_change(api, page_id):
    save(api, page_id, body="At dawn\n")
    assert state(api, page_id)[0] == {"nb": "current", "ar": "current"}


def test_the_tree_filter_follows_the_rule(api):
    named = create(api, name="Harbour", body="At dawn")
    save(api, named, "nb", name="Havn")  # body to translate
    behind = create(api, name="Quay", body="Stone")
    save(api, behind, "nb", name="Kai", body="Stein")
    save(api, behind, body="Granite")
    done = create(api, name="Pier", body="Wood")
    save(api, done, "nb", name="Brygge", body="Tre")
    unnamed = create(api, name="Lighthouse")
    outdated = api.get("/admin/nb/pages.json?translation=outdated").json()
    assert [record["id"] for record in outdated] == [behind]
    missing = api.get("/admin/nb/pages.json?translation=missing").json()
    assert sorted(record["id"] for record in missing) == sorted([named, unnamed])
    assert all(record["translations"]["nb"] == "missing" for record in missing)


def test_the_report_lists_pages_to_translate_and_to_update_apart(api):
    named = create(api, name="Harbour", body="At dawn", intro="Boats")
    save(api, named, "nb", name="Havn", intro="Båter")
    behind = create(api, name="Quay", body="Stone")
    save(api, behind, "nb", name="Kai", body="Stein")
    save(api, behind, body="Granite")
    unnamed = create(api, name="Lighthouse")
    to_update = api.get("/admin/nb/translations.json?state=outdated").json()
    assert [(item["page_id"], item["outdated_blocks"], item["missing_blocks"]) for item in to_update["items"]] == [
        (behind, ["body"], []),
    ]  # fmt: skip
    to_translate = api.get("/admin/nb/translations.json?state=missing").json()
    assert to_translate["total"] == 2
    items = {item["page_id"]: item for item in to_translate["items"]}
    assert items[named]["missing_blocks"] == ["body"] and items[named]["outdated_blocks"] == []
    assert (items[named]["name"], items[named]["name_locale"]) == ("Havn", "nb")
    assert (items[unnamed]["name"], items[unnamed]["name_locale"]) == ("Lighthouse", "en")
    assert items[unnamed]["missing_blocks"] == ["name"]


def test_the_missing_report_pages_the_pages_without_a_name_and_those_with_blocks_to_translate(api):
    ids = [create(api, name=f"Page {number}", body="Text") for number in range(3)]
    save(api, ids[1], "nb", name="Side 1")  # named, its body to translate
    first = api.get("/admin/nb/translations.json?state=missing").json()
    assert first["total"] == 3
    # Newest source change first, whichever kind: page 1's name in nb is no source change.
    assert [item["page_id"] for item in first["items"]] == [ids[2], ids[1], ids[0]]


# --- item 6: copied text is not a translation ----------------------------------------------------


def test_a_text_saved_equal_to_the_sources_is_copied_not_current(api, page_id):
    save(api, page_id, "ar", body="At dawn")
    translations, copied, outdated = fields(api, page_id, "translations", "copied_blocks", "outdated_blocks")
    assert translations == {"nb": "current", "ar": "missing"}
    assert copied == {"nb": {}, "ar": {"body": "en"}}
    assert outdated["ar"] == []


def test_a_copy_stays_a_copy_through_other_saves_until_edited(api, page_id):
    save(api, page_id, "ar", body="At dawn")
    save(api, page_id, "ar", intro="قوارب تبحر")
    assert fields(api, page_id, "copied_blocks")[0]["ar"] == {"body": "en"}
    save(api, page_id, body="At dusk")  # the source changes: still a copy (of its old text)
    assert fields(api, page_id, "copied_blocks", "outdated_blocks") == (
        {"nb": {}, "ar": {"body": "en"}}, {"nb": ["body"], "ar": []},
    )  # fmt: skip
    save(api, page_id, "ar", body="عند الغسق")
    assert fields(api, page_id, "translations", "copied_blocks") == (
        {"nb": "outdated", "ar": "current"}, {"nb": {}, "ar": {}},
    )  # fmt: skip


def test_a_copy_marked_checked_is_the_translation(api, page_id):
    save(api, page_id, "nb", name="Harbour")  # the same word may be right
    assert fields(api, page_id, "copied_blocks")[0]["nb"] == {"name": "en"}
    answer = check(api, page_id, "nb", blocks=["name"])
    assert answer.status_code == 200, answer.content
    assert answer.json()["translations"]["nb"] == "current"
    assert copied(api, page_id, "nb") == {}
    save(api, page_id, "nb", body="Ved skumring")  # another save does not make it a copy again
    assert fields(api, page_id, "copied_blocks")[0]["nb"] == {}
    save(api, page_id, name="Harbour town")
    assert state(api, page_id)[1]["nb"] == ["name"]


def test_a_check_of_every_block_takes_the_copies_too(api, page_id):
    save(api, page_id, body="At dusk")
    save(api, page_id, "nb", intro="Boats sail")
    assert check(api, page_id, "nb").status_code == 200
    assert fields(api, page_id, "translations", "copied_blocks", "outdated_blocks") == (
        {"nb": "current", "ar": "outdated"}, {"nb": {}, "ar": {}}, {"nb": [], "ar": ["body"]},
    )  # fmt: skip


def test_a_copy_from_another_translation_names_it_and_a_copy_of_a_copy_the_first(api, page_id):
    save(api, page_id, "ar", body="Ved daggry")
    assert fields(api, page_id, "copied_blocks")[0]["ar"] == {"body": "nb"}
    save(api, page_id, "nb", intro="Boats sail")
    save(api, page_id, "ar", intro="Boats sail")
    assert fields(api, page_id, "copied_blocks")[0] == {"nb": {"intro": "en"}, "ar": {"body": "nb", "intro": "en"}}


def test_the_report_says_which_blocks_are_copies(api, page_id):
    save(api, page_id, "ar", body="At dawn")
    (item,) = api.get("/admin/ar/translations.json?state=missing").json()["items"]
    assert (item["page_id"], item["copied_blocks"], item["missing_blocks"]) == (page_id, {"body": "en"}, [])
    assert api.get("/admin/ar/pages.json?translation=missing").json()[0]["id"] == page_id


def test_marks_of_another_form_never_break_a_read_or_a_save(api, page_id):
    from cms.pages.models import Page

    # As an archive exported before migration 0019 (or made by hand) brings them.
    Page.objects.filter(pk=page_id).update(
        translation_marks={"body": {"en": 3, "nb": 2}, "intro": "x"},
        translation_outdated=["body"],
        translation_todo={"missing": {"nb": "body"}, "copied": {"ar": ["body"]}},
    )
    assert read(api, page_id)["translations"]["nb"] in ("missing", "current", "outdated")
    assert api.get(f"/admin/ar/pages/{page_id}/source_changes.json").status_code == 200
    save(api, page_id, body="At dusk")
    save(api, page_id, "nb", body="Ved skumring")
    assert state(api, page_id)[1] == {"nb": [], "ar": []}
    assert fields(api, page_id, "missing_blocks")[0] == {"nb": [], "ar": ["body"]}


def test_a_page_begun_in_another_locale_is_not_behind_the_source_written_after_it(api):
    page_id = create(api, "nb", name="Havn", body="Ved daggry")
    save(api, page_id, "en", name="Harbour", body="At dawn")
    assert state(api, page_id) == ({"nb": "current", "ar": "missing"}, {"nb": [], "ar": []})
    save(api, page_id, "en", body="At dusk")
    assert state(api, page_id)[1]["nb"] == ["body"]
