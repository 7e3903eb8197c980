"""Scheduled changes through their calls (issue 20, item 6): scheduling keeps the fields that
change, adds no revision and is refused like a save; a change goes live as a save by its author
when it is due (here: when applied, or at once on the next read), fails when a save's rule
refuses it, and can be cancelled while it waits."""

import json
import time
from datetime import timedelta
from typing import Any

import pytest
from django.core.serializers.json import DjangoJSONEncoder
from django.test import Client
from django.utils import timezone

from cms.audit.models import AuditEntry
from cms.pages.models import Page, PageGrant, PageRevision, ScheduledChange
from cms.pages.saving import validation
from cms.pages.scheduling import applying
from cms.pages.tests.api.test_hostile_input import DEEP, documented_statuses
from cms.pages.tests.editor_payload import editor_payload

SCHEDULED = "/admin/{locale}/pages/{id}/scheduled.json"


@pytest.fixture
def page(make_page):
    return make_page("Old name", path_segment="old", body="Old body", status=2)


def url(page: Page, locale: str = "en") -> str:
    return SCHEDULED.format(locale=locale, id=page.pk)


def iso(moment) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def soon(seconds: float = 3600) -> str:
    return iso(timezone.now() + timedelta(seconds=seconds))


def sent(page_id: int, **changed: Any) -> dict[str, Any]:
    """The editor's payload for the page, as JSON carries it (dates as text)."""
    return json.loads(json.dumps(editor_payload(page_id, **changed), cls=DjangoJSONEncoder))


def schedule(client: Any, page: Page, at: str | None = None, locale: str = "en", **changed: Any) -> Any:
    payload = sent(page.pk, locale=locale, **changed)
    return client.post(
        url(page, locale), {"page": payload, "at": at or soon(), "lock_version": payload.pop("lock_version")}
    )


def delete(client: Any, path: str) -> Any:
    return client.client.delete(path, headers=client._headers())


def snapshot() -> Any:
    return list(ScheduledChange.objects.values()), list(Page.objects.values()), PageRevision.objects.count()


def test_scheduling_keeps_only_the_fields_that_change(api, page, admin_user):
    response = schedule(api, page, name="New name", pinned=True)

    assert response.status_code == 201, response.content
    answer = response.json()
    assert answer["page"] == {"name": "New name", "pinned": True}
    assert answer["state"] == "waiting"
    assert answer["user"] == {"id": admin_user.pk, "username": "admin", "name": "admin"}
    assert answer["locale"] == "en"
    assert (answer["errors"], answer["applied_at"], answer["revision_id"]) == ([], None, None)


def test_scheduling_adds_no_revision_and_leaves_the_page_as_it_is(api, page):
    revisions = PageRevision.objects.count()
    before = api.get(f"/admin/en/pages/{page.pk}.json").json()

    schedule(api, page, name="New name", body="New body")

    assert PageRevision.objects.count() == revisions
    assert api.get(f"/admin/en/pages/{page.pk}.json").json() == before


def test_each_kind_of_field_is_kept_only_when_it_changes(api, page, site):
    leaf = site["leaf"]
    unchanged = schedule(api, leaf, body="Changed")
    assert unchanged.json()["page"] == {"body": "Changed"}
    payload = sent(leaf.pk)
    changed = {
        "serialized_tags": '["News"]',
        "path_segment": "new-leaf",
        "published_at": iso(timezone.now() - timedelta(days=3)),
        "page_images_attributes": [{**payload["page_images_attributes"][0], "_destroy": True}],
        "page_files_attributes": [{**payload["page_files_attributes"][0], "position": 2}],
        "meta_image_id": None,
    }
    response = schedule(api, leaf, **changed)
    assert set(response.json()["page"]) == set(changed)


def test_tags_spelled_otherwise_or_in_another_order_change_nothing(api, site):
    middle = site["middle"]

    response = schedule(api, middle, serialized_tags='["events", "NEWS"]', body="x")

    assert response.json()["page"] == {"body": "x"}


def test_a_payload_that_changes_nothing_is_refused(api, page):
    before = snapshot()

    response = schedule(api, page)

    assert response.status_code == 422
    assert response.json()["errors"][0][0] == "page"
    assert snapshot() == before


