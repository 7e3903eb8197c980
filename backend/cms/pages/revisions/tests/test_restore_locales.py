"""Which locales a restore brings back (issue 28, item 1; DESIGN.md §3, Revisions): by default
those the version had a name in, a locale it had none for keeping what it has now; `locales`
names them instead; the plan the restore dialog shows says what goes before it goes."""

import json

import pytest

from cms.accounts.languages import set_interface_language
from cms.audit.models import AuditEntry
from cms.pages.addresses import stored_urls
from cms.pages.models import Page, PageLocalization, PageRevision


@pytest.fixture
def services(api):
    """ "Services" saved in English (the version to restore), then translated into Arabic with
    two children that have Arabic addresses through it, and its English text changed."""
    page = api.post("/admin/en/pages.json", {"page": {"name": "Services", "template": "article", "body": "Old"}})
    assert page.status_code == 201, page.content
    page_id = page.json()["id"]
    english_only = PageRevision.objects.filter(page_id=page_id).latest("id").pk
    assert put(api, page_id, "ar", name="الخدمات", body="نص").status_code == 200
    for name in ("Library", "Pool"):
        child = api.post("/admin/en/pages.json", {"page": {"name": name, "parent_page_id": page_id}})
        assert child.status_code == 201, child.content
        answer = put(api, child.json()["id"], "ar", name=f"{name} ar")
        assert answer.status_code == 200, answer.content
    assert put(api, page_id, "en", body="New").status_code == 200
    return page_id, english_only


def put(api, page_id, locale, **edits):
    version = api.get(f"/admin/{locale}/pages/{page_id}.json").json()["lock_version"]
    return api.put(f"/admin/{locale}/pages/{page_id}.json", {"page": {"lock_version": version, **edits}})


def restore(api, page_id, revision_id, **body):
    version = Page.objects.get(pk=page_id).lock_version
    return api.post(
        f"/admin/en/pages/{page_id}/revisions/{revision_id}/restore.json", {"lock_version": version, **body}
    )


def names(page_id):
    return dict(PageLocalization.objects.filter(page_id=page_id).values_list("locale", "name"))


def test_by_default_a_locale_the_version_had_no_name_in_keeps_its_name_and_address(api, services):
    page_id, english_only = services
    arabic_address = stored_urls(page_id)["ar"]
    answer = restore(api, page_id, english_only)
    assert answer.status_code == 200, answer.content
    assert answer.json()["blocks"]["body"]["en"] == "Old"  # English is as the version had it
    assert names(page_id)["ar"] == "الخدمات" and answer.json()["blocks"]["body"]["ar"] == "نص"
    assert stored_urls(page_id)["ar"] == arabic_address
    for child in Page.objects.filter(parent_id=page_id):
        assert "ar" in stored_urls(child.pk)


def test_the_audit_entry_and_the_revision_name_the_locales_restored_and_the_version(api, services, admin_user):
    page_id, english_only = services
    entries = AuditEntry.objects.count()
    assert restore(api, page_id, english_only).status_code == 200
    assert AuditEntry.objects.count() == entries + 1
    details = AuditEntry.objects.latest("id").details
    assert details["locales"] == ["en"] and "locale" not in details
    assert details["restored"]["revision"] == english_only and details["restored"]["user_id"] == admin_user.pk
    listed = api.get(f"/admin/en/pages/{page_id}/revisions.json").json()[0]
    assert listed["kind"] == "restore" and f"revision {english_only}" not in listed["summary"]
    assert "English" in listed["summary"] and admin_user.get_username() in listed["summary"]
    assert listed["restored"]["locales"] == ["en"]
    set_interface_language(admin_user, "ar")
    arabic = api.get(f"/admin/en/pages/{page_id}/revisions.json").json()[0]["summary"]
    assert "الإنجليزية" in arabic and "English" not in arabic


def test_named_locales_are_restored_exactly_and_one_without_a_name_then_loses_it(api, services):
    page_id, english_only = services
    answer = restore(api, page_id, english_only, locales=["ar"])
    assert answer.status_code == 200, answer.content
    assert names(page_id)["ar"] == "" and "ar" not in stored_urls(page_id)
    assert answer.json()["blocks"]["body"]["en"] == "New"  # English was not named: it stays
    assert AuditEntry.objects.latest("id").details["locales"] == ["ar"]


