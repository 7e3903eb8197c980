"""Writes of attachments: storing an upload, changing its names and descriptions, replacing its file.

Page answers show their attachments, so every change saves the row through the model: the pages
app hears the save (cms.pages.apps) and forgets its cached page answers when the transaction
commits. A refused write stores nothing and changes nothing.
"""

import contextlib
from typing import Any

from django.conf import settings
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from cms.audit import log as audit
from cms.core.exceptions import InUse, NotFound, ValidationFailed
from cms.core.input_types import shown_text
from cms.core.locales import locale_codes
from cms.core.messages import Errors, message
from cms.core.types import User
from cms.core.uploads import file_too_large
from cms.media import usage
from cms.media.attachments.file_types import HEAD_BYTES, NameMismatch, attachment_type
from cms.media.models import Attachment
from cms.media.names import clean_filename
from cms.media.selectors import ATTACHMENT_MISSING
from cms.media.storage.uploads import removed_on_failure
from cms.media.texts import checked_texts, text_errors

TEXT_LIMITS = {"name": 255, "description": 2000}  # characters: a title, and a few sentences
TEXT_FIELDS = tuple(TEXT_LIMITS)
FALLBACK_FILENAME = "file"
EMPTY_FILE_MESSAGE = _("is empty")


def attachment_create(
    *, actor: User, upload: UploadedFile, name: dict[str, Any], description: dict[str, Any] | None = None
) -> Attachment:
    """Store an uploaded file with its name (and description) per locale; unknown locales are left out.

    The file is moved (or streamed) into storage under a server-made name; the uploader's
    filename is kept, cleaned, for display and downloads.
    """
    texts = {"name": name, "description": description or {}}
    texts = {field: _known_locales(values) for field, values in texts.items()}
    errors = [error for field, values in texts.items() for error in _text_errors(field, values)]
    if errors:
        raise ValidationFailed(errors)
    filename, content_type = _checked_file(upload)
    attachment = Attachment(
        filename=filename,
        content_type=content_type,
        byte_size=upload.size or 0,
        name=_without_blanks(texts["name"]),
        description=_without_blanks(texts["description"]),
        uploaded_by=actor,
    )
    # A failure anywhere below (a full disk too: StorageFull) leaves no file and no row.
    with removed_on_failure(_discard) as written, transaction.atomic():
        written.save(attachment.file, filename, upload)  # the name comes from upload_to, not from here
        attachment.save()
        audit.record(actor, "upload", "attachment", attachment.pk, {"filename": attachment.filename})
    return attachment


def attachment_update(*, actor: User, attachment_id: int, changes: dict[str, Any]) -> Attachment:
    """Change names and descriptions (per locale); absent fields and locales keep their values, an
    empty text removes its locale."""
    texts = checked_texts(changes, TEXT_LIMITS)
    with transaction.atomic():
        attachment = _locked(attachment_id)
        usage.require_change_right(actor, "attachment", attachment.pk)
        before = {field: getattr(attachment, field) for field in TEXT_FIELDS}
        for field, values in texts.items():
            merged = {**getattr(attachment, field), **{code: shown_text(text) for code, text in values.items()}}
            setattr(attachment, field, _without_blanks(merged))
        # The entry lists what the stored texts changed, not what was sent (the editor sends both
        # texts: a rename is no change of the description); a change of nothing is not logged.
        details = audit.changes(before, {field: getattr(attachment, field) for field in TEXT_FIELDS})
        if details["fields"]:
            attachment.save(update_fields=[*TEXT_FIELDS, "updated_at"])
            audit.record(actor, "update", "attachment", attachment.pk, details)
    return attachment


IN_USE = _("This file can't be deleted: a page shows it. Remove it from every page that shows it first.")


def attachment_delete(*, actor: User, attachment_id: int) -> None:
    """Delete a file no page shows: its record and its stored file.

    One a page shows (a link, or an embed code in a text: cms.media.usage) is refused with InUse,
    and one the actor may not change with PermissionDenied. The file goes once the deletion is
    committed; the audit entry keeps its filename and names, so the log still names it.
    """
    with transaction.atomic():
        attachment = _locked(attachment_id)
        usage.require_change_right(actor, "attachment", attachment.pk)
        if usage.pages_using([attachment.pk], kind="attachment")[attachment.pk]:
            raise InUse(IN_USE)
        stored = attachment.file.name
        attachment.delete()
        details = {"filename": attachment.filename, "name": attachment.name}
        audit.record(actor, "delete", "attachment", attachment_id, details)
        transaction.on_commit(lambda: _discard(stored))


def attachment_replace_file(*, actor: User, attachment_id: int, upload: UploadedFile) -> Attachment:
    """Put a new file in place of an attachment's, keeping its id, address, texts and page links.

    The old file is deleted once the change is committed (a failed one leaves it in place).
    """
    if not Attachment.objects.filter(pk=attachment_id).exists():  # before reading the upload
        raise NotFound(message(ATTACHMENT_MISSING, id=attachment_id))
    filename, content_type = _checked_file(upload)
    with removed_on_failure(_discard) as written, transaction.atomic():
        attachment = _locked(attachment_id)
        usage.require_change_right(actor, "attachment", attachment.pk)
        old_name = attachment.file.name
        attachment.filename, attachment.content_type, attachment.byte_size = filename, content_type, upload.size or 0
        written.save(attachment.file, filename, upload)
        attachment.save(update_fields=["file", "filename", "content_type", "byte_size", "updated_at"])
        audit.record(actor, "upload", "attachment", attachment.pk, {"filename": filename, "replaced": True})
        transaction.on_commit(lambda: _discard(old_name))
    return attachment


def _checked_file(upload: UploadedFile) -> tuple[str, str]:
    """Return the cleaned filename and the type to store of an upload, or raise ValidationFailed."""
    # The same limit the upload guard applies while reading the request (cms.core.uploads).
    limit = settings.CMS_ATTACHMENT_MAX_UPLOAD_BYTES
    if upload.size is not None and upload.size > limit:
        raise ValidationFailed([("file", file_too_large(limit))])
    if not upload.size:
        raise ValidationFailed([("file", EMPTY_FILE_MESSAGE)])
    filename = clean_filename(upload.name, fallback=FALLBACK_FILENAME)
    upload.seek(0)
    head = upload.read(HEAD_BYTES)
    upload.seek(0)
    try:
        return filename, attachment_type(filename, head)
    except NameMismatch as mismatch:
        raise ValidationFailed([("file", mismatch.message)]) from None


def _locked(attachment_id: int) -> Attachment:
    try:
        return Attachment.objects.select_for_update().get(pk=attachment_id)
    except Attachment.DoesNotExist:
        raise NotFound(message(ATTACHMENT_MISSING, id=attachment_id)) from None


def _discard(name: str) -> None:
    with contextlib.suppress(OSError):  # already gone: nothing to remove
        default_storage.delete(name)


def _known_locales(texts: dict[str, Any]) -> dict[str, Any]:
    return {code: text for code, text in texts.items() if code in locale_codes()}


def _without_blanks(texts: dict[str, Any]) -> dict[str, str]:
    stripped = {code: shown_text(text) for code, text in texts.items()}
    return {code: text for code, text in stripped.items() if text}


def _text_errors(attribute: str, texts: dict[str, Any]) -> Errors:
    return text_errors(attribute, texts, limit=TEXT_LIMITS[attribute])
