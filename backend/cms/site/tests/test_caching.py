"""Validators a CDN and browsers can use: ETag, Last-Modified, Cache-Control, 304 (issue 12)."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from cms.media.models import Image


@pytest.fixture
def about(published):
    return published("About", path_segment="about")


def test_a_page_carries_validators_and_a_cache_control_a_cdn_honours(visitor, about):
    response = visitor.get("/en/about")
    assert response["ETag"].startswith('"')
    assert response["Last-Modified"].endswith("GMT")
    assert response["Cache-Control"] == "public, max-age=0, s-maxage=60"


def test_a_conditional_request_answers_304_without_rendering(visitor, about):
    etag = visitor.get("/en/about")["ETag"]
    with CaptureQueriesContext(connection) as queries:
        response = visitor.get("/en/about", HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert response.content == b""
    assert len(queries) <= 2  # the site's version (a scan with a per-process cache) and the page


def test_a_weak_etag_from_the_compressing_middleware_also_matches(visitor, about):
    etag = visitor.get("/en/about")["ETag"]
    assert visitor.get("/en/about", HTTP_IF_NONE_MATCH=f"W/{etag}").status_code == 304


def test_if_modified_since_answers_304(visitor, about):
    last_modified = visitor.get("/en/about")["Last-Modified"]
    assert visitor.get("/en/about", HTTP_IF_MODIFIED_SINCE=last_modified).status_code == 304


def changes_validators(visitor, path, change):
    before = visitor.get(path)["ETag"]
    change()
    response = visitor.get(path, HTTP_IF_NONE_MATCH=before)
    assert response.status_code == 200
    return response["ETag"] != before


def test_editing_the_page_changes_the_validators(visitor, about, translate):
    assert changes_validators(visitor, "/en/about", lambda: translate(about, "en", body="New text"))


def test_a_new_child_on_a_news_page_changes_the_validators(visitor, published):
    news = published("News", path_segment="news", template="news_index", news_page=True)
    assert changes_validators(visitor, "/en/news", lambda: published("Story", parent=news, template="article"))


def test_an_images_alt_text_changes_the_validators(visitor, published, image):
    published("About", path_segment="about", page_images_attributes=[{"image_id": image.pk, "primary": True}])

    def new_alt():
        image.alternative = {"en": "A new alt text"}
        image.save()

    assert changes_validators(visitor, "/en/about", new_alt)
    assert "A new alt text" in visitor.get("/en/about").content.decode()


def test_a_renamed_menu_entry_changes_the_validators(visitor, about, published, translate):
    other = published("Services", path_segment="services")
    assert changes_validators(visitor, "/en/about", lambda: translate(other, "en", name="What we do"))


def test_a_page_coming_due_changes_the_validators_at_once(visitor, about, published):
    soon = published("Soon", path_segment="soon", published_at=timezone.now() + timedelta(seconds=1))
    before = visitor.get("/en/about")
    assert int(before["Cache-Control"].split("s-maxage=")[1]) <= 1  # a CDN keeps it no longer
    type(soon).objects.filter(pk=soon.pk).update(published_at=timezone.now() - timedelta(seconds=1))
    after = visitor.get("/en/about", HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200


def test_an_image_change_through_the_model_of_an_unlinked_image_does_not_break(visitor, about):
    Image.objects.create(file="x.jpg", filename="x.jpg", content_type="image/jpeg", real_width=10, real_height=10)
    assert visitor.get("/en/about").status_code == 200


def test_a_shared_cache_answers_again_without_queries(visitor, about, settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                                   "LOCATION": str(settings.VAR_DIR / "test-site-cache")}}  # fmt: skip
    from django.core.cache import cache

    cache.clear()
    first = visitor.get("/en/about")
    with CaptureQueriesContext(connection) as queries:
        second = visitor.get("/en/about")
    assert second.content == first.content
    assert second["ETag"] == first["ETag"]
    assert len(queries) == 0
    cache.clear()
