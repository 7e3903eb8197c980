"""The accounts backend (cms.accounts.backends): the user and their preferences in one query,
sessions from before it still signed in, a wrong password checked once."""

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY, get_user_model
from django.contrib.auth.hashers import check_password
from django.core.exceptions import PermissionDenied
from django.test import Client

from cms.accounts import backends


def signed_in(username, password):
    client = Client()
    response = client.post("/admin/login/", {"username": username, "password": password})
    return client, response


def test_a_session_from_before_the_backend_stays_signed_in(admin_user):
    client = Client()
    client.force_login(admin_user, backend="django.contrib.auth.backends.ModelBackend")
    assert client.get("/admin/en/pages.json").status_code == 200


def test_sign_in_language_password_change_and_deactivation(admin_user):
    first, response = signed_in("admin", "secret-pass-1")
    assert response.status_code == 302
    assert first.session[BACKEND_SESSION_KEY] == "cms.accounts.backends.AccountBackend"
    second, _ = signed_in("admin", "secret-pass-1")
    assert first.post("/admin/account/", {"form": "language", "interface_language": "nb"}).status_code == 302
    for client in (first, second):  # the choice is read with the user on every request
        assert client.get("/admin/en/pages/99999.json").json()["detail"] == "Side 99999 finnes ikke."
    new = "An0ther-long-pass"
    changed = first.post(
        "/admin/account/", {"old_password": "secret-pass-1", "new_password1": new, "new_password2": new}
    )
    assert changed.status_code == 302
    assert first.get("/admin/en/pages.json").status_code == 200
    assert second.get("/admin/en/pages.json").status_code in (401, 403)  # the other session ends
    get_user_model().objects.filter(pk=admin_user.pk).update(is_active=False)
    assert first.get("/admin/en/pages.json").status_code in (401, 403)


def test_a_wrong_password_is_checked_once(admin_user, monkeypatch):
    checks = []

    def counted(*args, **kwargs):
        checks.append(1)
        return check_password(*args, **kwargs)

    monkeypatch.setattr("django.contrib.auth.base_user.check_password", counted)
    _, response = signed_in("admin", "not-the-password")
    assert response.status_code == 200  # the form again, with its error
    assert len(checks) == 1
    with pytest.raises(PermissionDenied):  # Django's authenticate() stops at this: no second check
        backends.AccountBackend().authenticate(None, username="admin", password="not-the-password")
