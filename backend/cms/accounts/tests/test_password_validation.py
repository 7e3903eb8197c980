"""New passwords pass Django's full set of validators; the administrator command still works."""

import stat
from io import StringIO
from urllib.parse import urlencode

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("short-1", "This password is too short. It must contain at least 8 characters."),
        ("password123", "This password is too common."),
        ("83749201938475", "This password is entirely numeric."),
        ("admin@example.com!", "The password is too similar to the email address."),
    ],
)
def test_account_page_refuses_a_weak_new_password(client, admin_user, password, message):
    client.force_login(admin_user)
    form = {"old_password": "secret-pass-1", "new_password1": password, "new_password2": password}
    response = client.post("/admin/account/", urlencode(form), content_type="application/x-www-form-urlencoded")
    assert response.status_code == 200
    assert message in response.content.decode()
    admin_user.refresh_from_db()
    assert admin_user.check_password("secret-pass-1")


def test_ensure_admin_creates_the_administrator_with_an_owner_only_password_file(settings, tmp_path, monkeypatch, db):
    settings.VAR_DIR = tmp_path
    monkeypatch.delenv("DJANGO_SUPERUSER_USERNAME", raising=False)
    monkeypatch.delenv("DJANGO_SUPERUSER_PASSWORD", raising=False)
    call_command("ensure_admin", stdout=StringIO())
    password = (tmp_path / "admin-password").read_text()
    assert stat.S_IMODE((tmp_path / "admin-password").stat().st_mode) == 0o600
    assert get_user_model().objects.get(username="admin").check_password(password)


def test_ensure_admin_takes_the_password_from_the_environment_and_never_prints_it(monkeypatch, db, capsys):
    monkeypatch.setenv("DJANGO_SUPERUSER_USERNAME", "e2e-admin")
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "e2e-password-1")
    call_command("ensure_admin")
    out = capsys.readouterr().out
    assert "e2e-password-1" not in out  # whoever set it knows it; a terminal or a CI log need not
    assert "Admin login: e2e-admin (the password in DJANGO_SUPERUSER_PASSWORD)" in out
    assert get_user_model().objects.get(username="e2e-admin").check_password("e2e-password-1")


def test_ensure_admin_prints_the_password_it_made(settings, tmp_path, monkeypatch, db, capsys):
    settings.VAR_DIR = tmp_path
    monkeypatch.delenv("DJANGO_SUPERUSER_USERNAME", raising=False)
    monkeypatch.delenv("DJANGO_SUPERUSER_PASSWORD", raising=False)
    call_command("ensure_admin")
    password = (tmp_path / "admin-password").read_text()
    assert f"Admin login: admin / {password}" in capsys.readouterr().out
    call_command("ensure_admin")  # a later run prints the same login it made the first time
    assert f"Admin login: admin / {password}" in capsys.readouterr().out
