"""The clock that makes scheduled changes go live without any outside job (issue 20, item 6).

Each app process runs one daemon thread (started by the WSGI and ASGI applications, config/wsgi.py)
that applies due changes every CMS_SCHEDULE_TICK_SECONDS (10 by default): a change goes live
within that long of its time, or at once when a page is read after it (applying.apply_if_due).
Nothing is kept in the process: a change waits in the database, so a restarted process (or any
other) applies what came due while none ran, and several processes apply each change once
(applying claims it in its transaction).
"""

import logging
import os
import threading

from django.core.exceptions import ImproperlyConfigured
from django.db import DatabaseError, close_old_connections, connection, connections

from cms.pages.models import ScheduledChange
from cms.pages.scheduling import applying

logger = logging.getLogger(__name__)

INTERVAL_VARIABLE = "CMS_SCHEDULE_TICK_SECONDS"
DEFAULT_INTERVAL_S = 10.0
# The first round waits this long after the start (at most the interval): a process that only
# loads the application (a check, a script) ends before touching the database.
START_DELAY_S = 1.0


def interval_s() -> float:
    """The time between two rounds, from the environment."""
    text = os.environ.get(INTERVAL_VARIABLE, "").strip()
    if not text:
        return DEFAULT_INTERVAL_S
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0.01 <= value <= 3600:
        raise ImproperlyConfigured(f"{INTERVAL_VARIABLE} must be a number of seconds from 0.01 to 3600, not {text!r}")
    return value


class Ticker(threading.Thread):
    """Applies due changes every `interval` seconds until stopped; never dies of an error."""

    def __init__(self, interval: float) -> None:
        super().__init__(name="scheduled-changes", daemon=True)
        self.interval = interval
        self.stopped = threading.Event()
        self.rounds = 0

    def run(self) -> None:
        delay = min(START_DELAY_S, self.interval)
        while not self.stopped.wait(delay):
            self.tick()
            delay = self.interval
        connections.close_all()

    def tick(self) -> None:
        try:
            close_old_connections()  # one broken or past its age is replaced, as per request
            applying.apply_due()
        except Exception:
            if _migrated():
                logger.exception("Applying due scheduled changes failed; trying again in %s s", self.interval)
            else:  # a server started before `migrate`: nothing can be due yet
                logger.info("Scheduled changes wait for the database to be migrated")
        finally:
            self.rounds += 1
            close_old_connections()

    def stop(self) -> None:
        self.stopped.set()


def _migrated() -> bool:
    try:
        return ScheduledChange._meta.db_table in connection.introspection.table_names()
    except DatabaseError:
        return True  # the database itself is away: that is an error worth its traceback


_ticker: Ticker | None = None
_lock = threading.Lock()


def start_ticker(interval: float | None = None) -> Ticker:
    """Start this process's ticker, once (a call after it started answers the running one)."""
    global _ticker
    with _lock:
        if _ticker is None or not _ticker.is_alive():
            _ticker = Ticker(interval if interval is not None else interval_s())
            _ticker.start()
        return _ticker


def _restart_after_fork() -> None:
    """A forked child (gunicorn --preload) has no threads: it starts a ticker of its own."""
    global _ticker, _lock
    _lock = threading.Lock()
    if _ticker is not None:
        interval, _ticker = _ticker.interval, None
        start_ticker(interval)


os.register_at_fork(after_in_child=_restart_after_fork)
