"""The core app's SQL: the health check's probe, the least a database answers (no table read)."""

from django.db import connection

PING = "SELECT 1"


def ping() -> None:
    """Ask the database PING and read its answer (the app's only cursor)."""
    with connection.cursor() as cursor:
        cursor.execute(PING)
        cursor.fetchone()
