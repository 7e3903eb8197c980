"""Where the home page lives (cms.pages.addresses): one rule for the read model, the tree, the
menu, the breadcrumbs, the sitemap, canonical links and `/{locale}/pages/{id}`."""

import re

from cms.pages import read_model

ROOTS = {"en": "/en/", "nb": "/nb/", "ar": "/ar/"}


def _canonical(html: str) -> str:
    found = re.search(r'<link rel="canonical" href="([^"]+)"', html)
    assert found, "the page has a canonical link"
    return found[1]


def test_the_page_named_home_lives_at_the_locale_root_for_every_reader(visitor, published, admin_user):
    home = published("Welcome", unique_name="home", path_segment="welcome")
    child = published("Opening hours", parent=home, path_segment="hours")

    assert read_model.page_record(home.pk, locale="en", user=admin_user)["urls"] == ROOTS
    tree = {record["id"]: record for record in read_model.tree_records(locale="en", user=admin_user)}
    assert tree[home.pk]["urls"] == ROOTS
    assert tree[child.pk]["urls"] == {"en": "/en/welcome/hours"}  # below it: the path, as served

    assert visitor.get(f"/en/pages/{home.pk}")["Location"] == "/en/"
    page = visitor.get("/en/").content.decode()
    assert _canonical(page) == "http://testserver/en/"
    assert '<a href="/en/"' in page  # the menu
    hours = visitor.get("/en/welcome/hours").content.decode()
    assert '<li><a href="/en/">Welcome</a></li>' in hours  # the breadcrumbs
    sitemap = visitor.get("/sitemap.xml").content.decode()
    assert "<loc>http://testserver/en/</loc>" in sitemap
    assert "/en/welcome<" not in sitemap


def test_without_a_home_page_the_root_shows_the_first_page_which_keeps_its_address(visitor, published, admin_user):
    about = published("About", path_segment="about")
    published("Contact", path_segment="contact")

    root = visitor.get("/en/")
    assert root.status_code == 200
    assert "<h1>About</h1>" in root.content.decode()
    assert _canonical(root.content.decode()) == "http://testserver/en/about"
    assert read_model.page_record(about.pk, locale="en", user=admin_user)["urls"] == {"en": "/en/about"}
    assert visitor.get(f"/en/pages/{about.pk}")["Location"] == "/en/about"
