"""The password reset pages: Django's views, styled like the login page, with the request
throttled and the mail left to a worker (cms.accounts.password_reset)."""

import math
from typing import Any

from django import forms
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm, SetPasswordForm
from django.core.exceptions import ValidationError
from django.http import HttpResponse, HttpResponseBase
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from cms.accounts.forms import client_address
from cms.accounts.languages import interface_language
from cms.accounts.password_reset import password_reset_done, password_reset_request
from cms.accounts.reset_throttle import reset_request_record, reset_retry_after
from cms.mail.composing import request_base_url

THROTTLED = "throttled"


class ResetRequestForm(PasswordResetForm):
    """Django's form, whose `save` queues the work instead of doing it (see password_reset)."""

    email = forms.EmailField(label=_("Email"), max_length=254, widget=forms.EmailInput(attrs={"autocomplete": "email"}))

    def __init__(self, *args: Any, request: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request = request

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or self.cleaned_data
        email = cleaned.get("email")
        if email:
            client = client_address(self.request)
            retry = reset_retry_after(email=email, client=client)
            if retry is not None:
                minutes = max(1, math.ceil(retry.total_seconds() / 60))
                message = ngettext(
                    "Too many requests for a new password. Try again in %(minutes)d minute.",
                    "Too many requests for a new password. Try again in %(minutes)d minutes.",
                    minutes,
                )
                raise ValidationError(message, code=THROTTLED, params={"minutes": minutes})
            reset_request_record(email=email, client=client)
        return cleaned

    def save(self, *args: Any, request: Any = None, **kwargs: Any) -> None:
        request = request or self.request
        password_reset_request(
            email=self.cleaned_data["email"],
            base_url=request_base_url(request),
            language=interface_language(request),
            client=client_address(request),
        )


class InvalidFormIs400:
    """A refused form is answered 4xx, not 200 (429 when throttled), with the form and its errors."""

    def form_invalid(self, form: forms.Form) -> HttpResponse:
        response = super().form_invalid(form)  # type: ignore[misc]
        throttled = any(error.code == THROTTLED for error in form.non_field_errors().as_data())
        response.status_code = 429 if throttled else 400
        return response


class ResetRequestView(InvalidFormIs400, auth_views.PasswordResetView):
    form_class = ResetRequestForm
    template_name = "registration/password_reset_form.html"
    success_url = "/admin/password_reset/done/"

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "request": self.request}


class ResetPasswordForm(SetPasswordForm):
    def __init__(self, user: Any, *args: Any, request: Any, **kwargs: Any) -> None:
        super().__init__(user, *args, **kwargs)
        self.request = request

    def save(self, commit: bool = True) -> Any:
        user = super().save(commit=commit)
        password_reset_done(user=user, client=client_address(self.request))
        return user


class ResetConfirmView(InvalidFormIs400, auth_views.PasswordResetConfirmView):
    form_class = ResetPasswordForm
    template_name = "registration/password_reset_confirm.html"
    success_url = "/admin/reset/done/"

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "request": self.request}

    def dispatch(self, *args: Any, **kwargs: Any) -> HttpResponseBase:
        response = super().dispatch(*args, **kwargs)
        if not self.validlink and response.status_code == 200:
            response.status_code = 400  # a used, expired or forged link: the page says so
        return response


reset_done = auth_views.PasswordResetDoneView.as_view(template_name="registration/password_reset_done.html")
reset_complete = auth_views.PasswordResetCompleteView.as_view(template_name="registration/password_reset_complete.html")
