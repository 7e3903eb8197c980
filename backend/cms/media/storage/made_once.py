"""A lock per rendition, so that however many requests, processes or servers ask for a new
rendition at once, one makes it and the others wait for it and then read it from storage.

On PostgreSQL the lock is a transaction-level advisory lock: every server of a deployment shares
the database, so it holds across machines, and it goes with its connection if the process dies.
SQLite is one machine's database: there, an exclusive `flock` on a lock file beside it, which
holds across the processes of that machine (and goes with the process too).

A lock not had within WAIT_SECONDS (a maker stuck on a huge original) is given up: the request
then makes the rendition itself, as it would have without the lock; a store replaces an object
whole, so the rendition is still never seen half written.
"""

import contextlib
import fcntl
import hashlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings
from django.db import OperationalError, connection, transaction

from cms.media import sql

WAIT_SECONDS = 30
# The first key of the two-int advisory lock: the renditions' own space ('rend' in ASCII), so
# no other advisory lock of the app (cms.pages.locks) ever meets these.
LOCK_SPACE = 0x72656E64
# Lock files on SQLite: names hash into this many, so the folder stays small; two renditions
# that share one merely wait for each other.
LOCK_FILES = 256
POLL_SECONDS = 0.02


def lock_key(name: str) -> int:
    """A signed 32-bit number for a rendition's storage name (the advisory lock's second key)."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:4], "big", signed=True)


@contextlib.contextmanager
def made_once(name: str) -> Iterator[bool]:
    """Hold the lock of the rendition `name` for the block; yield whether it is held."""
    if connection.vendor == "postgresql":
        with _advisory_lock(name) as held:
            yield held
    else:
        with _file_lock(name) as held:
            yield held


@contextlib.contextmanager
def _advisory_lock(name: str) -> Iterator[bool]:
    # Held until this transaction ends (after the block), or by the database if the process dies.
    with transaction.atomic():
        try:
            with transaction.atomic():  # a savepoint: a timeout undoes only it
                sql.take_advisory_lock(LOCK_SPACE, lock_key(name), wait_seconds=WAIT_SECONDS)
            held = True
        except OperationalError:  # waited too long: make it without the lock
            held = False
        yield held


def lock_folder() -> Path:
    folder = Path(settings.VAR_DIR) / "locks" / "renditions"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextlib.contextmanager
def _file_lock(name: str) -> Iterator[bool]:
    path = lock_folder() / f"{lock_key(name) % LOCK_FILES:03d}.lock"
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        held = _flock_within(descriptor, WAIT_SECONDS)
        yield held
    finally:
        os.close(descriptor)  # closing releases the lock


def _flock_within(descriptor: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while True:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(POLL_SECONDS)
