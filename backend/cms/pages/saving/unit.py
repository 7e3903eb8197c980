"""The one unit of work every page write goes through (see the package's docstring)."""

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import F
from django.utils import timezone

from cms.audit import log as audit
from cms.core.types import User
from cms.pages.media_uses import record_shown_media
from cms.pages.models import Page, PageLocalization
from cms.pages.reports.index import record_external_references, references_differ
from cms.pages.revisions import recording
from cms.pages.revisions.storage import Manifest, TextBatch
from cms.pages.saving import listeners, tree_writes
from cms.pages.saving.changed import BLOCK_PREFIX, NOTHING, Changed, PageState, compare
from cms.pages.saving.links import LinkPlan
from cms.pages.text_links import index as link_index
from cms.pages.text_links import rewriting as link_rewriting
from cms.pages.translations import marks as translation_marks
from cms.pages.tree import cache as tree_cache

# The page's own fields a content write may change (its row written with all of them); not
# `links_version`: a place among its siblings moved it forward meanwhile (tree_writes).
ROW_FIELDS = tuple(field.name for field in Page._meta.concrete_fields if field.name not in ("id", "links_version"))
# What moving `lock_version` forward writes with it.
VERSION_FIELDS = ("lock_version", "updated_at")


@dataclass(frozen=True)
class Record:
    """What a write's audit entry says and, for a write of the page's content, the revision it
    stores (`revision_kind` None: none, as for a move or a translation marked checked)."""

    action: str
    details: dict[str, Any]
    revision_kind: str | None = None
    summary: Mapping[str, Any] = field(default_factory=dict)


# A write's record, from what it changed; None: the write changed nothing worth recording.
Recorder = Callable[[Changed], Record | None]


