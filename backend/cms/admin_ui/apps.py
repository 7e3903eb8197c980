from django.apps import AppConfig


class AdminUiConfig(AppConfig):
    name = "cms.admin_ui"
    label = "admin_ui"
