"""The spec's upload error text (`{"status": "error", "error": …}`): one sentence for the toast,
'Error uploading image: {error}', worded in the interface language."""

from django.utils.translation import gettext_lazy as _

from cms.core.messages import Message, message
from cms.core.uploads import FILE_SENTENCE

# A refused upload's first (attribute, message) pair as a sentence, per attribute: whole
# sentences, so each language orders subject and problem its own way.
SENTENCES: dict[str, Message] = {
    "file": FILE_SENTENCE,
    "alternative": _("The alternative text %(problem)s."),
    "name": _("The name %(problem)s."),
    "description": _("The description %(problem)s."),
}


def upload_error_text(attribute: str, problem: Message) -> str:
    """'The file is empty.', 'The name (nb) is too long (at most 255 characters).'"""
    sentence = SENTENCES.get(attribute)
    if sentence is None:  # no upload refuses another attribute; said plainly if one ever does
        return str(message("The %(attribute)s %(problem)s.", attribute=attribute, problem=problem))
    return str(message(sentence, problem=problem))