class PageWrite:
    """One write of one page, inside the caller's transaction.

    Made once the page is held (its row locked where the database locks rows) and before the
    write changes anything: it takes the state before then. The caller changes the page and its
    localizations (their rows are its own), places it in the tree through `insert` and `place`,
    and calls `commit`, which runs every after-step in the one order written there."""

    def __init__(self, page: Page, localizations: Iterable[PageLocalization] = (), *, new: bool = False) -> None:
        self.page = page
        self.new = new
        self.localizations = {localization.locale: localization for localization in localizations}
        self.before = {
            code: NOTHING if new else PageState.of(page, localization)
            for code, localization in self.localizations.items()
        }
        self.was_parent = page.parent_id
        self.placed = False  # its placement moved `lock_version` forward already

    def unchanged(self, locale: str) -> bool:
        """Whether the page in a stored locale is as it was (its row need not be written)."""
        localization = self.localizations[locale]
        return bool(localization.pk) and PageState.of(self.page, localization) == self.before[locale]

    # --- The page's place in the tree: rows written at once, as the tree's statements need ---

    def insert(self) -> None:
        """Store a new page (its position taken already, tree_writes.open_gap)."""
        self.page.save()

    def place(self, parent_id: int | None, position: int) -> None:
        """Move the page to a position among the shown children of `parent_id`: its row with its
        siblings' in one statement, `lock_version` moved forward in it."""
        tree_writes.place(self.page, parent_id, position, lock_version=F("lock_version") + 1, updated_at=timezone.now())
        self.page.lock_version += 1
        self.placed = True

    # --- The commit -------------------------------------------------------------------------

    def commit(
        self,
        actor: User | None,
        record: Record | Recorder,
        *,
        relations: Mapping[str, Mapping[str, Any]] | None = None,
        fields: Iterable[str] = (),
        tags: list[str] | None = None,
        plans: Iterable[LinkPlan] = (),
    ) -> Changed:
        """Run the after-steps of the write, in this order, and return what it changed.

        `record`: its audit entry (and revision), or how to make it from what changed;
        `relations`: the tags and links it changed (cms.pages.saving.services.save_relations);
        `fields`: the page's own fields it set, for its row; `tags`, `plans`: its tag names
        and link lists when it changed them (for the revision)."""
        page = self.page
        after = {code: PageState.of(page, localization) for code, localization in self.localizations.items()}
        changed = compare(self.before, after, relations or {}, was_parent=self.was_parent, parent=page.parent_id)
        row = set(fields)
        # 1. The lock version, once per write: not for a create (a new page starts at 0) nor a
        # write that placed the page (the statement that moved it moved the version forward).
        if not self.new and not self.placed and (row or self.localizations):
            page.lock_version += 1
            row.update(VERSION_FIELDS)
        # 2. The tree cache: what the tree shows of the page is built again after the commit.
        tree_cache.invalidate_on_commit()
        # ... and whoever keeps what visitors see of it (the full-page cache's purge) is told.
        listeners.written(page, changed)
        # 3. The media uses, before the revision's texts: media rows are locked last of the
        # locks a save takes (cms.pages.locks, 6), as the links' media are.
        if changed.shows_other_media:
            record_shown_media(page)
        # 3b. The external content its texts name (the reports' index), when the template or
        # what a text names changed: most saves (a rename, a status, a move, an edit of words)
        # read and write nothing here.
        if "template" in changed.fields or (
            changed.blocks and references_differ(page.template, _blocks(self.before), _blocks(after))
        ):
            record_external_references(page)
        # 3c. The links its texts write to other pages (cms.pages.text_links), on the same terms.
        if "template" in changed.fields or (
            changed.blocks and link_index.links_differ(page.template, _blocks(self.before), _blocks(after))
        ):
            link_index.record_page_links(page)
        # 4. The audit entry; 5. the revision, for a write of the page's content (its manifest
        # is the page's head even when nothing is recorded: a page saved before revisions were
        # kept gets one).
        made = record(changed) if callable(record) else record
        if self.localizations:
            manifest, texts = self._manifest(changed, tags, plans)
            page.revision_head = manifest
            row.add("revision_head")
        if made is not None:
            audit.record(actor, made.action, "page", page.pk, made.details)
        revision_id = None
        if self.localizations and made is not None and made.revision_kind is not None:
            revision_id = recording.record(
                page, actor=actor, kind=made.revision_kind, summary=made.summary, manifest=manifest, batch=texts
            ).pk
        # 6. The translations' marks name the revision just made (cms.pages.translations.marks).
        if revision_id is not None:
            translation_marks.record_changes(page, changed.texts, revision_id=revision_id)
            row.update(translation_marks.STORED_FIELDS)
        # 7. The page's row, last, with all of the above; the search index follows it in the
        # same statement (its triggers: cms.search.index).
        if row:
            page.save(update_fields=[name for name in ROW_FIELDS if name in row])
        # 8. Its addresses changed (a move, a new segment; a new page has its first): the missing
        # links that named them now name it, and the links to it and to the pages below it are
        # written with their new addresses (cms.pages.text_links.rewriting), after its own row so
        # that a page linking to itself is rewritten too.
        if self.new:
            if any(localization.path_segment for localization in self.localizations.values()):
                link_index.claim_missing(page.pk, descendants=False)
        elif changed.moved or "path_segment" in changed.fields:
            paths = link_index.claim_missing(page.pk)
            link_rewriting.follow_address_change(page.pk, actor=actor, paths=paths)
        return changed

    def _manifest(
        self, changed: Changed, tags: list[str] | None, plans: Iterable[LinkPlan]
    ) -> tuple[Manifest, TextBatch]:
        if self.new:
            (localization,) = self.localizations.values()
            return recording.first_manifest(self.page, localization, tags=tags, plans=plans)
        return recording.next_manifest(
            self.page, self.localizations.values(), changed_blocks=changed.blocks, tags=tags, plans=plans
        )


def _blocks(states: Mapping[str, PageState]) -> dict[str, dict[str, Any]]:
    """Each locale's blocks (shared and its own) as a state holds them."""
    return {
        locale: {
            name.removeprefix(BLOCK_PREFIX): value
            for name, value in state.values.items()
            if name.startswith(BLOCK_PREFIX)
        }
        for locale, state in states.items()
    }
