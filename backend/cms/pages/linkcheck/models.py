"""The last check of each external link (issue 33, item 4): one row per address, whichever pages
link it, so an address linked from a thousand pages is asked once a day, not a thousand times."""

import hashlib

from django.db import models

# Why a check failed, or "ok"; what the broken-link report shows beside the address.
OK = "ok"
# Not reachable for visitors: the report lists the link as broken.
BROKEN_REASONS = frozenset(
    {"timeout", "dns", "connection_failed", "tls", "redirect_loop", "too_many_redirects", "bad_response", "bad_url"}
)
# The server was asked and answered, but says nothing about the link (rate limited): kept, not
# reported, asked again at the next round.
NOT_BROKEN_STATUSES = frozenset({429})


def url_key(url: str) -> str:
    """The address's unique key: its SHA-256 (an index on 2,048 characters of any script could pass
    PostgreSQL's limit for one index entry; the hash never does)."""
    return hashlib.sha256(url.encode("utf-8", "surrogatepass")).hexdigest()


def is_broken(reason: str, status: int | None) -> bool:
    """Whether a check's outcome means the link fails its visitors."""
    if reason in BROKEN_REASONS:
        return True
    return reason.startswith("http_") and status is not None and status not in NOT_BROKEN_STATUSES


class LinkCheck(models.Model):
    """An external address linked from the pages' texts, and what its last check found."""

    url = models.CharField(max_length=2048)
    url_hash = models.CharField(max_length=64, unique=True)
    host = models.CharField(max_length=253)
    # The status of the last answer (the last hop of a redirect chain), None when none came.
    status = models.PositiveSmallIntegerField(null=True)
    # "ok", "http_404" (http_<status>), "timeout", "dns", "connection_failed", "tls",
    # "redirect_loop", "too_many_redirects", "blocked_address", "bad_url", "bad_response",
    # "check_failed" (the checker's own error, logged); "" until the first check.
    reason = models.CharField(max_length=32, blank=True)
    broken = models.BooleanField(default=False)
    final_url = models.CharField(max_length=2048, blank=True)
    checked_at = models.DateTimeField(null=True)
    # Until when a worker's round holds it: rounds running at once never check one address twice.
    claimed_until = models.DateTimeField(null=True)

    class Meta:
        indexes = [
            # The next round's addresses: those never checked (NULL) or checked longest ago.
            models.Index(fields=["checked_at"], name="link_check_due"),
            # The report's broken addresses, without reading the others (never the address itself
            # in an index: see url_key).
            models.Index(fields=["checked_at"], name="link_check_broken", condition=models.Q(broken=True)),
        ]

    def __str__(self) -> str:
        return f"{self.url}: {self.reason or 'not checked'}"
