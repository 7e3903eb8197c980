"""The Redis cache fails soft: down, it misses at once; back, it first forgets what it could not remove."""

import socket
import time

import pytest
import redis

from cms.core import fail_soft_cache
from cms.core.fail_soft_cache import FailSoftRedisCache

# A database of the shared Redis no other test uses (the system tests take 14).
LIVE_URL = "redis://127.0.0.1:6379/13"


def dead_url() -> str:
    with socket.socket() as s:  # a port nobody listens on once closed
        s.bind(("127.0.0.1", 0))
        return f"redis://127.0.0.1:{s.getsockname()[1]}/0"


def live_redis() -> redis.Redis:
    client = redis.Redis.from_url(LIVE_URL, socket_connect_timeout=0.5)
    try:
        client.ping()
    except redis.exceptions.ConnectionError:
        pytest.skip("no Redis at 127.0.0.1:6379")
    return client


def test_a_cache_that_cant_be_reached_misses_and_keeps_nothing_without_raising():
    cache = FailSoftRedisCache(dead_url(), {})
    assert cache.get("k", "default") == "default"
    cache.set("k", 1)
    assert cache.add("k", 1) is False
    assert cache.get_many(["a", "b"]) == {}
    assert cache.delete("k") is False
    cache.delete_many(["a"])
    assert cache.set_many({"a": 1}) == ["a"]
    assert not cache.has_key("k")
    with pytest.raises(ValueError):
        cache.incr("k")
    cache.clear()
    assert not cache.available


def test_after_a_failure_it_does_not_try_again_for_a_while(monkeypatch):
    cache = FailSoftRedisCache(dead_url(), {})
    cache.get("k")
    calls = []
    monkeypatch.setattr(cache, "_cache", property(lambda self: calls.append(1)))  # any use would show
    started = time.monotonic()
    for _ in range(100):
        cache.get("k")
    assert time.monotonic() - started < 0.1
    assert not calls


def test_a_black_hole_costs_a_request_at_most_the_short_timeout():
    # A listening socket that never accepts: the connection hangs, as to a host gone silent.
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(0)
        cache = FailSoftRedisCache(f"redis://127.0.0.1:{silent.getsockname()[1]}/0", {})
        started = time.monotonic()
        assert cache.get("k") is None
        assert time.monotonic() - started < 4 * fail_soft_cache.SOCKET_TIMEOUT_S + 0.5


def test_a_removal_missed_while_down_is_not_served_once_redis_is_back(monkeypatch):
    client = live_redis()
    cache = FailSoftRedisCache(LIVE_URL, {})
    cache.set("session", "signed in")
    assert cache.get("session") == "signed in"
    # Redis goes away for this process while a logout removes the session: the removal is lost.
    working = cache._cache
    down = FailSoftRedisCache(dead_url(), {})._cache
    monkeypatch.setattr(FailSoftRedisCache, "_cache", property(lambda self: down))
    assert cache.delete("session") is False
    # Back: the stale copy is still in Redis, but the process empties the cache before using it.
    monkeypatch.setattr(FailSoftRedisCache, "_cache", property(lambda self: working))
    monkeypatch.setattr(cache, "_down_until", 0.0)
    assert client.exists(cache.make_and_validate_key("session"))
    assert cache.get("session") is None
    assert not client.exists(cache.make_and_validate_key("session"))
    cache.set("next", 1)
    assert cache.get("next") == 1
    client.flushdb()


def test_a_miss_while_down_does_not_empty_the_cache_once_back(monkeypatch):
    client = live_redis()
    cache = FailSoftRedisCache(LIVE_URL, {})
    cache.set("kept", 1)
    working = cache._cache
    down = FailSoftRedisCache(dead_url(), {})._cache
    monkeypatch.setattr(FailSoftRedisCache, "_cache", property(lambda self: down))
    assert cache.get("kept") is None  # a read only: nothing was missed
    monkeypatch.setattr(FailSoftRedisCache, "_cache", property(lambda self: working))
    monkeypatch.setattr(cache, "_down_until", 0.0)
    assert cache.get("kept") == 1
    client.flushdb()
