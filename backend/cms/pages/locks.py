"""The locks page writes take, each only when it changes what the lock guards, in ONE order.

Every write takes the locks it needs in this order and never one earlier in the list after a
later one, so no two writes can wait on each other (no deadlock):

0. A bulk job's row (cms.pages.bulk.tasks): held around each page a job writes, taken by the
   job's runs alone (no page write takes it), so it never waits on a later lock's holder.
1. The move lock (`lock_moves`): exclusive for a move (page_move, a save that re-parents a
   page); shared for whatever else shifts positions (a create, a save that deletes or restores
   a page). Moves are serialised among themselves: two at once could each pass the other's
   check (A under B and B under A) and make a cycle, or a depth past MAX_DEPTH. And a move
   holding it knows no page's parent or position changes under it, so it reads its page once.
1b. The link-rewrite lock (`lock_rewrites`): exclusive for a write that rewrites the links to
   a page in other pages' rows (cms.pages.text_links.rewriting, which locks those rows after
   its own page's, at 4): a move and a restore always (they hold 1 exclusively already), a save
   that changes a path segment when some text links into the page's subtree. One at a time,
   two such writes can't each hold a page the other's rewrite needs; a rename of a page nothing
   links to still never waits for a move elsewhere.
2. Parent locks (`lock_parents`), one per sibling list, keyed by the parent's id (the top level
   has one too): whoever changes positions or path segments among a parent's children — a move
   (its page's old parent, then the new one; only a move holds two, and one move at a time), a
   create, a save that changes a page's path segment or deletes or restores it.
3. The unique-name lock (`lock_unique_name`): a save or create that gives a page a new
   unique_name, so two at once can't both find the name free.
4. Page rows: the page a save changes (SELECT … FOR UPDATE), siblings whose positions shift.
5. The tag lock (`lock_tags`): a save or create that makes new tags.
6. Media rows (FOR NO KEY UPDATE, cms.pages.saving.links.held_media): images and files a save newly
   links or embeds.
7. The author's user row (FOR NO KEY UPDATE, cms.pages.scheduling.services): scheduling a
   change, so that one author's changes count one at a time against the per-user cap.

A save that changes no tree field's value (the editor sends them all, unchanged) takes none of
1 to 3: it never waits for a move, a create or another page's rename anywhere on the site.

On PostgreSQL 1 to 3 and 5 are transaction-level advisory locks (they also cover what a row lock
cannot: the gap at the end of a sibling list, a name no row holds yet). SQLite needs none:
its IMMEDIATE transactions serialise every writer already.
"""

import zlib

from django.db import connection
from django.db.models import Expression

from cms.pages import sql

MOVE_LOCK_KEY = 7_411_001
TAG_LOCK_KEY = 7_411_002
REWRITE_LOCK_KEY = 7_411_003
# Parent and unique-name locks: one key each, in ranges no other lock of the project uses.
# A parent's key is the base + its id (0: the top level) modulo the base, so that any 64-bit id
# a request names (2^63 - 1 included) keeps the key within PostgreSQL's bigint; ids 2^61 apart
# share a lock, which only makes two sibling lists wait for each other.
PARENT_LOCK_BASE = 1 << 61
UNIQUE_NAME_LOCK_BASE = 1 << 60  # + a 32-bit hash of the name (two names may share a lock)


def takes_locks() -> bool:
    return connection.vendor == "postgresql"


def lock_moves(*, shared: bool = False) -> None:
    """Take lock 1: exclusive for a move, shared for a create."""
    _advisory([MOVE_LOCK_KEY], shared=shared)


def lock_rewrites() -> None:
    """Take lock 1b: a write whose links to rewrite are in other pages' rows."""
    _advisory([REWRITE_LOCK_KEY])


def lock_moves_and_rewrites() -> None:
    """Take locks 1 and 1b, exclusive, in one statement: a move, a restore."""
    _advisory([MOVE_LOCK_KEY, REWRITE_LOCK_KEY])


def parent_key(parent_id: int | None) -> int:
    return PARENT_LOCK_BASE + (parent_id or 0) % PARENT_LOCK_BASE


def lock_parents(*parent_ids: int | None) -> None:
    """Take lock 2 of these sibling lists (None: the top level), in the order given, in one statement."""
    _advisory(list(dict.fromkeys(parent_key(parent_id) for parent_id in parent_ids)))


def locking_own_parent() -> Expression | None:
    """An expression that takes lock 2 of the row's own parent as the row is read (for a query
    of pages; None where no lock is needed): a move reads its page and locks the sibling list it
    leaves in one statement (the parent can't change meanwhile: the move holds lock 1)."""
    if not takes_locks():
        return None
    return sql.locking_own_parent(PARENT_LOCK_BASE)


def lock_unique_name(name: str) -> None:
    """Take lock 3 for a unique name about to be given to a page."""
    _advisory([UNIQUE_NAME_LOCK_BASE + zlib.crc32(name.encode())])


def lock_tags() -> None:
    """Take lock 5, before making new tags."""
    _advisory([TAG_LOCK_KEY])


def _advisory(keys: list[int], *, shared: bool = False) -> None:
    if not keys or not takes_locks():
        return
    sql.take_advisory_locks(keys, shared=shared)  # one statement, the locks taken in the order given