def test_a_stale_lock_version_answers_409_and_keeps_nothing(api, page):
    payload = sent(page.pk, name="New name")
    api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"body": "Someone saved"}})
    before = snapshot()

    response = api.post(url(page), {"page": payload, "at": soon(), "lock_version": payload["lock_version"]})

    assert response.status_code == 409
    assert response.json()["lock_version"] == Page.objects.get(pk=page.pk).lock_version
    assert snapshot() == before


def test_scheduling_needs_edit_on_the_page(editor_api, editor, page):
    before = snapshot()

    assert schedule(editor_api, page, name="Mine").status_code == 403
    assert snapshot() == before
    PageGrant.objects.create(user=editor, page=page, edit=True)
    assert schedule(editor_api, page, name="Mine").status_code == 201


BAD_BODIES = {
    "no at": {"page": {"name": "x"}, "lock_version": 0},
    "no lock_version": {"page": {"name": "x"}, "at": "2030-01-01T00:00:00Z"},
    "no page": {"at": "2030-01-01T00:00:00Z", "lock_version": 0},
    "at as a number": {"page": {"name": "x"}, "at": 1893456000, "lock_version": 0},
    "at as words": {"page": {"name": "x"}, "at": "tomorrow", "lock_version": 0},
    "at past 9999": {"page": {"name": "x"}, "at": "9999-12-31T23:59:59-14:00", "lock_version": 0},
    "lock_version of 2^63": {"page": {"name": "x"}, "at": "2030-01-01T00:00:00Z", "lock_version": 2**63},
    "lock_version true": {"page": {"name": "x"}, "at": "2030-01-01T00:00:00Z", "lock_version": True},
    "NUL in the name": {"page": {"name": "a\x00"}, "at": "2030-01-01T00:00:00Z", "lock_version": 0},
    "HTML in a block": {"page": {"body": "<b>x</b>"}, "at": "2030-01-01T00:00:00Z", "lock_version": 0},
    "a block as an object": {"page": {"body": {"a": 1}}, "at": "2030-01-01T00:00:00Z", "lock_version": 0},
    "status as text": {"page": {"status": "2"}, "at": "2030-01-01T00:00:00Z", "lock_version": 0},
    "malformed tags": {"page": {"serialized_tags": "{"}, "at": "2030-01-01T00:00:00Z", "lock_version": 0},
    "lone surrogate": '{"page": {"name": "\\ud800"}, "at": "2030-01-01T00:00:00Z", "lock_version": 0}',
    "deep nesting": '{"page": {"body": ' + DEEP + '}, "at": "2030-01-01T00:00:00Z", "lock_version": 0}',
    "not JSON": "at=2030",
}


@pytest.mark.parametrize("case", BAD_BODIES)
def test_hostile_input_answers_4xx_and_keeps_nothing(api, page, case):
    before = snapshot()

    response = api.post(url(page), BAD_BODIES[case])

    expected = 400 if case in ("deep nesting", "not JSON") else 422
    assert response.status_code == expected, response.content[:300]
    assert snapshot() == before
    assert expected in documented_statuses("post", url(page))


@pytest.mark.parametrize("path", ["/admin/en/pages/999999/scheduled.json", "/admin/xx/pages/{id}/scheduled.json"])
def test_unknown_pages_and_locales_answer_404(api, page, path):
    path = path.format(id=page.pk)

    assert api.post(path, {"page": {"name": "x"}, "at": soon(), "lock_version": 0}).status_code == 404
    assert api.get(path).status_code == 404
    assert not ScheduledChange.objects.exists()


def test_the_list_holds_every_change_newest_first(api, page):
    first = schedule(api, page, name="First").json()
    second = schedule(api, page, name="Second", at=iso(timezone.now() - timedelta(seconds=1))).json()
    applying.apply_due()
    third = schedule(api, page, body="Third").json()

    listed = api.get(url(page)).json()

    assert [change["id"] for change in listed] == [third["id"], second["id"], first["id"]]
    assert [change["state"] for change in listed] == ["waiting", "applied", "waiting"]


def test_a_due_change_goes_live_as_a_save_by_its_author(api, page, admin_user):
    change = schedule(api, page, name="New name", at=iso(timezone.now() - timedelta(seconds=1))).json()
    version = Page.objects.get(pk=page.pk).lock_version

    assert applying.apply_due() == 1

    record = api.get(f"/admin/en/pages/{page.pk}.json").json()
    assert record["blocks"]["name"]["en"] == "New name"
    assert record["lock_version"] == version + 1
    applied = api.get(url(page)).json()[0]
    assert applied["state"] == "applied"
    assert applied["applied_at"] is not None
    revision = PageRevision.objects.get(pk=applied["revision_id"])
    assert (revision.kind, revision.user_id, revision.page_id) == ("scheduled", admin_user.pk, page.pk)
    entry = AuditEntry.objects.filter(subject="page", subject_id=page.pk).order_by("-id").first()
    assert (entry.user_id, entry.action) == (admin_user.pk, "update")
    assert applying.apply_due() == 0  # once
    assert PageRevision.objects.filter(kind="scheduled").count() == 1
    assert change["id"] == applied["id"]


