"""Redis as a cache that fails soft: when Redis is down the site keeps working from the database.

Everything the cache holds is a copy (the tree's fragments, rendered public answers, sessions,
which `cached_db` writes through to the database): a cache that can't be reached is a cache
that misses. Django's RedisCache raises instead, so one Redis outage would turn every request
into a 500. This one logs, answers as an empty cache would (a read misses, a write is not kept)
and, for a few seconds after a failure, does not even try, so a Redis that does not answer costs
each request nothing rather than a timeout.

The one danger of missing is a missed *removal*: a logout, or the tree's new generation, that
did not reach Redis leaves an entry that would be served again once Redis is back. So a process
that failed to write or delete anything empties the cache (its Redis database: give the cache
one of its own) before it trusts it again; until that succeeds it keeps missing.
"""

import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

# What an unreachable Redis raises (a refused or reset connection, a timeout: the latter is an
# OSError too once the socket gives up).
UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)
# After a failure, calls miss at once for this long before Redis is tried again.
RETRY_AFTER_S = 5.0
# Redis answers a healthy request in well under a millisecond: waiting longer than this for a
# connection or an answer only makes every request of an outage slow. (OPTIONS may override.)
SOCKET_TIMEOUT_S = 0.25

T = TypeVar("T")


class FailSoftRedisCache(RedisCache):
    """Django's RedisCache that misses instead of failing while Redis can't be reached."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        options = {"socket_connect_timeout": SOCKET_TIMEOUT_S, "socket_timeout": SOCKET_TIMEOUT_S}
        super().__init__(server, {**params, "OPTIONS": {**options, **params.get("OPTIONS", {})}})
        self._down_until = 0.0
        # A write or removal this process could not make: the cache may hold what it should not.
        self._missed_writes = False
        self._lock = threading.Lock()

    # --- the guard every call goes through ---------------------------------------------------

    def _guarded(self, call: Callable[[], T], fallback: T, *, writes: bool) -> T:
        if time.monotonic() < self._down_until or not self._trusted():
            self._missed_writes = self._missed_writes or writes
            return fallback
        try:
            return call()
        except UNREACHABLE as error:
            self._went_down(error, writes=writes)
            return fallback

    def _trusted(self) -> bool:
        """Whether the cache may be used: yes, unless this process missed a write, in which case
        the cache is emptied first (see the module's docstring)."""
        if not self._missed_writes:
            return True
        with self._lock:
            if not self._missed_writes:
                return True
            try:
                RedisCache.clear(self)
            except UNREACHABLE as error:
                self._went_down(error, writes=True)
                return False
            self._missed_writes = False
            logger.warning("The cache is reachable again; emptied it of what this process could not remove")
            return True

    def _went_down(self, error: BaseException, *, writes: bool) -> None:
        first = time.monotonic() >= self._down_until
        self._down_until = time.monotonic() + RETRY_AFTER_S
        self._missed_writes = self._missed_writes or writes
        if first:  # once per outage window, not once per call
            logger.warning("The cache (Redis) can't be reached (%s); working without it for %s s", error, RETRY_AFTER_S)

    @property
    def available(self) -> bool:
        """Whether the last call reached Redis (for a health check)."""
        return time.monotonic() >= self._down_until

    # --- reads: a miss ------------------------------------------------------------------------

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        return self._guarded(lambda: RedisCache.get(self, key, default, version), default, writes=False)

    def get_many(self, keys: Iterable[Any], version: int | None = None) -> dict[Any, Any]:
        keys = list(keys)
        return self._guarded(lambda: RedisCache.get_many(self, keys, version), {}, writes=False)

    def has_key(self, key: Any, version: int | None = None) -> bool:
        return self._guarded(lambda: RedisCache.has_key(self, key, version), False, writes=False)

    # --- writes: not kept ---------------------------------------------------------------------

    def add(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        return self._guarded(lambda: RedisCache.add(self, key, value, timeout, version), False, writes=True)

    def set(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> None:
        self._guarded(lambda: RedisCache.set(self, key, value, timeout, version), None, writes=True)

    def set_many(self, data: dict[Any, Any], timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> list[Any]:
        return self._guarded(lambda: RedisCache.set_many(self, data, timeout, version), list(data), writes=True)

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        return self._guarded(lambda: RedisCache.touch(self, key, timeout, version), False, writes=True)

    def delete(self, key: Any, version: int | None = None) -> bool:
        return self._guarded(lambda: RedisCache.delete(self, key, version), False, writes=True)

    def delete_many(self, keys: Iterable[Any], version: int | None = None) -> None:
        keys = list(keys)
        self._guarded(lambda: RedisCache.delete_many(self, keys, version), None, writes=True)

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        # As for a key the cache does not hold (Django's contract for a missing key).
        result = self._guarded(lambda: RedisCache.incr(self, key, delta, version), None, writes=True)
        if result is None:
            raise ValueError(f"Key '{key}' not found")
        return result

    def clear(self) -> None:
        # A clear that fails is a write missed: the next successful call clears first.
        self._guarded(lambda: RedisCache.clear(self), None, writes=True)
