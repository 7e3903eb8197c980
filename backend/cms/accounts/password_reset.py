"""Password reset by mail, with Django's own tokens (DESIGN §3, "Password reset").

A request does the same work whatever the address: it counts against the throttle and queues one
task, `send_password_reset`, with the address. Looking the address up, making the token and
writing the mail happen in a worker, after the answer, so neither the answer nor its time says
whether the address has an account. The token (django.contrib.auth.tokens) holds the password
hash and the last login, so the link works once (a new password or a sign-in ends it) and for
PASSWORD_RESET_TIMEOUT (a day) at most.
"""

from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.tokens import default_token_generator
from django.db import transaction
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django_tasks import TaskContext, task

from cms.accounts.languages import stored_choice
from cms.accounts.sessions import end_sessions
from cms.audit import log as audit
from cms.core.types import User
from cms.mail.composing import Composed, compose
from cms.mail.outbox import queue_mail

MAIL_TEMPLATE = "accounts/mail/password_reset"


def password_reset_request(*, email: str, base_url: str, language: str, client: str) -> None:
    """Ask for a reset link to be mailed to every active account with `email` (none: nothing)."""
    send_password_reset.enqueue(email=email, base_url=base_url, language=language, client=client)


@task(takes_context=True)
def send_password_reset(context: TaskContext, *, email: str, base_url: str, language: str, client: str) -> None:
    # Django's own choice of accounts: active, with a usable password, this very address.
    for user in PasswordResetForm().get_users(email):
        # Keyed by this task and user: run again after its worker died, it queues no second mail.
        key = f"password-reset:{context.task_result.id}:{user.pk}"
        with transaction.atomic():
            mail = queue_mail(to=user.email, composed=_reset_mail(user, base_url, language), key=key)
            if mail is not None:
                audit.record(None, "password_reset_request", "user", user.pk, {"address": client})


def _reset_mail(user: User, base_url: str, request_language: str) -> Composed:
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    context = {
        "user": user,
        "username": user.get_username(),
        "reset_url": f"{base_url}/admin/reset/{uid}/{token}/",
        "base_url": base_url,
    }
    # The reader's interface language: the one they chose, else the one they asked in.
    return compose(MAIL_TEMPLATE, context, stored_choice(user) or request_language)


def password_reset_done(*, user: User, client: str) -> int:
    """After a reset set the password: end every session of the user (the new password is the only
    way in again) and log it, without the token or the password. Return how many ended."""
    with transaction.atomic():
        ended = end_sessions(user)
        audit.record(user, "password_reset", "user", user.pk, {"address": client, "sessions_ended": ended})
    return ended
