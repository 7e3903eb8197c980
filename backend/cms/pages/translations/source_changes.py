"""What changed in the source since a translation was last saved or checked (issue 22, item 2):
per outdated block, the default locale's text then (from the revision the translation's mark
names) and now, for the editor's word diff; and which blocks are copies of another locale's text
(issue 28, item 6), for the editor's marks."""

from typing import Any

from cms.core.exceptions import NotFound
from cms.core.locales import get_locale, locale_codes
from cms.core.messages import message
from cms.pages.models import Page, PageLocalization, PageRevision
from cms.pages.revisions.storage import read_contents
from cms.pages.saving import validation
from cms.pages.templates_registry import NAME_BLOCK
from cms.pages.translations import marks
from cms.pages.translations.states import copied_blocks, counted_blocks, decoded, outdated_in


def source_changes(page_id: int, locale: str) -> dict[str, Any]:
    """{"source_locale", "blocks": [{"name", "since_revision", "before", "after"}], "copied_blocks":
    {block: locale}}: one entry per outdated block of the page in `locale`, in name order, and its
    blocks whose text is a copy of another locale's (none for the default locale, nor for a
    locale the page has no name in)."""
    get_locale(locale)
    source = locale_codes()[0]
    page = (
        Page.objects.filter(pk=page_id)
        .only("template", "translation_marks", "translation_outdated", "translation_todo")
        .first()
    )
    if page is None:
        raise NotFound(message(validation.PAGE_MISSING, id=page_id))
    answer: dict[str, Any] = {"source_locale": source, "blocks": [], "copied_blocks": {}}
    if locale == source:
        return answer
    texts = {
        code: {NAME_BLOCK: name, **(blocks or {})}
        for code, name, blocks in PageLocalization.objects.filter(
            page_id=page_id, locale__in=[source, locale]
        ).values_list("locale", "name", "blocks")
    }
    if not texts.get(locale, {}).get(NAME_BLOCK):
        return answer
    answer["copied_blocks"] = copied_blocks(page.template, decoded(page.translation_todo), locale)
    counted = counted_blocks(page.template)
    outdated = [block for block in outdated_in(decoded(page.translation_outdated), locale) if block in counted]
    if not outdated:
        return answer
    stamps = marks.readable(page.translation_marks)
    since = {block: stamps.get(block, {}).get(locale, {}).get(marks.REVISION, 0) for block in outdated}
    before = _source_texts(page_id, source, set(since.values()) - {0})
    now = texts.get(source, {})
    answer["blocks"] = [
        {
            "name": block,
            "since_revision": since[block] or None,
            "before": before.get(since[block], {}).get(block, ""),
            "after": marks.text(now.get(block)),
        }
        for block in outdated
    ]
    return answer


def _source_texts(page_id: int, source: str, revision_ids: set[int]) -> dict[int, dict[str, str]]:
    """The source locale's texts in each of these revisions of the page (by revision id). A
    revision pruned since (cms.pages.revisions.prune) is read as the newest kept before it."""
    if not revision_ids:
        return {}
    revisions = PageRevision.objects.filter(page_id=page_id)
    found = dict(revisions.filter(pk__in=revision_ids).values_list("pk", "manifest"))
    for gone in revision_ids - found.keys():
        earlier = revisions.filter(pk__lt=gone).order_by("-pk").values_list("manifest", flat=True).first()
        if earlier is not None:
            found[gone] = earlier
    ids = list(found)
    contents = read_contents(found[revision_id] for revision_id in ids)
    return {
        revision_id: {NAME_BLOCK: content.names.get(source, ""), **content.localized.get(source, {})}
        for revision_id, content in zip(ids, contents, strict=True)
    }
