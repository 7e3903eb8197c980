from django.apps import AppConfig


class SiteConfig(AppConfig):
    name = "cms.site"
    label = "site"

    def ready(self) -> None:
        from cms.pages.media_uses import register_embed_reader
        from cms.site.markdown import expanded_codes

        # What a page shows follows what visitors see: an embed code counts only where the site
        # expands it (cms.pages.media_uses keeps which pages show which media).
        register_embed_reader(expanded_codes)
