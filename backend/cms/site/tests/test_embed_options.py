"""Embed options on the page (issue 31, item 3): size, class and link on a picture, several files
as one list, unknown options gone without a trace — and hostile values never reach the HTML."""

import re

import pytest

from cms.core.markdown import render_markdown
from cms.media.records import image_records
from cms.pages.media_uses import embedded_media
from cms.site.rendering import WIDTHS, fitted_size, picture
from cms.site.tests.test_markdown_embeds import HOSTILE, Recording, WellFormed


def render(text: str) -> str:
    html = render_markdown(text, Recording())
    problems = WellFormed().check(html).problems
    assert not problems, (text, html, problems)
    return html


HOSTILE_OPTIONS = [
    '[image:3 class="a" onload="alert(1)"]',
    '[image:3 class="x\\" onload=alert(1) y"]',
    "[image:3 class='x\" onload=\"alert(1)']",
    '[image:3 link="javascript:alert(1)"]',
    "[image:3 link='https://e.org/\"><script>alert(1)</script>']",
    "[image:3 link='/a\" onmouseover=\"alert(1)']",
    '[image:3 link="/x" class="<b>"]',
    '[image:3 size="99999999999999999999x99999999999999999999"]',
    '[image:3 size="1x1" size="2x2" size="3x3"]',
    '[image:3 link="/x"] [image:3 link="/x"]',
    '[see [image:3 link="/inner"]](/outer)',
    '[[image:3 link="/inner"]](/outer)',
    '**[image:3 class="a"]**',
    '`[image:3 class="a"]`',
    '> [image:3 link="/x" class="q"]\n>\n> [attachment:4,4,4]',
    "- [attachment:4,5,4]\n- [attachment:4]",
    "[attachment:4,5] and [attachment:5,4] in a sentence",
    '[x](/a "[image:3 link=\\"/y\\"]")',
    '[image:3 link="[image:3]"]',
    '[image:[image:3 size="1x1"]]',
    '[image:3 x="]" y="[attachment:4]"]',
    '[image:3 size="1x1"\n]',
    "[image:3 \u202eclass=x]",
    '[image:3 class="\u202ertl"]',
    '[image:3 link="/\u202e"]',
    '[image:3 link="https://xn--e1afmkfd.xn--p1ai/"] [image:3 link="https://пример.рф/"]',
]


@pytest.mark.parametrize("text", HOSTILE + HOSTILE_OPTIONS)
def test_hostile_options_render_whole(text):
    html = render(text)  # no element or attribute but the site's own, nothing in an attribute
    hrefs = re.findall(r'href="([^"]*)"', html)
    assert all(href.startswith(("/", "https://", "http://", "mailto:")) and not href.startswith("//") for href in hrefs)


def test_options_and_their_order():
    want = (
        '<figure class="embed embed-image embed-sized wide framed">'
        '<a class="embed__link" href="/en/about" rel="noopener"><img '
    )
    for text in (
        '[image:3 size="200x100" class="wide framed" link="/en/about"]',
        '[image:3 link="/en/about" class="wide framed" size="200x100"]',
        '[image:3 class="wide framed" link="/en/about" size="200x100" unknown="x" other]',
    ):
        html = render(text)
        assert html.startswith(want), html
        assert "unknown" not in html and "other" not in html and "size=" not in html


def test_a_link_is_escaped_and_the_caption_stays_outside_it():
    html = render('[image:3 link="https://example.org/?a=1&amp;b=2"]')
    assert 'href="https://example.org/?a=1&amp;b=2"' in html
    assert "</a><figcaption>" in html


@pytest.mark.parametrize(
    "text",
    [
        '[image:3 link="javascript:alert(1)"]',
        '[image:3 link="//evil.example"]',
        '[image:3 link="data:text/html,x"]',
        '[image:3 link="java&#x09;script:alert(1)"]',
    ],
)
def test_a_refused_link_leaves_the_picture_unlinked(text):
    html = render(text)
    assert "<a " not in html and "<img " in html


def test_a_picture_inside_a_link_keeps_that_link_only():
    html = render('[see [image:3 link="/inner"]](/outer)')
    assert html.count("<a ") == 1 and 'href="/outer"' in html and "/inner" not in html


def test_refused_classes_are_dropped_not_mended():
    html = render('[image:3 class="a_b ok <x> é"]')
    assert '<figure class="embed embed-image ok">' in html


def test_inline_options():
    html = render('Logo [image:3 size="40x40" class="logo" link="https://example.org"] here')
    assert html.startswith(
        '<p>Logo <span class="embed embed-image embed-sized logo">'
        '<a class="embed__link" href="https://example.org" rel="noopener"><img '
    )


