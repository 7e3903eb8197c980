"""A change under review covering several locales (issue 32, item 5): each locale's fields are
checked as a save would check them when submitted, go live together as one save by the author
(one revision, one audit entry naming the approver), and a field changed meanwhile in any of
its locales stops the whole approval (409, nothing applied in any locale)."""

from typing import Any

import pytest

from cms.audit.models import AuditEntry
from cms.pages.models import Page, PageLocalization, PageReview, PageRevision
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_update


def url(page: Page, tail: str = "") -> str:
    return f"/admin/en/pages/{page.pk}/reviews{tail}.json"


def version(page: Page) -> int:
    page.refresh_from_db()
    return page.lock_version


def in_locale(page: Page, locale: str) -> PageLocalization:
    return PageLocalization.objects.get(page=page, locale=locale)


def submit(api: Any, page: Page, fields: dict[str, Any], locales: Any) -> Any:
    body = {"page": fields, "lock_version": version(page), "message": "Both", "locales": locales}
    return api.post(url(page), body)


@pytest.fixture
def translated(section, admin_user):
    """The live page, translated into Norwegian."""
    top, live = section["top"], section["live"]
    changes = PageChanges.from_payload({"name": "Seksjon", "path_segment": "seksjon"})
    page_update(actor=admin_user, page_id=top.pk, locale="nb", changes=changes)
    changes = PageChanges.from_payload({"name": "Levende", "path_segment": "levende", "body": "Gamle ord"})
    page_update(actor=admin_user, page_id=live.pk, locale="nb", changes=changes)
    return live


def test_a_change_in_two_locales_waits_then_goes_live_as_one_save(
    author_api, reviewer_api, translated, author, reviewer
):
    live = translated
    answer = submit(author_api, live, {"body": "New words"}, {"nb": {"body": "Nye ord", "name": "Levende"}})
    assert answer.status_code == 201, answer.content
    review = answer.json()
    assert review["locales"] == ["en", "nb"]
    assert review["by_locale"] == {
        "en": {"fields": ["body"], "page": {"body": "New words"}},
        "nb": {"fields": ["body"], "page": {"body": "Nye ord"}},  # the name it holds already is left out
    }
    assert in_locale(live, "nb").blocks["body"] == "Gamle ord"  # the live page stays
    shown = reviewer_api.get(url(live, f"/{review['id']}")).json()
    assert shown["by_locale"]["nb"]["page"] == {"body": "Nye ord"}

    revisions = PageRevision.objects.filter(page=live).count()
    entries = AuditEntry.objects.filter(subject_id=live.pk, action="update").count()
    approved = reviewer_api.post(url(live, f"/{review['id']}/approve"), {"comment": "Good"})
    assert approved.status_code == 200, approved.content
    assert in_locale(live, "en").blocks["body"] == "New words"
    assert in_locale(live, "nb").blocks["body"] == "Nye ord"
    made = PageRevision.objects.filter(page=live).order_by("-id")
    assert made.count() == revisions + 1
    assert made[0].user_id == author.pk
    assert approved.json()["revision_id"] == made[0].pk
    logged = AuditEntry.objects.filter(subject_id=live.pk, action="update").order_by("-id")
    assert logged.count() == entries + 1
    assert logged[0].user_id == author.pk
    assert logged[0].details["approved_by"]["id"] == reviewer.pk
    assert logged[0].details["fields"] == ["blocks.body"]
    assert logged[0].details["locales"]["nb"]["fields"] == ["blocks.body"]


def test_a_change_may_cover_only_another_locale(author_api, reviewer_api, translated):
    live = translated
    answer = submit(author_api, live, {}, {"nb": {"body": "Nye ord"}})
    assert answer.status_code == 201, answer.content
    approved = reviewer_api.post(url(live, f"/{answer.json()['id']}/approve"), {})
    assert approved.status_code == 200, approved.content
    assert in_locale(live, "nb").blocks["body"] == "Nye ord"
    assert in_locale(live, "en").blocks["body"] == "Old words"


def test_approving_while_a_third_party_changed_one_field_in_one_locale_applies_nothing(
    author_api, reviewer_api, translated, api
):
    live = translated
    review = submit(author_api, live, {"body": "New words"}, {"nb": {"body": "Nye ord", "name": "Nytt navn"}}).json()
    meanwhile = api.put(
        f"/admin/nb/pages/{live.pk}.json", {"page": {"body": "Redaktørens ord", "lock_version": version(live)}}
    )
    assert meanwhile.status_code == 200, meanwhile.content
    revisions = PageRevision.objects.filter(page=live).count()
    answer = reviewer_api.post(url(live, f"/{review['id']}/approve"), {})
    assert answer.status_code == 409, answer.content
    assert answer.json()["fields"] == ["locales.nb.body"]
    assert in_locale(live, "en").blocks["body"] == "Old words"  # nothing applied in either locale
    assert in_locale(live, "nb").blocks["body"] == "Redaktørens ord"
    assert in_locale(live, "nb").name == "Levende"
    assert PageRevision.objects.filter(page=live).count() == revisions
    assert PageReview.objects.get().state == "waiting"


