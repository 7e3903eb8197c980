"""Which addresses a text links to, and a text with some links written anew: table tests."""

import pytest
from django.test import override_settings

from cms.pages.text_links.parsing import Target, link_urls, read_address, rewritten


@pytest.mark.parametrize(
    ("url", "target"),
    [
        ("/en/about", Target("en", "about")),
        ("/nb/om/oss?x=1#team", Target("nb", "om/oss")),
        ("/nb/bl%C3%A5b%C3%A6r", Target("nb", "blåbær")),
        ("/en/about/", Target("en", "about")),
        ("/en/", Target("en", "")),
        ("/en/pages/12", Target("en", "pages/12", 12)),
        ("/ar/pages/12-old-name", Target("ar", "pages/12-old-name", 12)),
        ("https://www.example.org/en/about", Target("en", "about")),
        ("/en/pages/x", Target("en", "pages/x")),  # a page whose segment is "pages"
        ("/fr/about", None),  # not a configured locale
        ("/media/a.png", None),
        ("https://other.example/en/about", None),
        ("mailto:a@b.c", None),
        ("about", None),
        ("/en//x", None),
        ("/en/a\x00", None),
        ("", None),
    ],
)
@override_settings(CMS_BASE_URL="https://www.example.org")
def test_an_address_names_a_locale_and_path_or_a_permalink(url, target):
    written = read_address(url)
    assert (written.target if written else None) == target


def test_links_are_markdown_links_and_definitions_not_images_or_running_text():
    text = (
        'See [about](/en/about) and [team](</en/team> "Team").\n'
        "![picture](/en/picture) /en/plain-text https://x.example/en/y\n"
        "[ref]: /en/defined\n"
        "[same](/en/about) [mail](mailto:x@y.z)"
    )
    assert link_urls(text) == ["/en/about", "/en/defined", "/en/team"]
    assert link_urls(None) == [] and link_urls(12) == []


def test_a_rewrite_changes_the_links_alone():
    text = "[a](/en/old) /en/old [b](/en/old#part) [c](/en/older)\n[d]: /en/old"
    new = rewritten(text, {"/en/old": "/en/new", "/en/old#part": "/en/new#part"})
    assert new == "[a](/en/new) /en/old [b](/en/new#part) [c](/en/older)\n[d]: /en/new"
