from django.apps import AppConfig


class SiteConfig(AppConfig):
    name = "cms.site"
    label = "site"
