"""The Deleted pages screen: served under a locale with the first page of deletions embedded."""

import json
import re

from cms.admin_ui.schemas import DeletedPagesScreenOut
from cms.pages.trash.tests.helpers import delete


def embedded(response) -> dict:
    found = re.search(rb'<script[^>]*id="initial-data"[^>]*>(.*?)</script>', response.content, re.S)
    assert found, response.content[:500]
    return json.loads(found.group(1))


def test_the_screen_embeds_the_deletions(api, browser, make_page):
    page = make_page("Gone", path_segment="gone")
    delete(api, page)
    response = browser.get("/admin/en/deleted_pages?q=Gon&page=1")
    assert response.status_code == 200
    data = embedded(response)
    assert data["screen"] == "deleted_pages"
    assert data["deleted"]["total"] == 1
    assert data["deleted"]["pages"][0]["name"] == "Gone"
    assert data["filters"] == {"q": "Gon", "page": 1}
    DeletedPagesScreenOut.model_validate(data)


def test_hostile_addresses_still_answer_the_screen(browser):
    for query in ("?page=0", "?page=99999999999", "?q=%00", "?page=abc&q=" + "x" * 500):
        assert browser.get("/admin/en/deleted_pages" + query).status_code == 200
    assert browser.get("/admin/xx/deleted_pages").status_code == 404
