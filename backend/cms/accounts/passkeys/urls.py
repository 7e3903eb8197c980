"""Addresses of the passkey ceremonies and the account page's passkey forms."""

from django.urls import path

from cms.accounts.passkeys import views

urlpatterns = [
    path("admin/account/passkeys/options.json", views.add_options, name="passkey_add_options"),
    path("admin/account/passkeys.json", views.add, name="passkey_add"),
    path("admin/account/passkeys/<dbid:passkey_id>/rename", views.rename, name="passkey_rename"),
    path("admin/account/passkeys/<dbid:passkey_id>/remove", views.remove, name="passkey_remove"),
    path("admin/account/confirm_password", views.confirm_password, name="passkey_confirm_password"),
    path("admin/login/two_factor/passkey/options.json", views.second_step_options, name="passkey_second_step_options"),
    path("admin/login/two_factor/passkey.json", views.second_step, name="passkey_second_step"),
    path("admin/login/passkey/options.json", views.sign_in_options, name="passkey_sign_in_options"),
    path("admin/login/passkey.json", views.sign_in, name="passkey_sign_in"),
]
