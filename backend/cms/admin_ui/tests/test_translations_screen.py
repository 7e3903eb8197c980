"""The translation report screen (issue 22) embeds what its schema describes, in any locale."""

import pytest

from cms.admin_ui.schemas import TranslationsScreenOut
from cms.admin_ui.tests.test_screen_schemas import embedded_json, validate
from cms.pages.saving.payload import PageChanges
from cms.pages.saving.services import page_update


@pytest.fixture
def translated(make_page, admin_user):
    about = make_page("About")
    page_update(actor=admin_user, page_id=about.pk, locale="nb", changes=PageChanges.from_payload({"name": "Om oss"}))
    make_page("Contact")
    return about


@pytest.mark.parametrize("locale", ["en", "nb", "ar"])
def test_the_report_screen_embeds_what_its_schema_describes(browser, translated, locale):
    screen = validate(TranslationsScreenOut, embedded_json(browser.get(f"/admin/{locale}/translations")))
    assert isinstance(screen, TranslationsScreenOut)
    assert screen.screen == "translations" and screen.locale == locale
    assert screen.filters.state == "outdated" and screen.filters.page == 1


def test_the_missing_list_names_the_pages_without_a_name_in_the_locale(browser, translated):
    screen = validate(TranslationsScreenOut, embedded_json(browser.get("/admin/nb/translations?state=missing")))
    assert isinstance(screen, TranslationsScreenOut)
    assert screen.filters.state == "missing"
    assert [item.name for item in screen.report.items] == ["Contact"]


@pytest.mark.parametrize("query", ["?state=nonsense", "?page=0", "?page=abc", "?page=99999999999", "?state=%00"])
def test_odd_filters_fall_back_to_the_first_page_of_outdated_pages(browser, translated, query):
    screen = validate(TranslationsScreenOut, embedded_json(browser.get(f"/admin/nb/translations{query}")))
    assert isinstance(screen, TranslationsScreenOut)
    assert screen.filters.state == "outdated"
    assert 1 <= screen.filters.page <= 1_000_000


@pytest.mark.parametrize(("language", "title"), [("en", "Body"), ("nb", "Brødtekst"), ("ar", "النص")])
def test_the_report_screen_embeds_the_templates_in_the_interface_language(browser, translated, language, title):
    response = browser.get("/admin/nb/translations", HTTP_ACCEPT_LANGUAGE=language)
    screen = validate(TranslationsScreenOut, embedded_json(response))
    assert isinstance(screen, TranslationsScreenOut)
    assert screen.interface_language == language
    titles = {block.name: block.title for template in screen.templates for block in template.blocks}
    assert titles["body"] == title
    assert browser.get("/admin/nb/templates.json", HTTP_ACCEPT_LANGUAGE=language).json() == [
        template.model_dump(mode="json", by_alias=True) for template in screen.templates
    ]


def test_an_unknown_locale_is_not_found(browser):
    assert browser.get("/admin/xx/translations").status_code == 404


def test_visitors_are_sent_to_log_in(client):
    response = client.get("/admin/nb/translations")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
