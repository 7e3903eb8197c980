from django.apps import AppConfig


class BackgroundConfig(AppConfig):
    name = "cms.background"
    label = "background"
