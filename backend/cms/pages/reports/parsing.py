"""What external content a text names: the one parser the index (cms.pages.reports.index) and
its tests read.

A text is a block's Markdown, which may hold HTML. Counted: an iframe's or a script's `src`; an
embedded medium's `src` or `data` (img, video, audio, source, embed, object); a link's target
(`<a href>`, Markdown `[text](url)` and `![alt](url)`, `<url>`, a bare http(s) address). Only
addresses with a host count — http(s) or protocol-relative (`//host/…`) — and never the site's
own (settings.CMS_BASE_URL and ALLOWED_HOSTS): `javascript:`, `mailto:`, `data:` and site paths
name no other host. An address found as an attribute is not counted again as a bare one.
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from urllib.parse import urlsplit

from django.conf import settings

KINDS = ("iframe", "script", "media", "link")
MEDIA_TAGS = {"img", "video", "audio", "source", "embed", "object", "track"}
# Few enough that one block's save stays cheap, whatever an editor pastes.
MAX_PER_TEXT = 200
MAX_URL = 2048
MAX_HOST = 253

_ATTRIBUTE = re.compile(
    r"""<(?P<tag>[a-zA-Z][a-zA-Z0-9]{0,15})\b[^<>]{0,2000}?\b(?P<attr>src|href|data)\s*=\s*"""
    r"""(?:"(?P<dq>[^"<>]{0,4096})"|'(?P<sq>[^'<>]{0,4096})'|(?P<bare>[^\s"'<>`=]{1,4096}))""",
    re.IGNORECASE,
)
_MARKDOWN = re.compile(
    r"(?P<image>!?)\[[^\]\n]{0,1000}\]\(\s*<?(?P<url>[^\s()<>]{1,4096})>?(?:\s+[\"'][^\n]{0,500}?[\"'])?\s*\)"
)
_ANGLE = re.compile(r"<(?P<url>(?:https?:)?//[^\s<>]{1,4096})>", re.IGNORECASE)
_BARE = re.compile(r"(?<![\w/@.:-])(?P<url>https?://[^\s<>\"'`()\[\]]{1,4096})", re.IGNORECASE)
_HOST = re.compile(r"[^\W_](?:[\w-]{0,62}[^\W_])?(?:\.[^\W_](?:[\w-]{0,62}[^\W_])?)*")
# Punctuation that ends a sentence rather than an address.
_TRAILING = ".,;:!?'\""
# Hosts that are one service under other names: the filter "youtube" finds them all.
FAMILIES = {
    "youtu.be": "youtube",
    "youtube-nocookie.com": "youtube",
    "ytimg.com": "youtube",
    "googlevideo.com": "youtube",
    "vimeocdn.com": "vimeo",
    "fbcdn.net": "facebook",
    "fb.com": "facebook",
    "twimg.com": "twitter",
    "x.com": "twitter",
    "t.co": "twitter",
    "cdninstagram.com": "instagram",
    "gstatic.com": "google",
    "googleapis.com": "google",
    "googletagmanager.com": "google",
    "google-analytics.com": "google",
}
# Second-level labels under which a name is registered one level deeper (example.co.uk).
_SECOND_LEVELS = {"co", "com", "org", "net", "ac", "gov", "edu", "ne", "or", "go"}


@dataclass(frozen=True, order=True)
class Reference:
    kind: str
    host: str
    url: str

    @property
    def family(self) -> str:
        return family(self.host)


def family(host: str) -> str:
    """The name the host is registered under, without its suffix ("youtube" for
    www.youtube.com), or the service it belongs to (FAMILIES); the host itself for an address."""
    host = host.lower().rstrip(".")
    labels = host.split(".")
    for start in range(len(labels)):
        known = FAMILIES.get(".".join(labels[start:]))
        if known:
            return known
    if len(labels) < 2 or all(label.isdigit() for label in labels) or host.startswith("["):
        return host
    if len(labels) >= 3 and labels[-2] in _SECOND_LEVELS and len(labels[-1]) == 2:
        return labels[-3]
    return labels[-2]


def filter_family(text: str) -> str:
    """The family the report's host filter asks for: a family ("youtube"), a host or an address
    ("www.youtube-nocookie.com", "https://youtu.be/x") alike."""
    text = text.strip().lower()
    if "/" in text:
        text = host_of(text if "//" in text else f"//{text}") or text
    return family(text) if "." in text else text


def host_of(url: str) -> str | None:
    """The host an address leads to (lower case, without port or final dot), or None when it
    names none: a site path, javascript:, mailto:, data:, or something that is not an address."""
    url = url.strip()
    if not url.startswith("//") and not re.match(r"https?://", url, re.IGNORECASE):
        return None
    try:
        parts = urlsplit(url)
        host, _port = parts.hostname, parts.port
    except ValueError:  # a malformed IPv6 address, a port that is not a number …
        return None
    if not host:
        return None
    host = host.rstrip(".")
    if host.startswith("[") or ":" in host:
        return host if len(host) <= MAX_HOST else None
    if len(host) > MAX_HOST or not _HOST.fullmatch(host):
        return None
    return host


@cache
def _own_patterns(base_url: str, allowed: tuple[str, ...]) -> tuple[frozenset[str], tuple[str, ...]]:
    exact = {host.lower() for host in allowed if host and host != "*" and not host.startswith(".")}
    suffixes = tuple(host.lower() for host in allowed if host.startswith(".") and len(host) > 1)
    base = host_of(base_url) if base_url else None
    if base:
        exact.add(base)
    return frozenset(exact), suffixes


def is_own(host: str) -> bool:
    """Whether a host is the site's own (its base address, or one of its allowed hosts)."""
    exact, suffixes = _own_patterns(settings.CMS_BASE_URL, tuple(settings.ALLOWED_HOSTS))
    return host in exact or any(host == suffix[1:] or host.endswith(suffix) for suffix in suffixes)


def _kind(tag: str, attr: str) -> str | None:
    tag = tag.lower()
    if tag == "iframe" and attr == "src":
        return "iframe"
    if tag == "script" and attr == "src":
        return "script"
    if tag in MEDIA_TAGS and attr in ("src", "data"):
        return "media"
    if attr == "href":
        return "link"
    return None


def references(text: object) -> list[Reference]:
    """The external content a text names, each once per kind and address, in a fixed order."""
    if not isinstance(text, str) or "/" not in text:
        return []
    found: set[Reference] = set()
    taken: list[tuple[int, int]] = []
    for match in _ATTRIBUTE.finditer(text):
        url = match.group("dq") or match.group("sq") or match.group("bare") or ""
        kind = _kind(match.group("tag"), match.group("attr").lower())
        taken.append(match.span())
        if kind:
            _add(found, kind, url)
    for match in _MARKDOWN.finditer(text):
        taken.append(match.span())
        _add(found, "media" if match.group("image") else "link", match.group("url"))
    for match in _ANGLE.finditer(text):
        if not _inside(match.start(), taken):
            taken.append(match.span())
            _add(found, "link", match.group("url"))
    for match in _BARE.finditer(text):
        if not _inside(match.start(), taken):
            _add(found, "link", match.group("url").rstrip(_TRAILING))
    return sorted(found)[:MAX_PER_TEXT]


def _inside(position: int, spans: Iterable[tuple[int, int]]) -> bool:
    return any(start <= position < end for start, end in spans)


def _add(found: set[Reference], kind: str, url: str) -> None:
    url = url.strip()
    host = host_of(url)
    if host is None or is_own(host) or len(url) > MAX_URL:
        return
    found.add(Reference(kind=kind, host=host, url=url))
