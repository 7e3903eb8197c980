"""How each locale's text is matched: which words count as the same.

One rule per language, read by the index (tokenizer options on SQLite, text search configuration
on PostgreSQL) and by the snippets (which words to mark), so the two agree.

- Accents fold only where the language treats them as marks on a letter (English "café" finds
  "cafe"). Norwegian, Danish, Swedish, Finnish, German … keep them: å, ø, æ, ä, ö are letters of
  their own ("blå" is blue, "bla" is to leaf through), so "blåbær" never finds "blabær".
- Arabic is normalised before indexing and searching, as search engines do (Lucene's Arabic
  normaliser): short vowels and other marks (harakat) and the tatweel go, the forms of alef
  become the bare alef, alef maqsura becomes ya and ta marbuta ha (ARABIC_FOLDS).
- Words are found by their stems, the language's Snowball stemmer's ("الكتب" and "كتب" are one
  word, "biler" and "bil", "libraries" and "library"): PostgreSQL's configurations stem in the
  database; on SQLite the index keeps each word as `term` makes it, with the same algorithms
  (the `snowballstemmer` package), and a search looks for the terms of its words.
"""

import functools
import re
import threading
import unicodedata
from dataclasses import dataclass

import snowballstemmer

# Languages whose accented letters are letters of their own (not folded).
KEEPS_ACCENTS = frozenset({"nb", "nn", "no", "da", "sv", "fi", "is", "fo", "et", "de", "hu", "tr", "pl", "cs", "sk"})
# PostgreSQL's Snowball configurations (all present in PostgreSQL 15: `\dF`), by language code.
PG_CONFIGS = {
    "ar": "arabic",
    "ca": "catalan",
    "da": "danish",
    "de": "german",
    "el": "greek",
    "en": "english",
    "es": "spanish",
    "eu": "basque",
    "fi": "finnish",
    "fr": "french",
    "ga": "irish",
    "hi": "hindi",
    "hu": "hungarian",
    "hy": "armenian",
    "id": "indonesian",
    "it": "italian",
    "lt": "lithuanian",
    "nb": "norwegian",
    "ne": "nepali",
    "nl": "dutch",
    "nn": "norwegian",
    "no": "norwegian",
    "pt": "portuguese",
    "ro": "romanian",
    "ru": "russian",
    "sr": "serbian",
    "sv": "swedish",
    "ta": "tamil",
    "tr": "turkish",
    "yi": "yiddish",
}
ARABIC_SCRIPT = frozenset({"ar", "fa", "ur", "ps", "sd", "ckb"})

# Arabic normalisation, as (from, to) pairs: applied in this order by SQL replace() in the
# SQLite triggers and by str.translate here, so both give the same text.
ARABIC_MARKS = "\u064b\u064c\u064d\u064e\u064f\u0650\u0651\u0652\u0653\u0654\u0655\u0670\u0640"
ARABIC_FOLDS = (
    *((mark, "") for mark in ARABIC_MARKS),
    *(("\u0623", "\u0627"), ("\u0625", "\u0627"), ("\u0622", "\u0627"), ("\u0671", "\u0627")),  # alef forms
    ("\u0649", "\u064a"),  # alef maqsura -> ya
    ("\u0629", "\u0647"),  # ta marbuta -> ha
)
_ARABIC_TABLE = str.maketrans({source: target or None for source, target in ARABIC_FOLDS})

# A word: letters, digits and the marks that belong to them (Arabic harakat, Indic vowel signs).
MARKS = "\u0300-\u036f\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0900-\u0dff"
WORD = re.compile(rf"(?:[^\W_]|[{MARKS}])+")
# The same words, 2.5 times as fast, in a text whose underscores are spaces (the index's pass).
_WORD_NO_UNDERSCORE = re.compile(rf"[\w{MARKS}]+")


@dataclass(frozen=True)
class Language:
    code: str  # the locale's language: "nb" of "nb" or "nb-NO"
    folds_accents: bool
    arabic: bool
    pg_config: str  # the Snowball configuration, or "simple"

    @property
    def sqlite_tokenizer(self) -> str:
        # Marks (M*) are part of words (Indic vowel signs, and accents typed as combining ones),
        # not separators that would split them.
        diacritics = 2 if self.folds_accents else 0
        return f"unicode61 remove_diacritics {diacritics} categories 'L* N* Co M*'"


@functools.cache
def language(locale: str) -> Language:
    code = locale.split("-")[0].lower()
    return Language(
        code=code,
        folds_accents=code not in KEEPS_ACCENTS and code not in ARABIC_SCRIPT,
        arabic=code in ARABIC_SCRIPT,
        pg_config=PG_CONFIGS.get(code, "simple"),
    )


def normalised(text: str, locale: str) -> str:
    """The text as the index keeps it before the tokenizer: Arabic normalised, anything else as is."""
    return text.translate(_ARABIC_TABLE) if language(locale).arabic else text


@functools.lru_cache(maxsize=100_000)  # words repeat (a text's, and across results)
def folded(word: str, locale: str) -> str:
    """A word as the index compares it: lower case, normalised, accents off where they fold."""
    word = normalised(unicodedata.normalize("NFC", word), locale).lower()
    if language(locale).folds_accents:
        decomposed = unicodedata.normalize("NFD", word)
        word = unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))
    return word


def words(text: str) -> list[str]:
    return WORD.findall(text)


_STEMMING = threading.Lock()  # a stemmer keeps the word it works on: one word at a time


@functools.cache
def _stemmer(code: str) -> "snowballstemmer.Stemmer | None":
    name = PG_CONFIGS.get(code)
    return snowballstemmer.stemmer(name) if name in snowballstemmer.algorithms() else None


@functools.lru_cache(maxsize=200_000)  # a site's vocabulary: words repeat across pages and saves
def term(word: str, locale: str) -> str:
    """A word as the SQLite index keeps it and a search looks for it: folded as `folded` says,
    then stemmed. Arabic the other way round: its stemmer reads the marks and letter forms the
    normalisation takes away (ta marbuta, a suffix of its own, would read as the pronoun ha)."""
    stemmer = _stemmer(language(locale).code)
    if stemmer is None:
        return folded(word, locale)
    arabic = language(locale).arabic
    text = unicodedata.normalize("NFC", word).lower() if arabic else folded(word, locale)
    with _STEMMING:
        text = stemmer.stemWord(text)
    return folded(text, locale) if arabic else text


_KNOWN: dict[str, dict[str, str]] = {}  # per locale, word -> term: `term`'s cache without its call
MAX_KNOWN = 200_000


def terms(text: str, locale: str) -> str:
    """A text as the SQLite index keeps it: its words' terms, separated by spaces."""
    known = _KNOWN.setdefault(locale, {})
    if len(known) > MAX_KNOWN:  # bounded: a flood of made-up words starts it afresh
        known.clear()
    found = _WORD_NO_UNDERSCORE.findall(text.replace("_", " "))
    for word in set(found).difference(known):
        known[word] = term(word, locale)
    return " ".join(map(known.__getitem__, found))
