"""Write the API's OpenAPI document, from which the frontend's types are generated."""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from cms.api.openapi import openapi_text


class Command(BaseCommand):
    help = "Write the OpenAPI document to a file (or standard output)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--output", help="file to write; standard output when absent")

    def handle(self, *args: Any, **options: Any) -> None:
        text = openapi_text()
        if options["output"]:
            Path(options["output"]).write_text(text)
        else:
            self.stdout.write(text, ending="")
