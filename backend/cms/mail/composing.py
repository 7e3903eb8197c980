"""A mail's subject, plain text and HTML, written by templates in the reader's language.

A kind of mail is three templates beside each other: `{name}_subject.txt` (one line),
`{name}.txt` and `{name}.html` (which extends mail/base.html: `lang` and `dir` of the language).
Links start with CMS_BASE_URL when it is set, else with the address the request that asked for
the mail came to (`request_base_url`), whatever host a worker runs on.
"""

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import translation


@dataclass(frozen=True)
class Composed:
    subject: str
    text: str
    html: str
    language: str


def compose(name: str, context: dict[str, Any], language: str) -> Composed:
    with translation.override(language):
        full = {**context, "language": language, "direction": "rtl" if translation.get_language_bidi() else "ltr"}
        # One line, whatever the template's white space: a header can't hold a line break.
        subject = " ".join(render_to_string(f"{name}_subject.txt", full).split())
        return Composed(
            subject=subject,
            text=render_to_string(f"{name}.txt", full),
            html=render_to_string(f"{name}.html", full),
            language=language,
        )


def request_base_url(request: HttpRequest) -> str:
    """The start of every link in a mail asked for by `request`: CMS_BASE_URL, else the scheme and
    host the request came to (get_host() holds it to ALLOWED_HOSTS: no link to a forged host)."""
    return settings.CMS_BASE_URL or f"{request.scheme}://{request.get_host()}"
