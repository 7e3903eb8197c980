"""The file store gone away (an object store refusing, timing out or failing): what it raises and
how it is answered. Apart from cms.media.storage.object_storage so that nothing here loads boto3."""

import errno

from django.http import HttpResponse
from django.utils.translation import gettext_lazy as _

STORE_AWAY = _("The file store can't be reached right now; nothing was kept. Try again in a moment.")
STORE_AWAY_READING = _("The file store can't be reached right now. Try again in a moment.")
# Long enough for a store's restart, short enough for an editor to wait.
RETRY_AFTER_S = 5


class ObjectStoreUnavailable(OSError):
    """The object store could not be reached or refused to work (not: the object is missing).

    An OSError, so the clean-up after a failed upload, which suppresses OSError, goes on.
    """

    def __init__(self, detail: str) -> None:
        super().__init__(errno.EIO, f"object store unavailable: {detail}")


def store_unavailable(error: BaseException | None) -> bool:
    """Whether `error`, or an error it was raised from, is the object store failing."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, ObjectStoreUnavailable):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


def unavailable_download() -> HttpResponse:
    """A stored file asked for while the store is away: 503, plain text, to be asked again."""
    response = HttpResponse(
        str(STORE_AWAY_READING), content_type="text/plain; charset=utf-8", status=503, headers=_sandboxed()
    )
    response["Retry-After"] = str(RETRY_AFTER_S)
    return response


def _sandboxed() -> dict[str, str]:
    return {"X-Content-Type-Options": "nosniff", "Content-Security-Policy": "sandbox", "Cache-Control": "no-store"}
