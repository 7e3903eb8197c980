"""The public page's head: descriptions, the share image's alt text, the favicon (issue 18 item 11)."""

import re

import pytest

from cms.site.markdown import plain
from cms.site.rendering import DESCRIPTION_LENGTH, shortened

LONG_BODY = (
    "The **harbour library** opens its doors to everyone who wants to read, borrow or simply sit by "
    "the window and watch the boats come in; [read more](https://example.org/more) about our hours "
    "and the events we hold every week of the year."
)


def head(visitor, address):
    response = visitor.get(address)
    assert response.status_code == 200
    return response.content.decode().split("</head>")[0]


def description(visitor, address):
    found = re.search(r'<meta name="description" content="([^"]*)">', head(visitor, address))
    return found[1] if found else None


# --- og:image:alt ---------------------------------------------------------------------------------


def test_the_share_image_has_no_alt_tags_in_a_locale_without_its_alternative_text(visitor, published, image, translate):
    image.alternative = {"en": "The harbour at dawn"}
    image.save()
    about = published("About", path_segment="about", meta_image_id=image.pk)
    translate(about, "nb", name="Om", path_segment="om")
    english, norwegian = head(visitor, "/en/about"), head(visitor, "/nb/om")
    assert '<meta property="og:image:alt" content="The harbour at dawn">' in english
    assert '<meta name="twitter:image:alt" content="The harbour at dawn">' in english
    assert '<meta property="og:image" content="' in norwegian
    assert "og:image:alt" not in norwegian
    assert "twitter:image:alt" not in norwegian


# --- meta description -----------------------------------------------------------------------------


def test_a_written_meta_description_is_used(visitor, published):
    published("About", path_segment="about", meta_description="Who we are.", body=LONG_BODY)
    assert description(visitor, "/en/about") == "Who we are."


def test_without_one_the_first_text_block_describes_the_page_as_plain_text(visitor, published):
    published("About", path_segment="about", template="article", headline="A heading is no description",
              body=LONG_BODY)  # fmt: skip
    found = description(visitor, "/en/about")
    assert found is not None
    assert found.startswith("The harbour library opens its doors")
    assert "**" not in found and "](" not in found and "; read more about our" in found
    assert len(found) <= DESCRIPTION_LENGTH
    assert found.endswith("…")
    assert plain(LONG_BODY).startswith(found[:-1])  # cut where a word ends
    assert plain(LONG_BODY)[len(found) - 1] in " ,;:"
    assert f'<meta property="og:description" content="{found}">' in head(visitor, "/en/about")


def test_the_first_text_block_is_the_first_non_empty_one_in_the_templates_order(visitor, published, image):
    published("Intro", path_segment="intro", intro="A short *summary*.", body=LONG_BODY)
    published("Body", path_segment="body", intro="  ", body=f"Only the body [image:{image.pk}] speaks.")
    assert description(visitor, "/en/intro") == "A short summary."
    assert description(visitor, "/en/body") == "Only the body speaks."


def test_a_page_with_no_text_has_no_description(visitor, published):
    published("Bare", path_segment="bare")
    assert description(visitor, "/en/bare") is None


def test_a_locale_is_described_by_its_own_words_before_the_default_locales(visitor, published, translate):
    about = published("About", path_segment="about", meta_description="Who we are.")
    translate(about, "nb", name="Om", path_segment="om", body="Hvem vi er, på norsk.")
    translate(about, "ar", name="عن", path_segment="عن")
    assert description(visitor, "/nb/om") == "Hvem vi er, på norsk."
    assert description(visitor, "/ar/عن") == "Who we are."  # nothing of its own: the one fallback rule


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Short.", "Short."),
        ("word " * 40, ("word " * 31).strip() + "…"),  # 31 words are 154 characters
        ("x" * 200, "x" * 154 + "…"),  # no word boundary at all: cut where the limit is
    ],
)
def test_shortened_cuts_at_a_word_boundary(text, expected):
    assert shortened(" ".join(text.split()), 155) == expected


# --- favicon --------------------------------------------------------------------------------------


def test_the_site_serves_a_favicon_for_a_long_time(visitor):
    response = visitor.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    assert b"".join(response.streaming_content if response.streaming else [response.content])[:4] == b"\0\0\1\0"
    max_age = int(re.search(r"max-age=(\d+)", response["Cache-Control"])[1])
    assert max_age >= 30 * 24 * 3600
    assert "public" in response["Cache-Control"]
    assert response["ETag"]
    assert visitor.get("/favicon.ico", headers={"If-None-Match": response["ETag"]}).status_code == 304


def test_pages_link_the_favicon(visitor, published):
    published("About", path_segment="about")
    found = head(visitor, "/en/about")
    assert '<link rel="icon" href="/favicon.ico" sizes="32x32">' in found
    svg = re.search(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', found)
    assert svg and svg[1].startswith("/static/site/favicon")
    assert "<svg" in b"".join(visitor.get(svg[1]).streaming_content).decode()
