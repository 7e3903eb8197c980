"""Failed sign-ins at /admin/login/ are throttled per account and per address, in the database."""

from datetime import timedelta
from urllib.parse import urlencode

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models import F
from django.test import Client, RequestFactory

from cms.accounts.forms import client_address
from cms.accounts.login_throttle import (
    MAX_FAILURES_PER_ACCOUNT,
    MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
    MAX_FAILURES_PER_ADDRESS,
    WINDOW,
)
from cms.accounts.models import LoginFailure

FORM = "application/x-www-form-urlencoded"
BLOCKED = "Too many failed sign-in attempts. Try again in {} minutes."


def sign_in(client: Client, username: str, password: str, *, address: str = "10.0.0.1"):
    # Urlencoded, as a browser sends the login form.
    body = urlencode({"username": username, "password": password})
    return client.post("/admin/login/", body, content_type=FORM, REMOTE_ADDR=address)


def fail(client: Client, username: str = "admin", times: int = 1, *, address: str = "10.0.0.1") -> None:
    for _ in range(times):
        response = sign_in(client, username, "wrong-password", address=address)
        assert response.status_code == 200
        assert "Your username and password didn&#x27;t match." in response.content.decode()


def is_signed_in(client: Client) -> bool:
    return client.get("/admin/en/pages").status_code == 200


def age_failures(by: timedelta) -> None:
    LoginFailure.objects.update(at=F("at") - by)


def test_five_failures_block_the_account_even_with_the_right_password(client, admin_user):
    fail(client, times=MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS)
    response = sign_in(client, "admin", "secret-pass-1")
    assert response.status_code == 200
    assert BLOCKED.format(15) in response.content.decode()
    assert not is_signed_in(client)


def test_four_failures_still_let_the_owner_in(client, admin_user):
    fail(client, times=MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS - 1)
    assert sign_in(client, "admin", "secret-pass-1").status_code == 302
    assert is_signed_in(client)


def test_the_block_counts_down_and_ends_with_the_window(client, admin_user):
    fail(client, times=MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS)
    age_failures(timedelta(minutes=10))
    assert BLOCKED.format(5) in sign_in(client, "admin", "secret-pass-1").content.decode()
    age_failures(WINDOW - timedelta(minutes=10))
    assert sign_in(client, "admin", "secret-pass-1").status_code == 302


def test_refused_attempts_do_not_extend_the_block(client, admin_user):
    fail(client, times=MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS)
    rows = LoginFailure.objects.count()
    for _ in range(3):
        sign_in(client, "admin", "wrong-password")
    assert LoginFailure.objects.count() == rows


def test_usernames_are_counted_case_insensitively(client, admin_user):
    for username in ["ADMIN", "Admin", "aDmIn", "admiN", "admin"]:
        fail(client, username)
    assert BLOCKED.format(15) in sign_in(client, "admin", "secret-pass-1").content.decode()


def test_guesses_spread_over_many_addresses_block_the_account_from_every_address(client, admin_user):
    for number in range(MAX_FAILURES_PER_ACCOUNT):
        fail(client, address=f"10.0.{number // 250}.{number % 250}")
    response = sign_in(client, "admin", "secret-pass-1", address="192.0.2.7")
    assert BLOCKED.format(15) in response.content.decode()


def test_an_attacker_at_one_address_does_not_lock_the_owner_out_elsewhere(client, admin_user):
    fail(client, times=MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS, address="10.0.0.1")
    assert BLOCKED.format(15) in sign_in(client, "admin", "secret-pass-1", address="10.0.0.1").content.decode()
    assert sign_in(client, "admin", "secret-pass-1", address="192.0.2.7").status_code == 302


def test_twenty_failures_from_one_address_block_every_account_from_it(client, admin_user):
    for number in range(MAX_FAILURES_PER_ADDRESS):
        fail(client, f"guess{number}")
    assert BLOCKED.format(15) in sign_in(client, "admin", "secret-pass-1").content.decode()
    assert sign_in(client, "admin", "secret-pass-1", address="192.0.2.7").status_code == 302


def test_ipv6_addresses_of_one_network_share_a_count(client, admin_user):
    for number in range(MAX_FAILURES_PER_ADDRESS):
        fail(client, f"guess{number}", address=f"2001:db8:0:1::{number + 1:x}")
    response = sign_in(client, "admin", "secret-pass-1", address="2001:db8:0:1:ffff::1")
    assert BLOCKED.format(15) in response.content.decode()
    assert sign_in(client, "admin", "secret-pass-1", address="2001:db8:0:2::1").status_code == 302


def test_a_successful_sign_in_clears_the_accounts_count(client, admin_user):
    fail(client, times=MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS - 1)
    assert sign_in(client, "admin", "secret-pass-1").status_code == 302
    client.logout()
    fail(client, times=MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS - 1)
    assert sign_in(client, "admin", "secret-pass-1").status_code == 302


def test_failures_live_in_the_database_shared_by_every_process(client, admin_user):
    fail(client, times=MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS)
    cache.clear()  # each worker process has its own local-memory cache; the database is common
    assert BLOCKED.format(15) in sign_in(client, "admin", "secret-pass-1").content.decode()
    # The table holds keyed digests, not the usernames people typed.
    assert not LoginFailure.objects.filter(key__icontains="admin").exists()


def test_expired_failures_are_pruned_when_a_new_one_is_recorded(client, db):
    fail(client, "someone", times=3)
    age_failures(WINDOW)
    fail(client, "someone-else")
    assert LoginFailure.objects.count() == 3  # the new failure: its account, account+address, address


def test_a_user_who_is_not_blocked_signs_in_beside_a_blocked_one(client, admin_user):
    get_user_model().objects.create_user("editor", password="editor-pass-1", is_staff=True)
    fail(client, times=MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS)
    assert sign_in(client, "editor", "editor-pass-1", address="192.0.2.7").status_code == 302


@pytest.mark.parametrize(
    ("header", "meta", "expected"),
    [
        ("", {"REMOTE_ADDR": "10.0.0.1", "HTTP_X_FORWARDED_FOR": "1.2.3.4"}, "10.0.0.1"),
        ("HTTP_X_FORWARDED_FOR", {"REMOTE_ADDR": "10.0.0.1", "HTTP_X_FORWARDED_FOR": "6.6.6.6, 1.2.3.4"}, "1.2.3.4"),
        ("HTTP_X_FORWARDED_FOR", {"REMOTE_ADDR": "10.0.0.1"}, "10.0.0.1"),
    ],
)
def test_client_address_trusts_the_proxy_header_only_when_configured(settings, header, meta, expected):
    settings.CLIENT_IP_HEADER = header
    assert client_address(RequestFactory().post("/admin/login/", "", content_type=FORM, **meta)) == expected


@pytest.mark.django_db
def test_the_three_counters_are_read_in_one_query_and_the_one_at_its_limit_refuses():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from cms.accounts.login_throttle import login_failure_record, login_retry_after

    for _ in range(MAX_FAILURES_PER_ADDRESS):
        login_failure_record(username=None, address="10.0.0.9")
    with CaptureQueriesContext(connection) as captured:
        wait = login_retry_after(username="someone", address="10.0.0.9")
    assert len(captured.captured_queries) == 1
    assert wait is not None and timedelta(0) < wait <= WINDOW
    assert login_retry_after(username="someone", address="10.0.0.10") is None
