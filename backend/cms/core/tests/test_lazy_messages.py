"""The messages' storage is made only when a request uses it (cms.core.lazy_messages)."""

from django.contrib import messages
from django.contrib.messages.storage import default_storage
from django.http import HttpResponse
from django.test import RequestFactory

from cms.core.lazy_messages import LazyMessageMiddleware


def run(view, request=None):
    request = request or RequestFactory().get("/en/about")
    request.session = {}  # what SessionMiddleware gives (the cookie holds these short messages)
    return request, LazyMessageMiddleware(view)(request)


def test_a_request_that_uses_no_message_makes_no_storage_and_sets_no_cookie(monkeypatch):
    made = []
    monkeypatch.setattr("cms.core.lazy_messages.default_storage", lambda request: made.append(request))
    _request, response = run(lambda request: HttpResponse("page"))
    assert made == []
    assert "messages" not in response.cookies


def test_a_message_added_reaches_the_next_request():
    _request, response = run(lambda request: messages.success(request, "Saved.") or HttpResponse("saved"))
    cookie = response.cookies["messages"].value
    assert cookie

    shown = []
    later = RequestFactory().get("/admin/")
    later.COOKIES["messages"] = cookie
    run(lambda request: shown.extend(str(m) for m in messages.get_messages(request)) or HttpResponse("ok"), later)
    assert shown == ["Saved."]


def test_storage_a_view_puts_itself_is_saved():
    def view(request):
        request._messages = default_storage(request)
        messages.info(request, "Own storage.")
        return HttpResponse("ok")

    _request, response = run(view)
    assert response.cookies["messages"].value
