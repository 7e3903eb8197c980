"""What restoring a revision would do, per locale, before it is done (issue 28, item 1): the
restore dialog lists it, lets the editor choose the locales, and says plainly when a locale's
name, and with it the page's address there, would go, and how many pages leave that site.

The default choice is restore.named_locales (the rule the restore itself applies)."""

from typing import Any

from django.utils.translation import get_language

from cms.core.locales import locale_codes
from cms.core.types import Visitor
from cms.pages import sql
from cms.pages.models import Page
from cms.pages.read_model.stored_content import PageContent
from cms.pages.revisions import recording
from cms.pages.revisions.history import revision_entry
from cms.pages.revisions.restore import find_revision, named_locales
from cms.pages.revisions.storage import read_contents
from cms.pages.templates_registry import NAME_BLOCK, registry
from cms.pages.tree import services as tree


def restore_plan(page_id: int, revision_id: int, *, reader: Visitor | None = None) -> dict[str, Any]:
    """The revision (as `reader` may read it), and per configured locale what a restore of it
    there would change."""
    revision = find_revision(page_id, revision_id)
    page = Page.objects.get(pk=page_id)
    now_manifest = page.revision_head or recording.stored_manifest(page)[0]
    then, now = (content.as_flagged_now() for content in read_contents([revision.manifest, now_manifest]))
    default = set(named_locales(revision.manifest))
    addressed = _addressed_locales(page_id)
    rows = []
    for code in locale_codes():
        name_then, name_now = then.names.get(code, ""), now.names.get(code, "")
        segment_then, segment_now = then.segments.get(code, ""), now.segments.get(code, "")
        blocks = _changed_blocks(then, now, code)
        loses_name = bool(name_now) and not name_then
        rows.append({
            "locale": code,
            "restored_by_default": code in default,
            "name_from": name_now,
            "name_to": name_then,
            "path_segment_from": segment_now,
            "path_segment_to": "" if loses_name else segment_then,
            "changed_blocks": blocks,
            "changes": bool(blocks) or name_now != name_then or (segment_now != segment_then and not loses_name),
            "loses_name": loses_name,
            "pages_leaving": _pages_below(page_id, code) if loses_name and code in addressed else 0,
        })  # fmt: skip
    return {"revision": revision_entry(revision, reader), "locales": rows}


def _changed_blocks(then: PageContent, now: PageContent, code: str) -> list[dict[str, str]]:
    """The localized blocks (the name apart) whose text in `code` the restore would change, in
    the order of the revision's template."""
    before, after = now.localized.get(code, {}), then.localized.get(code, {})
    template = registry().get(then.template) or registry().get(now.template)
    order = [block.name for block in template.all_blocks] if template else []
    names = [*order, *sorted({*before, *after} - set(order))]
    known, language = registry().blocks, get_language()
    return [
        {"name": name, "title": known[name].as_dict(language)["title"] if name in known else name}
        for name in names
        if name != NAME_BLOCK and before.get(name, "") != after.get(name, "")
    ]


def _addressed_locales(page_id: int) -> set[str]:
    """The locales the page has an address in now (every page on its way has a segment)."""
    segments: dict[int, set[str]] = {}
    for step_id, code, _name, segment in tree.lineage_localizations(page_id):
        segments.setdefault(step_id, set())
        if code and segment:
            segments[step_id].add(code)
    return set.intersection(*segments.values()) if segments else set()


def _pages_below(page_id: int, code: str) -> int:
    """How many pages have an address in `code` through this page: itself and each descendant
    reached through pages with a segment there (one query, bounded by the tree's depth)."""
    return sql.count_addressed_below(page_id, code)
