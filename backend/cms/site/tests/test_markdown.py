"""Rich text: Markdown rendered and sanitised, line breaks kept, embed codes expanded."""

from html.parser import HTMLParser

import pytest

from cms.core.markdown import ALLOWED_TAGS, render_markdown

HOSTILE = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[click](javascript:alert(1))",
    "[click](JAVASCRIPT:alert(1))",
    "[click](data:text/html;base64,PHNjcmlwdD4=)",
    "[click](vbscript:msgbox)",
    "<a href='javascript:alert(1)'>x</a>",
    "<svg onload=alert(1)>",
    "<iframe src=//evil.example></iframe>",
    "![x](javascript:alert(1))",
    '[x](" onmouseover="alert(1))',
    "<<script>script>alert(1)<</script>/script>",
    "`<script>` and <style>body{}</style>",
    "[x]: javascript:alert(1)\n\n[x]",
]


class Elements(HTMLParser):
    """Every element and attribute a browser would build from the HTML."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, list[tuple[str, str | None]]]] = []

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, attrs))


@pytest.mark.parametrize("text", HOSTILE)
def test_no_script_gets_through(text):
    parser = Elements()
    parser.feed(render_markdown(text))
    for tag, attributes in parser.found:
        assert tag in ALLOWED_TAGS
        for name, value in attributes:
            assert not name.startswith("on")
            if name == "href":
                assert (value or "").split(":")[0].lower() in {"http", "https", "mailto", "tel"} or ":" not in value


def test_markdown_renders_and_single_line_breaks_are_kept():
    html = render_markdown("**Bold** and *soft*\nSecond line\n\n- one\n- two")
    assert "<strong>Bold</strong>" in html
    assert "<em>soft</em><br>\nSecond line" in html
    assert "<li>one</li>" in html


def test_links_keep_their_address_and_get_noopener():
    assert render_markdown("[site](https://example.org/a)") == (
        '<p><a href="https://example.org/a" rel="noopener">site</a></p>\n'
    )


def page_with_embeds(published, image, attachment, body):
    return published("Embeds", path_segment="embeds", body=body)


def test_an_image_code_expands_to_its_rendition_alt_and_caption(visitor, published, image):
    published("Embeds", path_segment="embeds", body=f"Before\n\n[image:{image.pk}]\n\nAfter")
    html = visitor.get("/en/embeds").content.decode()
    figure = html.split('<figure class="embed embed-image">')[1].split("</figure>")[0]
    assert f'src="/renditions/{image.pk}/800x0-fit-' in figure
    assert "1600w" in figure
    assert 'alt="The harbour at dawn"' in figure
    assert "<figcaption>Photo: the archive</figcaption>" in figure


def test_an_attachment_code_expands_to_a_download_link_named_in_the_locale(visitor, published, attachment, translate):
    page = published("Embeds", path_segment="embeds", body=f"Read [attachment:{attachment.pk}] now")
    translate(page, "nb", name="Innebygd", path_segment="innebygd", body=f"Les [attachment:{attachment.pk}]")
    english = visitor.get("/en/embeds").content.decode()
    norwegian = visitor.get("/nb/innebygd").content.decode()
    assert f'href="/files/{attachment.pk}/report.pdf" download>' in english or "report.pdf" in english
    assert "Annual report</a>" in english
    assert "Årsrapport</a>" in norwegian
    assert "Last ned" in norwegian


def test_a_code_naming_a_missing_record_renders_nothing(visitor, published):
    published("Embeds", path_segment="embeds", body="A [image:999999] B [attachment:888888] C")
    response = visitor.get("/en/embeds")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<p>A  B  C</p>" in html
    assert "[image:" not in html


def test_alt_text_and_names_are_escaped_in_embeds(visitor, published, image):
    type(image).objects.filter(pk=image.pk).update(alternative={"en": '"><script>alert(1)</script>'})
    published("Embeds", path_segment="embeds", body=f"[image:{image.pk}]")
    html = visitor.get("/en/embeds").content.decode()
    assert "<script>alert(1)" not in html
    assert "&quot;&gt;&lt;script&gt;" in html


# --- A line break an editor types stays a line break (issue 31, item 4) ------------------------

LINE_BREAKS = [
    ("a\nb", "<p>a<br>\nb</p>\n"),
    ("a\r\nb", "<p>a<br>\nb</p>\n"),  # a textarea's line ends
    ("a\rb", "<p>a<br>\nb</p>\n"),
    ("a  \nb", "<p>a<br>\nb</p>\n"),  # Markdown's own hard break: still one <br>
    ("a\\\nb", "<p>a<br>\nb</p>\n"),
    ("a\nb\n\nc\nd", "<p>a<br>\nb</p>\n<p>c<br>\nd</p>\n"),  # a blank line still starts a paragraph
    ("a\n\n\nb", "<p>a</p>\n<p>b</p>\n"),
    ("a\n- x\n- y", "<p>a</p>\n<ul>\n<li>x</li>\n<li>y</li>\n</ul>\n"),  # a list still begins
    ("a\n1. one", "<p>a</p>\n<ol>\n<li>one</li>\n</ol>\n"),
    ("- a\n  b\n- c", "<ul>\n<li>a<br>\nb</li>\n<li>c</li>\n</ul>\n"),
    ("a\n## H\nb", "<p>a</p>\n<h2>H</h2>\n<p>b</p>\n"),  # a heading still begins, and ends its line
    ("## H\na\nb", "<h2>H</h2>\n<p>a<br>\nb</p>\n"),
    ("> a\n> b", "<blockquote>\n<p>a<br>\nb</p>\n</blockquote>\n"),
    ("**a\nb**", "<p><strong>a<br>\nb</strong></p>\n"),
    ("Main street 1\n0150 Oslo\nNorway", "<p>Main street 1<br>\n0150 Oslo<br>\nNorway</p>\n"),
]


@pytest.mark.parametrize("text, html", LINE_BREAKS)
def test_a_single_line_break_stays_a_line_break(text, html):
    assert render_markdown(text) == html


def test_line_breaks_on_the_page_and_in_its_description(visitor, published):
    published("Contact", path_segment="contact", body="Main street 1\n0150 Oslo\n\n- phone\n- mail")
    html = visitor.get("/en/contact").content.decode()
    assert "<p>Main street 1<br>\n0150 Oslo</p>\n<ul>\n<li>phone</li>" in html
    assert '<meta name="description" content="Main street 1 0150 Oslo phone mail">' in html
