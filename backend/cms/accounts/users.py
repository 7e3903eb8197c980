"""Editors and administrators: listing, creating and changing back-office users (superusers only)."""

from typing import Any

from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _

from cms.accounts.passkeys import services as passkeys
from cms.accounts.passkeys.models import Passkey
from cms.accounts.sessions import end_sessions
from cms.accounts.totp import services as totp
from cms.accounts.totp.models import TotpDevice
from cms.accounts.two_step import factors
from cms.audit import log as audit
from cms.core.exceptions import NotFound, PermissionDenied, ValidationFailed
from cms.core.input_types import shown_text, unstorable_text_message
from cms.core.messages import CANT_BE_BLANK, Errors, message
from cms.core.types import User

ADMINS_ONLY = _("Only administrators can add or change users.")
USER_MISSING = _("User %(id)s does not exist.")
USERNAME_TAKEN = _("is taken")
NAME_MAX = 150


def user_record(user: User, *, two_factor: bool | None = None) -> dict[str, Any]:
    return {
        "id": user.pk,
        "username": user.get_username(),
        "name": user.get_full_name(),
        "email": user.email,
        "is_active": user.is_active,
        "is_superuser": user.is_superuser,
        "two_factor": factors.has_second_factor(user) if two_factor is None else two_factor,
    }


def user_list(*, active: bool | None = None) -> list[dict[str, Any]]:
    """Every back-office user (staff), active ones first, by name; or only the active (or the
    deactivated) ones."""
    users = get_user_model().objects.filter(is_staff=True).order_by("-is_active", "first_name", "username")
    if active is not None:
        users = users.filter(is_active=active)
    # Two queries for the whole list, not two per user.
    with_factor = set(TotpDevice.objects.filter(confirmed=True).values_list("user_id", flat=True))
    with_factor |= set(Passkey.objects.values_list("user_id", flat=True))
    return [user_record(user, two_factor=user.pk in with_factor) for user in users]


def new_staff_user(fields: dict[str, Any]) -> tuple[User, Errors]:
    """An unsaved back-office user (staff, active) made of `fields` (username, password, name,
    email, is_superuser), and what is wrong with them: the rules every new user passes, whether
    an administrator adds them or they accept an invitation."""
    user = get_user_model()(is_staff=True, is_active=True)
    return user, _apply(user, fields, creating=True)


def user_create(*, actor: User, fields: dict[str, Any]) -> User:
    """Create an editor (a staff user); `is_superuser` makes an administrator."""
    _require_admin(actor)
    user, errors = new_staff_user(fields)
    if errors:
        raise ValidationFailed(errors)
    try:
        with transaction.atomic():
            user.save()
            audit.record(
                actor, "create", "user", user.pk, {"username": user.username, "is_superuser": user.is_superuser}
            )
    except IntegrityError:  # the same username saved at the same moment
        raise ValidationFailed([("username", USERNAME_TAKEN)]) from None
    return user


def user_update(*, actor: User, user_id: int, fields: dict[str, Any], client: str = "") -> User:
    """Change a user's name, email, password, administrator flag or active flag.

    Deactivating keeps everything the user authored; it only ends their access. Nobody can
    take away their own access or administrator rights (someone must be left to give them back).
    """
    _require_admin(actor)
    with transaction.atomic():
        user = get_user_model().objects.select_for_update().filter(pk=user_id, is_staff=True).first()
        if user is None:
            raise NotFound(message(USER_MISSING, id=user_id))
        if user.pk == actor.pk and (fields.get("is_active") is False or fields.get("is_superuser") is False):
            raise ValidationFailed([("user", _("You can't take away your own access or administrator rights."))])
        reactivated = fields.get("is_active") is True and not user.is_active
        errors = _apply(user, fields, creating=False)
        if fields.get("two_factor") is True:
            errors.append(("two_factor", _("can only be turned off here; each user turns it on on their account page")))
        if errors:
            raise ValidationFailed(errors)
        user.save()
        if fields.get("two_factor") is False:
            # Every second factor: TOTP and passkeys (each audited, naming the superuser).
            totp.turn_off_for(actor, user, client=client)
            passkeys.passkeys_remove_all(actor, user, client=client)
        if fields.get("is_active") is False:
            # Else they would be signed in again the moment someone reactivates the account.
            end_sessions(user)
        # Which fields, never their values: a password must not end up in the log.
        audit.record(actor, "update", "user", user.pk, {"fields": sorted(fields)})
        if reactivated:  # access given back: who and from where, as for an invitation
            audit.record(actor, "reactivate", "user", user.pk, {"address": client})
    return user


def _require_admin(actor: User) -> None:
    if not actor.is_superuser:
        raise PermissionDenied(ADMINS_ONLY)


def _apply(user: User, fields: dict[str, Any], *, creating: bool) -> Errors:
    """Set the given fields on the user; return what is wrong with them.

    Django's password validators word their messages as they run, in the active language.
    """
    errors: Errors = []
    for name in ("username", "password", "name", "email"):
        if isinstance(fields.get(name), str) and (problem := unstorable_text_message(fields[name])):
            errors.append((name, problem))
    if errors:
        return errors
    if creating:
        username = (fields.get("username") or "").strip()
        try:
            UnicodeUsernameValidator()(username)
        except ValidationError:
            errors.append(("username", _("may hold only letters, digits and @ . + - _")))
        if not username:
            errors = [("username", CANT_BE_BLANK)]
        elif get_user_model().objects.filter(username__iexact=username).exists():
            errors.append(("username", USERNAME_TAKEN))
        user.username = username
    if "name" in fields:
        user.first_name, user.last_name = shown_text(fields["name"] or ""), ""
        if len(user.first_name) > NAME_MAX:
            errors.append(("name", message(_("can be at most %(limit)d characters"), limit=NAME_MAX)))
    if "email" in fields:
        user.email = (fields["email"] or "").strip()
        if user.email:
            try:
                validate_email(user.email)
            except ValidationError:
                errors.append(("email", _("is not an email address")))
    for flag in ("is_superuser", "is_active"):
        if fields.get(flag) is not None:
            setattr(user, flag, fields[flag])
    password = fields.get("password")
    if creating and not password:
        errors.append(("password", CANT_BE_BLANK))
    elif password:
        try:
            password_validation.validate_password(password, user)
        except ValidationError as exc:
            errors.extend(("password", problem) for problem in exc.messages)
        user.set_password(password)
    return errors
