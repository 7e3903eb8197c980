from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "cms.accounts"
    label = "accounts"
