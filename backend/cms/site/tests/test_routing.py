"""Routing by localized address: locales, home page, status and date rules, hostile paths."""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from cms.pages.models import Status


def test_a_page_is_served_at_its_address_in_each_locale(visitor, published, translate):
    about = published("About us", path_segment="about")
    translate(about, "nb", name="Om oss", path_segment="om-oss")
    translate(about, "ar", name="من نحن", path_segment="من-نحن")
    staff = published("Staff", parent=about, path_segment="staff")
    translate(staff, "nb", name="Ansatte", path_segment="ansatte")
    translate(staff, "ar", name="الموظفون", path_segment="الموظفون")

    english = visitor.get("/en/about/staff")
    norwegian = visitor.get("/nb/om-oss/ansatte")
    arabic = visitor.get("/ar/من-نحن/الموظفون")

    assert english.status_code == norwegian.status_code == arabic.status_code == 200
    assert "<h1>Staff</h1>" in english.content.decode()
    assert '<html lang="nb" dir="ltr">' in norwegian.content.decode()
    html = arabic.content.decode()
    assert '<html lang="ar" dir="rtl">' in html
    assert "<h1>الموظفون</h1>" in html
    assert "<title>الموظفون" in html


def test_unicode_segments_work_percent_encoded(visitor, published):
    published("Blåbær", path_segment="blåbær")
    assert visitor.get("/en/bl%C3%A5b%C3%A6r").status_code == 200


def test_an_address_in_another_locale_is_not_found(visitor, published, translate):
    page = published("About", path_segment="about")
    translate(page, "nb", name="Om", path_segment="om")
    assert visitor.get("/nb/about").status_code == 404
    assert visitor.get("/en/om").status_code == 404


def test_the_home_page_is_served_at_the_locale_root(visitor, published):
    published("Welcome", unique_name="home", path_segment="home")
    response = visitor.get("/en/")
    assert response.status_code == 200
    assert "<h1>Welcome</h1>" in response.content.decode()
    assert visitor.get("/en")["Location"] == "/en/"


def test_the_root_redirects_to_the_browsers_locale_or_the_default(visitor):
    assert visitor.get("/")["Location"] == "/en/"
    assert visitor.get("/", HTTP_ACCEPT_LANGUAGE="ar-EG,ar;q=0.9,en;q=0.5")["Location"] == "/ar/"
    assert visitor.get("/", HTTP_ACCEPT_LANGUAGE="nb-NO")["Location"] == "/nb/"
    assert visitor.get("/", HTTP_ACCEPT_LANGUAGE="fr")["Location"] == "/en/"


@pytest.mark.parametrize("status", [Status.DRAFT, Status.REVIEWED, Status.DELETED])
def test_unpublished_pages_are_not_found_in_the_sites_style(visitor, published, status):
    published("Secret", path_segment="secret", status=status)
    response = visitor.get("/en/secret")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Page not found" in html
    assert "site/site.css" in html
    assert response["Content-Security-Policy"].startswith("default-src 'none'")


def test_a_published_page_under_a_draft_is_not_found(visitor, published, make_page):
    draft = make_page("Draft", path_segment="draft")
    published("Child", parent=draft, path_segment="child")
    assert visitor.get("/en/draft/child").status_code == 404


def test_a_page_due_later_is_not_found_until_its_time_comes(visitor, published):
    published("Soon", path_segment="soon", published_at=timezone.now() + timedelta(seconds=1.5))
    assert visitor.get("/en/soon").status_code == 404
    time.sleep(1.6)
    assert visitor.get("/en/soon").status_code == 200


def test_a_hidden_page_is_reachable_but_not_in_the_menu(visitor, published):
    published("Shown", path_segment="shown")
    published("Jobs", path_segment="jobs", status=Status.HIDDEN)
    response = visitor.get("/en/jobs")
    assert response.status_code == 200
    assert response["X-Robots-Tag"] == "noindex"
    menu = visitor.get("/en/shown").content.decode().split('class="site-nav"')[1].split("</nav>")[0]
    assert "Shown" in menu
    assert "Jobs" not in menu


def test_the_menu_leaves_out_pages_not_yet_published(visitor, published):
    published("Shown", path_segment="shown")
    published("Later", path_segment="later", published_at=timezone.now() + timedelta(days=1))
    assert "Later" not in visitor.get("/en/shown").content.decode()


