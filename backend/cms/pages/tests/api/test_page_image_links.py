"""A page's images, saved with the page as `page_images_attributes` (spec §3 Page image link):
one primary at most, each image once, known images only; a refused save stores nothing."""

import pytest

from cms.media.models import Image
from cms.pages.models import PageImage
from cms.pages.saving.links import PRIMARY_MESSAGE


@pytest.fixture
def images(db):
    return [
        Image.objects.create(
            file=f"images/2026/11/{n}.png", filename=f"{n}.png", content_type="image/png", real_width=4, real_height=3
        )
        for n in "abc"
    ]


def save(api, page, records):
    return api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"page_images_attributes": records}})


def links(page):
    return list(PageImage.objects.filter(page=page).order_by("position").values_list("image_id", "primary", "position"))


def test_links_keep_their_order_primary_flag_and_can_be_destroyed(api, make_page, images):
    a, b, c = images
    page = make_page("Page")
    answer = save(api, page, [{"image_id": a.pk}, {"image_id": b.pk, "primary": True}, {"image_id": c.pk}]).json()
    assert links(page) == [(a.pk, False, 1), (b.pk, True, 2), (c.pk, False, 3)]

    ids = {link["image_id"]: link["id"] for link in answer["page_images"]}
    records = [
        {"id": ids[c.pk], "position": 1, "primary": True},
        {"id": ids[b.pk], "position": 2},
        {"id": ids[a.pk], "_destroy": True},
    ]
    assert save(api, page, records).status_code == 200
    assert links(page) == [(c.pk, True, 1), (b.pk, False, 2)]


@pytest.mark.parametrize(
    "records",
    [
        lambda a, b, c, own: [{"image_id": a.pk, "primary": True}, {"image_id": b.pk, "primary": True}],
        # a new primary beside the stored one that the records leave alone
        lambda a, b, c, own: [{"image_id": c.pk, "primary": True}],
    ],
)
def test_two_primary_images_are_refused(api, make_page, images, records):
    a, b, c = images
    page = make_page("Page")
    save(api, page, [{"image_id": a.pk, "primary": True}, {"image_id": b.pk}])
    before = links(page)

    response = save(api, page, records(a, b, c, before))

    assert response.status_code == 422
    assert ["page_images_attributes", PRIMARY_MESSAGE] in response.json()["errors"]
    assert links(page) == before


def test_moving_the_primary_flag_in_one_save_is_allowed(api, make_page, images):
    a, b, _ = images
    page = make_page("Page")
    stored = save(api, page, [{"image_id": a.pk, "primary": True}, {"image_id": b.pk}]).json()["page_images"]
    records = [{"id": stored[0]["id"], "primary": False}, {"id": stored[1]["id"], "primary": True}]

    assert save(api, page, records).status_code == 200
    assert links(page) == [(a.pk, False, 1), (b.pk, True, 2)]


@pytest.mark.parametrize(
    ("records", "message"),
    [
        (lambda a: [{"image_id": a.pk}, {"image_id": a.pk}], "links the same image to this page more than once"),
        (lambda a: [{"image_id": a.pk + 1000}], "names a image that does not exist"),
        (lambda a: [{"primary": True}], "a new link needs image_id"),
        (lambda a: [{"id": 999999, "position": 1}], "names a link that does not belong to this page"),
    ],
)
def test_bad_links_are_refused_and_nothing_is_stored(api, make_page, images, records, message):
    page = make_page("Page")
    response = save(api, page, records(images[0]))

    assert response.status_code == 422
    assert ["page_images_attributes", message] in response.json()["errors"]
    assert links(page) == []


def test_the_same_image_twice_is_refused_even_beside_a_stored_link(api, make_page, images):
    a = images[0]
    page = make_page("Page")
    save(api, page, [{"image_id": a.pk}])

    response = save(api, page, [{"image_id": a.pk}])

    assert response.status_code == 422
    assert len(links(page)) == 1


@pytest.mark.parametrize(
    "records",
    [
        [{"image_id": "1"}], [{"image_id": True}], [{"image_id": 2**63}], [{"image_id": {"id": 1}}],
        [{"position": 0, "image_id": 1}], [{"image_id": None, "primary": []}], {"image_id": 1}, "[]",
    ],
)  # fmt: skip
def test_malformed_link_records_are_refused(api, make_page, images, records):
    page = make_page("Page")
    response = save(api, page, records)
    assert response.status_code == 422
    assert links(page) == []
