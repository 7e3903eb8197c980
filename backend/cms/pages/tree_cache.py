"""The whole page tree as JSON in the shared cache, rebuilt page by page after a change.

Building 10,000 records takes ~250 ms, but a change touches few of them: a save changes one
page, a move one subtree and two parents' child counts. So the cache keeps each page's record
as a JSON fragment under a key made of everything the record depends on, and the first read
after a change rebuilds only the pages whose key changed. A page's key is cheap to read for
every page at once:

- its own row: parent, position, status, and `lock_version`, which every change of the page,
  its texts, tags or links increments; `links_version`, which changes of the images,
  attachments and tags it links to increment (cms.pages.apps);
- its shown children (the record's `child_count`);
- the same for each ancestor: the record repeats their names and path segments.

Reads between changes ask the database nothing: a committed change gives the cache a new
generation (`invalidate_on_commit`), and only the first read of a generation reads the keys.
Nothing per user is kept: `permissions`, what the reader holds on each page, is joined in per read.

The entries, per locale. The big ones are written once under a name never used again, so a
reader never sees one half-updated, and a process may keep the last it read in memory:

- `base:{random id}`: fragments and keys of every page, written when most of the tree is
  rebuilt; `base` names the newest;
- `{generation}`: the order of the pages, the base it builds on and the fragments rebuilt
  since that base (the "overlay"), each checked against the pages' keys at that generation;
  `latest` names the newest, whose overlay the next generation starts from.
"""

import secrets
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, cast

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import F, Model, Q

from cms.core.json import dumps
from cms.pages.models import Page, Status
from cms.pages.rights import Rights

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
    cache.add(key, _fresh(), timeout=None)  # a first start, or an evicted value
    return str(cache.get(key))


def generation() -> str:
    return _current(GENERATION_KEY)


# --- Reading ---------------------------------------------------------------------------------


@dataclass
class _Base:
    keys: dict[int, int]
    fragments: Fragments


@dataclass
class _Generation:
    token: str  # unique to this entry: what the process memo of the answer is keyed by
    order: list[int]
    parents: dict[int, int | None]  # what each reader's rights are worked out from
    # The same while `order` and `parents` stay the same (a save moves nothing): what the
    # process memo of each set of rights' permissions per page is keyed by.
    shape: str
    base_id: str | None
    overlay_keys: dict[int, int] = field(default_factory=dict)
    overlay: Fragments = field(default_factory=dict)


def tree_bytes(locale: str, build: BuildFragments, reader: Rights) -> bytes:
    """Return every page's record as a JSON list, with what `reader` holds on it as `permissions`."""
    # The generation is read before the database: a read that races a commit is stored under
    # the generation that commit has already left behind, so nobody reads it again.
    current = generation()
    entry = cache.get(_key(locale, current))
    held_key, held_answer = _last_answer  # one read of one immutable pair: threads can't mix two
    if entry is not None and held_key == (entry.token, reader.key):
        return held_answer
    base = _base(locale, entry.base_id) if entry else None
    if entry is None or base is None:
        entry, base = _rebuild(locale, current, build)
    answer = _joined(entry, base, reader)
    _remember_answer((entry.token, reader.key), answer)
    return answer


# What this process read last: a base per locale (immutable once written, so it can't go
# stale) and the last answer, for one generation entry (its token) and one set of rights.
# The memory this takes does not grow with changes or users.
_bases: dict[str, tuple[str, _Base]] = {}
_last_answer: tuple[tuple[str, object] | tuple[()], bytes] = ((), b"")


def _remember_answer(key: tuple[str, object], answer: bytes) -> None:
    global _last_answer
    _last_answer = (key, answer)


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
    """Check every page's key; rebuild the fragments whose key changed; store the generation."""
    order, parents, keys = _page_keys(_current(EPOCH_KEY))
    # Start from what the previous generation had (its base and what it rebuilt since).
    latest = cache.get(_key(locale, "latest"))
    previous = cache.get(_key(locale, latest)) if latest else None
    base_id = cache.get(_key(locale, "base")) if previous is None else previous.base_id
    base = _base(locale, base_id)
    kept: Fragments = {}
    if base is not None and previous is not None and previous.base_id == base_id:
        kept = {
            page_id: previous.overlay[page_id]
            for page_id, key in previous.overlay_keys.items()
            if keys.get(page_id) == key
        }
    known = base.keys if base else {}
    overlay_keys = {page_id: keys[page_id] for page_id in kept}
    stale = [page_id for page_id, key in keys.items() if overlay_keys.get(page_id, known.get(page_id)) != key]
    if base is None or len(stale) > FULL_REBUILD_SHARE * len(order):
        base, kept = _Base(keys, build(None, parents)), {}
        base_id = _store_base(locale, base)
    elif stale:
        kept.update(build(stale, parents))
        if len(kept) > MAX_OVERLAY:
            base = _Base({**base.keys, **{page_id: keys[page_id] for page_id in kept}}, {**base.fragments, **kept})
            base_id, kept = _store_base(locale, base), {}
    overlay_keys = {page_id: keys[page_id] for page_id in kept}
    same_shape = previous is not None and previous.order == order and previous.parents == parents
    shape = previous.shape if same_shape else _fresh()  # type: ignore[union-attr]
    entry = _Generation(_fresh(), order, parents, shape, base_id, overlay_keys, kept)
    cache.set(_key(locale, current), entry, CACHE_SECONDS)
    cache.set(_key(locale, "latest"), current, CACHE_SECONDS)
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


