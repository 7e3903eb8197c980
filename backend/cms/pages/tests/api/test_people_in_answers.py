"""Who did something, as answers name them (issue 28 item 13): by name; another user's username
only to superusers (cms.core.people), whatever the answer — revisions, history, presence,
scheduled changes, the editor's author list."""

import json
from typing import Any

import pytest
from django.utils import timezone

from cms.pages.models import Page, PageGrant, PagePresence

REVISIONS = "/admin/en/pages/{id}/revisions.json"
HISTORY = "/admin/en/pages/{id}/history.json"
PRESENCE = "/admin/en/pages/{id}/presence.json"
SCHEDULED = "/admin/en/pages/{id}/scheduled.json"


@pytest.fixture
def page(api: Any, make_page: Any) -> Any:
    """A page the (nameless) administrator made, renamed and scheduled a change of."""
    page = make_page("Made by the admin")
    saved = api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"name": "Renamed", "lock_version": page.lock_version}})
    assert saved.status_code == 200, saved.content
    later = (timezone.now() + timezone.timedelta(days=1)).isoformat()
    body = {"page": {"name": "Tomorrow"}, "at": later, "lock_version": saved.json()["lock_version"]}
    assert api.post(SCHEDULED.format(id=page.pk), body).status_code == 201
    return page


@pytest.fixture
def granted_editor(editor: Any, editor_api: Any) -> Any:
    PageGrant.objects.create(user=editor, page=None, edit=True)
    return editor_api


def people_named(client: Any, page: Any) -> list[dict[str, Any]]:
    """Every `user` the four answers give about the page, as `client` reads them."""
    client.post(PRESENCE.format(id=page.pk), "")
    found = [entry["user"] for entry in client.get(REVISIONS.format(id=page.pk)).json()]
    found += [entry["user"] for entry in client.get(HISTORY.format(id=page.pk)).json()]
    found += [change["user"] for change in client.get(SCHEDULED.format(id=page.pk)).json()]
    found += client.post(PRESENCE.format(id=page.pk), "").json()["viewers"]
    return found


def test_an_editor_learns_no_administrators_username(api, admin_user, granted_editor, page):
    api.post(PRESENCE.format(id=page.pk), "")  # the administrator has the page open

    people = people_named(granted_editor, page)

    admins = [person for person in people if person["id"] == admin_user.pk]
    assert len(admins) >= 4  # a revision, a history entry, the scheduled change, the presence
    assert all(person == {"id": admin_user.pk, "username": "", "name": f"User {admin_user.pk}"} for person in admins)
    assert "admin" not in json.dumps(people)


def test_a_superuser_reads_usernames(api, admin_user, granted_editor, editor, page):
    granted_editor.post(PRESENCE.format(id=page.pk), "")  # the editor has it open

    people = people_named(api, page)

    assert {"id": admin_user.pk, "username": "admin", "name": "admin"} in people
    assert {"id": editor.pk, "username": "editor", "name": "editor"} in people


def test_a_named_user_is_named_and_ones_own_username_is_shown(api, admin_user, granted_editor, editor, page):
    admin_user.first_name, admin_user.last_name = "Ada", "Admin"
    admin_user.save()
    page.refresh_from_db()
    saved = granted_editor.put(
        f"/admin/en/pages/{page.pk}.json", {"page": {"name": "By the editor", "lock_version": page.lock_version}}
    )
    assert saved.status_code == 200, saved.content

    people = people_named(granted_editor, page)

    assert {"id": admin_user.pk, "username": "", "name": "Ada Admin"} in people
    assert {"id": editor.pk, "username": "editor", "name": "editor"} in people


def test_the_editors_author_list_names_no_administrators_username(browser, admin_user, editor, page):
    from django.test import Client

    from cms.admin_ui.tests.test_screen_schemas import embedded_json

    PageGrant.objects.create(user=editor, page=None, edit=True)
    editor_browser = Client()
    editor_browser.force_login(editor)

    def authors(client: Client) -> list[dict[str, Any]]:
        return json.loads(embedded_json(client.get(f"/admin/en/pages/{page.pk}/edit")))["authors"]

    assert {"id": admin_user.pk, "name": f"User {admin_user.pk}"} in authors(editor_browser)
    assert {"id": admin_user.pk, "name": "admin"} in authors(browser)


def test_presence_needs_edit_on_the_page_and_keeps_nothing_without_it(api, editor, editor_api, make_page):
    open_to_the_editor, closed = make_page("Granted"), make_page("Not granted")
    PageGrant.objects.create(user=editor, page=open_to_the_editor, edit=True)
    api.post(PRESENCE.format(id=closed.pk), "")

    refused = editor_api.post(PRESENCE.format(id=closed.pk), "")
    assert refused.status_code == 403
    assert "detail" in refused.json()  # who has it open is not told either
    assert not PagePresence.objects.filter(user=editor).exists()
    assert editor_api.client.delete(PRESENCE.format(id=closed.pk), headers=editor_api._headers()).status_code == 403

    assert editor_api.post(PRESENCE.format(id=open_to_the_editor.pk), "").status_code == 200
    assert PagePresence.objects.filter(user=editor, page=open_to_the_editor).exists()


def test_the_users_a_history_entry_mentions_are_named_without_usernames(api, admin_user, granted_editor, editor, page):
    editor.first_name = "Eda"
    editor.save()
    page.refresh_from_db()
    moved = api.put(
        f"/admin/en/pages/{page.pk}.json", {"page": {"user_id": editor.pk, "lock_version": page.lock_version}}
    )
    assert moved.status_code == 200, moved.content

    history = granted_editor.get(HISTORY.format(id=page.pk)).json()

    changed_author = next(entry for entry in history if "user_id" in entry["details"].get("fields", []))
    assert changed_author["names"]["user"] == {str(editor.pk): "Eda"}  # the nameless admin is left out
    assert '"admin"' not in json.dumps(history)


def test_a_restore_names_the_versions_nameless_author_by_number_to_an_editor(api, admin_user, granted_editor, page):
    # The administrator (no name) saved the version the editor restores: the restore's summary
    # and its `restored` record name the version's author, and must not give the username.
    first = Page.objects.get(pk=page.pk).revisions.order_by("id").first()
    version = Page.objects.get(pk=page.pk).lock_version
    restored = granted_editor.post(
        f"/admin/en/pages/{page.pk}/revisions/{first.pk}/restore.json", {"lock_version": version}
    )
    assert restored.status_code == 200, restored.content

    newest = granted_editor.get(REVISIONS.format(id=page.pk)).json()[0]

    assert newest["kind"] == "restore"
    assert newest["restored"]["name"] == f"User {admin_user.pk}"
    assert f"User {admin_user.pk}" in newest["summary"]
    assert "admin" not in newest["summary"] + newest["restored"]["name"]
    # A superuser may know the username (the one rule of cms.core.people).
    read_by_admin = api.get(REVISIONS.format(id=page.pk)).json()[0]
    assert read_by_admin["restored"]["name"] == "admin" and "by admin" in read_by_admin["summary"]
