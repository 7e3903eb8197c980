"""The whole page tree as JSON in the shared cache, rebuilt page by page after a change.

Building 10,000 records takes ~250 ms, but a change touches few of them: a save changes one
page, a move one subtree and two parents' child counts. So the cache keeps each page's record
as a JSON fragment, and the first read after a change rebuilds only the pages whose record may
have changed. What a record depends on is cheap to read for every page at once, as one short
row per page (cms.pages.tree.changes):

- its own row: parent, position, status, and `lock_version`, which every change of the page,
  its texts, tags or links moves forward; `links_version`, which changes of the images,
  attachments and tags it links to, and of its children's number and its siblings' positions
  move forward (cms.pages.apps, cms.pages.tree.services);
- its shown children (the record's `child_count`): the children's rows;
- each ancestor's row: the record repeats their names and path segments.

The first read of a generation compares these rows with the previous generation's (a set
difference, done in C, not a key worked out per page in Python) and rebuilds the pages whose
row changed, the parents whose children came, went or moved, and the descendants of a page
whose versions or parent changed (cms.pages.tree.changes.changed).

Reads between changes ask the database nothing: a committed change gives the cache a new
generation (`invalidate_on_commit`), and only the first read of a generation reads the rows.
Nothing per user is kept: `permissions`, what the reader holds on each page, is joined in per read.
A node's children (`children_bytes`) are the same fragments, picked out of the tree's order.

The entries, per locale. The big ones are written once under a name never used again, so a
reader never sees one half-updated, and a process may keep the last it read in memory:

- `base:{random id}`: every page's fragment and the rows they were built for, written when
  most of the tree is rebuilt; `base` names the newest;
- `{generation}`: every page's row in the tree's order, the base it builds on and the
  fragments rebuilt since that base (the "overlay"), built for those rows; `latest` names the
  newest, which the next generation compares its rows with and starts its overlay from.
"""

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import groupby
from operator import itemgetter
from typing import Any, cast

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Model

from cms.accounts.permissions import PagePermission
from cms.core.json import dumps
from cms.pages import media_uses
from cms.pages.models import Page
from cms.pages.rights import Rights
from cms.pages.saving import listeners, tree_writes
from cms.pages.tree import changes as tree_changes

CACHE_SECONDS = 3600
# Past this many rebuilt pages, they are folded into a new base (one big write) instead of
# being copied into each generation's entry.
MAX_OVERLAY = 500
# Rebuilding more than this share of the pages one by one costs more than reading them all.
FULL_REBUILD_SHARE = 0.3

GENERATION_KEY = "pages:tree:generation"
EPOCH_KEY = "pages:tree:epoch"

# A page's record, JSON without its closing brace and without `permissions` (joined per read).
Fragments = dict[int, bytes]
# (page ids (None: all), every page's parent id) -> fragments
BuildFragments = Callable[[list[int] | None, dict[int, int | None]], Fragments]


def is_shared() -> bool:
    """Only a cache every process shares can be invalidated by any of them (not local memory)."""
    return "locmem" not in settings.CACHES["default"]["BACKEND"].lower()


# --- Invalidation ----------------------------------------------------------------------------


def invalidate_on_commit(*, everything: bool = False) -> None:
    """Give the cached tree a new generation once the current transaction commits.

    `everything`: for bulk writes that bypass the services (the bench's and the demo's data,
    which may reuse ids): every fragment is forgotten, not only those whose key changed.

    robust: the change is committed whatever happens to the cache; a cache that is down must
    not turn a saved page into an error (and a retry into a duplicate).
    """
    if is_shared():
        transaction.on_commit(_new_epoch if everything else _new_generation, robust=True)


def _new_generation() -> None:
    # A value never used before rather than an increment: two commits at once can't both
    # land on the same next value (a file cache can't increment atomically), and a cache
    # emptied while running can't bring back a generation that older entries were made for.
    cache.set(GENERATION_KEY, _fresh(), timeout=None)


def _new_epoch() -> None:
    cache.set(EPOCH_KEY, _fresh(), timeout=None)
    _new_generation()


