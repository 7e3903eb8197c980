"""Content search: the admin's (every locale, every page but deleted ones) and the website's
(one locale, the pages visitors can find)."""

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext_lazy as _

from cms.core.exceptions import ValidationFailed
from cms.core.input_types import unstorable_text_message
from cms.core.locales import locale_codes
from cms.core.messages import Message, message
from cms.pages.models import PageLocalization
from cms.pages.visibility import reachable_ids
from cms.search import queries
from cms.search.documents import indexed_texts
from cms.search.languages import words
from cms.search.snippets import Matcher, make_snippet

ADMIN_PER_PAGE = 20
PUBLIC_PER_PAGE = 10
MIN_QUERY_LENGTH = 2
MAX_QUERY_LENGTH = 200
MAX_WORDS = 12  # more words narrow nothing a reader would notice and cost a term each
# Both rank a bounded set of candidates (cms.search.queries): `total` counts at most that many.
MAX_MATCHES = queries.MAX_CANDIDATES
SearchTooSlow = queries.SearchTooSlow
TIMEOUT_MS = queries.TIMEOUT_MS
TOO_SHORT = _("must be at least %(count)d characters long")
TOO_LONG = _("must be at most %(count)d characters long")


@dataclass(frozen=True)
class Result:
    page_id: int
    locale: str
    name: str
    snippet: str
    highlights: list[tuple[int, int]]


@dataclass(frozen=True)
class Results:
    results: list[Result]
    total: int


def query_refusal(text: str) -> Message | None:
    """Why a search text can't be searched for, or None."""
    if refusal := unstorable_text_message(text):
        return refusal
    if len(text) > MAX_QUERY_LENGTH:
        return message(TOO_LONG, count=MAX_QUERY_LENGTH)
    if len(text.strip()) < MIN_QUERY_LENGTH:
        return message(TOO_SHORT, count=MIN_QUERY_LENGTH)
    return None


def search_words(text: str) -> list[str]:
    """The words searched for: letters and digits (with their marks); every other character, FTS5's
    and tsquery's syntax included, only separates them."""
    return list(dict.fromkeys(words(text)))[:MAX_WORDS]


def admin_search(text: str, *, locale: str, page: int) -> Results:
    """Pages whose name or text in any locale holds every word, best first (a tie: `locale`'s
    first), ADMIN_PER_PAGE a page, among at most MAX_MATCHES. Deleted pages are left out; drafts,
    hidden pages and those under deleted ones are found (they are in the tree). SearchTooSlow
    past the search's time limit."""
    if refusal := query_refusal(text):
        raise ValidationFailed([("q", refusal)])
    found = search_words(text)
    if not found:
        return Results([], 0)
    hits = queries.admin_hits(found, locales=locale_codes(), first_locale=locale)
    start = (page - 1) * ADMIN_PER_PAGE
    return Results(_results(hits[start : start + ADMIN_PER_PAGE], found), len(hits))


def public_search(text: str, *, locale: str, page: int, now: datetime) -> Results:
    """Pages a visitor can find in `locale`: listed (published, their date come, not hidden),
    not `skip_index`, under visible pages only, best first, PUBLIC_PER_PAGE a page."""
    if query_refusal(text) or not (found := search_words(text)):
        return Results([], 0)
    hits = queries.public_hits(found, locale=locale, now=now)
    reachable = reachable_ids({hit.page_id for hit in hits}, now)
    hits = [hit for hit in hits if hit.page_id in reachable]
    start = (page - 1) * PUBLIC_PER_PAGE
    return Results(_results(hits[start : start + PUBLIC_PER_PAGE], found), len(hits))


def _results(hits: list[queries.Hit], found: list[str]) -> list[Result]:
    if not hits:
        return []
    rows = {
        row[0]: row
        for row in PageLocalization.objects.filter(id__in=[hit.localization_id for hit in hits]).values_list(
            "id", "name", "blocks", "page__blocks", "page__template"
        )
    }
    stems = queries.matched_stems(found, sorted({hit.locale for hit in hits}))
    # One per locale: it remembers each word it has judged, and words repeat across results.
    matchers = {code: Matcher(found, stems.get(code, []), code) for code in {hit.locale for hit in hits}}
    results = []
    for hit in hits:
        if hit.localization_id not in rows:  # deleted since the ranking, in another transaction
            continue
        _, name, blocks, shared, template = rows[hit.localization_id]
        snippet = make_snippet(indexed_texts(template, blocks, shared), matchers[hit.locale])
        results.append(Result(hit.page_id, hit.locale, name, snippet.text, snippet.highlights))
    return results
