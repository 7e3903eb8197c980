"""Everyone told, nobody flooded (issue 32, item 4): mail through the outbox and a real SMTP
server, in the reader's language; the in-app list with its unread count; mail turned off per
kind on the account."""

from typing import Any

from cms.accounts.languages import set_interface_language
from cms.background.tests.worker import run_queued_tasks
from cms.mail.tests.smtp import SmtpServer, html_part, text_part
from cms.pages.models import Page, PageGrant, ReviewNotice

from .conftest import client_of, staff


def submit(api: Any, page: Page, **fields: Any) -> dict[str, Any]:
    page.refresh_from_db()
    answer = api.post(
        f"/admin/en/pages/{page.pk}/reviews.json",
        {"page": fields, "lock_version": page.lock_version, "message": "Have a look"},
    )
    assert answer.status_code == 201, answer.content
    return answer.json()


def decide(api: Any, page: Page, review: dict[str, Any], action: str, comment: str = "") -> Any:
    return api.post(f"/admin/en/pages/{page.pk}/reviews/{review['id']}/{action}.json", {"comment": comment})


def to(messages: list[Any]) -> list[str]:
    return sorted(message["To"] for message in messages)


def test_reviewers_who_may_decide_get_a_mail_when_a_change_waits(
    smtp_server: SmtpServer, author_api, reviewer, section, admin_user, make_page
):
    elsewhere = staff("elsewhere")
    PageGrant.objects.create(user=elsewhere, page=make_page("Other", path_segment="other"), edit=True)
    submit(author_api, section["live"], name="New")
    run_queued_tasks()
    # The reviewer with `edit` above the page and the superuser; not the author, not elsewhere.
    assert to(smtp_server.messages) == ["admin@example.com", "reviewer@example.com"]
    message = next(m for m in smtp_server.messages if m["To"] == "reviewer@example.com")
    assert "Live" in message["Subject"]
    assert "Ada Author" in text_part(message)
    assert "Have a look" in text_part(message)
    assert f"/admin/en/pages/{section['live'].pk}" in html_part(message)


def test_the_mail_is_in_the_readers_language(smtp_server: SmtpServer, author_api, reviewer, section, admin_user):
    set_interface_language(reviewer, "nb")
    set_interface_language(admin_user, "ar")
    submit(author_api, section["live"], name="New")
    run_queued_tasks()
    languages = {m["To"]: m["Content-Language"] for m in smtp_server.messages}
    assert languages == {"reviewer@example.com": "nb", "admin@example.com": "ar"}
    nb = next(m for m in smtp_server.messages if m["To"] == "reviewer@example.com")
    ar = next(m for m in smtp_server.messages if m["To"] == "admin@example.com")
    assert "venter" in nb["Subject"]  # "… venter på din vurdering"
    assert 'dir="rtl"' in html_part(ar)


def test_the_author_gets_the_decision_with_its_comment(smtp_server: SmtpServer, author_api, reviewer_api, section):
    review = submit(author_api, section["live"], name="New")
    run_queued_tasks()
    before = len(smtp_server.messages)
    assert decide(reviewer_api, section["live"], review, "approve", "Nicely done").status_code == 200
    run_queued_tasks()
    [mail] = smtp_server.messages[before:]
    assert mail["To"] == "author@example.com"
    assert "Nicely done" in text_part(mail)
    second = submit(author_api, section["live"], name="Newer")
    run_queued_tasks()
    before = len(smtp_server.messages)
    assert decide(reviewer_api, section["live"], second, "request_changes", "Shorter").status_code == 200
    run_queued_tasks()
    [mail] = smtp_server.messages[before:]
    assert mail["To"] == "author@example.com"
    assert "Shorter" in text_part(mail)


def test_reviewers_are_told_when_it_is_withdrawn(smtp_server: SmtpServer, author_api, reviewer, section):
    review = submit(author_api, section["live"], name="New")
    run_queued_tasks()
    before = len(smtp_server.messages)
    answer = author_api.post(f"/admin/en/pages/{section['live'].pk}/reviews/{review['id']}/withdraw.json", {})
    assert answer.status_code == 200
    run_queued_tasks()
    assert to(smtp_server.messages[before:]) == ["admin@example.com", "reviewer@example.com"]


def test_mail_can_be_turned_off_per_kind_and_the_list_still_tells(
    smtp_server: SmtpServer, author_api, reviewer, reviewer_api, section
):
    answer = reviewer_api.put("/admin/account/notifications.json", {"mail": {"review_waiting": False}})
    assert answer.status_code == 200, answer.content
    assert answer.json()["mail"] == {
        "review_waiting": False, "review_approved": True, "review_changes_requested": True, "review_withdrawn": True
    }  # fmt: skip
    assert reviewer_api.get("/admin/account/notifications.json").json() == answer.json()
    submit(author_api, section["live"], name="New")
    run_queued_tasks()
    assert "reviewer@example.com" not in to(smtp_server.messages)
    listed = reviewer_api.get("/admin/notifications.json").json()
    assert listed["unread"] == 1
    assert listed["total"] == 1
    [notice] = listed["notifications"]
    assert (notice["kind"], notice["page_name"], notice["read"]) == ("review_waiting", "Live", False)
    read = reviewer_api.post("/admin/notifications/read.json", {"ids": [notice["id"]]})
    assert read.json() == {"unread": 0}


def test_nobody_else_sees_my_notifications(author_api, reviewer_api, section):
    submit(author_api, section["live"], name="New")
    assert author_api.get("/admin/notifications.json").json()["total"] == 0
    outsider = client_of(staff("outsider"))
    assert outsider.post("/admin/notifications/read.json", {"ids": None}).json() == {"unread": 0}
    assert ReviewNotice.objects.filter(read_at__isnull=True).count() == 2  # the reviewer's and the superuser's
