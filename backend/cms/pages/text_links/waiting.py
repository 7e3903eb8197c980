"""Waiting work follows a rewrite too: a scheduled change or a change under review that sets a
block whose links the rewrite (cms.pages.text_links.rewriting) just changed.

Each keeps what the block held when it was made (its base): when it goes live, a field that
holds something else was changed meanwhile, and it refuses to go over that newer work. A
rewrite is not newer work of anyone's: it only wrote the links' new addresses. So, in the
rewrite's transaction, a waiting change whose base is the text as it was before the rewrite gets
the rewritten text as its base, and its own text of the block has the same links rewritten; a
change whose base is already another text was made before newer work, and stays as it is.

An editor's working copy (cms.pages.working_copies) of a linking page, kept on the server, holds
what they typed, no base: its links to the subtree that moved (the ones its page's text had, and
any they typed) get the new addresses too, and nothing else changes. An editor who has the page
open still holds the old addresses on screen (and their browser's copy): their next save meets
the new lock version (409) and they reload, or keep their text, knowingly.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cms.pages.models import PageReview, ScheduledChange, WorkingCopy
from cms.pages.models.reviews import ReviewState
from cms.pages.models.scheduled import ScheduledState
from cms.pages.templates_registry import registry
from cms.pages.text_links.addresses import resolve
from cms.pages.text_links.parsing import link_urls, read_address, rewritten

# Per page: per (locale, block) the rewrite changed ("" for a block every locale shares), the
# text before, the text after, and the addresses it rewrote (old → new).
Followed = Mapping[int, Mapping[tuple[str, str], tuple[str, str, Mapping[str, str]]]]


def follow_waiting_changes(followed: Followed) -> None:
    """Bring the linking pages' waiting scheduled changes and reviews up to the rewrite."""
    if not followed:
        return
    ids = sorted(followed)
    changes = []
    for change in ScheduledChange.objects.filter(page_id__in=ids, state=ScheduledState.WAITING):
        if _follow_one(change.payload, change.base, change.locale, followed[change.page_id]):
            changes.append(change)
    ScheduledChange.objects.bulk_update(changes, ["payload", "base"])
    reviews = []
    for review in PageReview.objects.filter(page_id__in=ids, state=ReviewState.WAITING):
        edits = followed[review.page_id]
        moved = _follow_one(review.payload, review.base, review.locale, edits)
        for code, entry in (review.other_locales or {}).items():
            moved = _follow_one(entry.get("payload", {}), entry.get("base", {}), code, edits) or moved
        if moved:
            reviews.append(review)
    PageReview.objects.bulk_update(reviews, ["payload", "base", "other_locales"])


def _follow_one(
    payload: dict[str, Any], base: dict[str, Any], locale: str, edits: Mapping[tuple[str, str], tuple[str, str, Any]]
) -> bool:
    """Rewrite, in place, one locale's payload and base of a waiting change; whether any moved."""
    moved = False
    for (edited_locale, block), (before, after, new_urls) in edits.items():
        if edited_locale not in ("", locale) or block not in base or base[block] != before:
            continue  # another locale's text, a block it does not set, or newer work already
        base[block] = after
        if isinstance(payload.get(block), str):
            payload[block] = rewritten(payload[block], new_urls)
        moved = True
    return moved


def follow_working_copies(page_ids: Sequence[int], new_address: Callable[[str, int], str | None]) -> None:
    """Give the links of the pages' working copies their new addresses (`new_address(url, page
    id)`, None: the link keeps its address), each written address read once for all of them."""
    copies = list(WorkingCopy.objects.filter(page_id__in=page_ids))
    blocks = registry().blocks
    texts = [(copy, name) for copy in copies for name in copy.payload if name in blocks]
    written = {url: read_address(url) for copy, name in texts for url in link_urls(copy.payload[name])}
    pages = resolve({address.target for address in written.values() if address is not None})
    new_urls = {
        url: new
        for url, address in written.items()
        if address is not None
        and (page_id := pages.get(address.target)) is not None
        and (new := new_address(url, page_id)) is not None
    }
    changed = {}
    for copy, name in texts:
        text = copy.payload[name]
        if isinstance(text, str) and (new_text := rewritten(text, new_urls)) != text:
            copy.payload[name] = new_text
            changed[copy.pk] = copy
    # Each only if the editor has not kept a newer one meanwhile (their editor sends it as they
    # type, unlocked): that one is theirs as it is. `saved_at` kept: it says when they typed,
    # which a later save of theirs is judged by.
    for copy in changed.values():
        WorkingCopy.objects.filter(pk=copy.pk, saved_at=copy.saved_at).update(payload=copy.payload)
