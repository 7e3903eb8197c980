"""Throttling of failed sign-ins, per account and per network address.

After too many failures within the window, further attempts for that account or from that
address are refused, even with the right password, until enough failures have aged out of the
window. Refused attempts are not recorded, so a block never outlasts the window: an attacker
cannot lock the real owner out for longer than WINDOW by hammering on.

The counters are rows in the database (LoginFailure) so that every worker process sees the same
counts. Counting and recording are not one atomic step, so simultaneous requests may overshoot a
limit by a few attempts; that is the price of not locking on the sign-in path.
"""

from datetime import timedelta
from ipaddress import IPv6Address, ip_address, ip_network

from django.contrib.auth.base_user import AbstractBaseUser
from django.db.models import Case, F, Value, When, Window
from django.db.models.functions import RowNumber
from django.utils import timezone
from django.utils.crypto import salted_hmac

from cms.accounts.models import LoginFailure

# Guessing one account's password from one address is stopped soonest. The account as a whole
# takes more (a guesser spread over many addresses), so one attacker can't keep its owner,
# signing in from elsewhere, locked out for good with a wrong password every few minutes.
MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5
MAX_FAILURES_PER_ACCOUNT = 50
MAX_FAILURES_PER_ADDRESS = 20
WINDOW = timedelta(minutes=15)

# Keys are HMACs of what they count, so the table never holds the attempted usernames (people
# type their password into the username field) nor a log of visitors' addresses.
KEY_SALT = "cms.accounts.login_throttle"


def _account_key(username: str) -> str:
    # NFKC, like Django's own username normalisation, then case folding: "Admin" and "ADMIN"
    # share the counter of "admin".
    return _key("account", AbstractBaseUser.normalize_username(username).casefold())


def _address_key(address: str) -> str:
    try:
        parsed = ip_address(address)
    except ValueError:  # not an address (a misconfigured proxy header): count the text itself
        return _key("address", address)
    if isinstance(parsed, IPv6Address):
        if parsed.ipv4_mapped is not None:
            return _key("address", str(parsed.ipv4_mapped))
        # One IPv6 client usually holds a whole /64, so its addresses share one counter.
        return _key("address", str(ip_network(f"{parsed}/64", strict=False)))
    return _key("address", str(parsed))


def network_key(address: str) -> str:
    """The key of the client behind `address` (an IPv6 /64 as one client; never the address
    itself), for other per-client counters too (cms.search.throttle)."""
    return _address_key(address)


def _key(scope: str, value: str) -> str:
    return salted_hmac(KEY_SALT, f"{scope}:{value}", algorithm="sha256").hexdigest()


def _account_and_address_key(username: str, address: str) -> str:
    return _key("account+address", f"{_account_key(username)}:{_address_key(address)}")


def _limited_keys(*, username: str | None, address: str | None) -> list[tuple[str, int]]:
    keys = []
    if username:
        keys.append((_account_key(username), MAX_FAILURES_PER_ACCOUNT))
    if username and address:
        keys.append((_account_and_address_key(username, address), MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS))
    if address:
        keys.append((_address_key(address), MAX_FAILURES_PER_ADDRESS))
    return keys


def login_retry_after(*, username: str | None, address: str | None) -> timedelta | None:
    """Return how long sign-ins for this account or from this address stay refused, or None."""
    return retry_after(_limited_keys(username=username, address=address))


def login_failure_record(*, username: str | None, address: str | None) -> None:
    """Count a failed sign-in against the account and the address, and forget expired ones."""
    record_attempt([key for key, _limit in _limited_keys(username=username, address=address)])


def retry_after(limited_keys: list[tuple[str, int]]) -> timedelta | None:
    """How long any of the counters, each (key, limit), stays at its limit within WINDOW, or None
    (the password reset's throttle counts its requests with these too). One query for them all:
    each counter's last `limit` attempts, numbered newest first."""
    if not limited_keys:
        return None
    now = timezone.now()
    numbered = (
        LoginFailure.objects.filter(key__in=[key for key, _limit in limited_keys], at__gt=now - WINDOW)
        .annotate(
            newest=Window(RowNumber(), partition_by=F("key"), order_by=F("at").desc()),
            limit=Case(*(When(key=key, then=Value(limit)) for key, limit in limited_keys)),
        )
        .filter(newest=F("limit"))
        .values_list("at", flat=True)
    )
    # A counter at its limit is refused until the oldest of its last `limit` attempts leaves the
    # window: that attempt is numbered `limit`.
    blocked_until = max((at + WINDOW for at in numbered), default=None)
    return blocked_until - now if blocked_until else None


def record_attempt(keys: list[str]) -> None:
    """Count one attempt against each counter, and forget expired ones."""
    now = timezone.now()
    LoginFailure.objects.bulk_create([LoginFailure(key=key, at=now) for key in keys])
    LoginFailure.objects.filter(at__lte=now - WINDOW).delete()


def counter_key(scope: str, value: str) -> str:
    """The key of a counter of `value` (never stored itself) in `scope`."""
    return _key(scope, value)


def login_failures_clear(*, username: str, address: str | None) -> None:
    """Forget the account's failures after a successful sign-in (the address keeps its count)."""
    keys = [_account_key(username)] + ([_account_and_address_key(username, address)] if address else [])
    LoginFailure.objects.filter(key__in=keys).delete()
