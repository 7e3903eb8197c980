"""GET /admin/images.json: the image library, newest first, searched, filtered by missing
alternative text per locale, 48 a page, with the pages that use each image."""

from datetime import timedelta

import pytest
from django.utils import timezone

from cms.media.library import PER_PAGE
from cms.media.models import Image


def make_image(name: str, *, alternative=None, caption=None, age: int = 0) -> Image:
    image = Image.objects.create(
        file=f"images/2026/11/{name}.png", filename=name, content_type="image/png", real_width=10, real_height=10,
        alternative=alternative or {}, caption=caption or {},
    )  # fmt: skip
    Image.objects.filter(pk=image.pk).update(created_at=timezone.now() - timedelta(minutes=age))
    return image


def library(api, query: str = ""):
    response = api.get(f"/admin/images.json{query}")
    assert response.status_code == 200, response.content
    return response.json()


def names(answer) -> list[str]:
    return [image["filename"] for image in answer["images"]]


def test_every_image_newest_first_with_the_record_shape_and_its_pages(api, make_page):
    old = make_image("old.png", age=10)
    new = make_image("new.png", age=1)
    page = make_page("Harbour", path_segment="harbour")
    api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"page_images_attributes": [{"image_id": old.pk}]}})

    answer = library(api)

    assert (answer["page"], answer["per_page"], answer["total"]) == (1, PER_PAGE, 2)
    assert names(answer) == ["new.png", "old.png"]
    assert answer["images"][0]["pages"] == []
    assert answer["images"][1]["pages"] == [{"id": page.pk, "name": {"en": "Harbour"}}]
    shape = api.get(f"/admin/images/{new.pk}.json").json()
    assert {k: v for k, v in answer["images"][0].items() if k != "pages"} == shape


def test_search_matches_filename_caption_and_alternative_text_in_any_locale_and_case(api):
    make_image("HARBOUR.jpg")
    make_image("a.png", caption={"nb": "Blåbær på fjellet"})
    make_image("b.png", alternative={"ar": "ميناء القديم"})
    make_image("c.png", alternative={"en": "Something else"})

    assert names(library(api, "?q=harbour")) == ["HARBOUR.jpg"]
    assert names(library(api, "?q=BLÅBÆR")) == ["a.png"]
    assert names(library(api, "?q=ميناء")) == ["b.png"]
    assert library(api, "?q=%25")["total"] == 0  # LIKE's wildcards are plain characters
    assert library(api, "?q=_")["total"] == 0


def test_missing_alt_finds_images_without_alternative_text_in_that_locale(api):
    make_image("both.png", alternative={"en": "x", "ar": "y"})
    make_image("english.png", alternative={"en": "x"})
    make_image("blank.png", alternative={"en": "x", "ar": ""})
    make_image("none.png")

    assert sorted(names(library(api, "?missing_alt=ar"))) == ["blank.png", "english.png", "none.png"]
    assert names(library(api, "?missing_alt=en")) == ["none.png"]
    assert names(library(api, "?missing_alt=en&q=none")) == ["none.png"]


def test_paging(api):
    for n in range(PER_PAGE + 2):
        make_image(f"{n:03}.png", age=n)

    first, second = library(api), library(api, "?page=2")

    assert len(first["images"]) == PER_PAGE and first["total"] == PER_PAGE + 2
    assert names(second) == [f"{PER_PAGE:03}.png", f"{PER_PAGE + 1:03}.png"]
    assert library(api, "?page=99")["images"] == []


def test_the_library_costs_a_fixed_number_of_queries(api, make_page, django_assert_max_num_queries):
    images = [make_image(f"{n}.png") for n in range(30)]
    page = make_page("Page")
    records = [{"image_id": image.pk} for image in images]
    api.put(f"/admin/en/pages/{page.pk}.json", {"page": {"page_images_attributes": records}})

    with django_assert_max_num_queries(8):  # session, user, count, rows, links, names
        assert library(api)["total"] == 30


@pytest.mark.parametrize(
    "query",
    [
        "?page=0", "?page=-1", "?page=abc", "?page=1.5", "?page=" + "9" * 40, "?page=100001",
        "?missing_alt=xx", "?missing_alt=", "?missing_alt=en%00", "?missing_alt=" + "e" * 5000,
        "?q=a%00b", "?q=" + "x" * 201,
    ],
)  # fmt: skip
def test_bad_parameters_answer_422(api, query):
    response = api.get(f"/admin/images.json{query}")
    assert response.status_code == 422, query
    assert response.json()["errors"]


def test_the_library_needs_a_login(anonymous_api):
    assert anonymous_api.get("/admin/images.json").status_code == 401
