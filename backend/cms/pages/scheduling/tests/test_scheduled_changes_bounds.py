"""Scheduled changes that keep newer work and know their bounds (issue 28, items 3, 4 and 11):
a change whose field was changed after it was scheduled does not go live and says why; the
author's working copy gives up what was scheduled; caps, paged lists without payloads, a read
that applies only its page's changes; a change that could never go live is refused when
scheduled."""

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from cms.pages.models import Page, PageGrant, PageRevision, ScheduledChange, WorkingCopy
from cms.pages.scheduling import applying, listing, services
from cms.pages.scheduling.tests.test_scheduled_changes import iso, schedule, sent, soon, url

NEWER_WORK = "was changed after this change was scheduled"


@pytest.fixture
def page(make_page):
    return make_page("Old name", path_segment="old", body="Old intro", status=2)


def save(api: Any, page: Page, locale: str = "en", **changed: Any) -> Any:
    response = api.put(f"/admin/{locale}/pages/{page.pk}.json", {"page": sent(page.pk, locale=locale, **changed)})
    assert response.status_code == 200, response.content
    return response


def make_due() -> None:
    ScheduledChange.objects.update(at=timezone.now() - timedelta(seconds=1))


def read(api: Any, page: Page, locale: str = "en") -> dict[str, Any]:
    return api.get(f"/admin/{locale}/pages/{page.pk}.json").json()


# --- Item 3: newer work is never overwritten ------------------------------------------------


def test_a_change_does_not_go_live_over_a_field_saved_after_it_was_scheduled(api, page):
    change = schedule(api, page, body="Scheduled intro", at=soon(120)).json()
    save(api, page, body="Newer intro")
    revisions = PageRevision.objects.count()
    make_due()

    applying.apply_due()

    assert read(api, page)["blocks"]["body"]["en"] == "Newer intro"
    assert PageRevision.objects.count() == revisions
    listed = api.get(url(page)).json()[0]
    assert (listed["id"], listed["state"]) == (change["id"], "failed")
    assert listed["errors"] == [["body", NEWER_WORK]]
    assert listed["reason"] == str(listing.NEWER_WORK_REASON)
    mark = api.get("/admin/scheduled.json").json()[0]
    assert (mark["state"], mark["reason"]) == ("failed", str(listing.NEWER_WORK_REASON))


def test_only_the_fields_changed_meanwhile_are_named_and_nothing_of_the_change_goes_live(api, page):
    schedule(api, page, body="Scheduled intro", name="Scheduled name", at=soon(120))
    save(api, page, name="Newer name")
    make_due()

    applying.apply_due()

    record = read(api, page)
    assert (record["blocks"]["name"]["en"], record["blocks"]["body"]["en"]) == ("Newer name", "Old intro")
    assert api.get(url(page)).json()[0]["errors"] == [["name", NEWER_WORK]]


def test_a_tree_rename_without_a_version_is_newer_work_too(api, page):
    schedule(api, page, name="Scheduled name", at=soon(120))
    assert api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"name": "Renamed in the tree"}}).status_code == 200
    make_due()

    applying.apply_due()

    assert read(api, page)["blocks"]["name"]["en"] == "Renamed in the tree"
    assert ScheduledChange.objects.get().state == "failed"


def test_a_text_changed_and_changed_back_is_no_newer_work(api, page):
    schedule(api, page, body="Scheduled intro", at=soon(120))
    save(api, page, body="For a moment")
    save(api, page, body="Old intro")
    make_due()

    applying.apply_due()

    assert read(api, page)["blocks"]["body"]["en"] == "Scheduled intro"
    assert ScheduledChange.objects.get().state == "applied"


def test_the_same_field_in_another_locale_is_another_field(api, page):
    body = {"page": {"name": "Nytt navn"}, "at": soon(120), "lock_version": page.lock_version}
    response = api.post(url(page, "nb"), body)
    assert response.status_code == 201, response.content
    save(api, page, name="English name saved later")
    make_due()

    applying.apply_due()

    assert read(api, page, "nb")["blocks"]["name"] == {"en": "English name saved later", "nb": "Nytt navn"}


def test_a_chain_of_changes_to_one_field_goes_live_in_turn(api, page):
    first = schedule(api, page, body="First", at=soon(60)).json()
    second = schedule(api, page, body="Second", at=soon(120)).json()
    ScheduledChange.objects.filter(pk=first["id"]).update(at=timezone.now() - timedelta(seconds=2))
    ScheduledChange.objects.filter(pk=second["id"]).update(at=timezone.now() - timedelta(seconds=1))

    assert applying.apply_due() == 2

    assert [change["state"] for change in api.get(url(page)).json()] == ["applied", "applied"]
    assert read(api, page)["blocks"]["body"]["en"] == "Second"


