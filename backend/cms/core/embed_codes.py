"""Embed codes as pages_core writes them (spec §9, issue 31 item 3): the one reading of a code.

    [image:ID]  [image:ID size="WxH" class="wide framed" link="https://example.org/"]
    [attachment:ID]  [attachment:1,2,3]

Options follow the id, in any order, each `name="value"` (or 'value', or a bare word); unknown
options, and known ones whose value breaks its rule, are dropped — the code is still a code and
never shows as text. The rules:

- `size="WxH"` (images): the picture fits in that box (`W`, `Wx` or `xH` bound one side). Each
  side is clamped to 1..MAX_BOX; other text (signs, non-ASCII digits) drops the option. The box
  sizes what is shown only: renditions stay the site's fixed widths (cms.site.rendering), so a
  crafted size can never make the server render and keep a new file.
- `class="…"` (images, on the figure): ASCII letters, digits and dashes; a class with anything
  else is dropped (not mended: "a_b" must not become another class "ab"); at most MAX_CLASSES.
- `link="URL"` (images): the picture links there. Only http(s) with a host, mailto, and the
  site's own paths (one leading `/`, never `//` or `/\\`, which browsers read as another host).
  Ignored where the code sits inside a link already (a link can't hold a link).
- `[attachment:1,2,3]`: several files as one list, in that order, each once; at most MAX_IDS.

The same pattern reads Markdown source and the HTML text nodes markdown-it and nh3 make of it
(where `&`, `<`, `>` and a no-break space are escaped), so values are unescaped before they are
judged, and escaped again by whoever writes them into HTML.
"""

import html
import re
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit

Kind = Literal["image", "attachment"]

MAX_IDS = 50
MAX_BOX = 4000  # pixels a side: larger than any layout shows, and the clamp for bigger numbers
MAX_CLASSES = 8
MAX_CLASS_LENGTH = 64
MAX_LINK_LENGTH = 2000
MAX_OPTIONS = 16

_ID = r"[0-9]{1,18}"  # ASCII digits, 18 at most: every such id fits the database's 64-bit keys
_IDS = rf"{_ID}(?:[ \t]*,[ \t]*{_ID}){{0,{MAX_IDS - 1}}}"
_VALUE = r"""(?:"[^"\n]{0,2000}"|'[^'\n]{0,2000}'|[^\s"'\]]{1,2000})"""
_OPTION = rf"[ \t]+[A-Za-z][A-Za-z0-9_-]{{0,31}}(?:=(?>{_VALUE}))?"
# Atomic groups: a long run of would-be options that never closes fails in linear time.
_CODE = rf"\[(?:(image):({_ID})|(attachment):({_IDS}))((?>{_OPTION}){{0,{MAX_OPTIONS}}})[ \t]*\]"
EMBED_INLINE = re.compile(_CODE)
EMBED_ALONE = re.compile(rf"\s*{_CODE}\s*")
_OPTIONS = re.compile(rf"[ \t]+([A-Za-z][A-Za-z0-9_-]{{0,31}})(?:=({_VALUE}))?")
_SIZE = re.compile(r"[ \t]*([0-9]{0,2000})[ \t]*(?:[xX\u00d7][ \t]*([0-9]{0,2000}))?[ \t]*")
_CLASS = re.compile(rf"[A-Za-z0-9-]{{1,{MAX_CLASS_LENGTH}}}")
_UNSAFE_IN_LINK = re.compile(r'[\x00-\x20\x7f-\x9f\\<>"]')


@dataclass(frozen=True, slots=True)
class EmbedCode:
    kind: Kind
    ids: tuple[int, ...]
    width: int = 0  # the box the picture fits in; 0: that side is free
    height: int = 0
    css_class: str = ""  # space-separated, each checked
    link: str = ""  # checked; "" for none

    @property
    def id(self) -> int:
        return self.ids[0]

    @property
    def sized(self) -> bool:
        return bool(self.width or self.height)


def read_code(match: re.Match[str]) -> EmbedCode:
    """The code a match of EMBED_INLINE or EMBED_ALONE found, its options checked."""
    if match[1]:
        kind: Kind = "image"
        ids: tuple[int, ...] = (int(match[2]),)
    else:
        kind = "attachment"
        ids = tuple(dict.fromkeys(int(number) for number in match[4].replace(" ", "").replace("\t", "").split(",")))
    options: dict[str, str] = {}
    for name, value in _OPTIONS.findall(match[5] or ""):
        # The first of a name wins, as in an HTML tag; values are judged unescaped.
        options.setdefault(name.lower(), html.unescape(_unquoted(value)))
    if kind == "attachment":
        return EmbedCode(kind, ids)  # a list of files has no options yet: they are ignored
    width, height = _box(options.get("size", ""))
    return EmbedCode(kind, ids, width, height, _classes(options.get("class", "")), _link(options.get("link", "")))


def codes_in(text: str) -> list[EmbedCode]:
    """Every code in a text, as written (whether it renders is cms.core.markdown's to say)."""
    return [read_code(match) for match in EMBED_INLINE.finditer(text)] if "[" in text else []


def _unquoted(value: str) -> str:
    return value[1:-1] if value[:1] in ('"', "'") else value


def _box(value: str) -> tuple[int, int]:
    match = _SIZE.fullmatch(value)
    if match is None:
        return 0, 0
    return _side(match[1]), _side(match[2] or "")


def _side(digits: str) -> int:
    digits = digits.lstrip("0")
    if not digits:
        return 0  # none, or 0: that side is free
    return MAX_BOX if len(digits) > 4 else min(int(digits), MAX_BOX)


def _classes(value: str) -> str:
    kept = [name for name in dict.fromkeys(value.split()) if _CLASS.fullmatch(name)]
    return " ".join(kept[:MAX_CLASSES])


def _link(value: str) -> str:
    link = value.strip()
    if not link or len(link) > MAX_LINK_LENGTH or _UNSAFE_IN_LINK.search(link):
        return ""  # whitespace, controls and backslashes fool browsers; <, > and " are no URL's
    if link.startswith("/"):
        return link if not link.startswith("//") else ""
    try:
        parts = urlsplit(link)
    except ValueError:  # "http://[::1" and the like
        return ""
    scheme = parts.scheme.lower()
    if scheme in ("http", "https") and parts.hostname and link[len(scheme) : len(scheme) + 3] == "://":
        return link
    if scheme == "mailto" and len(link) > len("mailto:"):
        return link
    return ""
