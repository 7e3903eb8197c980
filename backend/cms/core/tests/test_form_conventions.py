"""Forms may say PUT with `_method` and carry the token as `authenticity_token` (spec §7)."""

import pytest
from django.http import HttpResponse
from django.test import RequestFactory

from cms.core.middleware import FormConventionsMiddleware


def run(request):
    seen = {}

    def view(req):
        seen["method"], seen["token"] = req.method, req.META.get("HTTP_X_CSRFTOKEN")
        return HttpResponse()

    FormConventionsMiddleware(view)(request)
    return seen


@pytest.mark.parametrize("field", ["csrfmiddlewaretoken", "authenticity_token"])
def test_a_form_turned_into_put_keeps_its_csrf_token(field):
    request = RequestFactory().post("/admin/en/pages/1.json", {"_method": "put", field: "tok"})
    assert run(request) == {"method": "PUT", "token": "tok"}


def test_a_plain_form_post_stays_a_post():
    assert run(RequestFactory().post("/x", {"a": "b"})) == {"method": "POST", "token": None}


def test_a_json_post_is_never_overridden_by_its_body():
    request = RequestFactory().post("/x", '{"_method": "put"}', content_type="application/json")
    assert run(request)["method"] == "POST"
