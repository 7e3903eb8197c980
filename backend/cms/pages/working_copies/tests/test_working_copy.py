"""The working copy (issue 20, item 5): a user's unsaved edits, kept as they type, never live and
never anyone else's; a save by that user discards it. And who else has a page open."""

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from cms.pages.models import Page, PageGrant, PagePresence, PageRevision, WorkingCopy
from cms.pages.tests.api.test_hostile_input import DEEP, documented_statuses

DRAFT = "/admin/{locale}/pages/{id}/draft.json"
PRESENCE = "/admin/{locale}/pages/{id}/presence.json"


def delete(client: Any, path: str) -> Any:
    return client.client.delete(path, headers=client._headers())


def draft_url(page: Page, locale: str = "en") -> str:
    return DRAFT.format(locale=locale, id=page.pk)


@pytest.fixture
def page(make_page):
    return make_page("Stored name", path_segment="stored", body="Stored body")


@pytest.fixture
def granted_editor(editor, editor_api):
    """The editor, with `edit` everywhere."""
    PageGrant.objects.create(user=editor, page=None, edit=True)
    return editor_api


def test_a_working_copy_is_kept_and_answered_as_sent(api, page):
    sent = {"name": "Typed name", "body": "Half a sentence", "lock_version": page.lock_version, "status": 2}

    response = api.put(draft_url(page), {"page": sent})

    assert response.status_code == 200, response.content
    assert response.json()["page"] == sent
    saved_at = response.json()["saved_at"]
    answer = api.get(draft_url(page))
    assert answer.status_code == 200
    assert answer.json() == {"page": sent, "saved_at": saved_at}


def test_a_working_copy_is_never_live_and_adds_no_revision(api, page, client):
    revisions = PageRevision.objects.filter(page=page).count()
    stored = Page.objects.get(pk=page.pk).lock_version

    api.put(draft_url(page), {"page": {"name": "Typed name", "body": "Unsaved body"}})

    assert PageRevision.objects.filter(page=page).count() == revisions
    record = api.get(f"/admin/en/pages/{page.pk}.json").json()
    assert record["blocks"]["name"]["en"] == "Stored name"
    assert record["lock_version"] == stored
    assert "Unsaved body" not in str(record)


def test_a_second_put_replaces_the_first(api, page):
    api.put(draft_url(page), {"page": {"body": "first"}})
    api.put(draft_url(page), {"page": {"name": "second"}})

    assert api.get(draft_url(page)).json()["page"] == {"name": "second"}
    assert WorkingCopy.objects.count() == 1


def test_one_working_copy_per_locale(api, page):
    api.put(draft_url(page, "en"), {"page": {"body": "English"}})
    api.put(draft_url(page, "nb"), {"page": {"body": "Norsk"}})

    assert api.get(draft_url(page, "en")).json()["page"] == {"body": "English"}
    assert api.get(draft_url(page, "nb")).json()["page"] == {"body": "Norsk"}
    assert api.get(draft_url(page, "ar")).status_code == 404


def test_another_users_working_copy_is_never_seen_nor_overwritten(api, granted_editor, page):
    api.put(draft_url(page), {"page": {"body": "the administrator's"}})

    assert granted_editor.get(draft_url(page)).status_code == 404
    assert granted_editor.put(draft_url(page), {"page": {"body": "the editor's"}}).status_code == 200

    assert api.get(draft_url(page)).json()["page"] == {"body": "the administrator's"}
    assert granted_editor.get(draft_url(page)).json()["page"] == {"body": "the editor's"}
    delete(granted_editor, draft_url(page))
    assert api.get(draft_url(page)).status_code == 200


