"""EMAIL_URL becomes Django's mail settings (config/mail_settings.py)."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.mail_settings import mail_settings


def test_unset_prints_each_mail() -> None:
    assert mail_settings("") == {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}


def test_plain_smtp_with_a_port() -> None:
    settings = mail_settings("smtp://127.0.0.1:2525")
    assert settings["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (settings["EMAIL_HOST"], settings["EMAIL_PORT"]) == ("127.0.0.1", 2525)
    assert (settings["EMAIL_USE_TLS"], settings["EMAIL_USE_SSL"], settings["EMAIL_HOST_USER"]) == (False, False, "")


def test_starttls_with_credentials_percent_encoded() -> None:
    settings = mail_settings("smtp+tls://mailer%40example.org:p%3As%2Fw%40rd@mail.example.org:587")
    assert (settings["EMAIL_HOST"], settings["EMAIL_PORT"], settings["EMAIL_USE_TLS"]) == (
        "mail.example.org",
        587,
        True,
    )
    assert (settings["EMAIL_HOST_USER"], settings["EMAIL_HOST_PASSWORD"]) == ("mailer@example.org", "p:s/w@rd")


def test_default_ports_and_tls_from_the_start() -> None:
    assert mail_settings("smtp+tls://mail.example.org")["EMAIL_PORT"] == 587
    smtps = mail_settings("smtps://mail.example.org")
    assert (smtps["EMAIL_PORT"], smtps["EMAIL_USE_SSL"], smtps["EMAIL_USE_TLS"]) == (465, True, False)


def test_a_folder_of_files() -> None:
    settings = mail_settings("file:///tmp/mail")
    assert settings == {
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": "/tmp/mail",
    }


@pytest.mark.parametrize("url", ["http://mail.example.org", "smtp://", "mail.example.org:25", "smtp://host:port"])
def test_anything_else_stops_the_start_with_a_message(url: str) -> None:
    with pytest.raises(ImproperlyConfigured, match="EMAIL_URL"):
        mail_settings(url)
