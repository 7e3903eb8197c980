"""The editor's preview: a hidden form posted into a new tab (spec §7)."""

import json
from urllib.parse import urlencode

import pytest
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client


class FormClient(Client):
    """Posts forms urlencoded, as the editor's hidden preview form does (not multipart)."""

    def post(self, path, data=None, **extra):
        return super().post(path, urlencode(data or {}), content_type="application/x-www-form-urlencoded", **extra)


@pytest.fixture
def browser(admin_user):
    client = FormClient(enforce_csrf_checks=True)
    client.force_login(admin_user)
    client.cookies["csrftoken"] = token = _get_new_csrf_string()
    client.token = token
    return client


def test_preview_renders_the_unsaved_blocks_as_safe_html(browser):
    page = {"template": "page", "name": "Draft title", "body": "Some **bold** text <script>x</script>"}
    response = browser.post(
        "/en/pages/preview",
        {"authenticity_token": browser.token, "page_id": "", "preview_page": json.dumps(page)},
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Draft title</h1>" in html
    assert "<strong>bold</strong>" in html
    assert "<script>" not in html


def test_preview_needs_the_authenticity_token(browser):
    response = browser.post("/en/pages/preview", {"preview_page": json.dumps({"name": "x"})})
    assert response.status_code == 403


def test_preview_needs_a_login(db):
    client = Client()
    response = client.post("/en/pages/preview", {"preview_page": "{}"})
    assert response.status_code == 302


def test_preview_refuses_a_payload_that_is_not_json(browser):
    response = browser.post("/en/pages/preview", {"authenticity_token": browser.token, "preview_page": "{"})
    assert response.status_code == 400
