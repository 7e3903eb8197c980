from django.apps import AppConfig


class SiteConfig(AppConfig):
    name = "cms.site"
    label = "site"

    def ready(self) -> None:
        # The full-page cache in front of the site forgets what each page write changed
        # (cms.site.purging); pages can't import the site, so the site listens.
        from cms.pages.saving.listeners import listen
        from cms.site.purging import page_written, pages_shown_changed

        listen(page_written, pages_shown_changed)