def test_keeping_one_needs_edit_on_the_page(editor_api, editor, page, make_page):
    response = editor_api.put(draft_url(page), {"page": {"body": "mine"}})

    assert response.status_code == 403
    assert not WorkingCopy.objects.exists()
    PageGrant.objects.create(user=editor, page=page, edit=True)
    assert editor_api.put(draft_url(page), {"page": {"body": "mine"}}).status_code == 200
    elsewhere = make_page("Elsewhere")
    assert editor_api.put(draft_url(elsewhere), {"page": {"body": "mine"}}).status_code == 403


def test_a_save_by_that_user_discards_it(api, page):
    api.put(draft_url(page), {"page": {"body": "typed"}})

    saved = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"body": "saved", "lock_version": page.lock_version}})

    assert saved.status_code == 200
    assert api.get(draft_url(page)).status_code == 404
    assert not WorkingCopy.objects.exists()


def test_a_save_by_someone_else_keeps_it(api, granted_editor, page):
    api.put(draft_url(page), {"page": {"body": "typed"}})

    assert granted_editor.put(f"/admin/en/pages/{page.pk}.json", {"page": {"body": "theirs"}}).status_code == 200

    assert api.get(draft_url(page)).json()["page"] == {"body": "typed"}


def test_a_working_copy_kept_after_a_save_stays(api, page):
    api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"body": "saved"}})
    api.put(draft_url(page), {"page": {"body": "typed after the save"}})

    assert api.get(draft_url(page)).json()["page"] == {"body": "typed after the save"}


def test_a_refused_save_keeps_it(api, page):
    api.put(draft_url(page), {"page": {"body": "typed"}})

    refused = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"name": "", "lock_version": page.lock_version}})

    assert refused.status_code == 422
    assert api.get(draft_url(page)).status_code == 200


def test_delete_discards_it(api, page):
    api.put(draft_url(page), {"page": {"body": "typed"}})

    assert delete(api, draft_url(page)).status_code == 204
    assert api.get(draft_url(page)).status_code == 404
    assert delete(api, draft_url(page)).status_code == 204  # none is fine


def test_fields_no_template_has_are_dropped(api, page):
    response = api.put(draft_url(page), {"page": {"body": "kept", "not_a_block": {"deep": [1]}}})

    assert response.json()["page"] == {"body": "kept"}


def test_a_save_rule_that_needs_the_database_does_not_refuse_work_in_progress(api, make_page, page):
    make_page("Sibling", path_segment="taken")

    response = api.put(draft_url(page), {"page": {"name": "", "path_segment": "taken", "body": "<b>bold</b>"}})

    assert response.status_code == 200


@pytest.mark.parametrize(
    "sent",
    [
        {"name": "a\x00b"},
        {"body": "text\x00"},
        {"path_segment": "a\x00"},
        {"redirect_to": "/\x00"},
        {"serialized_tags": '["a\\u0000"]'},
        {"serialized_tags": "not json"},
        {"body": {"nested": "object"}},
        {"body": ["a list"]},
        {"body": 12},
        {"body": "x" * 200_001},
        {"status": "2"},
        {"status": 2**63},
        {"user_id": True},
        {"published_at": 253402300800},
        {"published_at": "9999-12-31T23:59:59-14:00"},
        {"page_images_attributes": {"image_id": 1}},
        {"page_images_attributes": [{"image_id": 2**63}]},
    ],
    ids=lambda sent: repr(sent)[:60],
)
def test_hostile_input_answers_422_and_keeps_nothing(api, page, sent):
    response = api.put(draft_url(page), {"page": sent})

    assert response.status_code == 422, response.content
    assert response.json()["errors"]
    assert not WorkingCopy.objects.exists()
    assert 422 in documented_statuses("put", draft_url(page))


