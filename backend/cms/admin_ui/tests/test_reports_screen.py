"""The reports screen (issue 31, item 7) embeds the reports' first page for its address."""

import pytest

from cms.admin_ui.schemas import ReportsScreenOut
from cms.admin_ui.tests.test_screen_schemas import embedded_json, validate

pytestmark = pytest.mark.django_db


def test_templates_tab(browser, make_page):
    make_page("Film", template="article", intro="https://youtu.be/1")
    screen = validate(ReportsScreenOut, embedded_json(browser.get("/admin/en/reports?template=article")))
    assert screen.filters.tab == "templates" and screen.external_content is None
    assert screen.templates_report.pages is not None and screen.templates_report.pages.total == 1


def test_external_tab(browser, make_page):
    make_page("Film", template="article", intro="https://youtu.be/1")
    screen = validate(ReportsScreenOut, embedded_json(browser.get("/admin/ar/reports?tab=external&host=youtube")))
    assert screen.external_content is not None and screen.external_content.total == 1


@pytest.mark.parametrize(
    "query", ["?tab=\x00", "?page=0", "?page=99999999999", "?host=%00", "?host=%ED%A0%80", "?template=" + "x" * 99]
)
def test_hostile_addresses_open_the_screen(browser, query):
    assert browser.get(f"/admin/en/reports{query}").status_code == 200


def test_outsiders_are_sent_to_log_in(client):
    assert client.get("/admin/en/reports").status_code == 302
