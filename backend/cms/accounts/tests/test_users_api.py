"""People (issue 13): administrators add and change editors; editors may only look."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_create

User = get_user_model()
NEW = {"username": "nora", "password": "a-long-Passphrase-9", "name": "Nora Nilsen", "email": "nora@example.com"}


def test_an_administrator_adds_an_editor_who_can_then_log_in(api):
    answer = api.post("/admin/users.json", {"user": NEW})
    assert answer.status_code == 201, answer.content
    created = answer.json()
    assert {k: created[k] for k in ("username", "name", "email", "is_active", "is_superuser")} == {
        "username": "nora", "name": "Nora Nilsen", "email": "nora@example.com",
        "is_active": True, "is_superuser": False,
    }  # fmt: skip
    user = User.objects.get(pk=created["id"])
    assert user.is_staff and user.check_password(NEW["password"])
    assert created in api.get("/admin/users.json").json()
    assert Client().login(username="nora", password=NEW["password"])


def test_editors_may_not_list_add_or_change_users(api, editor_api, admin_user):
    assert editor_api.get("/admin/users.json").status_code == 403  # emails and roles are not theirs to read
    assert editor_api.post("/admin/users.json", {"user": NEW}).status_code == 403
    assert editor_api.put(f"/admin/users/{admin_user.pk}.json", {"user": {"name": "Mallory"}}).status_code == 403
    assert not User.objects.filter(username="nora").exists()
    assert User.objects.get(pk=admin_user.pk).get_full_name() == ""


@pytest.mark.parametrize(
    ("changes", "attribute"),
    [
        ({"password": "password"}, "password"),  # common
        ({"password": "nora"}, "password"),  # too short
        ({"password": ""}, "password"),
        ({"username": ""}, "username"),
        ({"username": "no spaces"}, "username"),
        ({"username": "ADMIN"}, "username"),  # taken, whatever the case
        ({"username": "n\x00"}, "username"),
        ({"name": "\ud800"}, "name"),
        ({"name": "x" * 151}, "name"),
        ({"email": "not an address"}, "email"),
        ({"is_superuser": "yes please"}, "is_superuser"),
    ],
)
def test_careless_new_users_are_refused_and_nothing_is_stored(changes, attribute, api):
    count = User.objects.count()
    answer = api.post("/admin/users.json", {"user": {**NEW, **changes}})
    assert answer.status_code == 422, answer.content
    assert attribute in [error[0] for error in answer.json()["errors"]]
    assert User.objects.count() == count


def test_deactivating_keeps_what_the_user_wrote_and_ends_their_access(api, admin_user):
    editor = User.objects.create_user("editor", password="editor-pass-1", is_staff=True, is_superuser=True)
    page = page_create(actor=editor, locale="en", changes=PageChanges.from_payload({"name": "Written by the editor"}))
    client = Client()
    client.force_login(editor)
    answer = api.put(f"/admin/users/{editor.pk}.json", {"user": {"is_active": False}})
    assert answer.status_code == 200 and answer.json()["is_active"] is False
    assert client.get("/admin/en/pages.json").status_code in (401, 403)
    page.refresh_from_db()
    assert page.user_id == editor.pk


def test_changing_name_email_password_and_role(api):
    user = User.objects.create_user("editor", password="editor-pass-1", is_staff=True)
    changes = {
        "name": "Eva Editor",
        "email": "eva@example.com",
        "password": "another-Passphrase-7",
        "is_superuser": True,
    }
    answer = api.put(f"/admin/users/{user.pk}.json", {"user": changes})
    assert answer.status_code == 200, answer.content
    user.refresh_from_db()
    assert (user.get_full_name(), user.email, user.is_superuser) == ("Eva Editor", "eva@example.com", True)
    assert user.check_password("another-Passphrase-7")


def test_nobody_locks_themselves_out(api, admin_user):
    for change in ({"is_active": False}, {"is_superuser": False}):
        assert api.put(f"/admin/users/{admin_user.pk}.json", {"user": change}).status_code == 422
    admin_user.refresh_from_db()
    assert admin_user.is_active and admin_user.is_superuser


def test_unknown_users_are_not_found(api):
    assert api.put("/admin/users/987654.json", {"user": {"name": "X"}}).status_code == 404


def test_an_administrator_changing_their_own_password_stays_signed_in(api, admin_user):
    answer = api.put(f"/admin/users/{admin_user.pk}.json", {"user": {"password": "a-fresh-Passphrase-3"}})
    assert answer.status_code == 200
    assert api.get("/admin/users.json").status_code == 200


@pytest.mark.parametrize(
    "engine", ["django.contrib.sessions.backends.db", "django.contrib.sessions.backends.cached_db"]
)
def test_deactivating_ends_the_users_sessions_for_good(api, settings, engine):
    """Issue 18 item 4: a session signed in before deactivation stays signed out after the user is
    reactivated (the database and the cache in front of it both forget it); others' stay."""
    settings.SESSION_ENGINE = engine
    editor = User.objects.create_user("editor", password="editor-pass-1", is_staff=True)
    other = User.objects.create_user("other", password="other-pass-1", is_staff=True)
    sessions = []
    for username, password in (("editor", "editor-pass-1"), ("editor", "editor-pass-1"), ("other", "other-pass-1")):
        client = Client()
        assert client.post("/admin/login/", {"username": username, "password": password}).status_code == 302
        assert client.get("/admin/en/pages.json").status_code == 200  # read once: cached_db caches it
        sessions.append(client)
    first, second, bystander = sessions
    assert api.put(f"/admin/users/{editor.pk}.json", {"user": {"is_active": False}}).status_code == 200
    assert api.put(f"/admin/users/{editor.pk}.json", {"user": {"is_active": True}}).status_code == 200
    for client in (first, second):
        assert client.get("/admin/en/pages.json").status_code in (401, 403)
        assert not client.session.get("_auth_user_id")
    assert bystander.get("/admin/en/pages.json").status_code == 200
    assert api.get("/admin/users.json").status_code == 200  # the administrator's own session is kept
    again = Client()
    assert again.post("/admin/login/", {"username": "editor", "password": "editor-pass-1"}).status_code == 302
    assert again.get("/admin/en/pages.json").status_code == 200
    assert other.is_active
