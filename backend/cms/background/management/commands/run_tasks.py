"""`manage.py run_tasks`: one worker of the task engine (the database backend's `db_worker`)
that also puts back in the queue the tasks of workers that died (cms.background.recovery).

Run as many as the work needs, on as many machines, against the one database: each claims a task
in a transaction of its own (SELECT … FOR UPDATE SKIP LOCKED on PostgreSQL), so none is run twice
at once. gunicorn starts one beside the web workers unless CMS_EMBEDDED_TASK_WORKER is false
(config/gunicorn.conf.py).
"""

import logging
import os
import signal
import threading
import time
from typing import Any

from django.conf import settings
from django.db import DatabaseError, close_old_connections, connection
from django_tasks_db.management.commands.db_worker import Command as DatabaseWorkerCommand

from cms.background.housekeeping import run_housekeeping
from cms.background.recovery import requeue_stalled_tasks

logger = logging.getLogger("cms.background")
# A database away (restarting, not migrated yet): how long the worker waits before trying again.
DATABASE_RETRY_SECONDS = 5.0


class Command(DatabaseWorkerCommand):
    help = "Run a worker of the task engine (mail, and later bulk actions and link checks)."

    def handle(self, *args: Any, **options: Any) -> None:
        # Never the development reloader: a worker restarted mid-send is what recovery is for.
        options["reload"] = False
        stop = threading.Event()
        # Daemon: ends with the worker, whose own signal handling (finish the task in hand on
        # SIGTERM, then stop) is left as it is.
        threading.Thread(target=_recover_stalled_tasks, args=(stop,), daemon=True, name="task-recovery").start()
        try:
            while True:
                try:
                    super().handle(*args, **options)
                    return
                except DatabaseError as error:
                    # The worker outlives a database that goes away for a while, as the web workers do.
                    logger.warning(
                        "task worker: the database can't be used (%s); again in %g s", error, DATABASE_RETRY_SECONDS
                    )
                    connection.close()
                    time.sleep(DATABASE_RETRY_SECONDS)
        finally:
            stop.set()


def _recover_stalled_tasks(stop: threading.Event) -> None:
    # Often enough that a task waits little past its staleness; the query is one indexed read.
    interval = max(0.1, min(60.0, settings.CMS_TASK_STALE_SECONDS / 4))
    # The embedded worker stops with the server that started it, even one killed outright.
    parent = int(os.environ.get("CMS_TASK_WORKER_PARENT", "0"))
    due = time.monotonic() + interval
    while not stop.wait(min(interval, 1.0)):
        if parent and os.getppid() != parent:
            os.kill(os.getpid(), signal.SIGTERM)  # finishes the task in hand, as on any stop
            return
        if time.monotonic() < due:
            continue
        due = time.monotonic() + interval
        try:
            close_old_connections()
            requeue_stalled_tasks()
            run_housekeeping()  # the domain apps' periodic work (link checks)
        except DatabaseError as error:  # away for a moment: the next round tries again
            logger.warning("recovering stalled tasks: the database can't be used (%s)", error)
        finally:
            connection.close()
