"""Embed codes are expanded in text only: never inside a tag or an attribute, never in code.

Hostile texts must render whole: every element closed where it was opened, no markup inside an
attribute value, no link inside a link, no block inside a paragraph, and never a server error.
"""

import re
from html.parser import HTMLParser
from typing import Any

import pytest

from cms.core.embed_codes import EmbedCode
from cms.core.markdown import ALLOWED_TAGS, render_markdown
from cms.site.markdown import Embeds

IMAGE, ATTACHMENT = 3, 4
EMBED_TAGS = {"figure", "figcaption", "img", "span"}
VOID = {"br", "hr", "img"}
TAG_LIKE = re.compile(r"<\s*/?\s*[a-zA-Z]|\b(src|class|href)=")


class WellFormed(HTMLParser):
    """Collects what would make a browser build another tree than the HTML's text suggests."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.problems: list[str] = []
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ALLOWED_TAGS | EMBED_TAGS:
            self.problems.append(f"unexpected <{tag}>")
        if tag == "a" and "a" in self.open:
            self.problems.append("a link inside a link")
        if tag in {"figure", "p", "ul", "ol", "pre", "blockquote", "h2", "h3", "h4", "hr"} and "p" in self.open:
            self.problems.append(f"<{tag}> inside a paragraph")
        for name, value in attrs:
            if name.startswith("on") or TAG_LIKE.search(value or ""):
                self.problems.append(f"markup in the attribute {name}={value!r}")
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.open.pop()

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.open[-1:] or 'nothing'}")
        else:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        self.text += data

    def check(self, html: str) -> "WellFormed":
        self.feed(html)
        self.close()
        if self.open:
            self.problems.append(f"left open: {self.open}")
        return self


def picture(image: dict[str, Any], box: tuple[int, int] | None = None) -> dict[str, Any]:
    return {
        "src": "/renditions/3/a.jpg", "srcset": "/renditions/3/a.jpg 800w", "sizes": "100vw",
        "width": 800, "height": 600, "alt": 'A "harbour" at dawn & <3', "caption": "Caption [image:3]",
    }  # fmt: skip


class Recording(Embeds):
    """The real embeds over two records (image 3, attachment 4), remembering what they expanded."""

    def __init__(self) -> None:
        report = {"name": {"en": 'Report "2024" <b>'}, "filename": "r.pdf", "url": "/files/4/r.pdf"}
        super().__init__(
            images={IMAGE: {"id": IMAGE}}, attachments={ATTACHMENT: report}, locale="en", picture=picture,
            download_label="Download",
        )  # fmt: skip
        self.calls: list[tuple[str, int, bool]] = []

    def __call__(self, code: EmbedCode, inline: bool) -> str:
        self.calls.append((code.kind, code.id, inline))
        return super().__call__(code, inline)


def render(text: str) -> tuple[str, list[tuple[str, int, bool]]]:
    embeds = Recording()
    html = render_markdown(text, embeds)
    problems = WellFormed().check(html).problems
    assert not problems, (text, html, problems)
    return html, embeds.calls


HOSTILE = [
    # link titles, inline and by reference
    '[x](/a "see [image:3]")',
    "[x](/a 'see [attachment:4]')",
    "[x](/a ([image:3] and [attachment:4]))",
    '[x][ref]\n\n[ref]: /y "t [image:3]"',
    '[x](/a "[image:3]") [image:3]',
    # link destinations
    "[x](/a/[image:3])",
    "[x](</a/[image:3]>)",
    "<https://example.org/[image:3]>",
    # image alt texts and titles (nh3 drops Markdown images: the site shows only its own)
    "![see [image:3]](/x.png)",
    '![[attachment:4]](/x.png "[image:3]")',
    "![alt](/x.png) [image:3]",
    # code spans and code blocks
    "`[image:3]`",
    "``[attachment:4]``",
    "```\n[image:3]\n[attachment:4]\n```",
    "~~~html\n<p>[image:3]</p>\n~~~",
    "    [image:3]",
    "- item\n\n      [image:3]",
    "`[image:3]` shows [image:3]",
    # split across tags
    "[image:**3**]",
    "**[image:**3]",
    "*[image:3*]",
    "[image:`3`]",
    "[image:3\n]",
    "[image:\n3]",
    "<b>[image:</b>3]",
    # nested brackets and links
    "[[image:3]]",
    "[[[attachment:4]]]",
    "[see [image:3]](/x)",
    "[see [attachment:4]](/x)",
    "[[attachment:4]](/x)",
    "[image:3](/x)",
    "[attachment:4][image:3]",
    "[image:[image:3]]",
    "[image:3][image:3][attachment:4][attachment:4]",
    "**[attachment:4]** _[image:3]_",
    "## [attachment:4] [image:3]",
    "> [image:3]\n>\n> [attachment:4]",
    "- [image:3]\n- [attachment:4]",
    "- [image:3]\n\n- [attachment:4]",
    "1. [image:3]\n\n   [attachment:4]",
    "[image:3]\n[attachment:4]",
    # raw HTML (escaped by markdown-it) around codes
    '<a title="[image:3]">x</a>',
    '<img alt="[image:3]" src=x>',
    "<p>[image:3]</p>",
    "<code>[image:3]</code>",
    "<!-- [image:3] -->",
    '"><script>[image:3]</script>',
    # ids: huge, zero, signs, padding
    "[image:99999999999999999999]",
    "[attachment:99999999999999999999999999999999999999]",
    "[image:999999999999999999]",
    "[image:0] [image:-3] [image:+3] [image:03] [image: 3] [IMAGE:3] [image:3.0] [image:٣]",
    # NUL characters
    "a\x00[image:3]\x00b",
    "[image:\x003]",
    "[image:3]\x00",
    "\x00[attachment:4]\x00",
    '[x](/a "\x00[image:3]")',
    "`\x00[image:3]`",
    "\x00" * 1000,
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_texts_render_whole(text):
    html, _ = render(text)
    assert "\x00" not in html


@pytest.mark.parametrize(
    "text", ['[x](/a "see [image:3]")', "[x](/a 'see [attachment:4]')", '[x][ref]\n\n[ref]: /y "t [image:3]"']
)
def test_a_code_in_a_link_title_stays_text(text):
    html, calls = render(text)
    assert calls == []
    assert 'title="see [image:3]"' in html or 'title="see [attachment:4]"' in html or 'title="t [image:3]"' in html


def test_only_the_code_outside_the_title_is_expanded():
    html, calls = render('[x](/a "[image:3]") [image:3]')
    assert calls == [("image", IMAGE, True)]
    assert 'title="[image:3]"' in html
    assert html.count("<img") == 1


def test_a_code_in_an_image_alt_text_expands_nothing():
    html, calls = render("![see [image:3]](/x.png)")
    assert calls == []
    assert "<img" not in html


def test_a_code_in_a_link_address_stays_in_the_address():
    html, calls = render("[x](/a/[image:3])")
    assert calls == []
    assert 'href="/a/%5Bimage:3%5D"' in html


@pytest.mark.parametrize(
    "text, shown",
    [
        ("`[image:3]`", "<code>[image:3]</code>"),
        ("``[attachment:4]``", "<code>[attachment:4]</code>"),
        ("```\n[image:3]\n[attachment:4]\n```", "<pre><code>[image:3]\n[attachment:4]\n</code></pre>"),
        ("    [image:3]", "<pre><code>[image:3]\n</code></pre>"),
        ("~~~html\n<p>[image:3]</p>\n~~~", "&lt;p&gt;[image:3]&lt;/p&gt;"),
    ],
)
def test_code_shows_the_embed_code_literally(text, shown):
    html, calls = render(text)
    assert calls == []
    assert shown in html


def test_code_and_an_embed_in_one_paragraph():
    html, calls = render("`[image:3]` shows [image:3]")
    assert calls == [("image", IMAGE, True)]
    assert html.startswith('<p><code>[image:3]</code> shows <span class="embed embed-image"><img ')


@pytest.mark.parametrize("text", ["[image:**3**]", "**[image:**3]", "*[image:3*]", "[image:`3`]", "[image:\n3]"])
def test_a_code_split_by_markup_is_not_a_code(text):
    _, calls = render(text)
    assert calls == []


def test_brackets_around_a_code_are_kept():
    html, calls = render("[[image:3]]")
    assert calls == [("image", IMAGE, True)]
    assert html.startswith('<p>[<span class="embed embed-image"><img ') and html.endswith("</span>]</p>\n")


def test_an_image_code_in_link_text_is_an_inline_image_in_the_link():
    html, calls = render("[see [image:3]](/x)")
    assert calls == [("image", IMAGE, True)]
    assert '<a href="/x" rel="noopener">see <span class="embed embed-image"><img ' in html


@pytest.mark.parametrize("text", ["[see [attachment:4]](/x)", "[[attachment:4]](/x)"])
def test_an_attachment_code_in_link_text_stays_text(text):
    html, calls = render(text)
    assert calls == []
    assert html.count("<a ") == 1
    assert "[attachment:4]</a>" in html


def test_a_code_of_twenty_digits_is_text_and_never_looked_up():
    html, calls = render("[image:99999999999999999999] [attachment:99999999999999999999999999999999999999]")
    assert calls == []
    assert "[image:99999999999999999999]" in html


def test_the_longest_id_is_looked_up_and_missing_renders_nothing():
    html, calls = render("A [image:999999999999999999] B")
    assert calls == [("image", 999999999999999999, True)]
    assert html == "<p>A  B</p>\n"


def test_nul_characters_never_join_a_code():
    html, calls = render("[image:\x003]")
    assert calls == []
    html, calls = render("a\x00[image:3]\x00b")
    assert calls == [("image", IMAGE, True)]
    assert "\ufffd" in html  # CommonMark: NUL becomes U+FFFD


# --- What embeds render to is unchanged ------------------------------------------------------


def test_a_code_alone_in_its_paragraph_is_a_block():
    html, calls = render("Before\n\n[image:3]\n\n[attachment:4]\n\nAfter")
    assert calls == [("image", IMAGE, False), ("attachment", ATTACHMENT, False)]
    assert '<p>Before</p>\n<figure class="embed embed-image"><img ' in html
    assert "<figcaption>Caption [image:3]</figcaption></figure>" in html  # escaped values are not expanded
    assert '<p class="embed embed-attachment"><a class="download" href="/files/4/r.pdf" download>' in html
    assert "Report &quot;2024&quot; &lt;b&gt;</a></p>\n<p>After</p>" in html


def test_a_code_in_a_sentence_is_inline():
    html, calls = render("Read [attachment:4] and see [image:3].")
    assert calls == [("attachment", ATTACHMENT, True), ("image", IMAGE, True)]
    assert '<p>Read <a class="download" href="/files/4/r.pdf" download>' in html
    assert 'see <span class="embed embed-image"><img src="/renditions/3/a.jpg"' in html
    assert 'alt="A &quot;harbour&quot; at dawn &amp; &lt;3"' in html


def test_blocks_inside_quotes_and_loose_lists():
    html, _ = render("> [image:3]\n\n- [attachment:4]\n\n- b")
    assert '<blockquote>\n<figure class="embed embed-image">' in html
    assert '<li>\n<p class="embed embed-attachment">' in html


def test_a_missing_record_alone_in_its_paragraph_leaves_no_empty_paragraph():
    html, _ = render("[image:5]\n\n[attachment:6]")
    assert html == "\n\n"


def test_codes_in_an_embedded_records_alt_text_caption_and_name_are_not_expanded_again():
    embeds = Recording()
    embeds.picture = lambda image, box: {
        "src": "/r.jpg", "srcset": "/r.jpg 800w", "sizes": "100vw", "width": 800, "height": 600,
        "alt": "see [image:3] and [attachment:4]", "caption": "[image:3]",
    }  # fmt: skip
    embeds.attachments[ATTACHMENT]["name"] = {"en": "[attachment:4] [image:3]"}
    html = render_markdown("[image:3]\n\nInline [image:3] and [attachment:4]", embeds)
    assert not WellFormed().check(html).problems, html
    assert embeds.calls == [("image", IMAGE, False), ("image", IMAGE, True), ("attachment", ATTACHMENT, True)]
    assert html.count("<img") == 2
    assert html.count('alt="see [image:3] and [attachment:4]"') == 2
    assert "<figcaption>[image:3]</figcaption>" in html
    assert "</span> [attachment:4] [image:3]</a>" in html


def test_without_embeds_codes_stay_text():
    assert render_markdown("[image:3]") == "<p>[image:3]</p>\n"


# --- Through the public website ---------------------------------------------------------------


def test_a_page_of_hostile_texts_renders_whole(visitor: Any, published: Any, image: Any, attachment: Any) -> None:
    # The page services refuse NUL and anything that looks like an HTML tag (cms/pages/saving/validation.py).
    stored = [text for text in HOSTILE if "\x00" not in text and not re.search(r"</?[a-zA-Z!?]", text)]
    body = (
        "\n\n".join(stored)
        .replace("[image:3", f"[image:{image.pk}")
        .replace("[attachment:4", f"[attachment:{attachment.pk}")
    )
    type(image).objects.filter(pk=image.pk).update(alternative={"en": f'The harbour "[image:{image.pk}]"'})
    published("Hostile", path_segment="hostile", body=body)
    response = visitor.get("/en/hostile")
    assert response.status_code == 200
    html = response.content.decode()
    prose = html.split('<div class="prose">', 1)[1].split("</div>", 1)[0]
    problems = WellFormed().check(prose).problems
    assert not problems, problems
    assert f'alt="The harbour &quot;[image:{image.pk}]&quot;"' in prose
    assert f"<code>[image:{image.pk}]</code>" in prose
