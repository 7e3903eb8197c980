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


def preview(browser, page, page_id=""):
    return browser.post(
        "/en/pages/preview",
        {"authenticity_token": browser.token, "page_id": page_id, "preview_page": json.dumps({"page": page})},
    )


def test_preview_uses_the_pages_real_template_marked_and_not_indexable(browser):
    response = preview(browser, {"template": "event", "name": "Jazz", "location": "Main hall", "body": "Line one\nTwo"})
    html = response.content.decode()
    assert 'class="page event"' in html
    assert "site/site.css" in html
    assert 'class="preview-banner"' in html
    assert '<meta name="robots" content="noindex">' in html
    assert response["X-Robots-Tag"] == "noindex"
    assert "Line one<br>" in html


def test_preview_shows_the_unsaved_images_and_embeds(browser, db):
    from cms.media.models import Attachment, Image

    image = Image.objects.create(file="a.jpg", filename="a.jpg", content_type="image/jpeg", real_width=1200,
                                 real_height=800, alternative={"en": "A lighthouse"})  # fmt: skip
    attachment = Attachment.objects.create(file="r.pdf", filename="r.pdf", content_type="application/pdf",
                                           name={"en": "Report"})  # fmt: skip
    page = {
        "template": "page", "name": "With pictures", "body": f"[image:{image.pk}]\n\n[attachment:{attachment.pk}]",
        "page_images_attributes": [{"image_id": image.pk, "primary": True}],
    }  # fmt: skip
    html = preview(browser, page).content.decode()
    assert html.count('alt="A lighthouse"') == 2  # the primary image and the embed
    assert "Report</a>" in html


def test_preview_stores_nothing_whatever_the_status(browser, db):
    from cms.pages.models import Page, Tag

    response = preview(browser, {"name": "Not saved", "status": 2, "serialized_tags": '["New tag"]'})
    assert response.status_code == 200
    assert "New tag" not in [tag.name for tag in Tag.objects.all()]
    assert not Page.objects.exists()


def test_preview_survives_malformed_fields(browser):
    page = {"name": "x", "parent_page_id": "abc", "meta_image_id": [1], "page_images_attributes": "nope",
            "published_at": "2026-13-45", "status": "2", "template": "missing"}  # fmt: skip
    assert preview(browser, page).status_code == 200


@pytest.mark.parametrize("field", ["published_at", "starts_at", "ends_at"])
def test_a_date_outside_the_calendar_in_utc_is_left_out_not_a_server_error(browser, field):
    page = {"name": "Dated", "template": "event", field: "0001-01-01T00:00:00+14:00"}
    assert preview(browser, page).status_code == 200
