"""The two-step sign-in's figure of `make bench` (BENCHMARKS.md, issue 30).

- `login_with_totp_ms`: the password at /admin/login/ and then a current TOTP code at
  /admin/login/two_factor/ (two requests, the whole Django stack, a fresh browser each time),
  against `login_password_ms`, the password login of a user without a second factor (one
  request). Target: at most 2x; the password hash dominates both. Every TOTP run signs in
  another user, since a code is accepted once (no replay within its window).
"""

import itertools
import sys
import traceback
from typing import Any

from measuring import RUNS, measure

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

    password_ms, password_queries = measure(password_login)
    totp_ms, totp_queries = measure(totp_login)
    return password_ms, password_queries, totp_ms, totp_queries