def test_a_chain_broken_by_a_save_between_keeps_the_save(api, page):
    first = schedule(api, page, body="First", at=soon(60)).json()
    schedule(api, page, body="Second", at=soon(120))
    ScheduledChange.objects.filter(pk=first["id"]).update(at=timezone.now() - timedelta(seconds=1))
    applying.apply_due()
    save(api, page, body="Typed after the first went live")
    make_due()

    applying.apply_due()

    assert read(api, page)["blocks"]["body"]["en"] == "Typed after the first went live"
    assert [change["state"] for change in api.get(url(page)).json()] == ["failed", "applied"]


def test_links_and_tags_changed_meanwhile_are_newer_work(api, site):
    leaf = site["leaf"]
    schedule(api, leaf, serialized_tags='["Later"]', at=soon(120))
    save(api, leaf, serialized_tags='["Now"]')
    make_due()

    applying.apply_due()

    change = ScheduledChange.objects.get()
    assert (change.state, change.errors[0][0]) == ("failed", "serialized_tags")


# --- Item 4: scheduling takes its fields out of the working copy ------------------------------


def keep_draft(api: Any, page: Page, **fields: Any) -> None:
    response = api.put(f"/admin/en/pages/{page.pk}/draft.json", {"page": sent(page.pk, **fields)})
    assert response.status_code == 200, response.content


def test_scheduling_removes_the_scheduled_fields_from_the_working_copy(api, page):
    keep_draft(api, page, body="Scheduled intro", name="Unsaved name")

    schedule(api, page, body="Scheduled intro")

    kept = api.get(f"/admin/en/pages/{page.pk}/draft.json").json()["page"]
    assert "body" not in kept
    assert kept["name"] == "Unsaved name"


def test_a_working_copy_left_with_nothing_to_offer_is_deleted(api, page):
    keep_draft(api, page, body="Scheduled intro")

    schedule(api, page, body="Scheduled intro")

    assert api.get(f"/admin/en/pages/{page.pk}/draft.json").status_code == 404
    assert not WorkingCopy.objects.exists()


def test_a_refused_scheduling_leaves_the_working_copy_alone(api, page):
    keep_draft(api, page, name="")

    assert schedule(api, page, name="").status_code == 422

    assert api.get(f"/admin/en/pages/{page.pk}/draft.json").json()["page"]["name"] == ""


def test_another_users_working_copy_is_not_touched(api, editor, editor_api, page):
    PageGrant.objects.create(user=editor, page=page, edit=True)
    keep_draft(editor_api, page, body="Scheduled intro")

    schedule(api, page, body="Scheduled intro")

    assert editor_api.get(f"/admin/en/pages/{page.pk}/draft.json").status_code == 200


# --- Item 11: bounds ---------------------------------------------------------------------------


def test_a_page_has_at_most_so_many_changes_waiting(api, page, monkeypatch):
    monkeypatch.setattr(services, "MAX_WAITING_PER_PAGE", 2)
    assert schedule(api, page, body="One").status_code == 201
    assert schedule(api, page, body="Two").status_code == 201

    refused = schedule(api, page, body="Three")

    assert refused.status_code == 422
    assert refused.json()["errors"] == [
        [
            "page",
            "This page already has 2 changes waiting to go live, the most it may have: cancel one before scheduling"
            " another.",
        ]
    ]
    assert ScheduledChange.objects.count() == 2
    ScheduledChange.objects.update(state="applied")
    assert schedule(api, page, body="Three").status_code == 201  # only waiting ones count


def test_a_user_has_at_most_so_many_changes_waiting(api, page, make_page, monkeypatch):
    monkeypatch.setattr(services, "MAX_WAITING_PER_USER", 1)
    other = make_page("Other", path_segment="other")
    assert schedule(api, page, body="One").status_code == 201

    refused = schedule(api, other, body="Two")

    assert refused.status_code == 422
    assert "You already have 1 changes waiting" in refused.json()["errors"][0][1]


def many_changes(page: Page, user: Any, count: int) -> list[int]:
    now = timezone.now()
    rows = [
        ScheduledChange(page=page, user=user, locale="en", payload={"body": "x" * 1000, "name": f"N{n}"},
                        at=now + timedelta(hours=1), created_at=now)
        for n in range(count)
    ]  # fmt: skip
    return [change.pk for change in ScheduledChange.objects.bulk_create(rows)]


def test_the_list_is_paged_newest_first_with_a_total_and_without_payloads(api, page, admin_user):
    ids = sorted(many_changes(page, admin_user, 120), reverse=True)

    first = api.get(url(page))
    third = api.get(url(page) + "?page=3")

    assert first["X-Total-Count"] == third["X-Total-Count"] == "120"
    assert [change["id"] for change in first.json()] == ids[:50]
    assert [change["id"] for change in third.json()] == ids[100:]
    assert first.json()[0]["fields"] == ["body", "name"]
    assert "page" not in first.json()[0]
    assert api.get(url(page) + "?page=4").json() == []
    assert api.get(url(page) + "?page=0").status_code == 422