def test_several_files_are_one_list_each_once_missing_ones_left_out():
    embeds = Recording()
    embeds.attachments[5] = {"name": {"en": "Second"}, "filename": "s.pdf", "url": "/files/5/s.pdf"}
    html = render_markdown("[attachment:5,4,99,5]", embeds)
    assert html.startswith('<ul class="embed embed-attachments"><li><a class="download" href="/files/5/s.pdf"')
    assert html.count("<li>") == 2 and html.index("/files/5/") < html.index("/files/4/")
    inline = render_markdown("Read [attachment:4,5] now", embeds)
    assert '<span class="embed embed-attachments"><a class="download" href="/files/4/r.pdf"' in inline
    assert "</a>, <a " in inline
    assert render_markdown("[attachment:98,99]", embeds) == "\n"


def test_what_a_page_shows_counts_every_file_of_a_list():
    assert embedded_media(['[attachment:1,2,3] [image:7 size="1x1" link="/x"]', "`[attachment:9,10]`"]) == {
        ("attachment", 1),
        ("attachment", 2),
        ("attachment", 3),
        ("image", 7),
    }


# --- The picture a size asks for: the site's fixed renditions only ---------------------------------


@pytest.mark.parametrize(
    "size, box, fitted",
    [
        ((2400, 1600), (400, 300), (400, 267)),
        ((2400, 1600), (800, 100), (150, 100)),
        ((2400, 1600), (400, 0), (400, 267)),
        ((2400, 1600), (0, 800), (1200, 800)),
        ((2400, 1600), (4000, 4000), (2400, 1600)),  # never enlarged
        ((300, 200), (1000, 1000), (300, 200)),
        ((2400, 1600), (1, 1), (1, 1)),
        ((1, 4000), (1, 1), (1, 1)),
    ],
)
def test_the_picture_fits_the_box(size, box, fitted):
    assert fitted_size(*size, box) == fitted


def rendition_widths(html: str) -> set[int]:
    return {int(width) for width in re.findall(r"/renditions/\d+/(\d+)x0-fit-", html)}


def test_a_sized_picture_uses_only_the_sites_rendition_widths(image):
    record = image_records({image.pk})[image.pk]
    plain = picture(record, "en")
    allowed = rendition_widths(plain["srcset"] + plain["src"])
    assert allowed <= {*WIDTHS, 2400}
    for box in [(1, 1), (399, 0), (401, 1), (777, 333), (1599, 0), (4000, 4000), (0, 1)]:
        sized = picture(record, "en", box)
        assert rendition_widths(sized["srcset"] + sized["src"]) <= allowed, box
        assert (sized["width"], sized["height"]) == fitted_size(2400, 1600, box)
    small = picture(record, "en", (300, 300))
    assert small["src"] == plain["srcset"].split(" ")[0]  # the smallest rendition that is sharp: 400
    assert small["sizes"] == "(max-width: 300px) 100vw, 300px"


def test_options_through_the_public_site(visitor, published, image, attachment):
    other = type(attachment).objects.create(
        file="attachments/test/b.pdf", filename="b.pdf", content_type="application/pdf", byte_size=10,
        name={"en": "Budget"},
    )  # fmt: skip
    body = (
        f'Line one\nLine two\n\n[image:{image.pk} size="400x300" class="wide" link="/en/about" onload="x"]\n\n'
        f"[attachment:{attachment.pk},{other.pk}]"
    )
    published("Embeds", path_segment="embeds", body=body)
    html = visitor.get("/en/embeds").content.decode()
    prose = html.split('<div class="prose">', 1)[1].split("</div>", 1)[0]
    assert not WellFormed().check(prose).problems
    assert "<p>Line one<br>\nLine two</p>" in prose
    figure = '<figure class="embed embed-image embed-sized wide"><a class="embed__link" href="/en/about"'
    assert figure in prose
    assert 'width="400" height="267"' in prose
    assert "onload" not in prose
    assert '<ul class="embed embed-attachments"><li><a class="download"' in prose
    assert f"/files/{attachment.pk}/report.pdf" in prose and f"/files/{other.pk}/b.pdf" in prose


def test_options_in_the_preview(admin_client, image, db):
    import orjson

    body = f'One\nTwo\n\n[image:{image.pk} size="200x200" class="narrow" link="https://example.org/"]'
    payload = {"name": "Preview", "template": "page", "body": body}
    response = admin_client.post("/en/pages/preview", {"preview_page": orjson.dumps(payload).decode()})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<p>One<br>\nTwo</p>" in html
    figure = '<figure class="embed embed-image embed-sized narrow"><a class="embed__link" href="https://example.org/"'
    assert figure in html
    assert 'width="200" height="133"' in html
