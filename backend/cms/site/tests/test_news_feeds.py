"""News pages, their RSS feeds, the sitemap and robots.txt."""

from datetime import timedelta
from xml.etree import ElementTree

import pytest
from django.utils import timezone

from cms.pages.models import Status
from cms.site import listings


def news_site(published, make_page, count=3, **news_fields):
    news = published("News", path_segment="news", template="news_index", news_page=True, **news_fields)
    now = timezone.now()
    for n in range(count):
        published(f"Story {n}", parent=news, template="article", published_at=now - timedelta(days=n + 1))
    return news


def titles(html):
    return [part.split("</a>")[0].split(">")[-1] for part in html.split("<h2><a href=")[1:]]


def test_a_news_page_lists_pinned_children_first_then_newest_first(visitor, published, make_page):
    news = news_site(published, make_page)
    published("Old but pinned", parent=news, template="article", pinned=True,
              published_at=timezone.now() - timedelta(days=30))  # fmt: skip
    published("Hidden story", parent=news, template="article", status=Status.HIDDEN)
    make_page("Draft story", parent=news, template="article")
    published("Future story", parent=news, template="article", published_at=timezone.now() + timedelta(days=1))
    html = visitor.get("/en/news").content.decode()
    assert titles(html) == ["Old but pinned", "Story 0", "Story 1", "Story 2"]


def test_a_news_page_pages_its_children(visitor, published, make_page, monkeypatch):
    monkeypatch.setattr(listings, "NEWS_PER_PAGE", 2)
    news_site(published, make_page, count=5)
    first, second, third = (visitor.get(f"/en/news?page={n}").content.decode() for n in (1, 2, 3))
    assert titles(first) == ["Story 0", "Story 1"]
    assert titles(second) == ["Story 2", "Story 3"]
    assert titles(third) == ["Story 4"]
    assert 'rel="next" href="/en/news?page=2"' in first
    assert 'rel="prev" href="/en/news"' in second
    assert visitor.get("/en/news?page=4").status_code == 404
    assert visitor.get("/en/news?page=x").status_code == 404


def test_a_feed_lists_published_children_only_and_is_linked_from_the_head(visitor, published, make_page):
    news = news_site(published, make_page, feed_enabled=True)
    published("Hidden story", parent=news, template="article", status=Status.HIDDEN)
    make_page("Draft story", parent=news, template="article")
    head = visitor.get("/en/news").content.decode().split("</head>")[0]
    assert '<link rel="alternate" type="application/rss+xml" title="News" href="/en/news/feed.xml">' in head
    response = visitor.get("/en/news/feed.xml")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/rss+xml; charset=utf-8"
    channel = ElementTree.fromstring(response.content).find("channel")
    assert channel.findtext("title") == "News"
    items = [(item.findtext("title"), item.findtext("link")) for item in channel.findall("item")]
    assert items == [(f"Story {n}", f"http://testserver/en/news/story-{n}") for n in range(3)]


def test_a_page_without_a_feed_has_none(visitor, published, make_page):
    news_site(published, make_page)
    assert visitor.get("/en/news/feed.xml").status_code == 404
    assert "application/rss+xml" not in visitor.get("/en/news").content.decode()


def test_the_sitemap_lists_published_pages_in_every_locale_only(visitor, published, make_page, translate):
    about = published("About", path_segment="about")
    translate(about, "nb", name="Om", path_segment="om")
    published("Hidden", path_segment="hidden", status=Status.HIDDEN)
    published("Skipped", path_segment="skipped", skip_index=True)
    published("Moved", path_segment="moved", redirect_to="https://example.org/")
    published("Later", path_segment="later", published_at=timezone.now() + timedelta(days=1))
    make_page("Draft", path_segment="draft")
    published("Under a draft", parent=make_page("Draft 2", path_segment="draft-2"), path_segment="child")
    jobs = published("Jobs", path_segment="jobs", status=Status.HIDDEN)
    published("Job 1", parent=jobs, path_segment="job-1")
    response = visitor.get("/sitemap.xml")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/xml")
    namespace = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    locs = sorted(loc.text for loc in ElementTree.fromstring(response.content).findall("s:url/s:loc", namespace))
    assert locs == ["http://testserver/en/about", "http://testserver/en/jobs/job-1", "http://testserver/nb/om"]


