"""What may differ between a site and its copy made by export and import, and nothing else."""

from typing import Any

from cms.portability.tables import LEFT_OUT


def differences(original: dict[str, list[dict[str, Any]]], copy: dict[str, list[dict[str, Any]]]) -> list[str]:
    """Every difference between two dumps (cms.portability.tests.dump) but the expected ones: the
    tables left out are empty in the copy, and its users' passwords are unusable."""
    found = []
    for label in sorted(set(original) | set(copy)):
        before, after = original.get(label, []), copy.get(label, [])
        if label in LEFT_OUT:
            if after:
                found.append(f"{label}: left out, yet {len(after)} rows in the copy")
            continue
        if len(before) != len(after):
            found.append(f"{label}: {len(before)} rows, {len(after)} in the copy")
            continue
        for old, new in zip(before, after, strict=True):
            if label == "auth.user":
                if not str(new.get("password", "")).startswith("!"):
                    found.append(f"auth.user {new.get('id')}: the copy's password is usable")
                old, new = _without(old, "password"), _without(new, "password")
            if old != new:
                fields = sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
                found.append(
                    f"{label} {old.get('id', old.get('digest'))}: "
                    + "; ".join(f"{k}: {old.get(k)!r} -> {new.get(k)!r}"[:300] for k in fields)
                )
    return found


def _without(row: dict[str, Any], name: str) -> dict[str, Any]:
    return {k: v for k, v in row.items() if k != name}
