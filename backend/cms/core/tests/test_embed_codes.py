"""Embed codes with pages_core's options (issue 31, item 3): a table of what each code reads as.

Hostile values never reach the page: a link is http(s) with a host, mailto or a site path; a
class is letters, digits and dashes; a size is clamped; unknown options are dropped and the code
is still a code (never shown as text). The reading is bounded: long runs fail fast.
"""

import time

import pytest

from cms.core.embed_codes import MAX_BOX, MAX_CLASSES, MAX_IDS, EmbedCode, codes_in


def image(**options: object) -> EmbedCode:
    return EmbedCode("image", (3,), **options)  # type: ignore[arg-type]


READS = [
    # plain codes, as before
    ("[image:3]", image()),
    ("[attachment:4]", EmbedCode("attachment", (4,))),
    ("[image:999999999999999999]", EmbedCode("image", (999999999999999999,))),
    # size
    ('[image:3 size="400x300"]', image(width=400, height=300)),
    ('[image:3 size="400X300"]', image(width=400, height=300)),
    ('[image:3 size="400\u00d7300"]', image(width=400, height=300)),
    ('[image:3 size=" 400 x 300 "]', image(width=400, height=300)),
    ("[image:3 size=400x300]", image(width=400, height=300)),
    ("[image:3 size='400x300']", image(width=400, height=300)),
    ('[image:3 size="400x"]', image(width=400)),
    ('[image:3 size="400"]', image(width=400)),
    ('[image:3 size="x300"]', image(height=300)),
    ('[image:3 size="0x0"]', image()),
    ('[image:3 size="x"]', image()),
    ('[image:3 size="0400x0300"]', image(width=400, height=300)),
    ('[image:3 size="99999x99999"]', image(width=MAX_BOX, height=MAX_BOX)),
    ('[image:3 size="4001x1"]', image(width=MAX_BOX, height=1)),
    (f'[image:3 size="{"9" * 1990}x1"]', image(width=MAX_BOX, height=1)),
    (f'[image:3 size="{"0" * 1990}12x1"]', image(width=12, height=1)),
    ('[image:3 size="-400x300"]', image()),
    ('[image:3 size="+400x300"]', image()),
    ('[image:3 size="400.5x300"]', image()),
    ('[image:3 size="400x300px"]', image()),
    ('[image:3 size="1e9x1"]', image()),
    ('[image:3 size="\u0664\u0660\u0660x\u0663\u0660\u0660"]', image()),  # Arabic-Indic digits: not ASCII
    ('[image:3 size="\uff14\uff10\uff10x\uff13\uff10\uff10"]', image()),  # fullwidth digits
    ('[image:3 size=""]', image()),
    ('[image:3 size="400x300x200"]', image()),
    ('[image:3 size="400,300"]', image()),
    # class
    ('[image:3 class="wide"]', image(css_class="wide")),
    ('[image:3 class="wide framed-2 Left"]', image(css_class="wide framed-2 Left")),
    ('[image:3 class="  wide   wide  "]', image(css_class="wide")),
    ('[image:3 class="a_b c.d e:f g/h i\'j"]', image()),
    ('[image:3 class="ok &quot;bad&quot; <b> x&amp;y"]', image(css_class="ok")),
    ('[image:3 class="écran wide"]', image(css_class="wide")),
    ('[image:3 class="وسط wide"]', image(css_class="wide")),
    ('[image:3 class="wide\x00 narrow"]', image(css_class="narrow")),
    ('[image:3 class="onload=alert(1) x"]', image(css_class="x")),
    (
        "[image:3 class=" + '"' + " ".join(f"c{i}" for i in range(20)) + '"]',
        image(css_class=" ".join(f"c{i}" for i in range(MAX_CLASSES))),
    ),
    (f'[image:3 class="{"a" * 65} b"]', image(css_class="b")),
    # link
    ('[image:3 link="https://example.org/a?b=1&c=2#d"]', image(link="https://example.org/a?b=1&c=2#d")),
    ('[image:3 link="http://example.org"]', image(link="http://example.org")),
    ('[image:3 link="HTTPS://EXAMPLE.ORG/"]', image(link="HTTPS://EXAMPLE.ORG/")),
    ('[image:3 link="mailto:press@example.org?subject=Hi"]', image(link="mailto:press@example.org?subject=Hi")),
    ('[image:3 link="/en/about"]', image(link="/en/about")),
    ('[image:3 link="/"]', image(link="/")),
    ('[image:3 link="/ar/عن"]', image(link="/ar/عن")),
    ('[image:3 link=" /en/about "]', image(link="/en/about")),
    ('[image:3 link="https://example.org/a&amp;b"]', image(link="https://example.org/a&b")),  # HTML text
    ('[image:3 link="javascript:alert(1)"]', image()),
    ('[image:3 link="JavaScript:alert(1)"]', image()),
    ('[image:3 link=" javascript:alert(1)"]', image()),
    ('[image:3 link="java\tscript:alert(1)"]', image()),
    ('[image:3 link="&#106;avascript:alert(1)"]', image()),
    ('[image:3 link="javascript&colon;alert(1)"]', image()),
    ("[image:3 link=javascript:alert(1)]", image()),
    ('[image:3 link="data:text/html;base64,PHNjcmlwdD4="]', image()),
    ('[image:3 link="vbscript:msgbox"]', image()),
    ('[image:3 link="file:///etc/passwd"]', image()),
    ('[image:3 link="tel:+4712345678"]', image()),
    ('[image:3 link="//evil.example/"]', image()),
    ('[image:3 link="/\\evil.example/"]', image()),
    ('[image:3 link="\\\\evil.example/"]', image()),
    ('[image:3 link="https:evil.example"]', image()),
    ('[image:3 link="https:/evil.example"]', image()),
    ('[image:3 link="https://"]', image()),
    ('[image:3 link="https://[::1"]', image()),
    ('[image:3 link="mailto:"]', image()),
    ('[image:3 link="about"]', image()),
    ('[image:3 link="../admin"]', image()),
    ('[image:3 link="#top"]', image()),
    ('[image:3 link="https://exa mple.org"]', image()),
    ("[image:3 link='https://e.org/\"><script>']", image()),
    ('[image:3 link="/a&lt;b&gt;"]', image()),
    ('[image:3 link="https://example.org/\x00"]', image()),
    ('[image:3 link="https://example.org/a\u0085b"]', image()),
    ('[image:3 link="\uff0f\uff0fevil.example"]', image()),  # fullwidth solidus
    ('[image:3 link="[image:4]"]', image()),
    # options combined, in any order, the first of a name winning
    (
        '[image:3 link="/x" class="wide" size="200x100"]',
        image(width=200, height=100, css_class="wide", link="/x"),
    ),
    (
        '[image:3 size="200x100" link="/x" class="wide"]',
        image(width=200, height=100, css_class="wide", link="/x"),
    ),
    ('[image:3 SIZE="200x100" Class="wide"]', image(width=200, height=100, css_class="wide")),
    ('[image:3 link="/first" link="/second"]', image(link="/first")),
    ('[image:3 link="javascript:x" link="/second"]', image()),
    ('[image:3\tsize="200x100"\t]', image(width=200, height=100)),
    # unknown options and bare words: dropped, the code still a code
    ('[image:3 alt="x" onload="alert(1)" style="width:1px"]', image()),
    ("[image:3 wide]", image()),
    ('[image:3 data-x="1" class="ok"]', image(css_class="ok")),
    ('[image:3 x="]"]', image()),
    ('[image:3 x="[image:4]"]', image()),
    # attachments: several as one list, each once, in order; options ignored
    ("[attachment:1,2,3]", EmbedCode("attachment", (1, 2, 3))),
    ("[attachment:3, 1 ,2]", EmbedCode("attachment", (3, 1, 2))),
    ("[attachment:1,2,1,2]", EmbedCode("attachment", (1, 2))),
    ('[attachment:1,2 class="wide" link="/x" size="1x1"]', EmbedCode("attachment", (1, 2))),
    (
        f"[attachment:{','.join(map(str, range(1, MAX_IDS + 1)))}]",
        EmbedCode("attachment", tuple(range(1, MAX_IDS + 1))),
    ),
]


