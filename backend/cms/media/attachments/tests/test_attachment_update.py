"""PUT /admin/attachments/{id}: names and descriptions per locale; a refused change answers 422 with
(attribute, message) pairs and changes nothing. GET /admin/attachments/{id}.json: one record."""

import pytest
from django.db.models.signals import post_save

from cms.media.models import Attachment


@pytest.fixture
def attachment(db):
    return Attachment.objects.create(
        file="attachments/2026/11/" + "a" * 32 + ".pdf",
        filename="guide.pdf",
        content_type="application/pdf",
        byte_size=1234,
        name={"en": "Guide"},
    )


def put(api, attachment, fields, *, suffix=""):
    return api.put(f"/admin/attachments/{attachment.pk}{suffix}", {"attachment": fields})


def stored(attachment):
    row = Attachment.objects.filter(pk=attachment.pk).values().get()
    row.pop("updated_at")
    return row


@pytest.mark.parametrize("suffix", ["", ".json"])
def test_names_and_descriptions_are_saved_per_locale_and_answered(api, attachment, suffix):
    fields = {"name": {"nb": "Veileder", "ar": "دليل"}, "description": {"en": "How to find the harbour."}}

    response = put(api, attachment, fields, suffix=suffix)

    assert response.status_code == 200
    record = response.json()
    assert record["name"] == {"en": "Guide", "nb": "Veileder", "ar": "دليل"}  # a partial change
    assert record["description"] == {"en": "How to find the harbour."}
    assert (record["filename"], record["content_type"], record["byte_size"]) == ("guide.pdf", "application/pdf", 1234)
    assert record["url"] == f"/files/{attachment.pk}/guide.pdf"
    assert api.get(f"/admin/attachments/{attachment.pk}.json").json() == record


def test_an_empty_text_removes_its_locale_and_the_whole_record_may_be_sent_back(api, attachment):
    record = api.get(f"/admin/attachments/{attachment.pk}.json").json()
    record["name"] = {"en": "  "}
    record["url"] = "/elsewhere"  # read-only fields sent back are ignored
    answer = put(api, attachment, record).json()
    assert answer["name"] == {}
    assert answer["url"] == f"/files/{attachment.pk}/guide.pdf"


def test_the_search_text_follows_the_names(api, attachment):
    put(api, attachment, {"name": {"nb": "BLÅBÆR"}})
    assert "blåbær" in Attachment.objects.get(pk=attachment.pk).search_text


@pytest.mark.parametrize(
    ("fields", "attribute"),
    [
        ({"name": {"xx": "Unknown locale"}}, "name"),
        ({"name": {"en\x00": "key with NUL"}}, "name"),
        ({"name": {"en": "NUL\x00"}}, "name"),
        ({"name": {"en": "x" * 256}}, "name"),
        ({"description": {"en": "x" * 2001}}, "description"),
        ({"name": {"en": {"nested": "object"}}}, "name"),
        ({"name": {"en": ["list"]}}, "name"),
        ({"name": {"en": 5}}, "name"),
        ({"name": {"en": 10**30}}, "name"),
        ({"name": {"en": True}}, "name"),
        ({"name": {"en": None}}, "name"),
        ({"name": ["en"]}, "name"),
        ({"name": "Guide"}, "name"),
        ({"name": 5}, "name"),
        ({"description": {str(n): "many" for n in range(101)}}, "description"),
        ({"name": {"nb": "ok"}, "description": {"zz": "unknown"}}, "description"),
    ],
)
def test_bad_changes_are_refused_with_422_and_change_nothing(api, attachment, fields, attribute):
    before = stored(attachment)

    response = put(api, attachment, fields)

    assert response.status_code == 422
    assert response.json()["errors"][0][0] == attribute
    assert stored(attachment) == before


@pytest.mark.parametrize(
    "body",
    [
        '{"attachment": {"name": {"en": "\\ud800"}}}',  # a lone surrogate
        '{"attachment": {"description": {"en": "\\udfff tail"}}}',
        '{"attachment": {"name": {"\\ud800": "a surrogate key"}}}',
        '{"attachment": {"name": {"en": "a"}, "name": {"en": "\\u0000"}}}',  # duplicate keys: the last counts
    ],
)
def test_texts_no_database_can_store_are_refused(api, attachment, body):
    before = stored(attachment)
    response = api.put(f"/admin/attachments/{attachment.pk}.json", body)
    assert response.status_code == 422
    assert stored(attachment) == before


@pytest.mark.parametrize(
    "body",
    ["not json", "[]", '{"attachment": []}', '{"attachment": null}', '"attachment"', "{" * 5000, '{"name": 1e999}'],
)
def test_malformed_bodies_answer_4xx(api, attachment, body):
    before = stored(attachment)
    response = api.put(f"/admin/attachments/{attachment.pk}.json", body)
    assert 400 <= response.status_code < 500
    assert stored(attachment) == before


def test_a_form_body_is_refused_with_415(api, attachment):
    api.client.cookies["csrftoken"] = api.token
    response = api.client.put(
        f"/admin/attachments/{attachment.pk}.json",
        b'--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
        content_type="multipart/form-data; boundary=x",
        headers={"X-CSRFToken": api.token},
    )
    assert response.status_code == 415


@pytest.mark.parametrize("path", ["999999.json", "abc.json", "-1.json", f"{2**63}.json", "99999999999999999999.json"])
def test_unknown_attachments_answer_404(api, attachment, path):
    assert api.get(f"/admin/attachments/{path}").status_code == 404
    assert api.put(f"/admin/attachments/{path}", {"attachment": {}}).status_code == 404


def test_reading_and_changing_need_login_and_csrf(api, anonymous_api, attachment):
    assert anonymous_api.get(f"/admin/attachments/{attachment.pk}.json").status_code == 401
    assert put(anonymous_api, attachment, {"name": {"en": "x"}}).status_code == 401
    api.csrf = False
    assert put(api, attachment, {"name": {"en": "x"}}).status_code == 403
    assert Attachment.objects.get(pk=attachment.pk).name == {"en": "Guide"}


def test_an_update_saves_the_attachment_so_cached_page_answers_are_forgotten(api, attachment):
    # The pages app listens for Attachment saves (cms.pages.apps); media only has to save the row.
    saved = []

    def heard(sender, instance, **kwargs):
        saved.append(instance.pk)

    post_save.connect(heard, sender=Attachment, dispatch_uid="test-heard")
    try:
        put(api, attachment, {"name": {"en": "x"}})
    finally:
        post_save.disconnect(dispatch_uid="test-heard", sender=Attachment)
    assert saved == [attachment.pk]
