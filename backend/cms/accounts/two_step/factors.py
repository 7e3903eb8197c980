"""Which second factors a user has, whatever their kind.

Each kind of factor (TOTP, passkeys) registers a check here from its app config's `ready()`, so
the sign-in needs to know none of them by name.
"""

from collections.abc import Callable

from cms.core.types import User

FactorCheck = Callable[[User], bool]

_checks: dict[str, FactorCheck] = {}


def register(kind: str, check: FactorCheck) -> None:
    """Make `check(user)` count as "has a factor of `kind`". Registering a kind twice replaces it
    (autoreload runs `ready()` again)."""
    _checks[kind] = check


def kinds(user: User) -> list[str]:
    """The kinds of second factor `user` has set up, in registration order."""
    return [kind for kind, check in _checks.items() if check(user)]


def has_second_factor(user: User) -> bool:
    return any(check(user) for check in _checks.values())
