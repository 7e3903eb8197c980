"""Logs are JSON lines carrying the request id; each answered request writes one access line."""

import json
import logging
import sys
from typing import Any

from django.test import Client

from cms.core.log_lines import JsonLineFormatter
from cms.core.request_id import RequestIdFilter


def formatted(record: logging.LogRecord) -> dict[str, Any]:
    RequestIdFilter().filter(record)
    line = JsonLineFormatter().format(record)
    assert "\n" not in line
    return json.loads(line)


def test_a_record_is_one_json_line_with_time_level_logger_and_request_id() -> None:
    record = logging.makeLogRecord(
        {"name": "cms.pages", "levelname": "WARNING", "msg": "two\nlines %s", "args": ("æ",)}
    )
    line = formatted(record)
    assert line["message"] == "two\nlines æ"
    assert line["level"] == "WARNING"
    assert line["logger"] == "cms.pages"
    assert line["request_id"] == "-"
    assert line["time"].endswith("+00:00")


def test_extra_fields_are_kept_and_a_traceback_is_one_field() -> None:
    try:
        raise ValueError("bad")
    except ValueError:
        record = logging.makeLogRecord(
            {"msg": "failed", "levelname": "ERROR", "exc_info": sys.exc_info(), "page_id": 7, "thing": object()}
        )
    line = formatted(record)
    assert line["page_id"] == 7
    assert line["thing"].startswith("<object")
    assert "ValueError: bad" in line["exception"]


def test_each_request_writes_an_access_line_with_its_id(caplog: Any, db: Any) -> None:
    with caplog.at_level(logging.INFO, logger="cms.access"):
        answer = Client().get("/admin/login/")
    lines = [record for record in caplog.records if record.name == "cms.access"]
    assert len(lines) == 1
    line = formatted(lines[0])
    assert line["request_id"] == answer["X-Request-ID"]
    assert (line["method"], line["path"], line["status"]) == ("GET", "/admin/login/", 200)
    assert line["duration_ms"] >= 0


def test_health_checks_stay_out_of_the_access_log(caplog: Any, db: Any) -> None:
    with caplog.at_level(logging.INFO, logger="cms.access"):
        Client().get("/healthz")
    assert not [record for record in caplog.records if record.name == "cms.access"]
