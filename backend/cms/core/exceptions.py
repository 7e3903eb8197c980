"""Domain exceptions. Services raise them; only the HTTP layer turns them into status codes."""


class DomainError(Exception):
    """Base of every error a service reports to its caller."""

    def __init__(self, message: str) -> None:
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

    def __init__(self, message: str, *, current_version: int) -> None:
        super().__init__(message)
        self.current_version = current_version


class ValidationFailed(DomainError):
    """The input breaks a rule; `errors` lists (attribute, message) pairs (HTTP 422)."""

    def __init__(self, errors: list[tuple[str, str]]) -> None:
        super().__init__("; ".join(f"{attribute}: {message}" for attribute, message in errors))
        self.errors = errors
