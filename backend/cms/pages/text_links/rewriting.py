"""Links that follow their page (issue 33, item 2): when a page's address changes — it moves, or
its path segment changes in a locale — the texts that link to it, or to a page below it, by an
address (its current one or an old one that redirects) are written with the new address, in the
write's transaction. A permalink names an id and is left as it is.

Every linking page is written through the unit of work for many pages (cms.pages.saving.rewrites),
in a fixed number of statements however many there are (500 linking pages: one read and one write
of each table, not 500 saves; a working copy the server keeps of one is one write more):

- its `lock_version` moves forward. An editor who has the page open holds the old version: their
  next save answers 409 and the editor keeps their input on screen, so they reload and see the
  new address. Not moving it forward would let that save write the old address back over the
  rewrite, silently; DESIGN §3 also says every accepted change moves it. On PostgreSQL the
  linking pages' rows are locked first (by id, as every save locks its row), so a save of one of
  them either commits before (and its text is rewritten here, read after the lock) or waits and
  then finds the version moved (409);
- it gets a revision (kind `links`, no user but the mover) and an audit entry, so its history
  says why its text changed and every revision still holds what the page was; its translations
  keep their states (a new address is no new words);
- the cached tree and the full-page cache forget it when the transaction commits;
- the work waiting on it follows (cms.pages.text_links.waiting): its scheduled changes and
  changes under review, and the working copies the server keeps of editors' unsaved text, get
  the new addresses too.
"""

from collections import defaultdict
from collections.abc import Iterable

from cms.core.types import User
from cms.pages import locks
from cms.pages.addresses import HOME_UNIQUE_NAME, address
from cms.pages.models import Page, PageLink, PageLocalization
from cms.pages.revisions.recording import LINKS
from cms.pages.saving.rewrites import TextRewrites
from cms.pages.text_links import waiting
from cms.pages.text_links.index import subtree_paths
from cms.pages.text_links.parsing import read_address, rewritten

# Ids per IN list: well under every database's limit on parameters.
CHUNK = 2000
# A save of a linking page may add a link while the rewrite waits for its lock: read again.
READ_ROUNDS = 3


def follow_address_change(page_id: int, *, actor: User | None, paths: dict[int, dict[str, str]] | None = None) -> int:
    """Rewrite the links to a page and its descendants to their addresses now (inside the
    write's transaction, after the page's own row is written); return how many pages changed.
    `paths`: the subtree's paths now, when the caller has them (cms.pages.text_links.index)."""
    addresses = NewAddresses(paths if paths is not None else subtree_paths(page_id), page_id)
    locked: dict[int, Page] = {}
    rows: list[tuple[int, int, str, str, str, int]] = []
    for _round in range(READ_ROUNDS):
        rows = _links_to(addresses.paths.keys())
        sources = {row[1] for row in rows} - locked.keys()
        if not sources:
            break
        locked.update(_lock(sources))
    plan: dict[int, dict[tuple[str, str], dict[str, str]]] = defaultdict(lambda: defaultdict(dict))
    new_urls: dict[tuple[int, str, str], dict[int, str]] = defaultdict(dict)  # index rows per text
    for pk, source_id, locale, block, url, target_id in rows:
        if source_id in locked and (new := addresses.of(url, target_id)) is not None:
            plan[source_id][(locale, block)][url] = new
            new_urls[(source_id, locale, block)][pk] = new
    if not plan:
        return 0
    changed = _write(locked, plan, new_urls, actor=actor, moved=page_id)
    waiting.follow_working_copies(sorted(locked), addresses.of)
    return changed


class NewAddresses:
    """The addresses links to a subtree are written with now."""

    def __init__(self, paths: dict[int, dict[str, str]], top_id: int) -> None:
        self.paths = paths
        # The home page's address is its locale's root wherever it is.
        self.homes = set(Page.objects.filter(pk=top_id, unique_name=HOME_UNIQUE_NAME).values_list("pk", flat=True))

    def of(self, url: str, target_id: int) -> str | None:
        """A link's new address, None when it keeps the one it has: not an address of a page in
        the subtree, a permalink, or a locale where the page has no address now (its old one
        keeps leading where its redirect does)."""
        written = read_address(url)
        if written is None or written.target.page_id is not None or target_id in self.homes:
            return None
        path = self.paths.get(target_id, {}).get(written.target.locale)
        if path is None:
            return None
        new = written.origin + address(written.target.locale, path) + written.tail
        return new if new != url else None


def _links_to(target_ids: Iterable[int]) -> list[tuple[int, int, str, str, str, int]]:
    ids = sorted(target_ids)
    found: list[tuple[int, int, str, str, str, int]] = []
    for start in range(0, len(ids), CHUNK):
        links = PageLink.objects.filter(target_id__in=ids[start : start + CHUNK], permalink=False)
        found += links.values_list("pk", "source_id", "locale", "block", "url", "target_id")
    return found


def _lock(source_ids: set[int]) -> dict[int, Page]:
    """The linking pages, their rows locked in id order where the database locks rows."""
    ids = sorted(source_ids)
    pages: dict[int, Page] = {}
    for start in range(0, len(ids), CHUNK):
        chosen = Page.objects.filter(pk__in=ids[start : start + CHUNK]).order_by("pk")
        pages.update((page.pk, page) for page in (chosen.select_for_update() if locks.takes_locks() else chosen))
    return pages


def _write(
    pages: dict[int, Page], plan: dict[int, dict[tuple[str, str], dict[str, str]]],
    new_urls: dict[tuple[int, str, str], dict[int, str]],
    *, actor: User | None, moved: int,
) -> int:  # fmt: skip
    ids = sorted(plan)
    localizations: dict[tuple[int, str], PageLocalization] = {}
    wanted_locales = {locale for blocks in plan.values() for locale, _block in blocks if locale}
    for start in range(0, len(ids), CHUNK):
        for localization in PageLocalization.objects.filter(
            page_id__in=ids[start : start + CHUNK], locale__in=wanted_locales
        ):
            localizations[(localization.page_id, localization.locale)] = localization
    rewrites = TextRewrites()
    followed: dict[int, dict[tuple[str, str], tuple[str, str, dict[str, str]]]] = {}
    for page_id in ids:
        page = pages[page_id]
        for (locale, block), urls in sorted(plan[page_id].items()):
            own = localizations.get((page_id, locale)) if locale else None
            if locale and own is None:
                continue
            text = ((own or page).blocks or {}).get(block)
            if isinstance(text, str) and rewrites.rewrite(page, own, block, new_text := rewritten(text, urls)):
                followed.setdefault(page_id, {})[(locale, block)] = (text, new_text, urls)
    # A text that no longer writes those links (a save changed it meanwhile) is left as it is,
    # and so are its index rows.
    link_urls = {pk: url for (page_id, locale, block), rows in new_urls.items()
                 if (locale, block) in followed.get(page_id, {}) for pk, url in rows.items()}  # fmt: skip
    changed = rewrites.commit(actor, kind=LINKS, details={"page_id": moved}, link_urls=link_urls)
    waiting.follow_waiting_changes(followed)
    return len(changed)
