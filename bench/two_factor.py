"""The two-step sign-in's figure of `make bench` (BENCHMARKS.md, issue 30).

- `login_with_totp_ms`: the password at /admin/login/ and then a current TOTP code at
  /admin/login/two_factor/ (two requests, the whole Django stack, a fresh browser each time),
  against `login_password_ms`, the password login of a user without a second factor (one
  request). Target: at most 2x; the password hash dominates both. The two are timed in turns.
  Every TOTP run signs in another user, since a code is accepted once (no replay in its window).
"""

import itertools
import statistics
import sys
import time
import traceback
from typing import Any

from measuring import RUNS

PASSWORD = "bench-pass-123"


def run() -> int:
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    try:
        password_ms, password_queries, totp_ms, totp_queries = login_figures()
    except Exception as error:
        traceback.print_exception(error, file=sys.stderr)
        print(f"login_with_totp_ms n/a ({type(error).__name__}: {str(error)[:150]})", flush=True)
        return 1
    print(f"login_password_ms {password_ms:.1f} ms {password_queries} queries", flush=True)
    ratio = totp_ms / password_ms
    print(f"login_with_totp_ms {totp_ms:.1f} ms {totp_queries} queries ({ratio:.2f}x the password alone)", flush=True)
    return 0


def login_figures() -> tuple[float, int, float, int]:
    import pyotp
    from django.contrib.auth import get_user_model
    from django.test import Client

    from cms.accounts.totp.models import TotpDevice

    users = get_user_model()
    runs = max(RUNS, 25) + 1  # measure()'s runs and its warm-up
    plain = users.objects.create_user("login-bench-plain", password=PASSWORD, is_staff=True)
    secrets: list[tuple[str, str]] = []
    for n in range(runs):
        user = users.objects.create_user(f"login-bench-totp-{n}", password=PASSWORD, is_staff=True)
        secret = pyotp.random_base32(32)
        TotpDevice.objects.create(user=user, secret=secret, confirmed=True)
        secrets.append((user.get_username(), secret))
    clients = (f"10.1.{n // 256 % 256}.{n % 256}" for n in itertools.count(1))

    def password_login() -> None:
        address = next(clients)
        answer = Client().post(
            "/admin/login/", {"username": plain.get_username(), "password": PASSWORD}, REMOTE_ADDR=address
        )
        assert answer.status_code == 302 and answer.url == "/admin/", answer.status_code

    pending: Any = iter(secrets)

    def totp_login() -> None:
        username, secret = next(pending)
        address = next(clients)
        browser = Client()
        answer = browser.post("/admin/login/", {"username": username, "password": PASSWORD}, REMOTE_ADDR=address)
        assert answer.status_code == 302 and answer.url == "/admin/login/two_factor/", answer.status_code
        code = pyotp.TOTP(secret).now()
        answer = browser.post("/admin/login/two_factor/", {"code": code}, REMOTE_ADDR=address)
        assert answer.status_code == 302 and answer.url == "/admin/", answer.status_code

    return interleaved(password_login, totp_login)


def interleaved(first: Any, second: Any) -> tuple[float, int, float, int]:
    """Medians of `first` and `second` run in turns (after a warm-up of each), so a busy moment of
    a shared machine weighs on both alike; and the statements each run's last time sent."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    first()
    second()
    times: tuple[list[float], list[float]] = ([], [])
    queries = [0, 0]
    for _ in range(max(RUNS, 25)):
        for index, action in enumerate((first, second)):
            with CaptureQueriesContext(connection) as captured:
                start = time.perf_counter()
                action()
                times[index].append((time.perf_counter() - start) * 1000)
            queries[index] = len(captured.captured_queries)
    return statistics.median(times[0]), queries[0], statistics.median(times[1]), queries[1]
