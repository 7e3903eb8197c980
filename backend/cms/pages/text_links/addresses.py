"""Which page a written address names (cms.pages.text_links.parsing.Target), for many at once in
a few indexed reads, whatever how many links a text writes:

- a permalink names its page (one read: does it exist);
- `/{locale}/` names the page the locale's root shows (cms.pages.addresses);
- a path names the page at that address now: the pages whose segment is one of the paths' (one
  read, walked in memory from the top level, as the site walks it: cms.pages.read_model.chains);
- else an old address that redirects (cms.pages.saving.redirects): its longest prefix ever
  stored names a page, and the rest of the path is walked below that page (one read each);
- else nothing: a missing link.
Deleted pages keep their segments, so an address of a deleted page names it (its links are
then reported as `deleted`, and restored with it).
"""

from collections.abc import Iterable

from django.db.models import Q

from cms.pages.addresses import HOME_UNIQUE_NAME
from cms.pages.models import Page, PageLocalization, PageRedirect, Status
from cms.pages.saving.redirects import path_hash
from cms.pages.text_links.parsing import Target

# (parent id or 0, locale, segment) -> page id
_Steps = dict[tuple[int, str, str], int]


def resolve(targets: Iterable[Target]) -> dict[Target, int | None]:
    """Each target's page id, None for one that names no page."""
    targets = set(targets)
    found: dict[Target, int | None] = dict.fromkeys(targets)
    permalinks = {t for t in targets if t.page_id is not None}
    if permalinks:
        existing = set(Page.objects.filter(pk__in={t.page_id for t in permalinks}).values_list("pk", flat=True))
        found.update((t, t.page_id if t.page_id in existing else None) for t in permalinks)
    roots = {t for t in targets if t.page_id is None and not t.path}
    if roots:
        root = _root_page()
        found.update(dict.fromkeys(roots, root))
    paths = [t for t in targets if t.page_id is None and t.path]
    found.update(_walk_all(paths, start=0))
    if unresolved := [t for t in paths if found[t] is None]:
        found.update(_through_old_addresses(unresolved))
    return found


def _root_page() -> int | None:
    home = Page.objects.filter(unique_name=HOME_UNIQUE_NAME).values_list("pk", flat=True).first()
    if home is not None:
        return home
    top = Page.objects.filter(parent=None).exclude(status=Status.DELETED).order_by("position", "pk")
    return top.values_list("pk", flat=True).first()


def _walk_all(targets: list[Target], *, start: int, starts: dict[Target, int] | None = None) -> dict[Target, int]:
    """The page each target's path leads to from `start` (a page id, 0: the top level), or from
    its own start in `starts`; only the targets found."""
    if not targets:
        return {}
    wanted = Q()
    for locale in {t.locale for t in targets}:
        segments = {s for t in targets if t.locale == locale for s in t.path.split("/")}
        wanted |= Q(locale=locale, path_segment__in=segments)
    # By the page's parent itself (not the localization's copy of it, `parent_key`: rows written
    # in bulk, the bench's and the demo's, may leave that at 0).
    steps: _Steps = {
        (parent_id or 0, locale, segment): page_id
        for page_id, parent_id, locale, segment in PageLocalization.objects.filter(wanted).values_list(
            "page_id", "page__parent_id", "locale", "path_segment"
        )
    }
    found = {}
    for target in targets:
        at: int | None = (starts or {}).get(target, start)
        for segment in target.path.split("/"):
            at = steps.get((at or 0, target.locale, segment))
            if at is None:
                break
        if at is not None:
            found[target] = at
    return found


def _through_old_addresses(targets: list[Target]) -> dict[Target, int]:
    """The pages of paths that were once an address (or lie below one), read in two queries."""
    prefixes: dict[Target, dict[str, int]] = {}
    for target in targets:
        segments = target.path.split("/")
        prefixes[target] = {
            path_hash(target.locale, "/".join(segments[:length])): length for length in range(1, len(segments) + 1)
        }
    hashes = {key for keys in prefixes.values() for key in keys}
    stored = dict(PageRedirect.objects.filter(path_hash__in=hashes).values_list("path_hash", "page_id"))
    found: dict[Target, int] = {}
    below: dict[Target, int] = {}  # a target with the rest of its path to walk from a page
    rests: dict[Target, Target] = {}
    for target, keys in prefixes.items():
        known = [(length, stored[key]) for key, length in keys.items() if key in stored]
        if not known:
            continue
        length, page_id = max(known)
        rest = target.path.split("/")[length:]
        if not rest:
            found[target] = page_id
        else:
            rests[target] = Target(target.locale, "/".join(rest))
            below[rests[target]] = page_id
    walked = _walk_all(list(rests.values()), start=0, starts=below)
    found.update((target, walked[rest]) for target, rest in rests.items() if rest in walked)
    return found
