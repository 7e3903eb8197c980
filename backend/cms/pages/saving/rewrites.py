"""The unit of work for one change written into many pages' texts at once, by the system rather
than by an editor: the links that follow a moved page (cms.pages.text_links.rewriting).

It runs the after-steps of `unit.PageWrite.commit` in the same order, each for every page in a
fixed number of statements however many pages there are (500 linking pages: one write of each
table, not 500 saves): the lock version, the tree cache and whoever keeps what visitors see,
the link index, the audit entries, the revisions, the translations' marks, and the rows. What a
save's other steps keep cannot change here: the media a text shows and the external content it
names are not in a link to a page.

A rewrite of an address is no new text for the translators: each locale's links are rewritten
to that locale's address, so the marks' fingerprints follow the texts (`t`, and a translation's
`b` made against the source's old text) and every translation's state stays what it was.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from cms.audit import log as audit
from cms.core.types import User
from cms.pages.models import Page, PageLink, PageLocalization, PageRevision
from cms.pages.revisions import recording
from cms.pages.revisions.storage import TextBatch
from cms.pages.saving import listeners, sql
from cms.pages.translations import marks as translation_marks
from cms.pages.tree import cache as tree_cache
from cms.pages.visibility import sql_time

# Revisions per INSERT: well under every database's limit on parameters.
CHUNK = 2000
# What a rewrite writes of a page's row, besides `lock_version` and `updated_at`.
ROW_COLUMNS = ("blocks", "revision_head", *translation_marks.STORED_FIELDS)
JSON_COLUMNS = ("blocks", "revision_head", "translation_marks", "translation_outdated", "translation_todo")


@dataclass
class Rewritten:
    """One page's texts as a rewrite changed them: per (locale, block), "" for a block every
    locale shares, the text before and after."""

    page: Page
    texts: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    localizations: dict[str, PageLocalization] = field(default_factory=dict)


class TextRewrites:
    """Texts of many pages rewritten in the caller's transaction, their rows locked already
    where the database locks rows. `rewrite` changes one block's text of one page (on the
    objects); `commit` writes them all, with every after-step."""

    def __init__(self) -> None:
        self.pages: dict[int, Rewritten] = {}

    def rewrite(self, page: Page, localization: PageLocalization | None, block: str, text: str) -> bool:
        """Set one block's text (`localization` None: a block every locale shares, on the page);
        whether it changed."""
        holder: Any = localization if localization is not None else page
        before = (holder.blocks or {}).get(block)
        if not isinstance(before, str) or before == text:
            return False
        holder.blocks = {**holder.blocks, block: text}
        entry = self.pages.setdefault(page.pk, Rewritten(page))
        locale = localization.locale if localization is not None else ""
        entry.texts[(locale, block)] = (before, text)
        if localization is not None:
            entry.localizations[locale] = localization
        return True

    def commit(
        self, actor: User | None, *, kind: str, details: Mapping[str, Any], link_urls: Mapping[int, str] = {}
    ) -> list[int]:
        """Run the after-steps for every page rewritten and return their ids. `kind`: their
        revisions' kind; `details`: what each audit entry and revision summary says besides the
        blocks changed; `link_urls`: the link index's rows (id → address) the rewrite changed."""
        rewritten = [self.pages[pk] for pk in sorted(self.pages)]
        now = timezone.now()
        # 1. The lock version, once per page: an editor holding the old one gets 409 and keeps
        # their input, rather than writing the old text back.
        for entry in rewritten:
            entry.page.lock_version += 1
            entry.page.updated_at = now
        # 2. The tree cache, and whoever keeps what visitors see of the pages.
        tree_cache.invalidate_on_commit()
        if rewritten:
            listeners.shown_changed(Page.objects.filter(pk__in=[entry.page.pk for entry in rewritten]))
        # 3. The link index: its rows name the addresses the texts write now.
        if link_urls:
            sql.update_rows(PageLink._meta.db_table, ["url"], sorted(link_urls.items()))
        if not rewritten:
            return []
        # 4. The audit entries; 5. the revisions (a page saved before revisions were kept builds
        # its first at its next save).
        batch, revisions, entries = TextBatch(), list[PageRevision](), list[tuple[int, dict[str, Any]]]()
        for entry in rewritten:
            page = entry.page
            blocks = {block for _locale, block in entry.texts}
            summary = {**details, "fields": sorted(f"blocks.{name}" for name in blocks)}
            entries.append((page.pk, summary))
            if page.revision_head:
                manifest, texts = recording.next_manifest(
                    page, entry.localizations.values(), changed_blocks=blocks, tags=None, plans=()
                )
                batch.texts.update(texts.texts)
                page.revision_head = manifest
                revisions.append(
                    PageRevision(page=page, user=actor, at=now, kind=kind, summary=summary, manifest=manifest,
                                 live=manifest["fields"]["status"] in recording.LIVE_STATUSES)
                )  # fmt: skip
            # 6. The translations' marks follow the texts.
            translation_marks.follow_rewrites(page, _texts_by_locale(entry.texts))
        audit.record_many(actor, "update", "page", entries)
        batch.write()
        PageRevision.objects.bulk_create(revisions, batch_size=CHUNK)
        # 7. The rows, last.
        sql.update_rows(
            Page._meta.db_table,
            ROW_COLUMNS,
            [(entry.page.pk, *(getattr(entry.page, name) for name in ROW_COLUMNS)) for entry in rewritten],
            json=JSON_COLUMNS,
            also="lock_version = lock_version + 1, updated_at = %s",
            also_params=[sql_time(now)],
        )
        localizations = [loc for entry in rewritten for loc in entry.localizations.values()]
        if localizations:
            sql.update_rows(
                PageLocalization._meta.db_table, ["blocks"], [(loc.pk, loc.blocks) for loc in localizations],
                json=["blocks"],
            )  # fmt: skip
        return [entry.page.pk for entry in rewritten]


def _texts_by_locale(texts: Mapping[tuple[str, str], tuple[str, str]]) -> dict[str, dict[str, tuple[str, str]]]:
    by_locale: dict[str, dict[str, tuple[str, str]]] = {}
    for (locale, block), change in texts.items():
        by_locale.setdefault(locale, {})[block] = change
    return by_locale
