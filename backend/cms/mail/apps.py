from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "cms.mail"
    label = "mail"
    default_auto_field = "django.db.models.BigAutoField"
