"""The server's own messages speak the user's interface language (issue 9, item 1): refusals
(422 `errors`, 4xx `detail`) and the templates' texts; English ones stay word for word for a
user who chose English or nothing (the black-box suite sends no Accept-Language)."""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation

from cms.accounts.languages import set_interface_language
from cms.core.exceptions import ValidationFailed
from cms.core.messages import CANT_BE_BLANK
from cms.media.models import Image
from cms.media.tests.images import upload
from cms.pages.models import PageLocalization
from cms.pages.saving.validation import PATH_SEGMENT_MESSAGE
from cms.pages.templates_registry import registry
from conftest import JsonClient

NAME_BLANK = {"en": "can't be blank", "nb": "kan ikke være tom", "ar": "لا يمكن أن يكون فارغًا"}
BAD_SEGMENT = {
    "en": "can only contain letters, digits and dashes",
    "nb": "kan bare inneholde bokstaver, sifre og bindestreker",
    "ar": "لا يمكن أن يحتوي إلا على حروف وأرقام وشرطات",
}
CROP_OUTSIDE = {
    "en": "the crop must lie inside the image (400x300)",
    "nb": "beskjæringen må ligge innenfor bildet (400x300)",
    "ar": "يجب أن تقع منطقة القص داخل الصورة (400x300)",
}
PAGE_MISSING = {
    "en": "Page 999999 does not exist.",
    "nb": "Side 999999 finnes ikke.",
    "ar": "الصفحة 999999 غير موجودة.",
}
NOT_AN_IMAGE = {
    "en": "The file is not an image in GIF, JPEG, PNG or TIFF format.",
    "nb": "Filen er ikke et bilde i GIF-, JPEG-, PNG- eller TIFF-format.",
    "ar": "الملف ليس صورة بصيغة GIF أو JPEG أو PNG أو TIFF.",
}


@pytest.fixture
def speaker(db):
    """A JSON client of an administrator who chose `language` on the account page ("" for none)."""

    def make(language: str, *, browser: str = "") -> JsonClient:
        user = get_user_model().objects.create_user(
            f"admin-{language or 'none'}-{browser or 'none'}",
            password="secret-pass-1",
            is_staff=True,
            is_superuser=True,
        )
        set_interface_language(user, language)
        client = Client(enforce_csrf_checks=True, **({"HTTP_ACCEPT_LANGUAGE": browser} if browser else {}))
        client.force_login(user)
        return JsonClient(client)

    return make


@pytest.fixture
def image(db):
    return Image.objects.create(
        file="images/a.png", filename="harbour.png", content_type="image/png", real_width=400, real_height=300
    )


def create_nameless(api: JsonClient):
    return api.post("/admin/en/pages.json", {"page": {"name": "", "body": "Text"}})


def put_segment(api: JsonClient, segment: str):
    response = api.post("/admin/en/pages.json", {"page": {"name": "About"}})
    page_id = response.json()["id"]
    return api.put(f"/admin/en/pages/{page_id}.json", {"page": {"path_segment": segment}})


def crop_outside(api: JsonClient, image: Image):
    fields = {"crop_start_x": 300, "crop_start_y": 0, "crop_width": 200, "crop_height": 100}
    return api.put(f"/admin/images/{image.pk}.json", {"image": fields})


@pytest.mark.parametrize("language", ["nb", "ar"])
def test_refusals_speak_the_users_interface_language(speaker, image, language):
    api = speaker(language)

    nameless = create_nameless(api)
    assert nameless.status_code == 422
    assert nameless.json()["errors"] == [["name", NAME_BLANK[language]]]

    segment = put_segment(api, "about us")
    assert segment.status_code == 422
    assert segment.json()["errors"] == [["path_segment", BAD_SEGMENT[language]]]

    crop = crop_outside(api, image)
    assert crop.status_code == 422
    assert crop.json()["errors"] == [["crop_start_x", CROP_OUTSIDE[language]]]
    assert crop.json()["detail"] == f"crop_start_x: {CROP_OUTSIDE[language]}"

    missing = api.get("/admin/en/pages/999999/history.json")
    assert missing.status_code == 404
    assert missing.json() == {"detail": PAGE_MISSING[language]}

    refused = upload(api, "notes.png", b"not a picture")
    assert refused.status_code == 422
    assert refused.json() == {"status": "error", "error": NOT_AN_IMAGE[language]}


@pytest.mark.parametrize(
    ("language", "browser"),
    [
        ("", ""),  # no choice and no Accept-Language: the black-box suite
        ("en", ""),
        ("en", "ar"),  # the choice beats the browser
        ("", "fr-FR,fr;q=0.9"),  # a language the product does not ship
    ],
)
def test_english_refusals_are_word_for_word_what_they_were(speaker, image, language, browser):
    api = speaker(language, browser=browser)
    assert create_nameless(api).json()["errors"] == [["name", "can't be blank"]]
    assert put_segment(api, "about us").json()["errors"] == [["path_segment", PATH_SEGMENT_MESSAGE]]
    crop = crop_outside(api, image).json()
    assert crop == {"detail": f"crop_start_x: {CROP_OUTSIDE['en']}", "errors": [["crop_start_x", CROP_OUTSIDE["en"]]]}
    assert api.get("/admin/en/pages/999999/history.json").json() == {"detail": PAGE_MISSING["en"]}
    assert upload(api, "notes.png", b"not a picture").json()["error"] == NOT_AN_IMAGE["en"]


def test_the_browser_language_speaks_when_the_user_chose_none(speaker):
    api = speaker("", browser="nb-NO,nb;q=0.9,en;q=0.5")
    assert create_nameless(api).json()["errors"] == [["name", NAME_BLANK["nb"]]]