def _fresh() -> str:
    return secrets.token_hex(8)


def _current(key: str) -> str:
    # Read first: on every public request and tree read the value is there, and one read of the
    # cache answers (an add first read it too, and then a second read: issue 29's profile).
    if (value := cache.get(key)) is not None:
        return str(value)
    cache.add(key, _fresh(), timeout=None)  # a first start, or an evicted value
    # A cache that keeps nothing (Redis down: cms.core.fail_soft_cache) answers None: each read
    # is then a generation of its own, read from the database, never what an earlier one kept.
    return str(cache.get(key) or _fresh())


def generation() -> str:
    return _current(GENERATION_KEY)


# --- Reading ---------------------------------------------------------------------------------


@dataclass
class _Base:
    epoch: str
    rows: list[tree_changes.KeyRow]  # what the fragments were built for
    fragments: Fragments


@dataclass
class _Generation:
    token: str  # unique to this entry: what the process memo of the answer is keyed by
    epoch: str
    rows: list[tree_changes.KeyRow]  # every page's row at this generation, in the tree's order
    # The same while the pages' order and parents stay the same (a save moves nothing): what
    # the process memos of each set of rights' permissions and of the children are keyed by.
    shape: str
    base_id: str | None
    overlay: Fragments = field(default_factory=dict)
    # Derived from `rows` in each process, not stored (see __getstate__).
    _order: list[int] | None = field(default=None, repr=False, compare=False)
    _parents: dict[int, int | None] | None = field(default=None, repr=False, compare=False)

    @property
    def order(self) -> list[int]:
        if self._order is None:
            self._order = list(map(itemgetter(tree_changes.ID), self.rows))
        return self._order

    @property
    def parents(self) -> dict[int, int | None]:
        """Each page's parent: what each reader's rights are worked out from."""
        if self._parents is None:
            self._parents = dict(map(itemgetter(tree_changes.ID, tree_changes.PARENT), self.rows))
        return self._parents

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "_order": None, "_parents": None}


def tree_bytes(locale: str, build: BuildFragments, reader: Rights) -> bytes:
    """Return every page's record as a JSON list, with what `reader` holds on it as `permissions`."""
    # The generation is read before the database: a read that races a commit is stored under
    # the generation that commit has already left behind, so nobody reads it again.
    current = generation()
    entry = _entry(locale, current)
    held_key, held_answer = _last_answer  # one read of one immutable pair: threads can't mix two
    if entry is not None and held_key == (entry.token, reader.key):
        return held_answer
    entry, base = _entry_and_base(locale, current, entry, build)
    answer = _joined(entry, base, reader)
    _remember_answer((entry.token, reader.key), answer)
    return answer


def children_bytes(locale: str, build: BuildFragments, reader: Rights, parent_ids: list[int | None]) -> bytes:
    """Return the children of each of `parent_ids` (None: the top level) as a JSON list, grouped
    in the order asked, each group in the tree's order: the same fragments as the whole tree."""
    current = generation()
    entry, base = _entry_and_base(locale, current, _entry(locale, current), build)
    children = _children_index(entry)
    return _joined(entry, base, reader, [page_id for parent in parent_ids for page_id in children.get(parent, ())])


def _entry_and_base(
    locale: str, current: str, entry: "_Generation | None", build: BuildFragments
) -> tuple["_Generation", "_Base"]:
    base = _base(locale, entry.base_id) if entry else None
    if entry is None or base is None:
        return _rebuild(locale, current, build)
    return entry, base


# What this process read last: a base per locale (immutable once written, so it can't go
# stale), the last generation entry per locale (the same for as long as its generation is the
# current one: a process that holds it needs not read it again) and the last answer, for one
# generation entry (its token) and one set of rights. The memory this takes does not grow with
# changes or users.
_bases: dict[str, tuple[str, _Base]] = {}
_entries: dict[str, tuple[str, _Generation]] = {}
_last_answer: tuple[tuple[str, object] | tuple[()], bytes] = ((), b"")


def _remember_answer(key: tuple[str, object], answer: bytes) -> None:
    global _last_answer
    _last_answer = (key, answer)


