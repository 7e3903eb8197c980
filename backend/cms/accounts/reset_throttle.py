"""Throttling of password reset requests, per address asked for and per client, like the login's
(cms.accounts.login_throttle, whose counters they share): every request counts, known address or
not, so the answer and its time tell nothing about which addresses have an account; a mailbox
can't be flooded with reset mail, nor the site used to send it to many addresses.
"""

from datetime import timedelta

from cms.accounts.login_throttle import counter_key, network_key, record_attempt, retry_after

# A person who lost their password asks a few times at most; more is someone else's doing.
MAX_REQUESTS_PER_ADDRESS = 5
MAX_REQUESTS_PER_CLIENT = 20


def _limited_keys(*, email: str, client: str) -> list[tuple[str, int]]:
    # Case folded: Django's reset finds the account whatever the case of the address typed.
    return [
        (counter_key("reset-email", email.strip().casefold()), MAX_REQUESTS_PER_ADDRESS),
        (counter_key("reset-client", network_key(client)), MAX_REQUESTS_PER_CLIENT),
    ]


def reset_retry_after(*, email: str, client: str) -> timedelta | None:
    return retry_after(_limited_keys(email=email, client=client))


def reset_request_record(*, email: str, client: str) -> None:
    record_attempt([key for key, _limit in _limited_keys(email=email, client=client)])
