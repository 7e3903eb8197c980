from django.apps import AppConfig


class MediaConfig(AppConfig):
    name = "cms.media"
    label = "media"
