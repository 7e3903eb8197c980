"""Ending a session from the account page: a plain form POST with its CSRF token."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cms.accounts.decorators import staff_required
from cms.accounts.user_sessions.services import end_session


@staff_required
@require_POST
def end(request: HttpRequest, session_id: int) -> HttpResponse:
    ended_current = end_session(request, request.user, session_id)  # type: ignore[arg-type]
    if ended_current is None:
        return HttpResponse(status=404)
    if ended_current:
        return redirect("login")
    messages.success(request, _("The session was ended."))
    return redirect("/admin/account/#sessions")
