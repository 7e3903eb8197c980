"""Which tables a site archive carries, in what order, and how a row becomes a line and back.

Every concrete field of every model of the site's apps travels, found through `_meta`: a column
or a table another change adds to those apps travels without a change here. What is left out is
listed with why (LEFT_OUT); users travel without their password (unusable once imported).
"""

import base64
import datetime
import decimal
import uuid
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db import models
from django.utils import timezone

from cms.portability import sql

# The apps whose every table travels (besides the user table of django.contrib.auth).
SITE_APPS = ("accounts", "audit", "media", "pages")

# Tables of those apps that stay behind, and why (the README repeats this).
LEFT_OUT = {
    "pages.workingcopy": "unsaved edits: one person's, in one browser, kept only until they save",
    "pages.pagepresence": "who has a page open: seconds old, meaningless on another server",
    "accounts.loginfailure": "failed sign-ins counted for throttling on this server",
}
# Outside the site's apps and not carried: sessions (a login belongs to one server and one
# password), the users' Django groups and permissions (the back office grants rights with
# PageGrant and is_superuser only), content types and permissions (made by migrate), and the
# renditions of images (files made again from the originals when first asked for).
NEVER_CARRIED_FIELDS = {"password"}  # of the user model: an imported user gets an unusable one


def user_label() -> str:
    return get_user_model()._meta.label_lower


def carried_models() -> list[type[models.Model]]:
    """The models whose rows an archive carries, each after every model it refers to."""
    chosen: dict[str, type[models.Model]] = {user_label(): get_user_model()}
    for app_label in SITE_APPS:
        for model in apps.get_app_config(app_label).get_models(include_auto_created=True):
            if model._meta.label_lower not in LEFT_OUT and not model._meta.proxy:
                chosen[model._meta.label_lower] = model
    return _referred_first(chosen)


def _referred_first(chosen: dict[str, type[models.Model]]) -> list[type[models.Model]]:
    """Order models so that each comes after the models its foreign keys point at (a page's
    parent, its own table, is a cycle the deferred constraints allow; the import checks at commit)."""
    ordered: list[type[models.Model]] = []
    placed: set[str] = set()
    pending = dict(sorted(chosen.items()))
    while pending:
        ready = [
            label
            for label, model in pending.items()
            if all(target in placed or target == label or target not in chosen for target in _targets(model))
        ]
        if not ready:  # a cycle between tables: the rest in name order; constraints are deferred
            ready = list(pending)
        for label in ready:
            ordered.append(pending.pop(label))
            placed.add(label)
    return ordered


def _targets(model: type[models.Model]) -> set[str]:
    return {
        field.related_model._meta.label_lower
        for field in model._meta.concrete_fields
        if field.is_relation and field.related_model is not None and not isinstance(field.related_model, str)
    }


def carried_fields(model: type[models.Model]) -> list[models.Field]:
    """The model's concrete fields an archive carries (every one but a user's password)."""
    is_user = model._meta.label_lower == user_label()
    return [f for f in model._meta.concrete_fields if not (is_user and f.attname in NEVER_CARRIED_FIELDS)]


def file_fields(model: type[models.Model]) -> list[models.FileField]:
    return [f for f in model._meta.concrete_fields if isinstance(f, models.FileField)]


def member_name(model: type[models.Model]) -> str:
    return f"tables/{model._meta.label_lower}.jsonl"


# --- A row as JSON, and back ----------------------------------------------------------------------


def encode_value(value: Any) -> Any:
    """`json.dumps`'s `default`: what JSON has no type for, as the field's to_python reads it back
    (datetimes to the microsecond, which Django's JSON encoder would cut to milliseconds)."""
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, decimal.Decimal | uuid.UUID):
        return str(value)
    if isinstance(value, datetime.timedelta):
        return value.total_seconds()
    if isinstance(value, bytes | memoryview):
        return base64.b64encode(bytes(value)).decode("ascii")
    raise TypeError(f"cannot write a {type(value).__name__} to an archive")


class RowReader:
    """Turns an archive's rows (attname -> JSON value) of one model into the values its table's
    columns take, prepared by the model's own fields for the database (as an INSERT of loaddata
    would write them: no save(), no auto_now)."""

    def __init__(self, model: type[models.Model]) -> None:
        self.model = model
        self.fields = list(model._meta.concrete_fields)
        self.is_user = model._meta.label_lower == user_label()
        self.allowed = {f.attname for f in carried_fields(model)}

    def unknown(self, row: dict[str, Any]) -> list[str]:
        return sorted(name for name in row if name not in self.allowed)

    def insert_sql(self, connection: Any) -> str:
        return sql.insert_row(self.model, [f.column for f in self.fields], connection.ops.quote_name)

    def values(self, row: dict[str, Any], connection: Any) -> tuple[Any, ...]:
        prepared = []
        for field in self.fields:
            if field.attname in row:
                value = _python_value(field, row[field.attname])
            elif self.is_user and field.attname == "password":
                value = make_password(None)  # unusable: set one with changepassword
            else:  # an archive made before the column existed: what a new row would get
                value = _new_value(field)
            prepared.append(field.get_db_prep_save(value, connection))
        return tuple(prepared)


def _python_value(field: models.Field, value: Any) -> Any:
    if value is None or isinstance(field, models.JSONField):
        return value
    return field.to_python(value)


def _new_value(field: models.Field) -> Any:
    if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
        return timezone.now()
    return field.get_default()
