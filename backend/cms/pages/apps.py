from django.apps import AppConfig


class PagesConfig(AppConfig):
    name = "cms.pages"
    label = "pages"

    def ready(self) -> None:
        # Read and validate the templates file at start, so a mistake in it stops the server
        # with a clear message instead of failing on the first request that needs it.
        from cms.pages.templates_registry import registry

        registry()
        self._forget_cached_pages_when_media_change()

    @staticmethod
    def _forget_cached_pages_when_media_change() -> None:
        """Page answers show their images' and attachments' names and files; the media app
        knows nothing of pages, so pages listen for its writes."""
        from django.db.models.signals import post_delete, post_save

        from cms.media.models import Attachment, Image
        from cms.pages.read_model import invalidate_on_commit

        for model in (Image, Attachment):
            for signal in (post_save, post_delete):
                signal.connect(
                    lambda **_: invalidate_on_commit(), sender=model, weak=False, dispatch_uid=f"{signal}{model}"
                )
