"""gunicorn's settings for production (`gunicorn -c config/gunicorn.conf.py config.wsgi`, from
backend/); `make run` serves with them too. Each may be overridden by its environment variable.

Workers are processes, not threads: a page save and a rendition are CPU-bound Python, and a
worker that dies (or is killed for using too much memory) takes nobody else's request with it.
"""

import json
import multiprocessing
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

bind = os.environ.get("GUNICORN_BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")
# Two per core is gunicorn's advice for CPU-bound work with some waiting on the database.
workers = int(os.environ.get("WEB_CONCURRENCY", 2 * multiprocessing.cpu_count()))
# Long enough for a 100 MB upload on a slow line to stream in; a worker stuck longer is restarted.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "120"))
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "30"))
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "5"))
# Recycle each worker after a few thousand requests (jittered, so they don't all restart at
# once): whatever a long-lived process accumulates is given back.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "5000"))
max_requests_jitter = int(os.environ.get("GUNICORN_MAX_REQUESTS_JITTER", "500"))
# The longest request line taken (gunicorn's most): the application refuses addresses past its own
# bound, just under it (cms/core/request_limits.py), in JSON; only longer lines meet gunicorn's.
limit_request_line = int(os.environ.get("GUNICORN_LIMIT_REQUEST_LINE", "8190"))
# The addresses of the proxies whose X-Forwarded-* headers are believed (the load balancer's).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# gunicorn's control socket sits at one path per user: a second server on the machine (a blue-green
# deploy, the two-server test) would take the first one's. Nothing here uses it.
control_socket_disable = True
# Django writes one JSON access line per request with its request id (cms/core/log_lines.py);
# gunicorn's own would be a second, unparsed one.
accesslog = None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# gunicorn's own lines (workers booting, timeouts) as JSON too, unless LOG_FORMAT=text.
if os.environ.get("LOG_FORMAT", "json") != "text":
    logconfig_dict = {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": "cms.core.log_lines.JsonLineFormatter"}},
        "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}},
        "root": {"level": "WARNING", "handlers": ["stderr"]},
        "loggers": {"gunicorn.error": {"level": loglevel.upper(), "handlers": ["stderr"], "propagate": False}},
    }


# One worker of the task engine (mail …) beside the web workers, started and stopped with the server,
# so `make run` and the test servers need nothing else; CMS_EMBEDDED_TASK_WORKER=false where the
# workers run apart (`manage.py run_tasks`, README "Production").
EMBEDDED_TASK_WORKER = os.environ.get("CMS_EMBEDDED_TASK_WORKER", "true").strip().lower() in {"1", "true", "yes", "on"}
_task_worker: subprocess.Popen[bytes] | None = None
_stopping = threading.Event()
_starting = threading.Lock()  # a worker started by the watch while the server stops is stopped too
# A worker that dies is started again after this many seconds, doubled each time it dies within
# a minute of starting (a worker that cannot start must not spin), up to the last.
RESTART_DELAYS_S = (1, 2, 4, 8, 16, 32, 60)


def when_ready(server: Any) -> None:
    if EMBEDDED_TASK_WORKER:
        _start_task_worker()
        # A thread of the master: gunicorn gives no periodic hook, and mail must not stop going
        # out because the one worker that sends it died (killed for memory, a crash).
        threading.Thread(target=_watch_task_worker, args=(server.log,), name="task-worker-watch", daemon=True).start()


def _start_task_worker() -> None:
    global _task_worker
    manage = Path(__file__).resolve().parent.parent / "manage.py"
    # Polls ten times a second when idle (one indexed read): a mail leaves, and a page write's
    # purge reaches the full-page cache (cms.site.purging), within a tenth of a second of the commit.
    interval = os.environ.get("CMS_TASK_POLL_SECONDS", "0.1")
    _task_worker = subprocess.Popen(
        [sys.executable, str(manage), "run_tasks", "--interval", interval, "-v", "0"],
        env={**os.environ, "CMS_TASK_WORKER_PARENT": str(os.getpid())},
    )


def _watch_task_worker(log: Any) -> None:
    failures, started = 0, time.monotonic()
    while not _stopping.wait(1):
        # The master reaps every child it has (os.waitpid(-1)), so poll() may find the worker
        # already gone and say 0: either way it is not running.
        if _task_worker is None or _task_worker.poll() is None:
            continue
        # Deaths in a row, each within a minute of its start: a worker that cannot start.
        failures = failures + 1 if time.monotonic() - started < 60 else 1
        delay = RESTART_DELAYS_S[min(failures, len(RESTART_DELAYS_S)) - 1]
        log.warning("The task worker stopped (exit %s); starting another in %s s", _task_worker.returncode, delay)
        if _stopping.wait(delay):
            return
        with _starting:
            if _stopping.is_set():
                return
            _start_task_worker()
        started = time.monotonic()


def on_exit(server: Any) -> None:
    with _starting:
        _stopping.set()  # first, so the watch does not start the worker stopped below again
    if _task_worker is not None and _task_worker.poll() is None:
        _task_worker.terminate()  # it finishes the task in hand, then stops
        try:
            _task_worker.wait(graceful_timeout)
        except subprocess.TimeoutExpired:
            _task_worker.kill()  # what it held goes back in the queue (cms.background.recovery)


def post_worker_init(worker: Any) -> None:
    """gunicorn answers what never reaches the application (a request line past
    limit_request_line, headers too large, a malformed request) with an HTML page of its own: in
    each worker, have those written in the API's JSON error shape (`detail`) instead. They are
    logged by gunicorn as warnings of one line ("Invalid request from ip=…")."""
    from gunicorn import util

    util.write_error = _write_json_error


def _write_json_error(sock: Any, status_int: int, reason: str, mesg: str) -> None:
    from gunicorn import util

    body = json.dumps({"detail": f"{reason}: {mesg}" if mesg else reason}).encode()
    head = (
        f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    util.write_nonblock(sock, head.encode("latin-1") + body)
