"""The demo content's translation marks are honest (issue 28, item 5): the seed translates after
writing the English text and never edits it again, so nothing is outdated; what it leaves
untranslated is to translate (missing), named block by block."""

from django.core.management import call_command

from cms.pages.models import Page, Status
from cms.pages.read_model import page_record


def test_the_demo_content_is_never_outdated_and_its_untranslated_blocks_are_missing(db):
    call_command("seed_demo")
    states = {"nb": set(), "ar": set()}
    blocks_to_translate = 0
    for page_id in Page.objects.exclude(status=Status.DELETED).values_list("pk", flat=True):
        record = page_record(page_id, locale="en", user=None)
        for code in ("nb", "ar"):
            states[code].add(record["translations"][code])
            assert record["outdated_blocks"][code] == []
            if record["blocks"]["name"].get(code):
                blocks_to_translate += len(record["missing_blocks"][code])
                assert (record["translations"][code] == "missing") == bool(record["missing_blocks"][code])
    assert states == {"nb": {"current", "missing"}, "ar": {"current", "missing"}}
    assert blocks_to_translate > 0
    assert api_report_total("nb", "outdated") == 0


def api_report_total(locale: str, state: str) -> int:
    from cms.pages.translations.report import report

    return int(report(locale, state)["total"])
