"""The people screens (users, grants, log): a login, an administrator, and the data embedded in
the shape its schema (and so the frontend's type) describes."""

import json
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from cms.accounts.users import user_create
from cms.admin_ui.schemas import AuditLogScreenOut, GrantsScreenOut, PageEditorScreenOut, UsersScreenOut
from cms.admin_ui.tests.test_screen_schemas import embedded_json, validate
from cms.audit.models import AuditEntry
from cms.pages.grants.services import grants_change
from cms.pages.models import Status
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_update

SCREENS = ["/admin/users", "/admin/grants", "/admin/log"]


@pytest.fixture
def editor(admin_user):
    fields = {"username": "kari", "password": "kari-secret-9", "name": "Kari Nordmann", "email": "kari@example.com"}
    return user_create(actor=admin_user, fields=fields)


@pytest.mark.parametrize("path", SCREENS)
def test_the_people_screens_redirect_to_the_login_form_without_a_login(client, db, path):
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"].startswith(f"/admin/login/?next={path}")


@pytest.mark.parametrize("path", SCREENS)
def test_an_editor_who_is_not_an_administrator_is_refused_the_people_screens(client, editor, path):
    client.force_login(editor)
    response = client.get(path)
    assert response.status_code == 403
    assert b"Only administrators can open this screen." in response.content


@pytest.mark.parametrize("path", SCREENS)
def test_a_signed_in_user_who_is_not_staff_is_refused_the_people_screens(client, db, path):
    client.force_login(get_user_model().objects.create_user("visitor", password="visitor-pass-1"))
    response = client.get(path)
    assert response.status_code == 403
    assert b"does not have access to the back office" in response.content


def test_the_users_screen_embeds_every_user(browser, admin_user, editor):
    screen = validate(UsersScreenOut, embedded_json(browser.get("/admin/users")))
    assert isinstance(screen, UsersScreenOut)
    assert screen.screen == "users" and screen.locale == "en"
    assert screen.user.is_superuser is True
    assert [(user.username, user.name, user.is_superuser) for user in screen.users] == [
        ("admin", "", True),
        ("kari", "Kari Nordmann", False),
    ]


def test_the_users_screen_names_pages_in_the_locale_of_the_address(browser, editor):
    assert validate(UsersScreenOut, embedded_json(browser.get("/admin/users?locale=nb"))).locale == "nb"
    assert validate(UsersScreenOut, embedded_json(browser.get("/admin/users?locale=xx"))).locale == "en"


def test_the_grants_screen_embeds_the_chosen_users_grants_and_the_top_level(browser, admin_user, editor, make_page):
    about = make_page("About", path_segment="about")
    staff = make_page("Staff", parent=about)
    make_page("Gone", status=Status.DELETED)
    ids = f"{staff.pk},root"
    grants_change(actor=admin_user, user_id=editor.pk, page_ids=ids, permissions=["edit"], action="grant")
    screen = validate(GrantsScreenOut, embedded_json(browser.get(f"/admin/grants?user={editor.pk}")))
    assert isinstance(screen, GrantsScreenOut)
    assert screen.user_id == editor.pk
    assert [grant.model_dump() for grant in screen.grants] == [
        {"page_id": None, "permissions": ["edit"]},
        {"page_id": staff.pk, "permissions": ["edit"]},
    ]
    # Only the top level, deleted pages left out: children are read as nodes open.
    assert [(page.id, page.child_count) for page in screen.pages] == [(about.pk, 1)]


@pytest.mark.parametrize("user", ["", "abc", "0", "999999"])
def test_the_grants_screen_chooses_nobody_for_an_unknown_user(browser, editor, user):
    screen = validate(GrantsScreenOut, embedded_json(browser.get(f"/admin/grants?user={user}")))
    assert isinstance(screen, GrantsScreenOut)
    assert screen.user_id is None and screen.grants == []
    assert {user.username for user in screen.users} == {"admin", "kari"}