def test_one_change_answers_with_its_values(api, page):
    change = schedule(api, page, body="Later").json()

    answer = api.get(f"/admin/en/pages/{page.pk}/scheduled/{change['id']}.json")

    assert answer.status_code == 200
    assert (answer.json()["page"], answer.json()["fields"]) == ({"body": "Later"}, ["body"])
    assert api.get(f"/admin/en/pages/{page.pk}/scheduled/999999.json").status_code == 404


def test_the_site_list_is_paged_too(api, page, admin_user):
    ids = sorted(many_changes(page, admin_user, 60), reverse=True)

    first = api.get("/admin/scheduled.json")
    second = api.get("/admin/scheduled.json?page=2")

    assert first["X-Total-Count"] == "60"
    assert [mark["id"] for mark in first.json() + second.json()] == ids


def test_a_read_of_a_page_applies_only_that_pages_due_changes(api, page, make_page):
    other = make_page("Other", path_segment="other")
    schedule(api, page, body="Mine", at=soon(60))
    schedule(api, other, body="Not mine", at=soon(60))
    make_due()
    applying.note_due(timezone.now() - timedelta(seconds=1))

    assert read(api, page)["blocks"]["body"]["en"] == "Mine"

    assert list(ScheduledChange.objects.order_by("id").values_list("state", flat=True)) == ["applied", "waiting"]


def test_a_public_read_applies_at_most_a_few(api, page, admin_user, client):
    many_changes(page, admin_user, 10)
    make_due()
    applying.note_due(timezone.now() - timedelta(seconds=1))

    client.get("/en/old")

    assert ScheduledChange.objects.exclude(state="waiting").count() == applying.READ_ROUND


# --- Item 11: a change that could never go live is refused when scheduled ---------------------


@pytest.mark.parametrize(
    ("fields", "attribute"),
    [
        ({"name": ""}, "name"),
        ({"template": "no-such-template"}, "template"),
        ({"path_segment": "two words"}, "path_segment"),
    ],
)
def test_a_change_a_save_would_refuse_is_refused_when_scheduled(api, page, fields, attribute):
    revisions, version = PageRevision.objects.count(), page.lock_version

    response = schedule(api, page, at=iso(timezone.now() + timedelta(days=1)), **fields)

    assert response.status_code == 422, response.content
    assert attribute in [error[0] for error in response.json()["errors"]]
    assert not ScheduledChange.objects.exists()
    assert (PageRevision.objects.count(), Page.objects.get(pk=page.pk).lock_version) == (revisions, version)


def test_a_segment_a_sibling_holds_is_refused_when_scheduled(api, page, make_page):
    make_page("Sibling", path_segment="taken")

    response = schedule(api, page, path_segment="taken")

    assert response.status_code == 422
    assert response.json()["errors"][0][0] == "path_segment"
    assert not ScheduledChange.objects.exists()


def test_a_move_without_the_right_is_refused_when_scheduled(editor_api, editor, page, make_page):
    elsewhere = make_page("Elsewhere", path_segment="elsewhere")
    PageGrant.objects.create(user=editor, page=page, edit=True)

    response = schedule(editor_api, page, parent_page_id=elsewhere.pk)

    assert response.status_code == 403
    assert not ScheduledChange.objects.exists()
    assert Page.objects.get(pk=page.pk).parent_id is None


def test_a_move_with_the_right_is_scheduled_and_nothing_moves_yet(api, page, make_page):
    elsewhere = make_page("Elsewhere", path_segment="elsewhere")

    assert schedule(api, page, parent_page_id=elsewhere.pk).status_code == 201

    assert Page.objects.get(pk=page.pk).parent_id is None


@pytest.mark.parametrize("state", ["applied", "failed", "WAITING", "", "waiting%00"])
def test_the_list_of_one_state_takes_waiting_alone(api, page, state):
    assert api.get(url(page) + f"?state={state}").status_code == 422


def test_the_waiting_changes_are_one_page_however_many_newer_ones_went_live(api, page, admin_user):
    waiting = schedule(api, page, body="Far ahead").json()["id"]
    done = many_changes(page, admin_user, 160)
    ScheduledChange.objects.filter(pk__in=done[:100]).update(state="applied")
    ScheduledChange.objects.filter(pk__in=done[100:]).update(state="failed")

    answer = api.get(url(page) + "?state=waiting")

    assert answer.status_code == 200 and answer["X-Total-Count"] == "1"
    assert [(change["id"], change["state"]) for change in answer.json()] == [(waiting, "waiting")]
    assert api.get(url(page))["X-Total-Count"] == "161"
