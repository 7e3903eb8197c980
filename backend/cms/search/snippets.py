"""A result's snippet: a stretch of the page's text around the words found, as plain text, with
the found words' places (code-point offsets) for the reader to mark.

Made here from the stored blocks, the same way on SQLite and PostgreSQL: Markdown's marks are
stripped (a snippet reads as text), and a word counts as found when its stem is a searched
word's (Matcher).
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass

from cms.search.languages import WORD, folded, language, term

SNIPPET_WORDS = 28  # about two lines of a results list
# Embeds, images and links keep their visible text; emphasis, headings, quotes, list and table
# marks, code fences and raw HTML tags go.
# Each rule with the characters without which it can't apply (skipped then: most text has none).
_MARKUP = (
    ("[", re.compile(r"\[(?:image|attachment):\d+\]"), ""),
    ("]", re.compile(r"!\[([^\]]*)\]\([^)]*\)"), r"\1"),
    ("]", re.compile(r"\[([^\]]*)\]\([^)]*\)"), r"\1"),
    ("<", re.compile(r"<(https?://[^>\s]+)>"), r"\1"),
    ("<", re.compile(r"</?[A-Za-z][^<>]{0,200}>|<!--.*?-->", re.DOTALL), " "),
    ("#>-*+.)", re.compile(r"^[ \t]{0,3}(?:#{1,6}|>+|[-*+]|\d{1,9}[.)])[ \t]+", re.MULTILINE), ""),
    ("-*_`|", re.compile(r"^[ \t]*(?:[-*_][ \t]*){3,}$|^[ \t]*`{3,}.*$|\|", re.MULTILINE), " "),
    ("*~`_", re.compile(r"\*+|~~|`+|(?<!\w)_+|_+(?!\w)"), ""),
)
_SPACES = re.compile(r"\s+")
# Around the first found word, this many characters of Markdown are made plain (whole lines:
# a link or an emphasis never spans two), not the whole text.
CONTEXT_BEFORE, CONTEXT_AFTER = 300, 700
ARABIC_PREFIXES = ("وال", "بال", "كال", "فال", "لل", "ال", "و", "ب", "ل", "ف")
MIN_PREFIX = 3  # shorter lexemes match whole words only


@dataclass(frozen=True)
class Snippet:
    text: str
    highlights: list[tuple[int, int]]


def plain_text(markdown: str) -> str:
    text = markdown
    for needed, pattern, replacement in _MARKUP:
        if any(char in text for char in needed):
            text = pattern.sub(replacement, text)
    return _SPACES.sub(" ", text).strip()


class Matcher:
    """Which words of a locale's text count as found for a search: those whose term (stem) is a
    searched word's, as the index compares them (cms.search.languages.term); on PostgreSQL also
    those starting with a lexeme it matched, its stemmer being another build of the same
    algorithms. Arabic words also without their leading article or particle."""

    def __init__(self, query_words: Iterable[str], stems: Iterable[str], locale: str) -> None:
        self.locale = locale
        self.terms = {term(word, locale) for word in query_words}
        self.starts = tuple(folded(stem, locale) for stem in stems if len(stem) >= MIN_PREFIX)
        self.whole = {folded(stem, locale) for stem in stems}
        self.arabic = language(locale).arabic
        self._seen: dict[str, bool] = {}

    def matches(self, word: str) -> bool:
        known = self._seen.get(word)
        if known is None:
            known = self._seen[word] = self._matches(word)
        return known

    def _matches(self, word: str) -> bool:
        if term(word, self.locale) in self.terms:
            return True
        candidates = [folded(word, self.locale)]
        if self.arabic:
            candidates += [candidates[0][len(p) :] for p in ARABIC_PREFIXES if candidates[0].startswith(p)]
        return any(c in self.whole or (self.starts and c.startswith(self.starts)) for c in candidates if c)


def make_snippet(texts: Iterable[str], matcher: Matcher) -> Snippet:
    """The snippet of the first text (a page's blocks, in order) that holds a found word, around
    its first found word; the start of the first non-empty text when none holds one."""
    texts = [text for text in texts if text.strip()]
    for text in texts:
        found = next((m.start() for m in WORD.finditer(text) if matcher.matches(m.group())), None)
        if found is None:
            continue
        plain = plain_text(_lines_around(text, found))
        words = _words(plain)
        first = next((i for i, (_, _, word) in enumerate(words) if matcher.matches(word)), None)
        if first is not None:  # else the word was inside markup (a link's address): read on
            return _window(plain, words, first, matcher)
    if not texts:
        return Snippet("", [])
    plain = plain_text(_lines_around(texts[0], 0))
    return _window(plain, _words(plain), 0, None)


def _lines_around(text: str, at: int) -> str:
    start = text.rfind("\n", 0, max(0, at - CONTEXT_BEFORE)) + 1
    end = text.find("\n", at + CONTEXT_AFTER)
    return text[start : end if end >= 0 else len(text)]


def _words(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group()) for m in WORD.finditer(text)]


def _window(text: str, words: list[tuple[int, int, str]], first: int, matcher: Matcher | None) -> Snippet:
    """SNIPPET_WORDS words of `text` from a little before word `first`, the found ones marked."""
    if not words:
        return Snippet(text[:200], [])
    start_word = max(0, first - SNIPPET_WORDS // 4)
    end_word = min(len(words), start_word + SNIPPET_WORDS)
    start_word = max(0, end_word - SNIPPET_WORDS)
    start = words[start_word][0] if start_word else 0
    end = words[end_word - 1][1] if end_word < len(words) else len(text)
    prefix = "… " if start else ""
    suffix = " …" if end < len(text) else ""
    shift = len(prefix) - start
    highlights = [
        (s + shift, e + shift) for s, e, word in words[start_word:end_word] if matcher and matcher.matches(word)
    ]
    return Snippet(prefix + text[start:end] + suffix, highlights)