def test_the_log_screen_embeds_the_first_page_of_the_whole_log(browser, admin_user, editor, make_page):
    page = make_page("About")
    page_update(actor=admin_user, page_id=page.pk, locale="en", changes=PageChanges.from_payload({"name": "About us"}))
    screen = validate(AuditLogScreenOut, embedded_json(browser.get("/admin/log")))
    assert isinstance(screen, AuditLogScreenOut)
    assert screen.filters.model_dump() == {"user_id": None, "action": None, "since": None, "until": None, "page": 1}
    assert [(entry.action, entry.subject) for entry in screen.log.entries] == [
        ("update", "page"),
        ("create", "page"),
        ("create", "user"),
    ]
    assert screen.log.total == 3


def test_the_log_screen_filters_by_the_address(browser, admin_user, editor, make_page):
    page = make_page("About")
    page_update(actor=admin_user, page_id=page.pk, locale="en", changes=PageChanges.from_payload({"name": "About us"}))
    old = AuditEntry.objects.get(action="create", subject="user")
    old.at = timezone.now() - timedelta(days=10)
    old.save()
    today = timezone.localdate().isoformat()
    query = f"?user={admin_user.pk}&action=update&since={today}&until={today}"
    screen = validate(AuditLogScreenOut, embedded_json(browser.get(f"/admin/log{query}")))
    assert isinstance(screen, AuditLogScreenOut)
    assert screen.filters.action == "update" and str(screen.filters.since) == today
    assert [(entry.action, entry.subject_id) for entry in screen.log.entries] == [("update", page.pk)]
    earlier = (timezone.localdate() - timedelta(days=1)).isoformat()
    screen = validate(AuditLogScreenOut, embedded_json(browser.get(f"/admin/log?until={earlier}")))
    assert isinstance(screen, AuditLogScreenOut)
    assert [(entry.action, entry.subject) for entry in screen.log.entries] == [("create", "user")]


@pytest.mark.parametrize("query", ["?action=explode", "?since=2024-13-45", "?until=yesterday", "?page=-3", "?user=x"])
def test_the_log_screen_ignores_filters_it_cannot_read(browser, admin_user, query):
    screen = validate(AuditLogScreenOut, embedded_json(browser.get(f"/admin/log{query}")))
    assert isinstance(screen, AuditLogScreenOut)
    assert screen.filters.model_dump() == {"user_id": None, "action": None, "since": None, "until": None, "page": 1}


def test_every_screen_tells_the_header_whether_the_user_is_an_administrator(client, editor, make_page):
    grants_change(actor=get_user_model().objects.get(username="admin"), user_id=editor.pk, page_ids="root",
                  permissions=["edit", "create"], action="grant")  # fmt: skip
    client.force_login(editor)
    screen = validate(PageEditorScreenOut, embedded_json(client.get("/admin/en/pages/new")))
    assert isinstance(screen, PageEditorScreenOut)
    assert screen.user.is_superuser is False


def test_the_editor_lists_active_authors_and_the_pages_own_deactivated_one(browser, admin_user, editor, make_page):
    other = user_create(actor=admin_user, fields={"username": "ola", "password": "ola-secret-99", "name": "Ola"})
    page = make_page("About")
    page_update(
        actor=admin_user, page_id=page.pk, locale="en", changes=PageChanges.from_payload({"user_id": editor.pk})
    )
    editor.is_active = False
    editor.save()
    screen = validate(PageEditorScreenOut, embedded_json(browser.get(f"/admin/en/pages/{page.pk}/edit")))
    assert isinstance(screen, PageEditorScreenOut)
    assert [author.name for author in screen.authors] == ["admin", "Ola", "Kari Nordmann (deactivated)"]
    screen = validate(PageEditorScreenOut, embedded_json(browser.get("/admin/en/pages/new")))
    assert isinstance(screen, PageEditorScreenOut)
    assert [author.id for author in screen.authors] == [admin_user.pk, other.pk]


def test_the_tree_offers_top_level_pages_only_with_create_on_the_root(client, admin_user, editor, make_page):
    about = make_page("About")
    client.force_login(editor)
    grants_change(actor=admin_user, user_id=editor.pk, page_ids=str(about.pk), permissions=["create"], action="grant")
    assert _tree_data(client)["permissions"] == []
    grants_change(actor=admin_user, user_id=editor.pk, page_ids="root", permissions=["create"], action="grant")
    assert _tree_data(client)["permissions"] == ["create"]


def _tree_data(client: Client) -> dict:
    return json.loads(embedded_json(client.get("/admin/en/pages")))