def test_breadcrumbs_link_the_ancestors(visitor, published):
    about = published("About us", path_segment="about")
    history = published("History", parent=about, path_segment="history")
    published("Founders", parent=history, path_segment="founders")
    html = visitor.get("/en/about/history/founders").content.decode()
    crumbs = html.split('class="breadcrumbs"')[1].split("</nav>")[0]
    assert '<a href="/en/about">About us</a>' in crumbs
    assert '<a href="/en/about/history">History</a>' in crumbs
    assert '<li aria-current="page">Founders</li>' in crumbs


@pytest.mark.parametrize(
    ("target", "location"),
    [("/en/elsewhere", "/en/elsewhere"), ("https://archive.example.org/", "https://archive.example.org/")],
)
def test_redirect_to_answers_a_redirect(visitor, published, target, location):
    published("Old", path_segment="old", redirect_to=target)
    response = visitor.get("/en/old")
    assert response.status_code == 302
    assert response["Location"] == location


@pytest.mark.parametrize(
    "target", ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,x", "//evil.example", "/\\evil.example"]
)
def test_redirect_to_never_sends_to_a_script_or_another_scheme(visitor, published, make_page, target):
    page = published("Old", path_segment="old")
    # Stored around the service's own check, as old data or another writer might have.
    type(page).objects.filter(pk=page.pk).update(redirect_to=target)
    response = visitor.get("/en/old")
    assert response.status_code == 404


@pytest.mark.parametrize(
    "path",
    [
        "/en/a%00b", "/en/..", "/en/about/../secret", "/en/a%2Fb", "/en/" + "a/" * 150 + "a", "/en/" + "x" * 5000,
        "/xx/about", "/zz/", "/en/about/", "/en//about", "/en/a.b", "/en/%ff%fe", "/en/<script>", "/en/a%5Cb",
    ],
)  # fmt: skip
def test_hostile_paths_are_not_found_never_a_server_error(visitor, published, path):
    published("About", path_segment="about")
    assert visitor.get(path).status_code == 404


def test_admin_media_and_renditions_win_over_pages(visitor, published):
    published("Admin", path_segment="admin")
    assert visitor.get("/admin/").status_code == 302  # the login, not a page


def test_a_page_address_by_id_redirects_to_its_address(visitor, published, translate):
    page = published("About", path_segment="about")
    translate(page, "nb", name="Om", path_segment="om")
    assert visitor.get(f"/nb/pages/{page.pk}")["Location"] == "/nb/om"
    assert visitor.get(f"/en/pages/{page.pk}")["Location"] == "/en/about"
    assert visitor.get("/en/pages/999999").status_code == 404


def test_served_html_carries_a_content_security_policy(visitor, published):
    published("About", path_segment="about")
    response = visitor.get("/en/about")
    assert "script-src" not in response["Content-Security-Policy"]
    assert "default-src 'none'" in response["Content-Security-Policy"]


def test_the_page_renders_with_the_django_template_of_its_page_template(visitor, published):
    published("Jazz night", path_segment="jazz", template="event", location="Main hall")
    html = visitor.get("/en/jazz").content.decode()
    assert 'class="page event"' in html
    assert "Main hall" in html


def test_untranslated_blocks_fall_back_to_the_default_locale_marked_with_its_language(visitor, published, translate):
    page = published("About", path_segment="about", body="English only text")
    translate(page, "ar", name="من نحن", path_segment="من")
    html = visitor.get("/ar/من").content.decode()
    assert '<div class="prose" lang="en" dir="ltr"><p>English only text</p>' in html


@pytest.mark.parametrize("value", ["0000019999999999999999999999", "000001" + "9" * 5000, "0", "-1", "²", "1e3"])
def test_a_listing_page_number_out_of_range_is_not_found(visitor, published, value):
    """Any `?page=` a visitor types answers a page or a 404, never a server error."""
    news = published("News", news_page=True, path_segment="news")
    published("Item", parent=news, path_segment="item")
    assert visitor.get(f"/en/news?page={value}").status_code == 404
    assert visitor.get("/en/news?page=1").status_code == 200
