from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "cms.core"
    label = "cms_core"
