"""Calls run at the same moment from threads, each on its own database connection: the accounts
races (two confirms, two adds, one assertion sent twice) on PostgreSQL."""

import threading
from typing import Any

from django.db import connections


def at_once(*calls: Any) -> list[Any]:
    """Run every call in a thread of its own, all released together; their results in order."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(index: int, call: Any) -> None:
        try:
            barrier.wait()
            results[index] = call()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results
