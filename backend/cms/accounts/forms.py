"""The sign-in form: Django's, with failed attempts throttled per account and per address."""

import math
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from cms.accounts.languages import interface_languages
from cms.accounts.login_throttle import login_failure_record, login_failures_clear, login_retry_after


def client_address(request: HttpRequest) -> str:
    """Return the visitor's network address, as seen by our own proxy when there is one."""
    header = settings.CLIENT_IP_HEADER
    forwarded = request.META.get(header, "") if header else ""
    if forwarded:
        # The right-most entry is the one our proxy added; anything left of it the client wrote.
        return forwarded.rsplit(",", 1)[-1].strip()
    return request.META.get("REMOTE_ADDR", "")


class ThrottledAuthenticationForm(AuthenticationForm):
    """Refuse sign-ins, even correct ones, for an account or address with too many failures."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _("Your username and password didn't match. Please try again."),
    }

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username")
        address = client_address(self.request) if self.request else None
        # Checked before the password, so a blocked attempt learns nothing and costs no hashing.
        retry_after = login_retry_after(username=username, address=address)
        if retry_after is not None:
            minutes = max(1, math.ceil(retry_after.total_seconds() / 60))
            message = ngettext(
                "Too many failed sign-in attempts. Try again in %(minutes)d minute.",
                "Too many failed sign-in attempts. Try again in %(minutes)d minutes.",
                minutes,
            )
            raise ValidationError(message, code="throttled", params={"minutes": minutes})
        try:
            cleaned_data = super().clean()
        except ValidationError as error:
            if error.code == "invalid_login":
                login_failure_record(username=username, address=address)
            raise
        if self.user_cache is not None and username:
            login_failures_clear(username=username, address=address)
        return cleaned_data


class InterfaceLanguageForm(forms.Form):
    """The account page's choice of interface language; empty follows the browser."""

    interface_language = forms.ChoiceField(label=_("Interface language"), required=False)

    def __init__(self, *args: Any, browser_language_name: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["interface_language"]
        assert isinstance(field, forms.ChoiceField)
        browser = _("The browser's language (%(language)s)") % {"language": browser_language_name}
        field.choices = [("", browser), *interface_languages()]
