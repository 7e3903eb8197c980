"""Every row of every table of a database, and the SHA-256 of every stored file a row names, in
one canonical JSON: two sites are the same when their dumps are. Written apart from the export
(it reads every installed model, not the export's list), so a column the export forgot shows.

Run in a process of its own: `python -c "…; from cms.portability.tests.dump import main; main(PATH)"`.
"""

import datetime
import hashlib
import json
import sys
from typing import Any

from django.apps import apps
from django.core.files.storage import default_storage
from django.db import models

# Made by `migrate` on each side, numbered as it goes, or the task engine's queue (a scheduled
# change queues its task; the imported one is found by the workers' rounds): not the site's data.
NOT_SITE_DATA = {
    "contenttypes.contenttype",
    "auth.permission",
    "sessions.session",
    "django_tasks_database.dbtaskresult",
}


def site_dump() -> dict[str, list[dict[str, Any]]]:
    dump: dict[str, list[dict[str, Any]]] = {}
    for model in apps.get_models(include_auto_created=True):
        label = model._meta.label_lower
        if label in NOT_SITE_DATA or model._meta.proxy:
            continue
        fields = list(model._meta.concrete_fields)
        rows = model._base_manager.order_by("pk").values_list(*[f.attname for f in fields])
        dump[label] = [
            {f.attname: _canonical(f, value) for f, value in zip(fields, row, strict=True)} for row in rows.iterator()
        ]
    return dump


def _canonical(field: models.Field, value: Any) -> Any:
    if isinstance(field, models.FileField):
        return {"name": value, "sha256": _stored_digest(value)}
    if isinstance(field, models.JSONField):  # jsonb keeps no key order
        return json.dumps(value, sort_keys=True, ensure_ascii=False)
    if isinstance(value, datetime.datetime):
        return value.astimezone(datetime.UTC).isoformat()
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    return value if isinstance(value, int | str | bool | float | type(None)) else str(value)


def _stored_digest(name: str) -> str | None:
    if not name:
        return None
    try:
        with default_storage.open(name, "rb") as stored:
            hasher = hashlib.sha256()
            while chunk := stored.read(1 << 20):
                hasher.update(chunk)
            return hasher.hexdigest()
    except FileNotFoundError:
        return "missing"


def main(path: str) -> None:
    with open(path, "w", encoding="utf-8") as out:
        json.dump(site_dump(), out, ensure_ascii=False, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1])
