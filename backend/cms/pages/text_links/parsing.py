"""The internal links a text writes, and the same text with some of them written anew: the one
reader of links the index, the rewrite and the website agree on.

A text is a block's Markdown (cms.core.markdown renders it with raw HTML escaped), so a link on
the website is Markdown's: `[label](url "title")` or a reference definition `[label]: url`.
A link is internal when its address is a site path of a configured locale (`/en/about`,
`/en/pages/12-about`), or an absolute one on one of the site's own hosts
(`https://www.example.org/en/about`, cms.pages.reports.parsing.is_own). What follows the path —
a query, a fragment — is the link's own and is kept by a rewrite.
"""

import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from cms.core.locales import locale_codes
from cms.pages.reports.parsing import MAX_URL, host_of, is_own

# Few enough that a block's save stays cheap, whatever an editor pastes (as the external index).
MAX_PER_TEXT = 200
_INLINE = re.compile(
    r"(?<!!)\[[^\]\n]{0,1000}\]\(\s*<?(?P<url>[^\s()<>]{1,2048})>?(?:\s+[\"'][^\n]{0,500}?[\"'])?\s*\)"
)
_DEFINITION = re.compile(r"^ {0,3}\[[^\]\n]{1,999}\]:[ \t]*<?(?P<url>[^\s<>]{1,2048})>?", re.MULTILINE)
_PERMALINK = re.compile(r"pages/(?P<id>[0-9]{1,18})(?:-[^/]*)?")


@dataclass(frozen=True)
class Target:
    """What a written address names: a locale and the path in it, or a permalink's page id."""

    locale: str
    path: str  # segments joined by "/" (percent-decoded), "" for the locale's root
    page_id: int | None = None  # a permalink: `/{locale}/pages/{id}[-slug]`


@dataclass(frozen=True)
class Written:
    """An address as written, cut where a rewrite changes it: `origin` (scheme and host, or "")
    + the page's address + `tail` (query and fragment, kept)."""

    origin: str
    tail: str
    target: Target


def read_address(url: str) -> Written | None:
    """The page an address names, or None when it is not an internal page address."""
    url = url.strip()
    if not url or len(url) > MAX_URL or "\x00" in url:
        return None
    origin = ""
    if not url.startswith("/") or url.startswith("//"):
        host = host_of(url)
        if host is None or not is_own(host):
            return None
        parts = urlsplit(url)
        origin = f"{parts.scheme}://{parts.netloc}" if parts.scheme else f"//{parts.netloc}"
        url = url[len(origin) :] or "/"
        if not url.startswith("/"):
            return None
    cut = min((i for i in (url.find("?"), url.find("#")) if i >= 0), default=len(url))
    path, tail = url[:cut], url[cut:]
    parts_ = unquote(path).split("/")[1:]  # "/en/a/b" -> ["en", "a", "b"]
    if not parts_ or parts_[0] not in locale_codes():
        return None
    locale, segments = parts_[0], parts_[1:]
    if segments and segments[-1] == "":
        segments = segments[:-1]  # "/en/" and "/en/about/"
    if any(not segment for segment in segments):
        return None
    rest = "/".join(segments)
    if len(segments) == 2 and (permalink := _PERMALINK.fullmatch(rest)):
        return Written(origin, tail, Target(locale, rest, int(permalink["id"])))
    return Written(origin, tail, Target(locale, rest))


def link_urls(text: object) -> list[str]:
    """The addresses of the internal links a text writes, each once, in a fixed order."""
    if not isinstance(text, str) or ("](" not in text and "]:" not in text):
        return []
    found = {match["url"] for pattern in (_INLINE, _DEFINITION) for match in pattern.finditer(text)}
    return sorted(url for url in found if read_address(url) is not None)[:MAX_PER_TEXT]


def rewritten(text: str, new_urls: Mapping[str, str]) -> str:
    """The text with each link whose address is a key of `new_urls` written with its value;
    only links are touched (the same address in running text stays as it is)."""

    def swap(match: re.Match[str]) -> str:
        url = match["url"]
        if url not in new_urls:
            return match[0]
        start, end = match.span("url")
        base = match.start()
        return match[0][: start - base] + new_urls[url] + match[0][end - base :]

    for pattern in (_INLINE, _DEFINITION):
        text = pattern.sub(swap, text)
    return text


def href_key(url: str) -> str:
    """An address as compared between the text and the HTML it renders to (markdown-it
    percent-encodes what it writes in `href`): decoded, without surrounding spaces."""
    return unquote(url.strip())
