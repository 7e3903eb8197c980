"""An attachment's file at its stable address, `/files/{id}/{filename}` (cms.media.records).

Sent with the type stored at upload and named after the uploader's file; ranges (resumed
downloads), ETag and conditional requests as for every stored file (cms.media.storage.views). Only PDFs
and pictures are shown in the browser; anything it could run is a download, with `nosniff` and
a sandboxing CSP. A file no published page offers is for signed-in editors only.
"""

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.views.decorators.http import require_safe

from cms.media.attachments.file_types import is_inline
from cms.media.models import Attachment
from cms.media.storage.views import (
    Served,
    answers_503_while_the_store_is_away,
    not_found,
    open_stored,
    stored_file_response,
)
from cms.media.usage import published_attachments

# Anyone may keep a published file, but must ask again each time (a 304 when unchanged): the
# content can be replaced at the same address, and its page unpublished.
PUBLIC = "public, no-cache"
# Only the signed-in editor's own browser may keep a file no published page offers.
PRIVATE = "private, no-cache"


@require_safe
@answers_503_while_the_store_is_away
def attachment_file(request: HttpRequest, attachment_id: int, filename: str) -> HttpResponseBase:
    """Answer GET/HEAD for an attachment's file; the id alone picks it, whatever the filename says."""
    row = Attachment.objects.filter(pk=attachment_id).values("file", "filename", "content_type").first()
    if row is None:
        return not_found()
    public = attachment_id in published_attachments([attachment_id])
    if not public:
        user = request.user
        if not user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        # The back office's rule (cms.accounts.permissions.can_use_admin), which media can't import.
        if not (user.is_active and user.is_staff):
            return not_found()
    file = open_stored(row["file"])
    if file is None:
        return not_found()
    content_type = row["content_type"]
    served = Served(content_type, row["filename"], PUBLIC if public else PRIVATE, is_inline(content_type))
    response = stored_file_response(request, row["file"], file, served)
    if not public:
        response["Vary"] = "Cookie"
    return response
