"""Forms may say PUT with `_method` and carry the token as `authenticity_token` (spec §7)."""

import re
from types import SimpleNamespace
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import HttpResponse
from django.test import Client, RequestFactory

from cms.core.middleware import FormConventionsMiddleware
from cms.core.tests.bodies import MULTIPART, CountingBytes, CountingMultipart

SIGNED_IN = SimpleNamespace(is_authenticated=True)


def run(request, user=SIGNED_IN):
    request.user = user
    seen = {}

    def view(req):
        seen["method"], seen["token"] = req.method, req.META.get("HTTP_X_CSRFTOKEN")
        return HttpResponse()

    FormConventionsMiddleware(view)(request)
    return seen


@pytest.mark.parametrize("field", ["csrfmiddlewaretoken", "authenticity_token"])
def test_a_form_turned_into_put_keeps_its_csrf_token(field):
    request = RequestFactory().post(
        "/admin/en/pages/1.json", f"_method=put&{field}=tok", content_type="application/x-www-form-urlencoded"
    )
    assert run(request) == {"method": "PUT", "token": "tok"}


def test_a_plain_form_post_stays_a_post():
    request = RequestFactory().post("/x", "a=b", content_type="application/x-www-form-urlencoded")
    assert run(request) == {"method": "POST", "token": None}


def test_a_json_post_is_never_overridden_by_its_body():
    request = RequestFactory().post("/x", '{"_method": "put"}', content_type="application/json")
    assert run(request)["method"] == "POST"


def test_an_anonymous_visitors_form_is_not_read():
    body = CountingBytes(b"_method=put&authenticity_token=tok")
    request = RequestFactory().generic(
        "POST",
        "/x",
        **{
            "wsgi.input": body,
            "CONTENT_LENGTH": str(len(body.data)),
            "CONTENT_TYPE": "application/x-www-form-urlencoded",
        },
    )
    assert run(request, user=AnonymousUser()) == {"method": "POST", "token": None}
    assert body.bytes_read == 0


def test_a_multipart_body_is_never_read_here():
    # Reading it would spool its files to disk: only the upload guard may start that.
    body = CountingMultipart(10_000, fields={"_method": "put", "authenticity_token": "tok"})
    request = RequestFactory().generic("POST", "/x", **body.environ())
    assert body.environ()["CONTENT_TYPE"] == MULTIPART
    assert run(request) == {"method": "POST", "token": None}
    assert body.bytes_read == 0


def form_token(client, path):
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', client.get(path).content.decode())[1]


def post_form(client, path, fields):
    """POST a form as a browser does: urlencoded (the test client would send multipart)."""
    return client.post(path, urlencode(fields), content_type="application/x-www-form-urlencoded")


def test_the_login_form_still_signs_in(admin_user):
    client = Client(enforce_csrf_checks=True)
    token = form_token(client, "/admin/login/")

    response = post_form(
        client, "/admin/login/", {"username": "admin", "password": "secret-pass-1", "csrfmiddlewaretoken": token}
    )

    assert response.status_code == 302
    assert client.get("/admin/account/").status_code == 200


def test_the_password_form_still_changes_the_password(admin_user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(admin_user)
    token = form_token(client, "/admin/account/")
    new = "Kvist-blåbær-2026-lang"

    response = post_form(
        client,
        "/admin/account/",
        {"csrfmiddlewaretoken": token, "old_password": "secret-pass-1", "new_password1": new, "new_password2": new},
    )

    assert response.status_code == 302
    admin_user.refresh_from_db()
    assert admin_user.check_password(new)
