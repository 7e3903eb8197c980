"""The interface language: the user's choice on the account page, else the browser's."""

import json
import re
from typing import get_args

from django.conf import settings

from cms.accounts.languages import set_interface_language
from cms.admin_ui.schemas import InterfaceLanguage


def screen_data(html: str) -> dict:
    return json.loads(re.search(r'<script id="initial-data" type="application/json">(.*?)</script>', html, re.S)[1])


def test_the_shipped_languages_are_the_screens_and_have_catalogues():
    assert [code for code, _name in settings.LANGUAGES] == list(get_args(InterfaceLanguage))
    for code, _name in settings.LANGUAGES:
        if code != "en":
            assert (settings.LOCALE_PATHS[0] / code / "LC_MESSAGES" / "django.mo").is_file()


def test_the_browser_language_speaks_when_the_user_chose_none(client, admin_user):
    client.force_login(admin_user)
    response = client.get("/admin/ar/pages", HTTP_ACCEPT_LANGUAGE="nb-NO,nb;q=0.9,en;q=0.5")
    html = response.content.decode()
    assert '<html lang="nb" dir="ltr">' in html
    assert "<title>Alle sider · Administrasjon</title>" in html
    assert screen_data(html)["interface_language"] == "nb"
    # The content locale stays the address's.
    assert screen_data(html)["locale"] == "ar"
    assert response["Content-Language"] == "nb"


def test_an_unknown_browser_language_falls_back_to_english(client, admin_user):
    client.force_login(admin_user)
    html = client.get("/admin/en/pages", HTTP_ACCEPT_LANGUAGE="fr-FR,de;q=0.8").content.decode()
    assert '<html lang="en" dir="ltr">' in html
    assert screen_data(html)["interface_language"] == "en"


def test_an_arabic_interface_is_right_to_left_whatever_the_content(client, admin_user):
    client.force_login(admin_user)
    html = client.get("/admin/en/pages", HTTP_ACCEPT_LANGUAGE="ar").content.decode()
    assert '<html lang="ar" dir="rtl">' in html
    assert screen_data(html)["locale"] == "en"


def test_the_choice_on_the_account_page_beats_the_browser(client, admin_user):
    client.force_login(admin_user)
    html = client.get("/admin/account/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="interface_language"' in html
    assert "The browser&#x27;s language (English)" in html
    response = client.post(
        "/admin/account/", {"form": "language", "interface_language": "ar"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 302 and response["Location"].endswith("#language")
    page = client.get("/admin/account/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="ar" dir="rtl">' in page
    assert "حُفظت لغة الواجهة." in page
    assert (
        screen_data(client.get("/admin/en/pages", HTTP_ACCEPT_LANGUAGE="en").content.decode())["interface_language"]
        == "ar"
    )
    # Back to the browser's language.
    client.post("/admin/account/", {"form": "language", "interface_language": ""})
    html = client.get("/admin/en/pages", HTTP_ACCEPT_LANGUAGE="nb").content.decode()
    assert screen_data(html)["interface_language"] == "nb"


def test_an_unknown_choice_is_refused_and_changes_nothing(client, admin_user):
    client.force_login(admin_user)
    set_interface_language(admin_user, "nb")
    response = client.post("/admin/account/", {"form": "language", "interface_language": "xx"})
    assert response.status_code == 200
    assert '<li data-tab="language" class="current">' in response.content.decode()
    assert screen_data(client.get("/admin/en/pages").content.decode())["interface_language"] == "nb"


def test_the_login_page_speaks_the_browser_language(client, db):
    html = client.get("/admin/login/", HTTP_ACCEPT_LANGUAGE="ar").content.decode()
    assert '<html lang="ar" dir="rtl">' in html
    assert "اسم المستخدم" in html and "تسجيل الدخول" in html


def test_the_public_site_is_left_to_its_content_locale(client, db):
    response = client.get("/en/", HTTP_ACCEPT_LANGUAGE="ar")
    assert response.get("Content-Language") != "ar"
