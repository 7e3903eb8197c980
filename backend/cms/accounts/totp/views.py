"""The sign-in with a second step: the login form (a password alone signs in only a user with no
second factor) and the second-step page (a TOTP code, a recovery code, or a passkey)."""

from typing import Any

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.debug import sensitive_post_parameters

from cms.accounts.forms import ThrottledAuthenticationForm, client_address
from cms.accounts.languages import browser_language, stored_choice
from cms.accounts.login_throttle import login_failure_record, login_failures_clear, login_retry_after
from cms.accounts.totp import services
from cms.accounts.two_step import factors, pending
from cms.audit import log as audit
from cms.core.types import User

SECOND_STEP_URL = "/admin/login/two_factor/"


class LoginView(auth_views.LoginView):
    """Django's login view, stopping half-way for a user with a second factor."""

    template_name = "registration/login.html"
    authentication_form = ThrottledAuthenticationForm
    redirect_authenticated_user = True

    def form_valid(self, form: Any) -> HttpResponse:
        user: User = form.get_user()
        if factors.has_second_factor(user):
            pending.begin(self.request, user)
            target = self.get_redirect_url()
            return HttpResponseRedirect(SECOND_STEP_URL + (f"?{urlencode({'next': target})}" if target else ""))
        login(self.request, user)
        pending.record_sign_in(self.request, user, "password")
        return HttpResponseRedirect(self.get_success_url())


def _next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return target
    return str(settings.LOGIN_REDIRECT_URL)


@sensitive_post_parameters("code")
@csrf_protect
@never_cache
def second_step(request: HttpRequest) -> HttpResponse:
    user = pending.pending_user(request)
    if user is None:
        return redirect(reverse("login"))
    # The waiting user's own interface language: they are not signed in, so the middleware could
    # only go by the browser.
    with translation.override(stored_choice(user) or browser_language(request)):
        return _second_step(request, user)


def _second_step(request: HttpRequest, user: User) -> HttpResponse:
    device = services.confirmed_device(user)
    has_totp = device is not None
    context: dict[str, Any] = {"has_totp": has_totp, "next": _next(request), "error": None}
    if request.method == "POST" and has_totp:
        username, address = user.get_username(), client_address(request)
        code = request.POST.get("code", "")
        if login_retry_after(username=username, address=address) is not None:
            context["error"] = _("Too many failed sign-in attempts. Try again later.")
            return render(request, "accounts/two_step/second_step.html", context, status=429)
        method = services.second_step(user, code, device)
        if method is None:
            login_failure_record(username=username, address=address)
            details = {"address": address, "method": services.kind_of(code)}
            audit.record(user, "second_step_failed", "user", user.pk, details)
            context["error"] = _("That code is not right. Please try again.")
            return render(request, "accounts/two_step/second_step.html", context, status=400)
        login_failures_clear(username=username, address=address)
        pending.complete(request, user, method=method)
        if method == "recovery_code":
            context["recovery_codes_left"] = services.recovery_codes_left(user)
            return render(request, "accounts/two_step/recovery_used.html", context)
        return redirect(context["next"])
    return render(request, "accounts/two_step/second_step.html", context)
