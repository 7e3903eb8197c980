"""Every action the code records is one the log's filter takes (cms.audit.schemas.Action), and
the other way round: the code is read for its audit.record(…) and Record(…) calls, so an action
added without its place in the filter (and its words in the interface) fails here."""

import ast
from pathlib import Path
from typing import get_args

from cms.audit.schemas import Action
from cms.pages.models import ReviewState
from cms.pages.translations.checking import CHECKED

CMS = Path(__file__).resolve().parents[2]


def recorded_actions() -> set[str]:
    """The actions written as literals where an entry is made (the first or second argument)."""
    found: set[str] = set()
    for path in CMS.rglob("*.py"):
        if "tests" in path.parts or "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            callee = node.func
            name = callee.attr if isinstance(callee, ast.Attribute) else getattr(callee, "id", "")
            owner = getattr(callee.value, "id", "") if isinstance(callee, ast.Attribute) else ""
            if name == "record" and owner == "audit" and len(node.args) >= 2:
                argument = node.args[1]
            elif name == "Record" and node.args:
                argument = node.args[0]
            else:
                continue
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                found.add(argument.value)
    return found


def test_every_recorded_action_is_one_the_log_filters_by():
    literal = recorded_actions()
    # Those the code names through a variable: a save's update/delete/restore, a translation
    # checked, and a review's decisions (f"review_{state}").
    named = {"update", "delete", "restore", CHECKED} | {
        f"review_{state.value}" for state in ReviewState if state != ReviewState.WAITING
    }
    assert {"create", "move", "review_submitted", "sign_in", "purge"} <= literal  # the reading works
    assert literal | named == set(get_args(Action))


def test_the_log_filters_by_a_review_and_an_account_action(api, admin_user, make_page):
    for action in ("review_comment", "two_factor_on", "sign_in_failed"):
        answer = api.get(f"/admin/audit.json?action={action}")
        assert answer.status_code == 200, (action, answer.content)
    assert api.get("/admin/audit.json?action=review_everything").status_code == 422
