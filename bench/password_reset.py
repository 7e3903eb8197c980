"""The password reset's figure of `make bench` (BENCHMARKS.md, issue 30).

- `password_reset_request_ms`: the reset form posted for a known address through the whole
  Django stack (test client, middleware, CSRF off as for any test client), with the mail settings
  pointing at a real SMTP server on 127.0.0.1 (aiosmtpd, in a process of its own: the bench's
  public.py would shadow the `public` package aiosmtpd imports). The answer only counts the request
  and queues its task: the mail is a worker's. Beside it, the same for an unknown address and
  how far apart the two are (no timing oracle: target within 10 %). Every request is from
  another client for another address, so the throttle never answers instead. After the
  figure, a worker sends what was queued and the mail is counted: one per known address.
"""

import itertools
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

from measuring import RUNS, measure


def run() -> int:
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    try:
        print(f"password_reset_request_ms {reset_figure()}", flush=True)
    except Exception as error:
        traceback.print_exception(error, file=sys.stderr)
        print(f"password_reset_request_ms n/a ({type(error).__name__}: {str(error)[:150]})", flush=True)
        return 1
    return 0


def reset_figure() -> str:
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    from cms.background.tests.worker import run_queued_tasks
    from config.mail_settings import mail_settings

    maildir = Path(tempfile.mkdtemp(prefix="cms-bench-mail-")) / "maildir"  # the server makes it
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "aiosmtpd",
            "-n",
            "-l",
            f"127.0.0.1:{port}",
            "-c",
            "aiosmtpd.handlers.Mailbox",
            str(maildir),
        ]
    )
    try:
        wait_for_port(port)
        for name, value in mail_settings(f"smtp://127.0.0.1:{port}").items():
            setattr(settings, name, value)
        runs = max(RUNS, 25) + 1  # measure()'s runs and its warm-up
        users = get_user_model()
        users.objects.bulk_create(
            [users(username=f"reset-bench-{n}", email=f"reset-bench-{n}@example.com") for n in range(runs)]
        )
        for user in users.objects.filter(username__startswith="reset-bench-"):
            user.set_password("bench-pass-123")
            user.save(update_fields=["password"])
        client = Client()
        clients = (f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}" for n in itertools.count(1))

        def post(addresses: Any) -> Any:
            def action() -> None:
                answer = client.post("/admin/password_reset/", {"email": next(addresses)}, REMOTE_ADDR=next(clients))
                assert answer.status_code == 302, (answer.status_code, answer.content[:300])

            return action

        known_ms, queries = measure(post(f"reset-bench-{n}@example.com" for n in itertools.count()))
        unknown_ms, _ = measure(post(f"nobody-{n}@example.com" for n in itertools.count()))
        run_queued_tasks()
        mailed = len(list((maildir / "new").iterdir()))
        assert mailed == runs, f"{mailed} mails for {runs} known addresses"
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(maildir.parent, ignore_errors=True)
    apart = abs(unknown_ms - known_ms) / known_ms * 100
    return f"{known_ms:.1f} ms {queries} queries (unknown address: {unknown_ms:.1f} ms, {apart:.0f} % apart)"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"the SMTP server did not listen on {port} within {seconds} s")
