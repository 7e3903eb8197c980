"""Bidirectional embedding, override and isolate marks (U+202A-202E, U+2066-2069) make a text
display in another order than it is stored: they never reach alt texts, file names and
descriptions or user names (issue 18, item 4; pages' names and tags: cms.pages.tests)."""

import pytest

from cms.core.input_types import shown_text
from cms.media.models import Image
from cms.media.tests.attachments import stored_attachment

SNEAKY = " \u202agnp\u202b.\u202c\u202dexe\u202e\u2066\u2067\u2068\u2069 "


def test_shown_text_drops_every_control_and_keeps_other_text():
    assert shown_text(SNEAKY) == "gnp.exe"
    assert shown_text("مرحبا \u200fworld") == "مرحبا \u200fworld"  # a right-to-left mark is no override


def test_alt_texts_and_captions_are_kept_without_them(api):
    image = Image.objects.create(
        file="images/a.png", filename="a.png", content_type="image/png", real_width=4, real_height=3
    )
    answer = api.put(
        f"/admin/images/{image.pk}.json", {"image": {"alternative": {"en": SNEAKY}, "caption": {"nb": SNEAKY}}}
    )
    assert answer.status_code == 200
    image.refresh_from_db()
    assert (image.alternative, image.caption) == ({"en": "gnp.exe"}, {"nb": "gnp.exe"})


def test_file_names_and_descriptions_are_kept_without_them(api):
    record = stored_attachment(api)
    answer = api.put(
        f"/admin/attachments/{record['id']}.json",
        {"attachment": {"name": {"en": SNEAKY}, "description": {"en": SNEAKY}}},
    )
    assert answer.status_code == 200
    assert (answer.json()["name"]["en"], answer.json()["description"]["en"]) == ("gnp.exe", "gnp.exe")


@pytest.mark.parametrize("method", ["post", "put"])
def test_user_names_are_kept_without_them(api, admin_user, method):
    if method == "post":
        user = {"username": "nora", "password": "a-long-Passphrase-9", "name": SNEAKY}
        answer = api.post("/admin/users.json", {"user": user})
    else:
        answer = api.put(f"/admin/users/{admin_user.pk}.json", {"user": {"name": SNEAKY}})
    assert answer.status_code in (200, 201), answer.content
    assert answer.json()["name"] == "gnp.exe"
