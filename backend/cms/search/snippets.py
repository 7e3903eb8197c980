"""A result's snippet: a stretch of the page's text around the words found, as plain text, with
the found words' places (code-point offsets) for the reader to mark.

Made here from the stored blocks, the same way on SQLite and PostgreSQL: Markdown's marks are
stripped (a snippet reads as text), and a word counts as found when it is one of the searched
words, starts with one (SQLite finds words by their start), or starts with one of the stems
PostgreSQL matched; Arabic words also without their leading article or particle.
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass

from cms.search.languages import WORD, folded

SNIPPET_WORDS = 28  # about two lines of a results list
# Embeds, images and links keep their visible text; emphasis, headings, quotes, list and table
# marks, code fences and raw HTML tags go.
_MARKUP = (
    (re.compile(r"\[(?:image|attachment):\d+\]"), ""),
    (re.compile(r"!\[([^\]]*)\]\([^)]*\)"), r"\1"),
    (re.compile(r"\[([^\]]*)\]\([^)]*\)"), r"\1"),
    (re.compile(r"<(https?://[^>\s]+)>"), r"\1"),
    (re.compile(r"</?[A-Za-z][^<>]{0,200}>|<!--.*?-->", re.DOTALL), " "),
    (re.compile(r"^\s{0,3}(?:#{1,6}|>+|[-*+]|\d{1,9}[.)])\s+", re.MULTILINE), ""),
    (re.compile(r"^\s*(?:[-*_]\s*){3,}$|^\s*`{3,}.*$|\|", re.MULTILINE), " "),
    (re.compile(r"\*+|~~|`+|(?<!\w)_+|_+(?!\w)"), ""),
    (re.compile(r"\s+"), " "),
)
ARABIC_PREFIXES = ("وال", "بال", "كال", "فال", "لل", "ال", "و", "ب", "ل", "ف")
MIN_PREFIX = 3  # shorter searched words match whole words only


@dataclass(frozen=True)
class Snippet:
    text: str
    highlights: list[tuple[int, int]]


def plain_text(markdown: str) -> str:
    text = markdown
    for pattern, replacement in _MARKUP:
        text = pattern.sub(replacement, text)
    return text.strip()


class Matcher:
    """Which words of a locale's text count as found for a search."""

    def __init__(self, query_words: Iterable[str], stems: Iterable[str], locale: str) -> None:
        self.locale = locale
        self.whole = {folded(word, locale) for word in query_words}
        self.starts = tuple(
            {word for word in self.whole if len(word) >= MIN_PREFIX} | {folded(stem, locale) for stem in stems}
        )
        self.arabic = locale.split("-")[0] in ("ar", "fa", "ur")

    def matches(self, word: str) -> bool:
        candidates = [folded(word, self.locale)]
        if self.arabic:
            candidates += [candidates[0][len(p) :] for p in ARABIC_PREFIXES if candidates[0].startswith(p)]
        return any(c in self.whole or (self.starts and c.startswith(self.starts)) for c in candidates if c)


def make_snippet(texts: Iterable[str], matcher: Matcher) -> Snippet:
    """The snippet of the first text (a page's blocks, in order) that holds a found word, around
    its first run of found words; the start of the first non-empty text when none holds one."""
    plains = [plain for plain in (plain_text(text) for text in texts) if plain]
    for plain in plains:
        spans = [(m.start(), m.end()) for m in WORD.finditer(plain) if matcher.matches(m.group())]
        if spans:
            return _window(plain, spans)
    return _window(plains[0], []) if plains else Snippet("", [])


def _window(text: str, found: list[tuple[int, int]]) -> Snippet:
    word_spans = [(m.start(), m.end()) for m in WORD.finditer(text)]
    if not word_spans:
        return Snippet(text[:200], [])
    first = next((i for i, span in enumerate(word_spans) if found and span[0] >= found[0][0]), 0)
    start_word = max(0, first - SNIPPET_WORDS // 4)
    end_word = min(len(word_spans), start_word + SNIPPET_WORDS)
    start_word = max(0, end_word - SNIPPET_WORDS)
    start = word_spans[start_word][0] if start_word else 0
    end = word_spans[end_word - 1][1] if end_word < len(word_spans) else len(text)
    prefix = "… " if start else ""
    suffix = " …" if end < len(text) else ""
    shift = len(prefix) - start
    highlights = [(s + shift, e + shift) for s, e in found if s >= start and e <= end]
    return Snippet(prefix + text[start:end] + suffix, highlights)
