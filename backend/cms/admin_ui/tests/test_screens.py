"""The admin screens: login required, initial data embedded, unknown locales refused."""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from cms.admin_ui.views import TREE_SCREEN_FIELDS as SCREEN_FIELDS
from cms.pages.models import Status


def initial_data(response) -> dict:
    match = re.search(rb'<script id="initial-data" type="application/json">(.*?)</script>', response.content, re.S)
    assert match, "the screen embeds its initial data"
    return json.loads(match.group(1))


@pytest.mark.parametrize("path", ["/admin/", "/admin/en/pages", "/admin/en/pages/new", "/admin/en/pages/1/edit"])
def test_screens_redirect_to_the_login_form_without_a_login(client, db, path):
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/?next=")


def test_a_signed_in_user_who_is_not_staff_is_refused(client, db):
    user = get_user_model().objects.create_user("visitor", password="visitor-pass-1")
    client.force_login(user)
    response = client.get("/admin/en/pages")
    assert response.status_code == 403
    assert b"does not have access to the back office" in response.content
    client.cookies["csrftoken"] = "x" * 32
    response = client.get("/admin/en/pages.json")
    assert response.status_code == 403
    assert response.json() == {"detail": "You do not have access to the back office."}


def test_login_form_logs_in_with_username_password_and_csrf(db, admin_user):
    client = Client(enforce_csrf_checks=True)
    form = client.get("/admin/login/")
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', form.content).group(1).decode()
    response = client.post(
        "/admin/login/", {"username": "admin", "password": "secret-pass-1", "csrfmiddlewaretoken": token}
    )
    assert response.status_code == 302
    assert client.get("/admin/en/pages").status_code == 200


def test_login_form_refuses_a_post_without_csrf_token(db, admin_user):
    client = Client(enforce_csrf_checks=True)
    response = client.post("/admin/login/", {"username": "admin", "password": "secret-pass-1"})
    assert response.status_code == 403


def test_home_opens_the_page_tree_of_the_default_locale(browser):
    response = browser.get("/admin/")
    assert response.status_code == 302 and response["Location"] == "/admin/en/pages"


def test_page_tree_screen_embeds_its_data(browser, make_page):
    page = make_page("About", path_segment="about")
    response = browser.get("/admin/en/pages")
    assert response.status_code == 200
    assert b'<html lang="en" dir="ltr">' in response.content
    data = initial_data(response)
    assert data["screen"] == "pageTree"
    assert [p["id"] for p in data["pages"]] == [page.pk]
    # The screen carries only what the tree shows; the API's pages.json has the whole shape.
    assert set(data["pages"][0]) == set(SCREEN_FIELDS)
    assert data["pages"][0]["urls"] == {"en": "/en/about"}
    assert data["locales"][2] == {"code": "ar", "name": "العربية", "dir": "rtl"}
    assert data["csrf_token"] and data["permissions"] == ["create"]


def test_page_tree_screen_embeds_only_what_the_default_collapsing_shows(browser, make_page):
    # Spec §4: news pages and pages with a parent start collapsed, other pages start open.
    about = make_page("About")
    staff = make_page("Staff", parent=about)
    make_page("Interns", parent=staff)  # under a collapsed page
    news = make_page("News", news_page=True)
    make_page("Story", parent=news)  # under a collapsed news page
    leaf = make_page("Contact")
    gone = make_page("Gone", status=Status.DELETED)
    make_page("Orphan", parent=gone)
    make_page("Old staff page", parent=about, status=Status.DELETED)

    data = initial_data(browser.get("/admin/en/pages"))

    embedded = {page["blocks"]["name"]["en"]: page for page in data["pages"]}
    assert list(embedded) == ["About", "News", "Contact", "Staff"]
    # A collapsed node shows its count and expander without its children being embedded.
    assert [embedded[name]["child_count"] for name in embedded] == [1, 1, 0, 1]
    assert embedded["Staff"]["parent_page_id"] == about.pk
    assert leaf.pk == embedded["Contact"]["id"]


def test_page_tree_screen_embeds_the_same_records_as_the_children_call(browser, api, make_page):
    about = make_page("About", path_segment="about")
    make_page("Staff", parent=about, path_segment="staff")
    embedded = initial_data(browser.get("/admin/en/pages"))["pages"]
    listed = api.get("/admin/en/pages.json?parent_id=root").json()
    listed += api.get(f"/admin/en/pages.json?parent_id={about.pk}").json()
    assert embedded == [{name: page[name] for name in SCREEN_FIELDS} for page in listed]


def test_page_tree_screen_reads_a_fixed_number_of_queries(browser, make_page, django_assert_max_num_queries):
    for section in range(3):
        top = make_page(f"Section {section}")
        for child in range(3):
            make_page(f"Child {section}.{child}", parent=make_page(f"Sub {section}.{child}", parent=top))
    browser.get("/admin/en/pages")  # the session, the locale and the templates read once
    with django_assert_max_num_queries(10) as captured:
        browser.get("/admin/en/pages")
    few = len(captured.captured_queries)
    for section in range(3, 9):
        top = make_page(f"Section {section}")
        for child in range(3):
            make_page(f"Sub {section}.{child}", parent=top)
    with django_assert_max_num_queries(few):
        browser.get("/admin/en/pages")


def test_arabic_content_leaves_the_chrome_in_the_interface_language(browser, make_page):
    # The content locale marks the content fields alone (the frontend): the document is the
    # interface's, English here, right to left only in an Arabic interface.
    assert b'<html lang="en" dir="ltr">' in browser.get("/admin/ar/pages").content
    assert b'<html lang="ar" dir="rtl">' in browser.get("/admin/en/pages", HTTP_ACCEPT_LANGUAGE="ar").content


def test_editor_screen_embeds_page_templates_and_authors(browser, make_page):
    parent = make_page("Parent")
    page = make_page("Child", parent=parent)
    data = initial_data(browser.get(f"/admin/nb/pages/{page.pk}/edit"))
    assert data["screen"] == "pageEditor"
    assert data["page"]["id"] == page.pk and data["page"]["locale"] == "nb"
    assert data["page"]["ancestors"][0]["id"] == parent.pk
    assert {t["template_name"] for t in data["templates"]} >= {"page", "article"}
    assert data["authors"][0]["name"] == "admin"


def test_new_page_screen_takes_the_parent_from_the_query(browser, make_page):
    parent = make_page("Parent")
    response = browser.get(f"/admin/en/pages/new?parent={parent.pk}")
    data = initial_data(response)
    assert data["page"]["id"] is None and data["parent_page_id"] == parent.pk
    assert b"<title>New Page" in response.content


@pytest.mark.parametrize("path", ["/admin/xx/pages", "/admin/xx/pages/new", "/admin/en/pages/999/edit"])
def test_unknown_locale_or_page_answers_404(browser, db, path):
    assert browser.get(path).status_code == 404


def test_logout_needs_a_post_and_ends_the_session(browser):
    token = initial_data(browser.get("/admin/en/pages"))["csrf_token"]
    assert browser.post("/admin/logout/", {"csrfmiddlewaretoken": token}).status_code == 302
    assert browser.get("/admin/en/pages").status_code == 302


def test_embedded_data_cannot_close_its_script_element(browser, make_page):
    page = make_page("Tom & Jerry > Friends")
    response = browser.get("/admin/en/pages")
    assert b"Tom \\u0026 Jerry \\u003E Friends" in response.content
    assert initial_data(response)["pages"][0]["blocks"]["name"]["en"] == "Tom & Jerry > Friends"
    assert page.pk
