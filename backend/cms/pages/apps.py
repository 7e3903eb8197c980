from django.apps import AppConfig


class PagesConfig(AppConfig):
    name = "cms.pages"
    label = "pages"

    def ready(self) -> None:
        # Read and validate the templates file at start, so a mistake in it stops the server
        # with a clear message instead of failing on the first request that needs it.
        from cms.pages.templates_registry import registry

        registry()