def test_a_change_not_due_waits(api, page):
    schedule(api, page, name="Later", at=soon(60))

    assert applying.apply_due() == 0
    assert api.get(url(page)).json()[0]["state"] == "waiting"
    assert Page.objects.get(pk=page.pk).localizations.get(locale="en").name == "Old name"


def test_a_later_save_of_other_fields_is_not_undone(api, page):
    schedule(api, page, name="Scheduled name", at=soon(30))
    saved = api.put(f"/admin/en/pages/{page.pk}.json", {"page": sent(page.pk, body="Saved later")})
    assert saved.status_code == 200
    ScheduledChange.objects.update(at=timezone.now() - timedelta(seconds=1))

    applying.apply_due()

    record = api.get(f"/admin/en/pages/{page.pk}.json").json()
    assert record["blocks"]["name"]["en"] == "Scheduled name"
    assert record["blocks"]["body"]["en"] == "Saved later"


def test_it_applies_at_once_on_the_next_admin_read_after_its_time(api, page):
    schedule(api, page, name="Read name", at=iso(timezone.now() + timedelta(seconds=1)))
    assert api.get(f"/admin/en/pages/{page.pk}.json").json()["blocks"]["name"]["en"] == "Old name"

    time.sleep(1.1)

    assert api.get(f"/admin/en/pages/{page.pk}.json").json()["blocks"]["name"]["en"] == "Read name"


def test_it_applies_at_once_on_the_next_public_read_after_its_time(api, page, client):
    assert "Old name" in client.get("/en/old").content.decode()
    schedule(api, page, name="Public name", at=iso(timezone.now() - timedelta(seconds=1)))

    response = client.get("/en/old")

    assert "Public name" in response.content.decode()


def test_a_read_asks_the_database_nothing_while_nothing_is_due(api, page, django_assert_num_queries):
    schedule(api, page, name="Later", at=soon(60))
    with django_assert_num_queries(0):
        applying.apply_if_due()
    applying.forget_next_due()
    with django_assert_num_queries(0):
        applying.apply_if_due()


def test_a_change_whose_segment_is_now_a_siblings_fails_and_is_kept(api, make_page, page, admin_user):
    schedule(api, page, path_segment="wanted", at=soon(30))
    make_page("Sibling", path_segment="wanted")
    ScheduledChange.objects.update(at=timezone.now())
    revisions = PageRevision.objects.count()

    applying.apply_due()

    failed = api.get(url(page)).json()[0]
    assert failed["state"] == "failed"
    assert failed["errors"] == [["path_segment", "is already used by another page at the same level"]]
    assert failed["revision_id"] is None
    assert PageRevision.objects.count() == revisions
    assert Page.objects.get(pk=page.pk).localizations.get(locale="en").path_segment == "old"
    assert failed["reason"] == "Not applied: the page could not be saved with it."
    assert api.get("/admin/scheduled.json").json() == [
        {"id": failed["id"], "page_id": page.pk, "at": failed["at"], "state": "failed", "reason": failed["reason"]}
    ]


def fail_by_a_sibling(api, make_page, page) -> dict[str, Any]:
    """A change that fails when due: its segment was taken by a new sibling meanwhile."""
    change = schedule(api, page, path_segment="wanted", at=soon(30)).json()
    make_page("Sibling", path_segment="wanted")
    ScheduledChange.objects.filter(pk=change["id"]).update(at=timezone.now())
    applying.apply_due()
    return change


def test_a_change_whose_author_lost_edit_fails(editor_api, editor, page):
    grant = PageGrant.objects.create(user=editor, page=page, edit=True)
    schedule(editor_api, page, name="Mine", at=soon(30))
    grant.delete()
    ScheduledChange.objects.update(at=timezone.now())

    applying.apply_due()

    change = ScheduledChange.objects.get()
    assert change.state == "failed"
    assert change.errors[0][0] == "page"


