"""The invitation's page, `/admin/invitation/{token}/`: the invitee chooses a username and a
password (Django's validators) and the account exists. In the invitation's language (the
browser's for a link that opens none). A used, expired, revoked or forged link shows why, with a
4xx status; a refused form keeps nothing and answers 400."""

from typing import Any

from django import forms
from django.contrib.auth import password_validation
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters, sensitive_variables
from django.views.decorators.http import require_http_methods

from cms.accounts.forms import client_address
from cms.accounts.invitations.services import InvitationClosed, invitation_accept, open_invitation
from cms.accounts.languages import browser_language
from cms.core.exceptions import ValidationFailed
from cms.core.messages import worded

MAX_TOKEN = 100  # ours are 43 characters; anything far longer is no token of ours
# Gone for good (410) when it was real; 404 when no invitation ever had it.
CLOSED_STATUS = {"unknown": 404, "accepted": 410, "expired": 410, "revoked": 410}


class AcceptForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)
    password1 = forms.CharField(label=_("Password"), max_length=4096, strip=False, widget=forms.PasswordInput)
    password2 = forms.CharField(label=_("Password again"), max_length=4096, strip=False, widget=forms.PasswordInput)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or self.cleaned_data
        if cleaned.get("password1") and cleaned.get("password2") and cleaned["password1"] != cleaned["password2"]:
            self.add_error("password2", _("The two passwords differ."))
        return cleaned


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
@sensitive_post_parameters("password1", "password2")
@sensitive_variables("token")
def invitation_page(request: HttpRequest, token: str) -> HttpResponse:
    response = _invitation_page(request, token)
    # The address holds the token: no link passes it to another site ("no-referrer" would make
    # the browser send `Origin: null` with the form, which the CSRF check refuses).
    response["Referrer-Policy"] = "same-origin"
    return response


def _invitation_page(request: HttpRequest, token: str) -> HttpResponse:
    if len(token) > MAX_TOKEN or "\x00" in token:
        return _closed(request, "unknown", browser_language(request))
    try:
        invitation = open_invitation(token)
    except InvitationClosed as closed:
        return _closed(request, closed.state, browser_language(request))
    with translation.override(invitation.language):
        form = AcceptForm(request.POST if request.method == "POST" else None)
        if request.method == "POST" and form.is_valid():
            try:
                user = invitation_accept(
                    token=token,
                    username=form.cleaned_data["username"],
                    password=form.cleaned_data["password1"],
                    client=client_address(request),
                )
            except InvitationClosed as closed:  # accepted or revoked while the form was filled in
                return _closed(request, closed.state, invitation.language)
            except ValidationFailed as refused:
                for field, problem in worded(refused.errors):
                    form.add_error(
                        "password1" if field == "password" else field if field == "username" else None, problem
                    )
            else:
                done = {"username": user.get_username(), "language": invitation.language}
                return render(request, "accounts/invitation_done.html", done)
        context: dict[str, Any] = {
            "form": form,
            "invitation": invitation,
            "help": password_validation.password_validators_help_text_html(),
            "language": invitation.language,
        }
        status = 400 if request.method == "POST" else 200
        return render(request, "accounts/invitation.html", context, status=status)


def _closed(request: HttpRequest, state: str, language: str) -> HttpResponse:
    with translation.override(language):
        context = {"state": state, "language": language}
        return render(request, "accounts/invitation_closed.html", context, status=CLOSED_STATUS[state])
