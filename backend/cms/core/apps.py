from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "cms.core"
    label = "cms_core"

    def ready(self) -> None:
        # Temporary upload files a killed worker left behind go when the next process starts
        # (and now and then after that: cms.core.uploads.UploadGuardMiddleware).
        from cms.core.uploads import sweep_abandoned_uploads

        sweep_abandoned_uploads()