def _joined(entry: _Generation, base: _Base, reader: Rights) -> bytes:
    known = {**base.fragments, **entry.overlay} if entry.overlay else base.fragments
    found = list(map(known.get, entry.order))
    if None in found:  # pages made after the key read: left out until the next generation
        order = [page_id for page_id, fragment in zip(entry.order, found, strict=True) if fragment]
        fragments = [fragment for fragment in found if fragment]
    else:
        order, fragments = entry.order, cast(list[bytes], found)
    if not fragments:
        return b"[]"
    # "[", fragment, its permissions and closing brace, fragment, …, "]": one join, so the
    # ~17 MB are copied once (each `+` on the result would copy them again).
    if (uniform := reader.uniform) is not None:
        separators: Iterable[bytes] = [b',"permissions":' + dumps(uniform) + b"},"] * len(fragments)
    elif order is entry.order:
        separators = _permissions_in_order(entry, reader)
    else:
        separators = _permissions(entry.parents, order, reader)
    pieces = [b"["] * (2 * len(fragments) + 1)
    pieces[1::2] = fragments
    pieces[2::2] = separators
    pieces[-1] = pieces[-1][:-1] + b"]"  # the last record's closing brace, then the list's
    return b"".join(pieces)


# Each set of rights' permissions per page, in tree order, for the last shapes of the tree: a
# save keeps the shape, so an editor's first read after it joins what was worked out before.
# Bounded: emptied when it holds this many (shape, rights) pairs.
MAX_PERMISSION_LISTS = 16
_permission_lists: dict[tuple[str, object], list[bytes]] = {}


def _permissions_in_order(entry: _Generation, reader: Rights) -> list[bytes]:
    """What `reader` holds on each page of `entry.order`, as the bytes that follow its fragment."""
    key = (entry.shape, reader.key)
    listed = _permission_lists.get(key)
    if listed is None:
        listed = _permissions(entry.parents, entry.order, reader)
        if len(_permission_lists) >= MAX_PERMISSION_LISTS:
            _permission_lists.clear()
        _permission_lists[key] = listed
    return listed


def _permissions(parents: dict[int, int | None], order: list[int], reader: Rights) -> list[bytes]:
    held = reader.held_sets(parents)
    by_set = {key: b',"permissions":' + dumps(reader.listed(key)) + b"}," for key in set(held.values())}
    return list(map(by_set.__getitem__, map(held.__getitem__, order)))


def _page_keys(epoch: str) -> tuple[list[int], dict[int, int | None], dict[int, int]]:
    """Return the pages in the tree's order, their parents, and each one's key (see the module's text)."""
    table = Page._meta.db_table
    with connection.cursor() as cursor:
        # Top-level pages first, as the records are ordered (read_model); in the order of the
        # page_tree_order index, which holds every column read, so SQLite scans the index alone.
        cursor.execute(
            f"SELECT id, parent_id, position, status, lock_version, links_version FROM {table}"
            " ORDER BY parent_id NULLS FIRST, position, id"
        )
        rows = cursor.fetchall()
    return [row[0] for row in rows], {row[0]: row[1] for row in rows}, keys_of(rows, epoch)


def keys_of(rows: list[tuple], epoch: str) -> dict[int, int]:
    """Each page's key from rows of (id, parent_id, position, status, lock_version, links_version)."""
    by_id: dict[int, tuple] = {}
    shown_children: Counter[int] = Counter()
    for row in rows:
        by_id[row[0]] = row
        if row[1] and row[3] != Status.DELETED:
            shown_children[row[1]] += 1
    # Only ints are hashed: their hash is the same in every process (a str's is not).
    lineage: dict[int | None, int] = {None: int(epoch, 16)}

    def lineage_key(page_id: int) -> int:
        """The key of a page's texts and those of its ancestors (their names and segments)."""
        _, parent, _, _, lock, links = by_id[page_id]
        above = lineage.get(parent)
        if above is None:
            above = lineage_key(parent)
        key = lineage[page_id] = hash((lock, links, above))
        return key

    keys = {}
    for page_id, parent, position, status, lock, links in rows:
        above = lineage.get(parent)
        if above is None:
            above = lineage_key(parent)
        # `parent or 0`: None's hash, too, differs between processes (it is its address).
        keys[page_id] = hash((parent or 0, position, status, shown_children[page_id], lock, links, above))
    return keys


def _key(locale: str, part: object) -> str:
    # v2: entries carry `shape`; a process of this version never reads an older one's.
    return f"pages:tree:v2:{locale}:{part}"


def linked_record_changed(sender: type[Model], instance: Any, created: bool = False, **_: Any) -> None:
    """An image, attachment, tag or user was saved or is being deleted: mark the pages that
    show it, so the cached tree rebuilds their records (a new record links to nothing yet)."""
    if created:
        return
    pages = Page.objects.none()
    match sender._meta.label:
        case "media.Image":
            pages = Page.objects.filter(Q(meta_image=instance) | Q(page_images__image=instance))
        case "media.Attachment":
            pages = Page.objects.filter(page_files__attachment=instance)
        case "pages.Tag":
            pages = Page.objects.filter(tags=instance)
        case _:  # the author
            pages = Page.objects.filter(user=instance)
    ids = pages.values("pk")
    Page.objects.filter(pk__in=ids).update(links_version=F("links_version") + 1)
    invalidate_on_commit()
