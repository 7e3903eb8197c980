from django.apps import AppConfig


class PortabilityConfig(AppConfig):
    """Export and import of a whole site (`manage.py export_site`, `import_site`).

    Depends on the apps whose data it carries (pages, media, accounts, audit); none depends on it.
    """

    name = "cms.portability"
    label = "portability"
