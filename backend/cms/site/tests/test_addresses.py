"""Addresses that last: generated segments, old addresses after a move or a rename (issue 12)."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from cms.pages.models import PageLocalization, PageRedirect
from cms.pages.saving.segments import slug
from cms.pages.saving.services import page_move


def segment(page, locale="en"):
    return PageLocalization.objects.get(page=page, locale=locale).path_segment


def test_a_page_saved_without_a_segment_gets_one_from_its_name(make_page, translate):
    page = make_page("Café Åsane & Friends")
    translate(page, "ar", name="من نحن")
    translate(page, "nb", name="Blåbær-tur")
    assert segment(page) == "cafe-asane-friends"
    assert segment(page, "ar") == "من-نحن"
    assert segment(page, "nb") == "blabaer-tur"


def test_a_generated_segment_is_unique_among_siblings(make_page):
    first, second, third = make_page("News"), make_page("News"), make_page("news!")
    assert [segment(first), segment(second), segment(third)] == ["news", "news-2", "news-3"]


def test_a_name_without_letters_falls_back_to_the_unique_name(make_page):
    assert segment(make_page("!!!", unique_name="contact_form")) == "contact-form"
    assert segment(make_page("???")) == "page"


def test_the_editor_answer_shows_the_generated_segment(api):
    response = api.post("/admin/en/pages.json", {"page": {"name": "Opening hours"}})
    assert response.status_code == 201 or response.status_code == 200
    assert response.json()["path_segment"] == "opening-hours"
    assert response.json()["urls"] == {"en": "/en/opening-hours"}


def test_a_child_made_in_the_tree_is_reachable(visitor, published):
    parent = published("Services")
    published("Study rooms", parent=parent)
    assert visitor.get("/en/services/study-rooms").status_code == 200


def test_slug_keeps_letters_of_any_script_and_nothing_else():
    assert slug("Hello, World!") == "hello-world"
    assert slug("  --Straße--  ") == "strasse"
    assert slug("<script>alert(1)</script>") == "script-alert-1-script"
    assert slug("日本語 ページ") == "日本語-ページ"


def test_a_moved_page_and_its_descendants_answer_301_from_their_old_addresses(visitor, published, admin_user):
    about, other = published("About", path_segment="about"), published("Other", path_segment="other")
    history = published("History", parent=about, path_segment="history")
    published("Founders", parent=history, path_segment="founders")

    page_move(actor=admin_user, page_id=history.pk, parent_id=other.pk, position=1)

    old = visitor.get("/en/about/history")
    assert old.status_code == 301
    assert old["Location"] == "/en/other/history"
    descendant = visitor.get("/en/about/history/founders")
    assert descendant.status_code == 301
    assert descendant["Location"] == "/en/other/history/founders"
    assert visitor.get("/en/other/history/founders").status_code == 200
    assert visitor.get("/en/about/history/nobody").status_code == 404


def test_a_move_stores_one_redirect_per_locale_whatever_the_subtree(published, admin_user):
    top, other = published("Top", path_segment="top"), published("Other", path_segment="other")
    parents = [top]
    for n in range(30):
        parents.append(published(f"Child {n}", parent=parents[n % 3]))
    with CaptureQueriesContext(connection) as few:
        page_move(actor=admin_user, page_id=top.pk, parent_id=other.pk, position=1)
    assert PageRedirect.objects.count() == 1  # one locale named: one row, not one per descendant
    assert len(few) < 25


def test_a_renamed_segment_redirects_from_the_old_address(visitor, published, translate):
    page = published("About", path_segment="about")
    child = published("Staff", parent=page, path_segment="staff")
    translate(page, "en", path_segment="who-we-are")
    assert visitor.get("/en/about")["Location"] == "/en/who-we-are"
    assert visitor.get("/en/about/staff")["Location"] == "/en/who-we-are/staff"
    translate(child, "en", path_segment="people")
    # Two moves later the oldest address still finds the page.
    assert visitor.get("/en/about/staff")["Location"] == "/en/who-we-are/people"


def test_an_address_taken_over_by_another_page_serves_the_new_page(visitor, published, translate):
    page = published("About", path_segment="about")
    translate(page, "en", path_segment="who-we-are")
    published("New about", path_segment="about")
    response = visitor.get("/en/about")
    assert response.status_code == 200
    assert "<h1>New about</h1>" in response.content.decode()


def test_an_old_address_of_a_page_no_longer_published_is_not_found(visitor, published, translate):
    page = published("About", path_segment="about")
    translate(page, "en", path_segment="who-we-are", status=0)
    assert visitor.get("/en/about").status_code == 404


def test_moving_back_and_forth_never_loops(visitor, published, admin_user):
    a, b = published("A", path_segment="a"), published("B", path_segment="b")
    page = published("Page", parent=a, path_segment="page")
    page_move(actor=admin_user, page_id=page.pk, parent_id=b.pk, position=1)
    page_move(actor=admin_user, page_id=page.pk, parent_id=a.pk, position=1)
    assert visitor.get("/en/a/page").status_code == 200
    assert visitor.get("/en/b/page")["Location"] == "/en/a/page"
    assert visitor.get("/en/a/page/missing").status_code == 404
    assert visitor.get("/en/b/page/missing").status_code == 404
