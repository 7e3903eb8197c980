"""The account page: a server-rendered page with tabs, and a password change."""

import re

from django.test import Client


def test_account_page_needs_a_login(client, db):
    assert client.get("/admin/account/").status_code == 302


def test_account_page_has_tabs_for_the_tab_switcher(client, admin_user):
    client.force_login(admin_user)
    html = client.get("/admin/account/").content.decode()
    assert '<li data-tab="profile"' in html and '<li data-tab="password"' in html
    assert 'data-tab-panel="password"' in html


def test_account_page_has_a_notifications_tab_for_the_mail_switches(client, admin_user):
    client.force_login(admin_user)
    html = client.get("/admin/account/").content.decode()
    assert '<li data-tab="notifications"' in html and 'data-tab-panel="notifications"' in html
    assert '<div id="notification-settings">' in html
    # The header keeps the counts it reads under the user's id.
    assert f'data-user-id="{admin_user.pk}"' in html


def test_password_change_keeps_the_user_signed_in(admin_user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(admin_user)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', client.get("/admin/account/").content.decode())[1]
    response = client.post(
        "/admin/account/",
        {
            "csrfmiddlewaretoken": token,
            "old_password": "secret-pass-1",
            "new_password1": "a-new-long-password",
            "new_password2": "a-new-long-password",
        },
    )
    assert response.status_code == 302
    admin_user.refresh_from_db()
    assert admin_user.check_password("a-new-long-password")
    assert client.get("/admin/en/pages").status_code == 200


def test_wrong_old_password_is_shown_on_the_password_tab(client, admin_user):
    client.force_login(admin_user)
    html = client.post(
        "/admin/account/",
        {"old_password": "nope", "new_password1": "a-new-long-password", "new_password2": "a-new-long-password"},
    ).content.decode()
    assert '<li data-tab="password" class="current">' in html
    assert "Your old password was entered incorrectly" in html
