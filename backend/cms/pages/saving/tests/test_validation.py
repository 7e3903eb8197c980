"""Field rules as tables, without a database."""

import time

import pytest

from cms.pages.saving.tags import unique_case_insensitive
from cms.pages.saving.validation import HTML_MESSAGE, is_valid_path_segment, redirect_errors, text_errors


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


@pytest.mark.parametrize(
    "text",
    ["<a" * 100_000, "<" * 200_000, "</a" * 66_666, "<a" * 99_999 + ">", "x" * 199_999 + ">"],
)
def test_the_html_check_takes_linear_time_on_the_longest_text(text: str):
    # A backtracking pattern took ~19 s on 200,000 characters of "<a<a…".
    started = time.perf_counter()
    text_errors("body", text)
    assert time.perf_counter() - started < 0.05


@pytest.mark.parametrize(
    ("text", "refused"),
    [("<a" * 1000, False), ("<a" * 1000 + ">", True), ("x > y < z", False), ("<!-- note -->", True), ("1 <2 >", False)],
)
def test_a_tag_start_counts_only_when_a_closing_bracket_follows(text: str, refused: bool):
    assert (text_errors("body", text) == [("body", HTML_MESSAGE)]) is refused


@pytest.mark.parametrize(("text", "message"), [("a\x00", "NUL"), ("\ud800", "surrogate")])
def test_text_no_database_can_store_is_refused(text: str, message: str):
    [(attribute, error)] = text_errors("body", text)
    assert attribute == "body" and message in error


def test_tags_are_unique_regardless_of_case_keeping_the_first_spelling():
    assert unique_case_insensitive(["News", "news", "Events", "NEWS"]) == ["News", "Events"]


@pytest.mark.parametrize(
    ("address", "valid"),
    [("/en/about", True), ("https://example.org/", True), ("//evil.example/", False), ("javascript:x", False)],
)
def test_redirect_addresses(address: str, valid: bool):
    assert (redirect_errors(address) == []) is valid
