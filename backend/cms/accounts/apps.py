from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "cms.accounts"
    label = "accounts"

    def ready(self) -> None:
        # An accepted invitation's entry names the inviter by id; the log's readers show the name.
        from cms.audit.log import add_mention_keys

        add_mention_keys({"invited_by": "user"})
