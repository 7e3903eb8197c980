"""The signed-in user's account page: profile and password, as server-rendered tabs."""

from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.forms import PasswordChangeForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from cms.accounts.decorators import staff_required


@staff_required
def account(request: HttpRequest) -> HttpResponse:
    form = PasswordChangeForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        update_session_auth_hash(request, user)  # stay signed in with the new password
        messages.success(request, "Your password was changed.")
        return redirect("/admin/account/#password")
    return render(request, "accounts/account.html", {"form": form, "title": "Your account"})