def forget_process_memory() -> None:
    """Forget what this process holds in memory (tests: as a newly started worker would)."""
    _bases.clear()
    _entries.clear()
    _remember_answer(("", None), b"")


def _entry(locale: str, name: str) -> "_Generation | None":
    """The entry of generation `name`: from this process's memory when it holds it."""
    held_name, entry = _entries.get(locale, ("", None))
    if held_name != name:
        entry = cache.get(_key(locale, name))
        if entry is not None:
            _entries[locale] = (name, entry)
    return entry


def _base(locale: str, base_id: str | None) -> _Base | None:
    if not base_id:
        return None
    held_id, base = _bases.get(locale, ("", None))
    if held_id != base_id:
        base = cache.get(_key(locale, f"base:{base_id}"))
        if base is not None:
            _bases[locale] = (base_id, base)
    return base


def _rebuild(locale: str, current: str, build: BuildFragments) -> tuple[_Generation, _Base]:
    """Compare every page's row with the previous generation's; rebuild the fragments of the
    pages whose record may have changed (see _changed); store the generation."""
    epoch = _current(EPOCH_KEY)
    rows = tree_changes.key_rows()
    # Start from what the previous generation had (its base and what it rebuilt since), or
    # from the newest base alone.
    latest = cache.get(_key(locale, "latest"))
    previous = _entry(locale, latest) if latest else None
    base_id = previous.base_id if previous is not None and previous.epoch == epoch else None
    base = _base(locale, base_id)
    if base is None:
        previous, base_id = None, cache.get(_key(locale, "base"))
        base = _base(locale, base_id)
        if base is not None and base.epoch != epoch:
            base = None
    entry = _Generation(_fresh(), epoch, rows, _fresh(), base_id)
    stale: set[int] | None = None
    if base is not None:
        change = tree_changes.changed(previous.rows if previous is not None else base.rows, rows)
        if previous is not None and change.same_shape:  # the same order and parents: shared
            entry.shape, entry._order, entry._parents = previous.shape, previous.order, previous.parents
        stale = change.stale(_children_index(entry) if change.lineage else {})
    kept: Fragments = {}
    if base is None or stale is None or len(stale) > FULL_REBUILD_SHARE * len(rows):
        base = _Base(epoch, rows, build(None, entry.parents))
        entry.base_id = _store_base(locale, base)
    else:
        if previous is not None:
            kept = {page_id: fragment for page_id, fragment in previous.overlay.items() if page_id not in stale}
        if stale:
            kept.update(build(sorted(stale), entry.parents))
            if len(kept) > MAX_OVERLAY:
                base = _Base(epoch, rows, {**base.fragments, **kept})
                entry.base_id, kept = _store_base(locale, base), {}
    entry.overlay = kept
    cache.set(_key(locale, current), entry, CACHE_SECONDS)
    cache.set(_key(locale, "latest"), current, CACHE_SECONDS)
    _entries[locale] = (current, entry)
    if latest and latest != current:
        cache.delete(_key(locale, latest))  # one entry per locale, not one per change
    return entry, base


def _store_base(locale: str, base: _Base) -> str:
    base_id = secrets.token_hex(8)
    previous = cache.get(_key(locale, "base"))
    cache.set(_key(locale, f"base:{base_id}"), base, CACHE_SECONDS)
    cache.set(_key(locale, "base"), base_id, CACHE_SECONDS)
    _bases[locale] = (base_id, base)
    if previous and previous != base_id:
        # Readers of an older generation that still name it rebuild: they find no base.
        cache.delete(_key(locale, f"base:{previous}"))
    return base_id