@pytest.mark.parametrize(
    "body, status",
    [
        ('{"page": {"name": "a\\ud800"}}', 422),
        ('{"page": {"body": "\\udfff"}}', 422),
        ('{"page": {"body": ' + DEEP + "}}", 400),
        ("not json", 400),
        ('{"page": "text"}', 422),
        ("[]", 422),
    ],
    ids=["surrogate name", "surrogate block", "deep nesting", "not json", "page as text", "a list"],
)
def test_unreadable_bodies_answer_4xx_and_keep_nothing(api, page, body, status):
    response = api.put(draft_url(page), body)

    assert response.status_code == status, response.content[:300]
    assert not WorkingCopy.objects.exists()
    assert status in documented_statuses("put", draft_url(page))


@pytest.mark.parametrize(
    "path",
    [
        "/admin/en/pages/999999/draft.json",
        "/admin/xx/pages/{id}/draft.json",
        f"/admin/en/pages/{2**63}/draft.json",
        "/admin/en/pages/abc/draft.json",
    ],
)
def test_unknown_pages_and_locales_answer_404(api, page, path):
    path = path.format(id=page.pk)

    assert api.put(path, {"page": {"body": "x"}}).status_code == 404
    assert api.get(path).status_code == 404
    assert not WorkingCopy.objects.exists()


def test_a_write_without_the_csrf_token_or_a_login_is_refused(api, anonymous_api, page):
    api.csrf = False
    assert api.put(draft_url(page), {"page": {"body": "x"}}).status_code == 403
    assert anonymous_api.put(draft_url(page), {"page": {"body": "x"}}).status_code in (401, 403)
    assert anonymous_api.get(draft_url(page)).status_code == 401
    assert not WorkingCopy.objects.exists()


# Presence


def presence_url(page: Page, locale: str = "en") -> str:
    return PRESENCE.format(locale=locale, id=page.pk)


def test_presence_names_the_others_not_oneself(api, granted_editor, admin_user, editor, page):
    editor.first_name = "Eda"
    editor.save()

    assert api.post(presence_url(page), "").json() == {"viewers": []}
    others = granted_editor.post(presence_url(page, "nb"), "").json()["viewers"]
    # An editor is not told an administrator's username (cms.core.people); a superuser is.
    assert others == [{"id": admin_user.pk, "username": "", "name": f"User {admin_user.pk}"}]
    eda = {"id": editor.pk, "username": "editor", "name": "Eda"}
    assert api.post(presence_url(page), "").json()["viewers"] == [eda]


def test_presence_lasts_15_seconds(api, granted_editor, page):
    granted_editor.post(presence_url(page), "")
    PagePresence.objects.update(seen_at=timezone.now() - timedelta(seconds=16))

    assert api.post(presence_url(page), "").json()["viewers"] == []


def test_leaving_ends_presence_at_once(api, granted_editor, page):
    granted_editor.post(presence_url(page), "")

    assert delete(granted_editor, presence_url(page)).status_code == 204

    assert api.post(presence_url(page), "").json()["viewers"] == []


def test_presence_is_per_page(api, granted_editor, page, make_page):
    granted_editor.post(presence_url(make_page("Another")), "")

    assert api.post(presence_url(page), "").json()["viewers"] == []


def test_presence_of_an_unknown_page_or_locale_answers_404(api, page):
    assert api.post("/admin/en/pages/999999/presence.json", "").status_code == 404
    assert api.post(f"/admin/xx/pages/{page.pk}/presence.json", "").status_code == 404
    assert not PagePresence.objects.exists()


def test_a_scheduled_change_going_live_keeps_its_authors_working_copy(api, page):
    from cms.pages.scheduling import applying

    body = {"page": {"name": "Scheduled"}, "at": timezone.now().isoformat(), "lock_version": page.lock_version}
    assert api.post(f"/admin/en/pages/{page.pk}/scheduled.json", body).status_code == 201
    api.put(draft_url(page), {"page": {"body": "typed meanwhile"}})

    assert applying.apply_due() == 1
    applying.forget_next_due()

    assert PageRevision.objects.filter(page=page, kind="scheduled").exists()
    assert api.get(draft_url(page)).json()["page"] == {"body": "typed meanwhile"}
