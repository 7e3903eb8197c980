"""Field rules as tables, without a database."""

import pytest

from cms.pages.tags import unique_case_insensitive
from cms.pages.validation import is_valid_path_segment, redirect_errors, text_errors


@pytest.mark.parametrize(
    ("segment", "valid"),
    [
        ("about", True),
        ("about-us-2", True),
        ("blåbær", True),
        ("من-نحن", True),
        ("日本", True),
        ("", False),
        ("about us", False),
        ("about_us", False),
        ("a/b", False),
        ("a.b", False),
        ("?x", False),
        ("x²", False),
        ("½", False),
        ("हिन्दी", True),
    ],
)
def test_path_segment_allows_letters_digits_and_dashes_of_any_script(segment: str, valid: bool):
    assert is_valid_path_segment(segment) is valid


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ("Plain text with **Markdown**", False),
        ("a < b and c > d", False),
        ("<script>alert(1)</script>", True),
        ('<img src=x onerror="alert(1)">', True),
        ("Hello <b>bold</b>", True),
    ],
)
def test_html_in_text_is_refused(text: str, refused: bool):
    assert bool(text_errors("body", text)) is refused


def test_tags_are_unique_regardless_of_case_keeping_the_first_spelling():
    assert unique_case_insensitive(["News", "news", "Events", "NEWS"]) == ["News", "Events"]


@pytest.mark.parametrize(
    ("address", "valid"),
    [("/en/about", True), ("https://example.org/", True), ("//evil.example/", False), ("javascript:x", False)],
)
def test_redirect_addresses(address: str, valid: bool):
    assert (redirect_errors(address) == []) is valid
