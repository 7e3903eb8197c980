from django.apps import AppConfig
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.signals import connection_created
from django.db.models.signals import post_migrate


class SearchConfig(AppConfig):
    """Content search over the pages' names and text blocks in every locale.

    Depends on `pages` (it indexes its tables); `pages` knows nothing of it. The index lives in
    tables the database keeps by itself (triggers, cms.search.index), so a save costs no statement
    more and the index changes in the save's own transaction.
    """

    name = "cms.search"
    label = "search"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from cms.search.index import install_after_migrate

        # After every `migrate` (and the test run's table creation, which runs none of the
        # migrations): creates or updates the index's tables and triggers, idempotently.
        post_migrate.connect(install_after_migrate, sender=self, dispatch_uid="cms.search.install")
        # SQLite's triggers call Python functions (cms.search.sqlite_index): every connection
        # gets them as it opens, before any statement.
        connection_created.connect(_register_functions, dispatch_uid="cms.search.functions")


def _register_functions(sender: object, connection: BaseDatabaseWrapper, **kwargs: object) -> None:
    if connection.vendor == "sqlite":
        from cms.search.sqlite_index import register

        register(connection.connection)
