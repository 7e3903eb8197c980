"""Top-level path segments the website's own routes use are refused (issue 18 item 8).

`/{locale}/pages/preview` and `/{locale}/pages/{id}` are the site's: a top-level page at `pages`
would have its child `preview` answered by the preview (405). The list comes from the URL
configuration, so a route added there is reserved without touching the pages app.
"""

import pytest
from django.http import HttpResponse
from django.test import override_settings
from django.urls import path

from cms.pages.models import Page, PageLocalization
from cms.pages.saving.reserved_segments import reserved_segments
from config.urls import urlpatterns as site_urlpatterns

RESERVED = "is reserved for the website's own addresses at the top level"


def refused(response):
    assert response.status_code == 422, response.content
    return ["path_segment", RESERVED] in response.json()["errors"]


def test_the_site_routes_pages_itself():
    assert "pages" in reserved_segments()
    assert "admin" not in reserved_segments()  # /admin/… is not under a locale: /en/admin is free


def test_a_top_level_page_cannot_take_a_reserved_segment(api, make_page):
    assert refused(api.post("/admin/en/pages.json", {"page": {"name": "Pages", "path_segment": "pages"}}))
    assert not Page.objects.exists()
    page = make_page("About", path_segment="about")
    assert refused(api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"path_segment": "pages"}}))
    assert refused(api.put(f"/admin/nb/pages/{page.pk}.json", {"page": {"path_segment": "pages"}}))
    assert PageLocalization.objects.get(page=page, locale="en").path_segment == "about"


def test_the_refusal_is_worded_in_the_interface_language(api, make_page):
    api.client.defaults["HTTP_ACCEPT_LANGUAGE"] = "nb"
    response = api.post("/admin/en/pages.json", {"page": {"name": "Pages", "path_segment": "pages"}})
    assert response.status_code == 422
    [(_, message)] = [error for error in response.json()["errors"] if error[0] == "path_segment"]
    assert message != RESERVED and message


def test_a_page_below_the_top_level_may_be_called_pages(api, make_page):
    parent = make_page("Library", path_segment="library")
    response = api.post("/admin/en/pages.json", {"page": {"name": "Pages", "parent_page_id": parent.pk,
                                                          "path_segment": "pages"}})  # fmt: skip
    assert response.status_code == 201
    assert response.json()["urls"] == {"en": "/en/library/pages"}


def test_a_segment_made_from_a_name_steps_aside_at_the_top_level(api, make_page):
    response = api.post("/admin/en/pages.json", {"page": {"name": "Pages"}})
    assert response.status_code == 201
    assert response.json()["path_segment"] == "pages-2"
    parent = make_page("Library", path_segment="library")
    child = api.post("/admin/en/pages.json", {"page": {"name": "Pages", "parent_page_id": parent.pk}})
    assert child.json()["path_segment"] == "pages"


def test_a_page_called_pages_cannot_move_to_the_top_level(api, make_page):
    parent = make_page("Library", path_segment="library")
    page = make_page("Pages", parent=parent, path_segment="pages")
    response = api.put(f"/admin/en/pages/{page.pk}/move.json", {"parent_id": False, "position": 1})
    assert refused(response)
    assert Page.objects.get(pk=page.pk).parent_id == parent.pk


def search(request, locale):
    return HttpResponse("")


# The site's routes with one more under the locale, as a later issue adds `/{locale}/search`.
urlpatterns = [path("<locale:locale>/search", search), *site_urlpatterns]


@pytest.mark.parametrize("segment", ["search", "pages"])
@override_settings(ROOT_URLCONF=__name__)
def test_the_list_follows_the_url_configuration(api, segment):
    assert refused(api.post("/admin/en/pages.json", {"page": {"name": "Search", "path_segment": segment}}))
