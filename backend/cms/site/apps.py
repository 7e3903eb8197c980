from django.apps import AppConfig


class SiteConfig(AppConfig):
    name = "cms.site"
    label = "site"

    def ready(self) -> None:
        from cms.pages.links import register_text_offers
        from cms.site.rendering import offered_attachments

        # Downloads follow what visitors see: a file a page's text names is offered only where
        # the page shows it as a download (cms.pages.links).
        register_text_offers(offered_attachments)