def test_the_plan_says_which_locales_are_restored_by_default_and_what_goes(api, services):
    page_id, english_only = services
    answer = api.get(f"/admin/en/pages/{page_id}/revisions/{english_only}/restore.json")
    assert answer.status_code == 200, answer.content
    rows = {row["locale"]: row for row in answer.json()["locales"]}
    assert [row["locale"] for row in answer.json()["locales"]] == ["en", "nb", "ar"]
    assert rows["en"]["restored_by_default"] and rows["en"]["changes"] and not rows["en"]["loses_name"]
    assert [block["name"] for block in rows["en"]["changed_blocks"]] == ["body"]
    assert rows["ar"] | {"changed_blocks": None} == {
        "locale": "ar", "restored_by_default": False, "name_from": "الخدمات", "name_to": "",
        "path_segment_from": rows["ar"]["path_segment_from"], "path_segment_to": "", "changed_blocks": None,
        "changes": True, "loses_name": True, "pages_leaving": 3,
    }  # fmt: skip
    assert rows["nb"]["changes"] is False and rows["nb"]["pages_leaving"] == 0
    assert PageRevision.objects.filter(page_id=page_id).latest("id").kind != "restore"  # nothing changed


def test_the_plan_counts_only_pages_that_have_an_address_through_the_page(api, services):
    page_id, english_only = services
    child = Page.objects.filter(parent_id=page_id).order_by("id").first()
    assert put(api, child.pk, "ar", name="", path_segment="").status_code == 200
    assert "ar" not in stored_urls(child.pk)
    plan = api.get(f"/admin/en/pages/{page_id}/revisions/{english_only}/restore.json").json()
    rows = {row["locale"]: row for row in plan["locales"]}
    assert rows["ar"]["pages_leaving"] == 2


def test_the_plan_of_an_unknown_revision_answers_404(api, services):
    page_id, _revision = services
    assert api.get(f"/admin/en/pages/{page_id}/revisions/999999/restore.json").status_code == 404


def test_the_default_locale_cannot_be_restored_to_no_name(api):
    page = api.post("/admin/nb/pages.json", {"page": {"name": "Tjenester"}}).json()["id"]
    norwegian_only = PageRevision.objects.filter(page_id=page).latest("id").pk
    assert put(api, page, "en", name="Services").status_code == 200
    count = PageRevision.objects.count()
    assert restore(api, page, norwegian_only, locales=["en"]).status_code == 422
    assert PageRevision.objects.count() == count and names(page)["en"] == "Services"
    assert restore(api, page, norwegian_only).status_code == 200  # by default: Norwegian alone
    assert names(page) == {"nb": "Tjenester", "en": "Services"}


HOSTILE_LOCALES = [
    pytest.param("ar", id="not a list"),
    pytest.param({"ar": True}, id="an object"),
    pytest.param([1, 2], id="numbers"),
    pytest.param([None], id="null entry"),
    pytest.param(["ar"] * 10_000, id="10000 entries"),
    pytest.param(["a\u0000r"], id="NUL"),
    pytest.param(["x" * 10_000], id="a long string"),
    pytest.param(["ar", "ar"], id="duplicates"),
    pytest.param(["xx"], id="unknown locale"),
    pytest.param(["AR"], id="another case"),
    pytest.param([], id="the empty list"),
]


@pytest.mark.parametrize("locales", HOSTILE_LOCALES)
def test_hostile_locales_answer_4xx_and_store_nothing(api, services, locales):
    page_id, english_only = services
    count, entries, before = PageRevision.objects.count(), AuditEntry.objects.count(), names(page_id)
    answer = restore(api, page_id, english_only, locales=locales)
    assert 400 <= answer.status_code < 500, answer.content
    assert answer.status_code == 422
    assert (PageRevision.objects.count(), AuditEntry.objects.count(), names(page_id)) == (count, entries, before)


def test_a_lone_surrogate_answers_4xx_and_stores_nothing(api, services):
    page_id, english_only = services
    count = PageRevision.objects.count()
    version = Page.objects.get(pk=page_id).lock_version
    body = '{"lock_version": VERSION, "locales": ["\\ud800"]}'.replace("VERSION", str(version))
    answer = api.post(f"/admin/en/pages/{page_id}/revisions/{english_only}/restore.json", body)
    assert 400 <= answer.status_code < 500 and PageRevision.objects.count() == count
    assert json.loads(answer.content)  # the JSON error shape, not a server page
