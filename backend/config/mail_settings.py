"""Django's mail settings from `EMAIL_URL` (config/settings.py applies them).

`smtp://host:port` sends over plain SMTP (a relay on the local network, the tests' server);
`smtp+tls://user:password@host:587` with STARTTLS, `smtps://…:465` over TLS from the first byte.
`file:///path` writes each message into that folder (the end-to-end tests read them there).
Unset, each mail is printed on the worker's terminal: nothing to set up for `make run`.
"""

from typing import Any
from urllib.parse import unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

SMTP_SCHEMES = {"smtp": (False, False), "smtp+tls": (True, False), "submission": (True, False), "smtps": (False, True)}
DEFAULT_PORTS = {"smtp": 25, "smtp+tls": 587, "submission": 587, "smtps": 465}


def mail_settings(url: str) -> dict[str, Any]:
    if not url:
        return {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme == "file":
        return {"EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend", "EMAIL_FILE_PATH": parts.path}
    if scheme not in SMTP_SCHEMES or not parts.hostname:
        raise ImproperlyConfigured(
            "EMAIL_URL must look like smtp://host:port or smtp+tls://user:password@host:587"
            f" (smtps:// for TLS from the start, file:///folder), not {parts.scheme or 'no scheme'}://…"
        )
    use_tls, use_ssl = SMTP_SCHEMES[scheme]
    try:
        port = parts.port or DEFAULT_PORTS[scheme]
    except ValueError as error:
        raise ImproperlyConfigured(f"EMAIL_URL has a port that is no number: {error}") from None
    return {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": parts.hostname,
        "EMAIL_PORT": port,
        # Percent-encoded in the address, so a password may hold ':', '@' or '/'.
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_TLS": use_tls,
        "EMAIL_USE_SSL": use_ssl,
        # A server that hangs must not hold a worker for ever: the attempt fails and is retried.
        "EMAIL_TIMEOUT": 30,
    }