def test_robots_txt_names_the_sitemap_and_keeps_crawlers_out_of_the_admin(visitor):
    text = visitor.get("/robots.txt").content.decode()
    assert "Disallow: /admin/" in text
    assert "Sitemap: http://testserver/sitemap.xml" in text


def test_social_tags_carry_the_share_image_its_size_and_alt_and_the_metadata_blocks(visitor, published, image):
    published("About", path_segment="about", meta_image_id=image.pk, meta_title="About the library",
              meta_description="Who we are.")  # fmt: skip
    head = visitor.get("/en/about").content.decode().split("</head>")[0]
    assert "<title>About the library</title>" in head
    assert '<meta name="description" content="Who we are.">' in head
    assert '<meta property="og:title" content="About the library">' in head
    assert f'<meta property="og:image" content="http://testserver/renditions/{image.pk}/1200x630-fill-' in head
    assert '<meta property="og:image:width" content="1200">' in head
    assert '<meta property="og:image:height" content="630">' in head
    assert '<meta property="og:image:alt" content="The harbour at dawn">' in head
    assert '<meta name="twitter:card" content="summary_large_image">' in head
    assert '<link rel="canonical" href="http://testserver/en/about">' in head


def test_images_render_as_responsive_renditions_with_alt_text(visitor, published, image):
    published("About", path_segment="about", page_images_attributes=[{"image_id": image.pk, "primary": True}])
    html = visitor.get("/en/about").content.decode()
    hero = html.split('<figure class="picture hero">')[1].split("</figure>")[0]
    assert 'srcset="/renditions/' in hero
    assert 'alt="The harbour at dawn"' in hero
    assert 'width="800" height="533"' in hero


def test_attachments_show_with_their_names(visitor, published, attachment):
    published("About", path_segment="about", page_files_attributes=[{"attachment_id": attachment.pk}])
    html = visitor.get("/en/about").content.decode()
    assert "Annual report</a>" in html
    assert "Figures for the year" in html


@pytest.mark.parametrize("template", ["page", "article", "event", "landing"])
def test_the_news_page_flag_lists_children_whatever_the_template(visitor, published, make_page, template):
    """Issue 18 item 7: the listing, its paging and the feed follow `news_page`, not the template."""
    news = published("Updates", path_segment="updates", template=template, news_page=True, feed_enabled=True)
    now = timezone.now()
    for n in range(11):
        published(f"Story {n}", parent=news, template="article", published_at=now - timedelta(days=n + 1))
    published("Old but pinned", parent=news, template="article", pinned=True,
              published_at=now - timedelta(days=30))  # fmt: skip
    make_page("Draft story", parent=news, template="article")
    first, second = (visitor.get(f"/en/updates?page={n}").content.decode() for n in (1, 2))
    assert titles(first) == ["Old but pinned"] + [f"Story {n}" for n in range(9)]
    assert titles(second) == ["Story 9", "Story 10"]
    assert 'rel="next" href="/en/updates?page=2"' in first
    assert visitor.get("/en/updates?page=3").status_code == 404
    assert '<link rel="alternate" type="application/rss+xml" title="Updates" href="/en/updates/feed.xml">' in first
    feed = visitor.get("/en/updates/feed.xml")
    assert feed.status_code == 200
    items = [item.findtext("title") for item in ElementTree.fromstring(feed.content).find("channel").findall("item")]
    assert items == [f"Story {n}" for n in range(11)] + ["Old but pinned"]


def test_a_page_that_is_not_a_news_page_lists_no_children(visitor, published):
    parent = published("About", path_segment="about", template="page")
    published("Team", parent=parent, template="page")
    assert titles(visitor.get("/en/about").content.decode()) == []
