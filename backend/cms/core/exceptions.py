"""Domain exceptions. Services raise them; only the HTTP layer turns them into status codes.

Their messages are for people and may be lazy (cms.core.messages): the HTTP layer words them in
the request's interface language when it writes the answer.
"""

from collections.abc import Sequence

from cms.core.messages import Errors, Message, worded_later


class DomainError(Exception):
    """Base of every error a service reports to its caller."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message


class BadRequest(DomainError):
    """The input can't be read at all, e.g. JSON nested deeper than any real value (HTTP 400)."""


class NotFound(DomainError):
    """The thing asked for does not exist (HTTP 404)."""


class PermissionDenied(DomainError):
    """The user may not do this (HTTP 403)."""


class Conflict(DomainError):
    """The record changed since the caller read it (HTTP 409)."""

    def __init__(self, message: Message, *, current_version: int) -> None:
        super().__init__(message)
        self.current_version = current_version


class InUse(DomainError):
    """The thing can't go while something still uses it (HTTP 409, `{"detail": …}` only)."""


class StorageFull(DomainError):
    """There is no room left to store what was sent (a full disk or quota); nothing was kept
    (HTTP 507)."""


class StorageUnavailable(DomainError):
    """The file store (object storage) could not be reached or failed; nothing was kept
    (HTTP 503, to be tried again)."""


class ValidationFailed(DomainError):
    """The input breaks a rule; `errors` lists (attribute, message) pairs (HTTP 422)."""

    def __init__(self, errors: Sequence[tuple[str, Message]]) -> None:
        pairs: Errors = list(errors)
        super().__init__(worded_later(lambda: "; ".join(f"{attribute}: {message}" for attribute, message in pairs)))
        self.errors = pairs
