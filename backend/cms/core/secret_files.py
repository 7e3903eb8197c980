"""Secrets kept in files for a local run (the SECRET_KEY, the admin's password): owner-only.

Plain standard library: the settings module reads through this before Django is set up.
"""

import os
import stat
from collections.abc import Callable
from pathlib import Path

OWNER_ONLY = 0o600


def read_or_create_secret(path: Path, make: Callable[[], str]) -> str:
    """Return the secret stored at `path`, first storing `make()` there if the file is missing.

    The file is born with mode 0600 (os.open applies it, so no umask or later chmod leaves a
    moment when others can read it) and appears with its whole content at once, so a second
    process starting at the same time reads the same secret, never an empty file. An existing
    file that others could read is tightened.
    """
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        secret = make()
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        temporary.unlink(missing_ok=True)
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, OWNER_ONLY)
        try:
            with os.fdopen(descriptor, "w") as file:
                file.write(secret)
            os.link(temporary, path)  # atomic, and refuses to replace a secret another process stored
            return secret
        except FileExistsError:
            pass  # another process was first: use its secret
        finally:
            temporary.unlink(missing_ok=True)
    if stat.S_IMODE(path.stat().st_mode) & 0o077:
        path.chmod(OWNER_ONLY)
    return path.read_text().strip()