def _joined(entry: _Generation, base: _Base, reader: Rights, pages: list[int] | None = None) -> bytes:
    """The records of `pages` (None: every page, in the tree's order) as a JSON list."""
    whole = pages is None
    order = entry.order if pages is None else pages
    known = {**base.fragments, **entry.overlay} if entry.overlay else base.fragments
    found = list(map(known.get, order))
    if None in found:  # pages made after the key read: left out until the next generation
        order = [page_id for page_id, fragment in zip(order, found, strict=True) if fragment]
        fragments = [fragment for fragment in found if fragment]
        whole = False
    else:
        fragments = cast(list[bytes], found)
    if not fragments:
        return b"[]"
    # "[", fragment, its permissions and closing brace, fragment, …, "]": one join, so the
    # ~17 MB are copied once (each `+` on the result would copy them again).
    if (uniform := reader.uniform) is not None:
        separators: Iterable[bytes] = [b',"permissions":' + dumps(uniform) + b"},"] * len(fragments)
    else:
        held = _held(entry, reader)
        separators = held.in_tree_order() if whole else held.for_pages(order)
    pieces = [b"["] * (2 * len(fragments) + 1)
    pieces[1::2] = fragments
    pieces[2::2] = separators
    pieces[-1] = pieces[-1][:-1] + b"]"  # the last record's closing brace, then the list's
    return b"".join(pieces)


# Per process, for the last shapes of the tree (a save keeps the shape): each set of rights'
# permissions per page, and each page's children. Bounded: each is emptied when it holds this
# many entries.
MAX_PER_SHAPE = 16


@dataclass
class _Held:
    """What one set of rights holds on each page of one shape of the tree, as the bytes that
    follow each page's fragment."""

    entry: _Generation
    held: dict[int, frozenset[PagePermission]]
    by_set: dict[frozenset[PagePermission], bytes]
    _in_order: list[bytes] | None = None

    def for_pages(self, pages: list[int]) -> list[bytes]:
        return list(map(self.by_set.__getitem__, map(self.held.__getitem__, pages)))

    def in_tree_order(self) -> list[bytes]:
        if self._in_order is None:
            self._in_order = self.for_pages(self.entry.order)
        return self._in_order


_held_by_shape: dict[tuple[str, object], _Held] = {}
_children_by_shape: dict[str, dict[int | None, list[int]]] = {}


def _held(entry: _Generation, reader: Rights) -> _Held:
    key = (entry.shape, reader.key)
    found = _held_by_shape.get(key)
    if found is None:
        held = reader.held_sets(entry.parents)
        by_set = {key: b',"permissions":' + dumps(reader.listed(key)) + b"}," for key in set(held.values())}
        found = _remember(_held_by_shape, key, _Held(entry, held, by_set))
    return found


def _children_index(entry: _Generation) -> dict[int | None, list[int]]:
    """Each page's children (None: the top level's pages) in the tree's order."""
    found = _children_by_shape.get(entry.shape)
    if found is None:
        index: dict[int | None, list[int]] = {}
        # The order keeps siblings together: one step per run of siblings, not per page.
        for parent, siblings in groupby(entry.order, key=entry.parents.__getitem__):
            index.setdefault(parent, []).extend(siblings)
        found = _remember(_children_by_shape, entry.shape, index)
    return found


def _remember(memo: dict, key: Any, value: Any) -> Any:
    if len(memo) >= MAX_PER_SHAPE:
        memo.clear()
    memo[key] = value
    return value


def _key(locale: str, part: object) -> str:
    # v2: entries carry `shape`; a process of this version never reads an older one's.
    return f"pages:tree:v2:{locale}:{part}"


def linked_record_changed(sender: type[Model], instance: Any, created: bool = False, **_: Any) -> None:
    """An image, attachment, tag or user was saved or is being deleted: mark the pages that
    show it, so the cached tree rebuilds their records (a new record links to nothing yet)."""
    if created:
        return
    match sender._meta.label:
        case "media.Image":  # what a page shows is decided in one place: cms.pages.media_uses
            pages = Page.objects.filter(pk__in=media_uses.showing_query("image", instance.pk))
        case "media.Attachment":
            pages = Page.objects.filter(pk__in=media_uses.showing_query("attachment", instance.pk))
        case "pages.Tag":
            pages = Page.objects.filter(tags=instance)
        case _:  # the author
            pages = Page.objects.filter(user=instance)
    tree_writes.linked_records_changed(pages)
    invalidate_on_commit()
    listeners.shown_changed(pages)
