from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "cms.api"
    label = "cms_api"