def test_the_users_choice_beats_the_browser(speaker):
    api = speaker("ar", browser="nb")
    assert create_nameless(api).json()["errors"] == [["name", NAME_BLANK["ar"]]]


def test_messages_with_values_and_composed_messages_are_translated(speaker):
    api = speaker("nb")
    # A value (the form field) in a message, inside the upload error's sentence.
    response = api.post("/admin/attachments.json", {})
    sentence = "Filen ble ikke sendt (skjemafeltet heter attachment[file])."
    assert response.json() == {"status": "error", "error": sentence}
    # The locale, then the rule, with its limit.
    attachment = api.put("/admin/attachments/1.json", {"attachment": {"name": {"nb": "x" * 256}}})
    assert attachment.json()["errors"] == [["name", "(nb) er for lang (høyst 255 tegn)"]]
    # A number written the language's way.
    too_many = {"user_id": 1, "page_ids": ",".join(["1"] * 10_001), "permissions": ["edit"], "action": "grant"}
    grants = api.post("/admin/grants.json", too_many)
    assert grants.status_code == 422
    assert grants.json()["errors"] == [["page_ids", "kan nevne høyst 10\xa0000 sider om gangen"]]
    english = speaker("en").post("/admin/grants.json", too_many)
    assert english.json()["errors"] == [["page_ids", "can name at most 10,000 pages at once"]]


def test_a_message_is_worded_when_it_is_read_not_when_it_is_raised():
    with translation.override("ar"):
        refusal = ValidationFailed([("name", CANT_BE_BLANK)])
    with translation.override("nb"):
        assert refusal.errors == [("name", "kan ikke være tom")]
        assert str(refusal) == "name: kan ikke være tom"
    # Compared with the constant (as services and tests do), whatever the language.
    with translation.override("ar"):
        assert refusal.errors == [("name", CANT_BE_BLANK)]
    assert str(refusal.message) == "name: can't be blank"


def test_nothing_translated_is_stored(speaker):
    """Messages are words of an answer; the audit log and the rows keep facts only."""
    api = speaker("ar")
    page_id = api.post("/admin/en/pages.json", {"page": {"name": "About"}}).json()["id"]
    assert api.put(f"/admin/en/pages/{page_id}.json", {"page": {"path_segment": "about us"}}).status_code == 422
    assert api.put(f"/admin/en/pages/{page_id}.json", {"page": {"body": "Text"}}).status_code == 200
    stored = json.dumps(
        [api.get(f"/admin/en/pages/{page_id}/history.json").json(), list(PageLocalization.objects.values())],
        ensure_ascii=False,
        default=str,
    )
    assert not re.search("[\u0600-\u06ff]", stored)


# --- The templates' texts -----------------------------------------------------------------------


def texts(templates: list[dict]) -> dict[str, str]:
    """What a language changes in the templates: names, block titles, descriptions, placeholders
    and option labels, by where they are."""
    found = {}
    for template in templates:
        found[template["template_name"]] = template["name"]
        for block in template["blocks"] + template["metadata_blocks"]:
            for key in ("title", "description", "placeholder"):
                found[f"{block['name']}.{key}"] = block[key]
            for option in block["options"]:
                found[f"{block['name']}.{option['value']}"] = option["label"]
    return found


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "nb",
            {
                "page": "Standardside",
                "news_index": "Nyhetsliste",
                "headline.title": "Overskrift",
                "headline.description": "Vises over teksten. La feltet stå tomt for å bruke navnet.",
                "name.placeholder": "Sidenavn",
                "layout.sidebar": "Med sidekolonne",
                "video_url.placeholder": "https://",  # no words to translate: the base text
            },
        ),
        (
            "ar",
            {
                "event": "فعالية",
                "body.title": "النص",
                "meta_description.placeholder": "جملة أو جملتان",
                "category.press": "بيان صحفي",
            },
        ),
    ],
)
def test_templates_speak_the_users_interface_language(speaker, language, expected):
    api = speaker(language)
    answered = texts(api.get("/admin/en/templates.json").json())
    assert {key: answered[key] for key in expected} == expected
    # The values and everything else are the configuration's, whatever the language.
    english = speaker("").get("/admin/en/templates.json").json()
    localized = api.get("/admin/en/templates.json").json()
    for template, base in zip(localized, english, strict=True):
        assert template["template_name"] == base["template_name"]
        for block, base_block in zip(template["blocks"], base["blocks"], strict=True):
            assert {k: v for k, v in block.items() if k not in ("title", "description", "placeholder", "options")} == {
                k: v for k, v in base_block.items() if k not in ("title", "description", "placeholder", "options")
            }
            assert [o["value"] for o in block["options"]] == [o["value"] for o in base_block["options"]]


def test_english_templates_are_the_configurations_texts(speaker):
    answered = speaker("").get("/admin/en/templates.json").json()
    assert answered == [template.as_dict() for template in registry().templates]
    found = texts(answered)
    assert found["page"] == "Standard page" and found["headline.title"] == "Headline"
    assert found["layout.sidebar"] == "With sidebar" and found["name.placeholder"] == "Page name"


def test_the_editor_screen_embeds_the_templates_in_the_interface_language(speaker):
    api = speaker("nb")
    html = api.get("/admin/en/pages/new").content.decode()
    data = json.loads(re.search(r'<script id="initial-data" type="application/json">(.*?)</script>', html, re.S)[1])
    assert data["templates"] == api.get("/admin/en/templates.json").json()
    assert texts(data["templates"])["article"] == "Artikkel"
