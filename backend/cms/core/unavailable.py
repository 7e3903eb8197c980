"""The database gone away (a restart, a failover, a dropped connection): 503, not a crash page.

A request whose database connection fails, in a view or in a middleware (the session is read
there), ends in Django's handler for server errors. This one (config/urls.py's handler500)
answers such a failure 503 with Retry-After, in the API's error shape for the JSON calls: the
caller may try again, and nothing was written (each write is one transaction, which the
database rolls back when the connection goes).

Only the connection failing is a 503 — or the database too busy to answer now (SQLite's lock
held past its timeout, PostgreSQL cancelling a statement over its timeout, or ending one of two
transactions that waited on each other): trying again then can succeed. Any other database
error (a value out of its column's range, a sequence at its end, a broken constraint) is a
fault of ours that no retry mends: 500, as any other error, in
the error shape for the JSON calls. Django raises most of them as OperationalError too (SQLite
says "database or disk is full" when a table's ids reach the top), so the driver's own error
code decides, not the class.
"""

import sqlite3
import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext_lazy as _
from django.views import defaults

from cms.core.uploads import is_json_call

DATABASE_AWAY = _("The database can't be reached right now; nothing was changed. Try again in a moment.")
DATABASE_CONTENTION = _("Another change was being saved at the same moment; nothing was changed. Try again.")
# The admin shows the request id beside it (X-Request-ID), to find the error in the log.
SERVER_FAILED = _("Something went wrong on the server; the error has been logged.")
# Long enough for a restart or a failover to finish, short enough for an editor to wait.
RETRY_AFTER_S = 5
# PostgreSQL's codes (SQLSTATE) for a connection lost or refused, or a server that can't answer
# now: class 08 (connection exception) and these.
POSTGRES_AWAY_CLASSES = ("08",)
POSTGRES_AWAY = {
    "57P01",  # admin_shutdown: the connection was terminated
    "57P02",  # crash_shutdown
    "57P03",  # cannot_connect_now: starting up or shutting down
    "53300",  # too_many_connections
    "57014",  # query_canceled: a statement over its statement_timeout
    "55P03",  # lock_not_available: a lock over its lock_timeout
}
# Two transactions waiting on each other: PostgreSQL ended this one, the other went on, and the
# same request again succeeds (two editors renaming pages that link to each other at the same
# moment: the link rewrite locks the linking pages after the page itself).
POSTGRES_CONTENTION = {"40P01", "40001"}  # deadlock_detected, serialization_failure
# SQLite's: the file held locked past the busy timeout, or not there to open.
SQLITE_AWAY = {"SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_CANTOPEN"}


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's handler500, called while the exception is being handled (so sys.exc_info holds it)."""
    json_call = is_json_call(request.path_info) or request.content_type == "application/json"
    if not database_unavailable(sys.exc_info()[1]):
        if not json_call:
            return defaults.server_error(request)
        text = str(SERVER_FAILED)
        return JsonResponse({"detail": text, "errors": [["base", text]]}, status=500)
    text = str(DATABASE_CONTENTION if _contention(sys.exc_info()[1]) else DATABASE_AWAY)
    if json_call:
        response: HttpResponse = JsonResponse({"detail": text, "errors": [["base", text]]}, status=503)
    else:
        response = HttpResponse(text, content_type="text/plain; charset=utf-8", status=503)
    response["Retry-After"] = str(RETRY_AFTER_S)
    return response


def database_unavailable(error: BaseException | None) -> bool:
    """Whether `error`, or an error it was raised from, is the database failing to answer."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, InterfaceError) or (isinstance(error, OperationalError) and _away(error)):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


def _away(error: OperationalError) -> bool:
    """Whether the driver's error under Django's says the database can't answer (not that it
    refused what it was asked)."""
    driver = error.__cause__
    if isinstance(driver, sqlite3.Error):
        return getattr(driver, "sqlite_errorname", "") in SQLITE_AWAY
    sqlstate = getattr(driver, "sqlstate", None)
    if driver is None or not hasattr(driver, "sqlstate"):
        return False  # raised by something else than a driver: not known to be the connection
    if sqlstate is None:  # psycopg: no answer from the server at all (refused, closed, timed out)
        return True
    return sqlstate.startswith(POSTGRES_AWAY_CLASSES) or sqlstate in POSTGRES_AWAY | POSTGRES_CONTENTION


def _contention(error: BaseException | None) -> bool:
    """Whether the database ended this transaction for another's sake (it can't have waited)."""
    driver = error.__cause__ if isinstance(error, OperationalError) else None
    return getattr(driver, "sqlstate", None) in POSTGRES_CONTENTION
