"""Image uploads: checked by content, sizes read from the header (spec §5, §7)."""

import pyvips
from django.core.files.uploadedfile import SimpleUploadedFile

from cms.media.models import Image
from cms.media.tests.images import png, upload


def test_upload_stores_the_image_with_its_size_and_alternative_texts(api):
    response = upload(
        api, "photo.png", png(), **{"image[alternative][en]": "A cat", "image[alternative][nb]": "En katt"}
    )
    assert response.status_code == 201
    record = response.json()
    assert (record["real_width"], record["real_height"], record["content_type"]) == (40, 30, "image/png")
    assert record["alternative"] == {"en": "A cat", "nb": "En katt"}
    assert record["thumbnail_url"].startswith("/renditions/")
    assert api.client.get(record["thumbnail_url"]).status_code == 200
    assert api.get(f"/admin/images/{record['id']}.json").json()["id"] == record["id"]
    assert api.client.get(record["original_url"]).status_code == 200


def test_jpeg_is_recognised_by_content_not_by_name(api):
    jpeg = pyvips.Image.black(16, 8).write_to_buffer(".jpg")
    response = upload(api, "misnamed.png", jpeg)
    assert response.status_code == 201
    assert response.json()["content_type"] == "image/jpeg"


def test_a_file_that_is_not_an_image_is_refused_with_the_upload_error_shape(api):
    response = upload(api, "notes.png", b"just some text, not a picture")
    assert response.status_code == 422
    assert response.json() == {"status": "error", "error": "The file is not an image in GIF, JPEG, PNG or TIFF format."}
    assert Image.objects.count() == 0


def test_an_unsupported_image_format_is_refused(api):
    webp = pyvips.Image.black(8, 8).write_to_buffer(".webp")
    assert upload(api, "picture.webp", webp, "image/webp").status_code == 422


def test_a_decompression_bomb_is_refused(api):
    bomb = png(12_000, 9_000, bitdepth=1, compression=9)  # 108 megapixels in a few kilobytes
    response = upload(api, "bomb.png", bomb)
    assert response.status_code == 422
    assert "megapixels" in response.json()["error"]


def test_upload_needs_login_and_csrf(api, anonymous_api):
    assert upload(anonymous_api, "photo.png", png()).status_code in (401, 403)
    api.client.cookies["csrftoken"] = api.token
    response = api.client.post("/admin/images.json", {"image[file]": SimpleUploadedFile("a.png", png())})
    assert response.status_code == 403
