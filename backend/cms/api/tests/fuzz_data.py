"""The data the schema fuzzer (test_fuzz_openapi.py) works on, made through the API as the admin
makes it, and the ids it draws its path parameters from."""

import json
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.serializers.json import DjangoJSONEncoder
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client
from django.utils import timezone
from hypothesis import strategies as st

from cms.accounts.models import Invitation
from cms.media.models import Attachment, Image
from cms.media.tests.attachments import PDF
from cms.media.tests.images import png
from cms.pages.models import Page, PageRevision, ScheduledChange
from cms.pages.tests.editor_payload import editor_payload

PASSWORD = "fuzz-Passphrase-21"


@dataclass(frozen=True)
class Login:
    """The superuser's session and CSRF token, as a browser holds them."""

    user_id: int
    session: str
    csrf: str

    @property
    def cookies(self) -> dict[str, str]:
        return {"sessionid": self.session, "csrftoken": self.csrf}

    @property
    def headers(self) -> dict[str, str]:
        # Identity: the in-process client does not unzip what the site gzips for a browser.
        return {"X-CSRFToken": self.csrf, "X-Requested-With": "XMLHttpRequest", "Accept-Encoding": "identity"}


class Admin:
    """The superuser's client: JSON and multipart calls with the CSRF header, each checked."""

    def __init__(self) -> None:
        self.user = get_user_model().objects.create_user(
            "fuzz-admin", "fuzz@example.com", PASSWORD, is_staff=True, is_superuser=True
        )
        self.client = Client(enforce_csrf_checks=True)
        self.client.force_login(self.user)
        self.token = _get_new_csrf_string()
        self.client.cookies["csrftoken"] = self.token

    def login(self) -> Login:
        return Login(self.user.pk, self.client.cookies["sessionid"].value, self.token)

    def call(self, method: str, path: str, body: Any, expected: int) -> dict[str, Any]:
        send = getattr(self.client, method)
        answer = send(
            path,
            json.dumps(body, cls=DjangoJSONEncoder),
            content_type="application/json",
            headers={"X-CSRFToken": self.token},
        )
        assert answer.status_code == expected, (path, answer.content)
        return dict(answer.json()) if answer.content else {}

    def upload(self, path: str, field: str, name: str, content: bytes, **fields: str) -> dict[str, Any]:
        data = {field: SimpleUploadedFile(name, content), **fields}
        answer = self.client.post(path, data, headers={"X-CSRFToken": self.token})
        assert answer.status_code == 201, (path, answer.content)
        return dict(answer.json())


def seed() -> Login:
    """A small site: pages in a tree with revisions, links to images and files, a working copy
    and a scheduled change; images and files used and unused (deletable); editors with grants."""
    admin = Admin()
    used_image = admin.upload("/admin/images.json", "image[file]", "used.png", png(64, 48))
    admin.upload("/admin/images.json", "image[file]", "spare.png", png(20, 20))
    used_file = admin.upload(
        "/admin/attachments.json", "attachment[file]", "guide.pdf", PDF, **{"attachment[name][en]": "Guide"}
    )
    admin.upload("/admin/attachments.json", "attachment[file]", "spare.pdf", PDF, **{"attachment[name][en]": "Spare"})

    home = admin.call("post", "/admin/en/pages.json", {"page": {"name": "Home", "unique_name": "home"}}, 201)
    about = admin.call(
        "post",
        "/admin/en/pages.json",
        {
            "page": {
                "name": "About",
                "parent_page_id": home["id"],
                "body": f"Read [attachment:{used_file['id']}] and see [image:{used_image['id']}].",
                "page_images_attributes": [{"image_id": used_image["id"], "primary": True}],
                "page_files_attributes": [{"attachment_id": used_file["id"]}],
            }
        },
        201,
    )
    news = admin.call("post", "/admin/en/pages.json", {"page": {"name": "News", "parent_page_id": home["id"]}}, 201)
    admin.call("post", "/admin/nb/pages.json", {"page": {"name": "Sak", "parent_page_id": news["id"]}}, 201)
    # A second revision of About, in two locales, so compare and restore have something to do.
    admin.call("put", f"/admin/en/pages/{about['id']}.json", {"page": editor_payload(about["id"], status=2)}, 200)
    admin.call(
        "put",
        f"/admin/nb/pages/{about['id']}.json",
        {"page": editor_payload(about["id"], name="Om oss", path_segment="")},
        200,
    )
    payload = editor_payload(about["id"], name="About us")
    version = payload.pop("lock_version")
    at = timezone.now() + timedelta(days=30)
    admin.call(
        "post",
        f"/admin/en/pages/{about['id']}/scheduled.json",
        {"page": payload, "at": at, "lock_version": version},
        201,
    )
    admin.call("put", f"/admin/en/pages/{about['id']}/draft.json", {"page": {"name": "About (typing)"}}, 200)

    editor = admin.call("post", "/admin/users.json", {"user": {"username": "fuzz-editor", "password": PASSWORD}}, 201)
    admin.call("post", "/admin/users.json", {"user": {"username": "fuzz-other", "password": PASSWORD}}, 201)
    grant = {"user_id": editor["id"], "page_ids": str(news["id"]), "permissions": ["edit", "create"], "action": "grant"}
    admin.call("post", "/admin/grants.json", grant, 200)
    invitation = {"email": "fuzz-invitee@example.com", "name": "Invitee", "is_superuser": False, "grants": []}
    admin.call("post", "/admin/invitations.json", {"invitation": invitation}, 201)
    return admin.login()


