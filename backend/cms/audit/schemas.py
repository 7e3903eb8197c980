"""Schemas of the audit log's answers."""

from datetime import datetime
from typing import Any

from ninja import Schema


class ActorOut(Schema):
    id: int | None
    name: str


class AuditEntryOut(Schema):
    id: int
    action: str
    user: ActorOut
    at: datetime
    subject: str
    subject_id: int | None
    details: dict[str, Any]


class AuditLogOut(Schema):
    entries: list[AuditEntryOut]
    page: int
    per_page: int
    total: int
