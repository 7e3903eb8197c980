"""The Page's field table (cms.pages.models.page_fields) and what is held to it: the model, the
read model's row and records, the API's schemas, and every list derived from it (issue 29, item 2)."""

import pytest
from django.db import models
from django.utils import translation
from django.utils.translation import gettext, pgettext

from cms.audit.log import MENTION_KEYS
from cms.pages import read_model
from cms.pages.models import Page, PageLocalization, PageRevision
from cms.pages.models.page_fields import PAGE_FIELDS, Kind
from cms.pages.read_model.rows import ROW_FIELDS
from cms.pages.revisions.history import FIELD_NAMES, revision_record
from cms.pages.revisions.storage import KEPT_FIELDS
from cms.pages.saving.payload import BOOLEAN_FIELDS, SCALAR_FIELDS, TEXT_FIELDS
from cms.pages.schemas import PageFieldsIn, PageOut, TreePageOut
from cms.pages.templates_registry import RESERVED_NAMES

NAMES = [field.name for field in PAGE_FIELDS]
# What the row reads besides the table's columns, for the parts of the shape worked out from them.
ROW_ONLY = {"translation_outdated", "translation_todo", "child_count", "is_home"}
MODEL_FIELD_OF_KIND = {
    Kind.ID: models.AutoField,
    Kind.INTEGER: models.IntegerField,
    Kind.REFERENCE: models.ForeignKey,
    Kind.DATETIME: models.DateTimeField,
    Kind.BOOLEAN: models.BooleanField,
    Kind.TEXT: models.CharField,
    Kind.TEMPLATE: models.CharField,
    Kind.BLOCKS: models.JSONField,
}


def test_page_out_answers_the_tables_fields_in_its_order():
    assert list(PageOut.model_fields) == NAMES
    assert list(TreePageOut.model_fields) == NAMES


def test_page_fields_in_takes_the_fields_the_table_sends():
    assert set(PageFieldsIn.model_fields) == {field.sent_as for field in PAGE_FIELDS if field.sent_as}


def test_the_read_model_answers_page_outs_fields_whichever_path_reads_the_page(make_page, admin_user):
    parent = make_page("Parent", path_segment="parent")
    page = make_page("Child", parent=parent, path_segment="child", body="Text", serialized_tags='["News"]')
    records = {
        "detail": read_model.page_record(page.pk, locale="en", user=admin_user),
        "tree": next(r for r in read_model.tree_records(locale="en", user=admin_user) if r["id"] == page.pk),
        "children": read_model.children_records(parent.pk, locale="en", user=admin_user)[0],
        "unsaved": read_model.unsaved_page_record(Page(template=page.template), locale="en", user=admin_user),
        "revision": revision_record(
            page.pk, PageRevision.objects.filter(page=page).latest("id").pk, locale="en", user=admin_user
        ),
    }
    for path, record in records.items():
        assert list(record) == list(PageOut.model_fields), path


def test_each_column_is_the_page_models_field_of_its_kind():
    for field in PAGE_FIELDS:
        if field.column:
            model_field = next(f for f in Page._meta.concrete_fields if f.attname == field.column)
            assert isinstance(model_field, MODEL_FIELD_OF_KIND[field.kind]), field.name
        else:
            assert field.kind not in {Kind.ID, Kind.INTEGER, Kind.DATETIME, Kind.BOOLEAN, Kind.BLOCKS}, field.name
        if field.localized:
            assert not field.column and isinstance(PageLocalization._meta.get_field(field.name), models.CharField)


def test_the_row_reads_every_column_of_the_table():
    assert set(ROW_FIELDS) == {field.column for field in PAGE_FIELDS if field.column} | ROW_ONLY


def test_a_save_copies_the_kept_fields_in_the_tables_order():
    assert SCALAR_FIELDS == (
        "status", "published_at", "starts_at", "ends_at", "all_day", "pinned", "template",
        "unique_name", "feed_enabled", "news_page", "user_id", "redirect_to", "meta_image_id",
        "skip_index",
    )  # fmt: skip
    assert {field.column for field in PAGE_FIELDS if field.kept} == set(SCALAR_FIELDS)  # read off the page by name
    assert {"all_day", "pinned", "feed_enabled", "news_page", "skip_index"} == BOOLEAN_FIELDS
    assert {"unique_name", "redirect_to"} == TEXT_FIELDS


def test_a_revision_keeps_the_kept_fields_beside_its_template():
    assert tuple(name for name in SCALAR_FIELDS if name != "template") == KEPT_FIELDS


def test_no_block_may_take_the_name_of_a_field_answered_or_sent():
    assert {
        "id", "status", "published_at", "starts_at", "ends_at", "all_day", "pinned", "template",
        "unique_name", "feed_enabled", "news_page", "user_id", "redirect_to", "path_segment",
        "meta_image", "meta_image_id", "parent_page_id", "position", "skip_index", "blocks",
        "ancestors", "urls", "page_files", "page_images", "tags_and_suggestions", "enabled_tags",
        "errors", "permissions", "lock_version", "serialized_tags", "locale", "_method",
        "page_files_attributes", "page_images_attributes",
        "child_count", "translations", "outdated_blocks", "missing_blocks",
    } == RESERVED_NAMES  # fmt: skip


# Each field a summary names: its text and its translation context (the catalogues translate them so).
LABELS = {
    "serialized_tags": (None, "tags"),
    "page_images_attributes": (None, "images"),
    "page_files_attributes": (None, "files"),
    "path_segment": (None, "path segment"),
    "published_at": (None, "publication date"),
    "meta_image_id": (None, "sharing image"),
    "redirect_to": (None, "redirect"),
    "unique_name": (None, "unique name"),
    "status": ("a page field", "status"),
    "starts_at": ("a page field", "start"),
    "ends_at": ("a page field", "end"),
    "all_day": ("a page field", "all day"),
    "pinned": ("a page field", "pinned"),
    "template": ("a page field", "template"),
    "feed_enabled": ("a page field", "feed"),
    "news_page": ("a page field", "news page"),
    "user_id": ("a page field", "author"),
    "skip_index": ("a page field", "hiding from search engines"),
}


@pytest.mark.parametrize("language", ["en", "nb", "ar"])
def test_a_summary_names_the_fields_by_their_labels_in_the_interface_language(language):
    assert set(FIELD_NAMES) == set(LABELS)
    with translation.override(language):
        for name, (context, text) in LABELS.items():
            assert str(FIELD_NAMES[name]) == (pgettext(context, text) if context else gettext(text)), name


def test_the_audit_log_names_the_records_the_tables_references_hold():
    assert {key: MENTION_KEYS[key] for key in ("parent_page_id", "meta_image_id", "user_id")} == {
        "parent_page_id": "page", "meta_image_id": "image", "user_id": "user",
    }  # fmt: skip
