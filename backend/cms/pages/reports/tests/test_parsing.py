"""The parser's table (issue 31, item 7): what counts as external content, and what does not."""

import pytest
from django.test import override_settings

from cms.pages.reports.parsing import MAX_PER_TEXT, Reference, family, filter_family, references

YT = "https://www.youtube-nocookie.com/embed/abc"

CASES = [
    ("iframe src", f'<iframe width="560" src="{YT}"></iframe>', [("iframe", "www.youtube-nocookie.com", YT)]),
    ("iframe single quotes", "<iframe src='https://vimeo.com/1'>",
     [("iframe", "vimeo.com", "https://vimeo.com/1")]),
    ("iframe bare attribute", "<IFRAME SRC=https://maps.example.net/x></IFRAME>",
     [("iframe", "maps.example.net", "https://maps.example.net/x")]),
    ("script src", '<script async src="https://cdn.example.com/a.js"></script>', [("script", "cdn.example.com", "https://cdn.example.com/a.js")]),
    ("protocol-relative script", '<script src="//cdn.example.com/a.js">',
     [("script", "cdn.example.com", "//cdn.example.com/a.js")]),
    ("img src", '<img alt="x" src="https://img.example.org/a.png">', [("media", "img.example.org", "https://img.example.org/a.png")]),
    ("a href", '<a href="https://other.example/p">x</a>', [("link", "other.example", "https://other.example/p")]),
    ("markdown link", "See [the film](https://youtu.be/abc).", [("link", "youtu.be", "https://youtu.be/abc")]),
    ("markdown link with title", '[x](https://a.example/p "Title")', [("link", "a.example", "https://a.example/p")]),
    ("markdown image", "![cat](https://cats.example/c.jpg)", [("media", "cats.example", "https://cats.example/c.jpg")]),
    ("markdown protocol-relative", "[x](//b.example/p)", [("link", "b.example", "//b.example/p")]),
    ("angle autolink", "<https://c.example/x>", [("link", "c.example", "https://c.example/x")]),
    ("bare URL, sentence end", "Read https://d.example/a/b. Then", [("link", "d.example", "https://d.example/a/b")]),
    ("bare URL in parentheses", "(see https://e.example/x)", [("link", "e.example", "https://e.example/x")]),
    ("upper-case host", "HTTPS://WWW.YouTube.COM/watch?v=1", [("link", "www.youtube.com", "HTTPS://WWW.YouTube.COM/watch?v=1")]),
    ("port dropped from host", "http://f.example:8080/x", [("link", "f.example", "http://f.example:8080/x")]),
    ("javascript: link", '[x](javascript:alert(1)) <a href="javascript:void(0)">y</a>', []),
    ("mailto and tel", "[m](mailto:a@b.example) <a href='tel:123'>t</a>", []),
    ("data: image", '<img src="data:image/png;base64,AAAA">', []),
    ("site path", "[home](/en/home) <a href='../x'>x</a> ![i](images/a.png)", []),
    ("own host (allowed hosts)", "http://localhost/x https://127.0.0.1/y [z](//testserver/z)", []),
    ("embed code", "[image:3 size=\"10x10\"] [attachment:1,2]", []),
    ("no scheme, no slashes", "www.example.com and example.org", []),
    ("broken host", "http://-bad-.example/ http://a..b/ http://[::1/ http://x.example:port/", []),
    ("once per kind and address", "https://g.example/a https://g.example/a [x](https://g.example/a)",
     [("link", "g.example", "https://g.example/a")]),
    ("iframe not counted again as bare", f'<iframe src="{YT}"></iframe> {YT}',
     [("iframe", "www.youtube-nocookie.com", YT), ("link", "www.youtube-nocookie.com", YT)]),
    ("unicode host", "https://blåbær.example/side", [("link", "blåbær.example", "https://blåbær.example/side")]),
    ("not text", None, []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), [(c[1], c[2]) for c in CASES], ids=[c[0] for c in CASES])
def test_references(text, expected):
    assert references(text) == sorted(Reference(*each) for each in expected)


@override_settings(CMS_BASE_URL="https://www.our-site.example", ALLOWED_HOSTS=[".our-site.example", "*"])
def test_the_sites_own_host_is_not_counted():
    text = "https://www.our-site.example/a https://our-site.example/b https://cdn.our-site.example/c https://x.example/"
    assert [ref.host for ref in references(text)] == ["x.example"]


def test_hostile_texts_are_bounded():
    many = " ".join(f"https://h{i}.example/" for i in range(MAX_PER_TEXT * 3))
    assert len(references(many)) == MAX_PER_TEXT
    assert references("\x00https://\ud800.example/ \x00<iframe src='\x00'>") == []
    assert references("<" * 100_000 + "iframe src=" * 1000) == []
    long = "https://l.example/" + "a" * 5000
    assert references(long) == []  # longer than an address the index keeps


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("youtube", "youtube"),
        ("YouTube", "youtube"),
        ("youtu.be", "youtube"),
        ("www.youtube-nocookie.com", "youtube"),
        ("https://www.youtube.com/watch?v=1", "youtube"),
        ("i.ytimg.com", "youtube"),
        ("www.bbc.co.uk", "bbc"),
        ("player.vimeo.com", "vimeo"),
        ("vimeo", "vimeo"),
        ("", ""),
    ],
)
def test_filter_family(given, expected):
    assert filter_family(given) == expected


def test_family_of_addresses():
    assert family("192.0.2.1") == "192.0.2.1"
    assert family("localhost") == "localhost"
