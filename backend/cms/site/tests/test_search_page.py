"""`/{locale}/search?q=…`: only what visitors may find, in that locale, at the pages' addresses,
the snippets escaped with the found words marked, paged, cached like the pages."""

import re
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from cms.pages.models import PageLocalization, Status
from cms.pages.saving.reserved_segments import reserved_segments
from cms.search import services

pytestmark = pytest.mark.django_db


def result_links(response: Any) -> list[str]:
    assert response.status_code == 200
    return re.findall(r'<li class="search-result">\s*<h2[^>]*><a href="([^"]+)"', response.content.decode())


def test_only_listed_findable_pages_of_the_locale_are_found(visitor, published, make_page, translate):
    shown = published("Shown", path_segment="shown", body="kingfisher")
    published("Skipped", path_segment="skipped", body="kingfisher", skip_index=True)
    published("Hidden", path_segment="hidden", body="kingfisher", status=Status.HIDDEN)
    published("Future", path_segment="future", body="kingfisher", published_at=timezone.now() + timedelta(days=1))
    make_page("Draft", path_segment="draft", body="kingfisher", status=Status.DRAFT)
    draft_parent = make_page("Draft parent", path_segment="draft-parent", status=Status.DRAFT)
    published("Under a draft", parent=draft_parent, path_segment="under", body="kingfisher")
    translated = published("Translated", path_segment="translated")
    translate(translated, "nb", name="Oversatt", path_segment="oversatt", body="kingfisher")
    assert result_links(visitor.get("/en/search?q=kingfisher")) == ["/en/shown"]
    assert result_links(visitor.get("/nb/search?q=kingfisher")) == ["/nb/oversatt"]
    assert shown.pk


def test_words_saved_a_moment_ago_are_found_and_removed_ones_no_longer(visitor, published, translate):
    page = published("Birds", path_segment="birds")
    translate(page, "nb", name="Fugler", path_segment="fugler", body="Vi så en blåmeis i hagen.")
    assert result_links(visitor.get("/nb/search?q=blåmeis")) == ["/nb/fugler"]
    translate(page, "nb", body="Vi så en kjøttmeis i hagen.")
    assert result_links(visitor.get("/nb/search?q=blåmeis")) == []


def test_the_snippet_is_escaped_and_marks_the_found_words(visitor, published):
    published("Markup", path_segment="markup", body="Beware: 2 < 3 & the **heron** > all")
    html = visitor.get("/en/search?q=heron").content.decode()
    assert "2 &lt; 3 &amp; the <mark>heron</mark> &gt; all" in html
    assert "**" not in html


def test_text_written_past_the_editor_is_escaped_too(visitor, published):
    # The page services refuse HTML in texts and names; rows written another way (an import, SQL)
    # are still only text here.
    page = published("Egret", path_segment="egret")
    PageLocalization.objects.filter(page=page).update(
        name='<b onmouseover="x">Egret</b>', blocks={"body": "egret <img src=x onerror=alert(1)> &amp;"}
    )
    html = visitor.get("/en/search?q=egret").content.decode()
    assert "<b onmouseover" not in html and "&lt;b onmouseover" in html
    assert "<img" not in html and "onerror" not in html  # tags are dropped from snippets


def test_results_are_paged_ten_a_page(visitor, published):
    for number in range(12):
        published(f"Plover {number}", path_segment=f"plover-{number}")
    first = visitor.get("/en/search?q=plover")
    assert len(result_links(first)) == services.PUBLIC_PER_PAGE
    assert 'href="/en/search?q=plover&amp;page=2"' in first.content.decode()
    assert len(result_links(visitor.get("/en/search?q=plover&page=2"))) == 2
    assert visitor.get("/en/search?q=plover&page=0").status_code == 404
    assert visitor.get("/en/search?q=plover&page=x").status_code == 404


@pytest.mark.parametrize("q", ["", "a", "a\x00b", '"*(', "NEAR(x y)", "x" * 5000])
def test_hostile_and_short_queries_answer_a_page(visitor, q):
    response = visitor.get("/en/search", {"q": q})
    assert response.status_code == 200
    assert response["X-Robots-Tag"] == "noindex"


def test_cached_like_the_pages_and_revalidated_with_one_query(visitor, published, django_assert_max_num_queries):
    published("Avocet", path_segment="avocet")
    first = visitor.get("/en/search?q=avocet")
    assert first["Cache-Control"].startswith("public, max-age=0")
    assert first["ETag"]
    again = visitor.get("/en/search?q=avocet", headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304
    assert visitor.get("/en/search?q=other", headers={"If-None-Match": first["ETag"]}).status_code == 200


def test_an_unknown_locale_is_the_sites_404(visitor):
    assert visitor.get("/xx/search?q=word").status_code == 404


def test_search_is_a_reserved_top_level_segment_and_pages_show_a_search_box(visitor, published):
    assert "search" in reserved_segments()
    published("Home", unique_name="home", path_segment="home")
    html = visitor.get("/en/").content.decode()
    assert 'role="search"' in html and 'action="/en/search"' in html
    assert "form-action 'self'" in visitor.get("/en/")["Content-Security-Policy"]