# Which rows a path parameter names: the fuzzer draws most ids from those that exist now (calls
# before it may have deleted some), so calls reach past their 404 into the code behind.
MODELS: dict[str, Any] = {
    "page_id": Page.objects,
    "image_id": Image.objects,
    "attachment_id": Attachment.objects,
    "user_id": get_user_model().objects.filter(is_staff=True),
    "scheduled_id": ScheduledChange.objects,
    "invitation_id": Invitation.objects,
}


def existing_ids(path_parameters: dict[str, Any] | None) -> st.SearchStrategy[dict[str, Any] | None]:
    """The generated parameters, or (three times in four) the same with stored rows' ids (a
    revision drawn among the page's)."""
    keys = [name for name in path_parameters or {} if name in MODELS or name == "revision_id"]
    keys.sort(key=lambda name: name == "revision_id")  # after page_id, which it depends on
    if not keys:
        return st.just(path_parameters)

    @st.composite
    def stored(draw: Any) -> dict[str, Any]:
        # Hypothesis replays draws: each is a plain index whatever the rows are now (calls may
        # have deleted some since), taken modulo their number.
        chosen = dict(path_parameters or {})
        for name in keys:
            index = draw(st.integers(min_value=0, max_value=255))
            ids = _stored_ids(name, chosen)
            if ids:
                chosen[name] = ids[index % len(ids)]
        return chosen

    return st.one_of(st.just(path_parameters), stored(), stored(), stored())


def _stored_ids(name: str, chosen: dict[str, Any]) -> list[int]:
    rows = PageRevision.objects.filter(page_id=chosen.get("page_id")) if name == "revision_id" else MODELS[name]
    return list(rows.order_by("pk").values_list("pk", flat=True))


def plausible_writes(case: Any) -> st.SearchStrategy[Any]:
    """The generated case, or (one time in two) the same with what a write needs to get past its
    first refusal: the page's current `lock_version` (else nearly every save is a 409) and a
    name for a new page (else every create is a 422)."""
    body = case.body
    if not isinstance(body, dict) or case.method not in ("POST", "PUT"):
        return st.just(case)
    return st.booleans().map(lambda fix: _made_plausible(case) if fix else case)


def _made_plausible(case: Any) -> Any:
    page = case.body.get("page")
    page_id = (case.path_parameters or {}).get("page_id")
    if not isinstance(page_id, int):  # an invalid case's text or null: nothing to look up
        return case
    version = Page.objects.filter(pk=page_id).values_list("lock_version", flat=True).first()
    if version is not None:
        for holder in (case.body, page):
            if isinstance(holder, dict) and "lock_version" in holder:
                holder["lock_version"] = version
    if case.operation.path == "/admin/{locale}/pages.json" and isinstance(page, dict):
        page.setdefault("name", "Fuzzed page")
    return case
