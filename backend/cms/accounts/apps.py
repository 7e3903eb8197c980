from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "cms.accounts"
    label = "accounts"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from cms.accounts.passkeys.services import has_passkey, on_sign_in_verified
        from cms.accounts.totp.services import has_totp
        from cms.accounts.two_step import factors
        from cms.accounts.user_sessions.services import on_sign_in
        from cms.audit.log import add_mention_keys

        factors.register("totp", has_totp)
        factors.register("passkey", has_passkey)
        user_logged_in.connect(on_sign_in, dispatch_uid="cms.accounts.user_sessions")
        user_logged_in.connect(on_sign_in_verified, dispatch_uid="cms.accounts.passkeys.verified")
        # An accepted invitation's entry names the inviter by id; the log's readers show the name.
        add_mention_keys({"invited_by": "user"})