def test_a_failure_is_worded_in_the_readers_interface_language(api, admin_user, make_page, page):
    fail_by_a_sibling(api, make_page, page)
    client = Client(HTTP_ACCEPT_LANGUAGE="nb")
    client.force_login(admin_user)

    listed = client.get(url(page)).json()

    taken = "brukes allerede av en annen side på samme nivå"
    assert listed[0]["errors"] == [["path_segment", taken]]
    assert listed[0]["reason"] == "Ikke tatt i bruk: siden kunne ikke lagres med den."
    stored = [["path_segment", {"id": str(validation.PATH_SEGMENT_TAKEN_MESSAGE)}]]
    assert ScheduledChange.objects.get().errors == stored  # untranslated


def test_cancel_a_waiting_change(api, page):
    change = schedule(api, page, name="Cancelled").json()

    assert delete(api, f"/admin/en/pages/{page.pk}/scheduled/{change['id']}.json").status_code == 204

    assert api.get(url(page)).json() == []
    ScheduledChange.objects.all().update(at=timezone.now())
    assert applying.apply_due() == 0


def test_cancel_answers_404_for_another_pages_or_an_unknown_change(api, page, make_page):
    change = schedule(api, page, name="Kept").json()
    other = make_page("Other")

    assert delete(api, f"/admin/en/pages/{other.pk}/scheduled/{change['id']}.json").status_code == 404
    assert delete(api, f"/admin/en/pages/{page.pk}/scheduled/999999.json").status_code == 404
    assert delete(api, f"/admin/xx/pages/{page.pk}/scheduled/{change['id']}.json").status_code == 404
    assert ScheduledChange.objects.count() == 1


def test_cancel_needs_edit(editor_api, api, page):
    change = schedule(api, page, name="Kept").json()

    assert delete(editor_api, f"/admin/en/pages/{page.pk}/scheduled/{change['id']}.json").status_code == 403
    assert ScheduledChange.objects.count() == 1


def test_a_change_that_went_live_cannot_be_cancelled_and_a_failed_one_can_be_dismissed(api, make_page, page):
    applied = schedule(api, page, name="Live", at=iso(timezone.now())).json()
    applying.apply_due()
    failed = fail_by_a_sibling(api, make_page, page)

    assert delete(api, f"/admin/en/pages/{page.pk}/scheduled/{applied['id']}.json").status_code == 409
    assert delete(api, f"/admin/en/pages/{page.pk}/scheduled/{failed['id']}.json").status_code == 204
    assert [change["id"] for change in api.get(url(page)).json()] == [applied["id"]]


def test_the_site_list_marks_waiting_and_failed_changes(api, page, make_page):
    other = make_page("Other", path_segment="other")
    waiting = schedule(api, other, name="Later", at=soon(60)).json()
    schedule(api, page, name="Now", at=iso(timezone.now()))
    applying.apply_due()

    marks = api.get("/admin/scheduled.json").json()

    assert marks == [
        {"id": waiting["id"], "page_id": other.pk, "at": waiting["at"], "state": "waiting", "reason": None}
    ]


def test_the_calls_need_a_login_and_the_csrf_token(api, anonymous_api, page):
    assert anonymous_api.get("/admin/scheduled.json").status_code == 401
    assert anonymous_api.get(url(page)).status_code == 401
    api.csrf = False
    assert schedule(api, page, name="x").status_code == 403
    assert not ScheduledChange.objects.exists()


def test_a_change_in_another_locale_changes_that_locale(api, page):
    body = {"page": {"name": "Nytt navn"}, "at": iso(timezone.now()), "lock_version": page.lock_version}
    response = api.post(url(page, "nb"), body)
    assert response.json()["page"] == {"name": "Nytt navn"}

    applying.apply_due()

    record = api.get(f"/admin/nb/pages/{page.pk}.json").json()
    assert record["blocks"]["name"] == {"en": "Old name", "nb": "Nytt navn"}


@pytest.mark.parametrize("sid", ["abc", "-1", str(2**63), "9" * 30])
def test_ids_that_are_not_ids_answer_404(api, page, sid):
    schedule(api, page, name="Kept")

    assert delete(api, f"/admin/en/pages/{page.pk}/scheduled/{sid}.json").status_code == 404
    assert delete(api, f"/admin/en/pages/{2**63}/scheduled/1.json").status_code == 404
    assert api.get(f"/admin/en/pages/{2**63}/scheduled.json").status_code == 404
    assert ScheduledChange.objects.count() == 1
