"""A page's refusal kept for later (cms.pages.models.BulkResult.reason) and worded when read, in
the reader's interface language (cms.core.messages: a message is never stored as text)."""

from typing import Any

from cms.core.exceptions import DomainError, ValidationFailed
from cms.core.messages import frozen, thawed


def stored_reason(error: DomainError) -> dict[str, Any]:
    """The error's message as a result keeps it: a refused save's (attribute, message) pairs,
    else its one message."""
    if isinstance(error, ValidationFailed):
        return {"errors": [[attribute, frozen(text)] for attribute, text in error.errors]}
    return {"message": frozen(error.message)}


def worded_reason(reason: dict[str, Any]) -> str:
    """The stored reason as text: as the page's own call words it (a refused save's `detail`:
    "attribute: message; …")."""
    if "errors" in reason:
        return "; ".join(f"{attribute}: {thawed(text)}" for attribute, text in reason["errors"])
    if "message" in reason:
        return thawed(reason["message"])
    return ""
