"""The database gone away (a restart, a failover, a dropped connection): 503, not a crash page.

A request whose database connection fails, in a view or in a middleware (the session is read
there), ends in Django's handler for server errors. This one (config/urls.py's handler500)
answers such a failure 503 with Retry-After, in the API's error shape for the JSON calls: the
caller may try again, and nothing was written (each write is one transaction, which the
database rolls back when the connection goes). Any other error is Django's plain 500.
"""

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext_lazy as _
from django.views import defaults

from cms.core.uploads import is_json_call

DATABASE_AWAY = _("The database can't be reached right now; nothing was changed. Try again in a moment.")
# Long enough for a restart or a failover to finish, short enough for an editor to wait.
RETRY_AFTER_S = 5
# What Django raises when the connection can't be made, or breaks while in use.
UNAVAILABLE = (OperationalError, InterfaceError)


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's handler500, called while the exception is being handled (so sys.exc_info holds it)."""
    if not database_unavailable(sys.exc_info()[1]):
        return defaults.server_error(request)
    text = str(DATABASE_AWAY)
    if is_json_call(request.path_info) or request.content_type == "application/json":
        response: HttpResponse = JsonResponse({"detail": text, "errors": [["base", text]]}, status=503)
    else:
        response = HttpResponse(text, content_type="text/plain; charset=utf-8", status=503)
    response["Retry-After"] = str(RETRY_AFTER_S)
    return response


def database_unavailable(error: BaseException | None) -> bool:
    """Whether `error`, or an error it was raised from, is the database failing to answer."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, UNAVAILABLE):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False
