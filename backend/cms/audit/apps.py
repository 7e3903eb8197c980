from django.apps import AppConfig


class AuditConfig(AppConfig):
    name = "cms.audit"
    label = "audit"