def test_a_field_changed_in_another_locale_than_the_changes_does_not_stop_it(author_api, reviewer_api, translated, api):
    live = translated
    review = submit(author_api, live, {"body": "New words"}, {"nb": {"body": "Nye ord"}}).json()
    meanwhile = api.put(
        f"/admin/nb/pages/{live.pk}.json", {"page": {"intro": "Ingress", "lock_version": version(live)}}
    )
    assert meanwhile.status_code == 200
    assert reviewer_api.post(url(live, f"/{review['id']}/approve"), {}).status_code == 200
    assert in_locale(live, "nb").blocks == {"body": "Nye ord", "intro": "Ingress"}


@pytest.mark.parametrize(
    ("locales", "field"),
    [
        ({"nb": {"path_segment": "live"}}, None),  # placeholder replaced below
        ({"xx": {"body": "?"}}, "locales.xx"),
        ({"en": {"body": "?"}}, "locales.en"),
        ({"nb": {"status": 3}}, "locales.nb.status"),
        ({"nb": {"video_url": "https://example.com/v"}}, "locales.nb.video_url"),
        ({"nb": {"parent_page_id": None}}, "locales.nb.parent_page_id"),
        ({"nb": {"body": "<script>alert(1)</script>"}}, "locales.nb.body"),
        ({"nb": {"body": "a\x00b"}}, "locales.nb.body"),
        ({"nb": {"path_segment": "Not a segment!"}}, "locales.nb.path_segment"),
    ],
)
def test_each_locale_is_checked_as_a_save_when_submitted(author_api, translated, section, locales, field):
    live = translated
    if field is None and "path_segment" in locales["nb"]:
        # A segment its Norwegian sibling holds.
        PageLocalization.objects.create(page=section["draft"], locale="nb", name="Utkast", path_segment="opptatt")
        locales, field = {"nb": {"path_segment": "opptatt"}}, "locales.nb.path_segment"
    answer = submit(author_api, live, {"body": "New words"}, locales)
    assert answer.status_code == 422, answer.content
    if field is not None:
        assert field in {name for name, _text in answer.json()["errors"]}, answer.json()
    assert not PageReview.objects.exists()
    assert in_locale(live, "nb").blocks["body"] == "Gamle ord"


@pytest.mark.parametrize(
    "locales",
    [
        "nb",
        ["nb"],
        {"nb": "body"},
        {"nb": {"body": 5}},
        {"nb": {"body": "\ud800"}},
        {"n" * 5000: {"body": "x"}},
        {f"l{i}": {} for i in range(60)},
    ],
)
def test_hostile_locales_answer_4xx_with_nothing_stored(author_api, translated, locales):
    answer = submit(author_api, translated, {"body": "New words"}, locales)
    assert 400 <= answer.status_code < 500, answer.content
    assert not PageReview.objects.exists()


def test_a_change_in_several_locales_is_not_scheduled(author_api, reviewer_api, translated):
    review = submit(author_api, translated, {"body": "New words"}, {"nb": {"body": "Nye ord"}}).json()
    answer = reviewer_api.post(
        url(translated, f"/{review['id']}/approve"), {"publish": "at", "at": "2099-01-01T00:00:00Z"}
    )
    assert answer.status_code == 422
    assert PageReview.objects.get().state == "waiting"


def test_without_locales_the_call_is_as_before(author_api, translated):
    answer = author_api.post(url(translated), {"page": {"body": "New"}, "lock_version": version(translated)})
    assert answer.status_code == 201
    assert answer.json()["locales"] == ["en"]
    assert answer.json()["by_locale"] == {"en": {"fields": ["body"], "page": {"body": "New"}}}


def test_a_change_of_another_locale_alone_leaves_the_addresss_locale_untouched(author_api, reviewer_api, translated):
    live = translated
    body = {"page": {}, "lock_version": version(live), "message": "", "locales": {"nb": {"body": "Nye ord"}}}
    answer = author_api.post(f"/admin/ar/pages/{live.pk}/reviews.json", body)
    assert answer.status_code == 201, answer.content
    assert (answer.json()["locale"], answer.json()["locales"]) == ("nb", ["nb"])
    approved = reviewer_api.post(f"/admin/ar/pages/{live.pk}/reviews/{answer.json()['id']}/approve.json", {})
    assert approved.status_code == 200, approved.content
    assert in_locale(live, "nb").blocks["body"] == "Nye ord"
    # No empty Arabic localization made by a change that had nothing in Arabic.
    assert not PageLocalization.objects.filter(page=live, locale="ar").exists()


def test_a_rule_broken_in_a_change_of_another_locale_alone_names_that_locale(author_api, translated, section):
    PageLocalization.objects.create(page=section["draft"], locale="nb", name="Utkast", path_segment="opptatt")
    answer = submit(author_api, translated, {}, {"nb": {"path_segment": "opptatt"}})
    assert answer.status_code == 422, answer.content
    assert [name for name, _text in answer.json()["errors"]] == ["locales.nb.path_segment"]
    assert not PageReview.objects.exists()
