"""Permalinks as pages_core writes them (issue 31, item 2; DESIGN §3 "Page addresses pages_core
users know"): `/{locale}/pages/{id}` and `/{locale}/pages/{id}-{anything}` redirect (301) to the
page's address, whatever the slug; a page visitors can't reach is not found (cms.pages.visibility),
exactly as at its own address. `/admin/{locale}/pages/{id}` leads to the page's editor."""

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from cms.pages.models import Status

LOCALES = {"en": "/en/about", "nb": "/nb/om", "ar": "/ar/عن"}


@pytest.fixture
def about(published: Any, translate: Any) -> Any:
    page = published("About", path_segment="about")
    translate(page, "nb", name="Om", path_segment="om")
    translate(page, "ar", name="عن", path_segment="عن")
    return page


def location(response: Any) -> str:
    from urllib.parse import unquote

    return unquote(response["Location"])


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("tail", ["", "-about", "-an-old-name", "-om", "-%C3%A6%C3%B8", "-1", "-x.html", "-"])
def test_a_permalink_redirects_permanently_to_the_address_in_each_locale(visitor, about, locale, tail):
    response = visitor.get(f"/{locale}/pages/{about.pk}{tail}")
    if tail == "-":  # `{id}-` names no slug: not a permalink, and no page has that address
        assert response.status_code == 404
        return
    assert response.status_code == 301
    assert location(response) == LOCALES[locale]
    assert response["Cache-Control"] == "no-cache"  # the address changes with a rename: asked again


def test_a_permalink_follows_a_rename(visitor, about, translate):
    translate(about, "en", name="About us", path_segment="about-us")
    response = visitor.get(f"/en/pages/{about.pk}-about")
    assert (response.status_code, response["Location"]) == (301, "/en/about-us")
    assert visitor.get("/en/about", follow=True).redirect_chain[-1] == ("/en/about-us", 301)


def test_a_permalink_of_a_child_goes_to_its_full_address(visitor, about, published):
    child = published("Team", path_segment="team", parent=about)
    assert visitor.get(f"/en/pages/{child.pk}-team")["Location"] == "/en/about/team"


def test_head_is_answered_and_other_methods_are_not(visitor, about):
    assert visitor.head(f"/en/pages/{about.pk}").status_code == 301
    assert visitor.post(f"/en/pages/{about.pk}-about").status_code == 405


def test_a_hidden_page_is_reachable_by_its_permalink(visitor, about, translate):
    translate(about, "en", status=Status.HIDDEN)
    assert visitor.get(f"/en/pages/{about.pk}")["Location"] == "/en/about"


@pytest.mark.parametrize(
    "change",
    [
        {"status": Status.DELETED},
        {"status": Status.DRAFT},
        {"status": Status.REVIEWED},
        {"published_at": (timezone.now() + timedelta(days=1)).isoformat()},
    ],
    ids=["deleted", "draft", "reviewed", "due-later"],
)
@pytest.mark.parametrize("tail", ["", "-about"])
def test_a_page_visitors_cant_reach_is_not_found(visitor, about, translate, change, tail):
    translate(about, "en", **change)
    assert visitor.get("/en/about").status_code == 404  # as at its address …
    response = visitor.get(f"/en/pages/{about.pk}{tail}")
    assert response.status_code == 404  # … so the permalink tells nothing more
    assert "Location" not in response
    assert response["Cache-Control"] == "no-cache"


@pytest.mark.parametrize("status", [Status.DRAFT, Status.DELETED])
def test_a_page_under_one_visitors_cant_reach_is_not_found(visitor, about, published, translate, status):
    child = published("Team", path_segment="team", parent=about)
    translate(about, "en", status=status)
    assert visitor.get(f"/en/pages/{child.pk}-team").status_code == 404


def test_a_page_under_a_hidden_one_is_reachable(visitor, about, published, translate):
    child = published("Team", path_segment="team", parent=about)
    translate(about, "en", status=Status.HIDDEN)
    assert visitor.get(f"/en/pages/{child.pk}")["Location"] == "/en/about/team"


def test_a_page_without_an_address_in_the_locale_is_not_found(visitor, published):
    page = published("English only", path_segment="english")
    assert visitor.get(f"/en/pages/{page.pk}").status_code == 301
    assert visitor.get(f"/nb/pages/{page.pk}-english").status_code == 404


@pytest.mark.parametrize(
    "path",
    [
        "/en/pages/999999",
        "/en/pages/999999-about",
        "/en/pages/0",
        "/en/pages/-1",
        "/en/pages/9999999999999999999999",
        "/en/pages/9999999999999999999999-about",
        "/en/pages/abc",
        "/en/pages/12abc",
        "/en/pages/%00",
        "/en/pages/1-%00",
        "/en/pages/١٢",
        "/en/pages/1/about",
        "/en/pages/",
        "/xx/pages/1",
    ],
)
def test_unknown_and_hostile_ids_are_not_found(visitor, about, path):
    path = path.replace("/1", f"/{about.pk}") if "/pages/1" in path else path
    response = visitor.get(path)
    assert response.status_code == 404, path


# --- The admin's bare address -------------------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
def test_the_bare_admin_address_leads_to_the_editor(admin_client, about, locale):
    response = admin_client.get(f"/admin/{locale}/pages/{about.pk}")
    assert response.status_code == 302
    assert response["Location"] == f"/admin/{locale}/pages/{about.pk}/edit"
    assert admin_client.get(response["Location"]).status_code == 200


def test_the_bare_admin_address_asks_a_visitor_to_log_in_first(client, about):
    response = client.get(f"/admin/en/pages/{about.pk}")
    assert response.status_code == 302
    assert "/edit" not in response["Location"].split("?")[0]


@pytest.mark.parametrize(
    "path, status",
    [
        ("/admin/en/pages/999999", 302),  # to the editor, which says the page doesn't exist
        ("/admin/xx/pages/1", 404),
        ("/admin/en/pages/9999999999999999999999", 404),
        ("/admin/en/pages/abc", 404),
        ("/admin/en/pages/-1", 404),
    ],
)
def test_the_bare_admin_address_with_unknown_ids(admin_client, db, path, status):
    assert admin_client.get(path).status_code == status


def test_the_bare_admin_address_leaves_new_and_the_tree_alone(admin_client, db):
    assert admin_client.get("/admin/en/pages/new").status_code == 200
    assert admin_client.get("/admin/en/pages").status_code == 200
    assert admin_client.get("/admin/en/pages/999999/edit").status_code == 404
