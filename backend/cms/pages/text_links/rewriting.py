"""Links that follow their page (issue 33, item 2): when a page's address changes — it moves, or
its path segment changes in a locale — the texts that link to it, or to a page below it, by an
address (its current one or an old one that redirects) are written with the new address, in the
write's transaction. A permalink names an id and is left as it is.

Every linking page is changed like a save changes it, in a fixed number of statements however
many there are (500 linking pages: one read and one write of each table, not 500 saves):

- its `lock_version` moves forward. An editor who has the page open holds the old version: their
  next save answers 409 and the editor keeps their input on screen (and their working copy), so
  they reload and see the new address. Not moving it forward would let that save write the old
  address back over the rewrite, silently; DESIGN §3 also says every accepted change moves it.
  On PostgreSQL the linking pages' rows are locked first (by id, as every save locks its row), so
  a save of one of them either commits before (and its text is rewritten here, read after the
  lock) or waits and then finds the version moved (409);
- it gets a revision (kind `links`, no user but the mover) and an audit entry, so its history
  says why its text changed and every revision still holds what the page was;
- the cached tree and the full-page cache forget it when the transaction commits.
"""

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.utils import timezone

from cms.audit import log as audit
from cms.core.types import User
from cms.pages import locks
from cms.pages.addresses import HOME_UNIQUE_NAME, address
from cms.pages.models import Page, PageLink, PageLocalization, PageRevision
from cms.pages.revisions import recording
from cms.pages.revisions.storage import TextBatch
from cms.pages.saving import listeners
from cms.pages.text_links import sql, waiting
from cms.pages.text_links.index import subtree_paths
from cms.pages.text_links.parsing import read_address, rewritten
from cms.pages.tree import cache as tree_cache
from cms.pages.visibility import sql_time

LINKS = "links"  # the revision's kind (its audit entry is an "update" naming the page that moved: `page_id`)
# Ids per IN list: well under every database's limit on parameters.
CHUNK = 2000
# A save of a linking page may add a link while the rewrite waits for its lock: read again.
READ_ROUNDS = 3


def follow_address_change(page_id: int, *, actor: User | None, paths: dict[int, dict[str, str]] | None = None) -> int:
    """Rewrite the links to a page and its descendants to their addresses now (inside the
    write's transaction, after the page's own row is written); return how many pages changed.
    `paths`: the subtree's paths now, when the caller has them (cms.pages.text_links.index)."""
    paths = paths if paths is not None else subtree_paths(page_id)
    homes = set(Page.objects.filter(pk__in=[page_id], unique_name=HOME_UNIQUE_NAME).values_list("pk", flat=True))
    locked: dict[int, Page] = {}
    rows: list[tuple[int, int, str, str, str, int]] = []
    for _round in range(READ_ROUNDS):
        rows = _links_to(paths.keys())
        sources = {row[1] for row in rows} - locked.keys()
        if not sources:
            break
        locked.update(_lock(sources))
    plan: dict[int, dict[tuple[str, str], dict[str, str]]] = defaultdict(lambda: defaultdict(dict))
    new_urls: dict[int, str] = {}
    for pk, source_id, locale, block, url, target_id in rows:
        written = read_address(url)
        if written is None or target_id in homes or source_id not in locked:
            continue
        path = paths.get(target_id, {}).get(written.target.locale)
        if path is None:
            continue  # no address there now: the link keeps leading where its redirect does
        new = written.origin + address(written.target.locale, path) + written.tail
        if new != url:
            plan[source_id][(locale, block)][url] = new
            new_urls[pk] = new
    if not plan:
        return 0
    _write(locked, plan, actor=actor, moved=page_id)
    sql.update_rows(sql.LINK, ["url"], sorted(new_urls.items()))
    return len(plan)


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
    pages: dict[int, Page], plan: dict[int, dict[tuple[str, str], dict[str, str]]], *, actor: User | None, moved: int
) -> None:
    ids = sorted(plan)
    localizations: dict[tuple[int, str], PageLocalization] = {}
    wanted_locales = {locale for blocks in plan.values() for locale, _block in blocks if locale}
    for start in range(0, len(ids), CHUNK):
        for localization in PageLocalization.objects.filter(
            page_id__in=ids[start : start + CHUNK], locale__in=wanted_locales
        ):
            localizations[(localization.page_id, localization.locale)] = localization
    now = timezone.now()
    batch = TextBatch()
    changed_pages: list[Page] = []
    changed_localizations: list[PageLocalization] = []
    revisions: list[PageRevision] = []
    entries: list[tuple[int, dict[str, Any]]] = []
    followed: dict[int, dict[tuple[str, str], tuple[str, str, dict[str, str]]]] = {}
    for page_id in ids:
        page = pages[page_id]
        touched: dict[str, PageLocalization] = {}
        blocks_changed: set[str] = set()
        for (locale, block), new_urls in sorted(plan[page_id].items()):
            holder: Any = localizations.get((page_id, locale)) if locale else page
            if holder is None:
                continue
            text = (holder.blocks or {}).get(block)
            if not isinstance(text, str) or (new_text := rewritten(text, new_urls)) == text:
                continue
            holder.blocks = {**holder.blocks, block: new_text}
            blocks_changed.add(block)
            followed.setdefault(page_id, {})[(locale, block)] = (text, new_text, new_urls)
            if locale:
                touched[locale] = holder
        if not blocks_changed:
            continue  # the text no longer writes those links (a save changed it meanwhile)
        page.lock_version += 1
        page.updated_at = now
        changed_localizations += touched.values()
        summary = {"fields": sorted(f"blocks.{name}" for name in blocks_changed), "page_id": moved}
        if page.revision_head:  # a page saved before revisions were kept builds its first at its next save
            manifest, texts = recording.next_manifest(
                page, touched.values(), changed_blocks=blocks_changed, tags=None, plans=()
            )
            batch.texts.update(texts.texts)
            page.revision_head = manifest
            revisions.append(
                PageRevision(page=page, user=actor, at=now, kind=LINKS, summary=summary, manifest=manifest,
                             live=manifest["fields"]["status"] in recording.LIVE_STATUSES)
            )  # fmt: skip
        changed_pages.append(page)
        entries.append((page_id, {"page_id": moved, "fields": summary["fields"]}))
    if not changed_pages:
        return
    sql.update_rows(
        sql.PAGE,
        ["blocks", "revision_head"],
        [(p.pk, p.blocks, p.revision_head) for p in changed_pages],
        json=["blocks", "revision_head"],
        also="lock_version = lock_version + 1, updated_at = %s",
        also_params=[sql_time(now)],
    )
    if changed_localizations:
        sql.update_rows(
            sql.LOCALIZATION, ["blocks"], [(loc.pk, loc.blocks) for loc in changed_localizations], json=["blocks"]
        )
    batch.write()
    waiting.follow(followed)
    PageRevision.objects.bulk_create(revisions, batch_size=CHUNK)
    audit.record_many(actor, "update", "page", entries)
    tree_cache.invalidate_on_commit()
    listeners.shown_changed(Page.objects.filter(pk__in=[page.pk for page in changed_pages]))