@pytest.mark.parametrize("text, code", READS)
def test_a_code_reads_as(text, code):
    assert codes_in(text) == [code]


NOT_CODES = [
    "[image:3",
    "[image:3 size=]",
    '[image:3 size="400x300]',  # a quote left open
    '[image:3 size="400x300"size="1x1"]',  # options stand apart
    "[image:1,2]",  # one image a code
    "[attachment:1,]",
    "[attachment:,1]",
    "[attachment:1,,2]",
    f"[attachment:{','.join(map(str, range(1, MAX_IDS + 2)))}]",
    "[IMAGE:3]",
    "[image: 3]",
    "[image:3.0]",
    "[image:٣]",
    "[image:3 " + " ".join(f"o{i}" for i in range(17)) + "]",  # more options than any code needs
    '[image:3 size="1\n2"]',
    "[image:3\nsize=1]",
    "[image:3 =x]",
    "[image:3 -x]",
    "[image:99999999999999999999]",
    f'[image:3 link="/{"a" * 2000}"]',  # longer than any value
]


@pytest.mark.parametrize("text", NOT_CODES)
def test_text_that_is_not_a_code(text):
    assert codes_in(text) == []


def test_codes_inside_codes_are_read_once():
    assert codes_in('[image:3 link="[image:4]"] [image:[image:5 size="2x2"]]') == [
        image(),
        EmbedCode("image", (5,), 2, 2),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "[image:1" + " a" * 100_000,
        '[image:1 a="' + "x" * 100_000,
        "[attachment:" + "1," * 100_000,
        "[image:1 a=b" * 5_000,
        '[image:1 size="' + "9" * 100_000 + '"]',
        "[" * 100_000,
    ],
)
def test_long_hostile_runs_are_read_quickly(text):
    started = time.perf_counter()
    codes_in(text)
    assert time.perf_counter() - started < 0.5
