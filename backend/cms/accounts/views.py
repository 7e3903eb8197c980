"""The signed-in user's account page: profile, interface language and password, as tabs."""

from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.forms import PasswordChangeForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _

from cms.accounts.decorators import staff_required
from cms.accounts.forms import InterfaceLanguageForm
from cms.accounts.languages import browser_language, request_choice, set_interface_language
from cms.accounts.passkeys import services as passkeys
from cms.accounts.totp.section import section as two_factor_section
from cms.accounts.user_sessions import services as user_sessions

# The hidden field that tells the account page's two forms apart.
LANGUAGE_FORM = "language"


@staff_required
def account(request: HttpRequest) -> HttpResponse:
    posted = request.POST if request.method == "POST" else None
    language_posted = posted is not None and posted.get("form") == LANGUAGE_FORM
    browser_name = translation.get_language_info(browser_language(request))["name_local"]
    language_form = InterfaceLanguageForm(
        posted if language_posted else None,
        initial={"interface_language": request_choice(request)},
        browser_language_name=browser_name,
    )
    form = PasswordChangeForm(request.user, None if language_posted else posted)
    if language_posted and language_form.is_valid():
        code = language_form.cleaned_data["interface_language"]
        set_interface_language(request.user, code)  # type: ignore[arg-type]
        # Said in the language just chosen, as is everything after the redirect.
        with translation.override(code or browser_language(request)):
            messages.success(request, _("The interface language was saved."))
        return redirect("/admin/account/#language")
    if posted is not None and not language_posted and form.is_valid():
        user = form.save()
        update_session_auth_hash(request, user)  # stay signed in with the new password
        user_sessions.after_password_change(request, user)
        messages.success(request, _("Your password was changed."))
        return redirect("/admin/account/#password")
    context = {
        "form": form,
        "language_form": language_form,
        "language_form_name": LANGUAGE_FORM,
        "title": _("Your account"),
        **two_factor_section(request),
        **passkeys.section(request),
        **user_sessions.section(request),
    }
    return render(request, "accounts/account.html", context)
