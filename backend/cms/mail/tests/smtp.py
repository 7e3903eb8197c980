"""A real SMTP server for the tests (aiosmtpd) on 127.0.0.1, so mail goes the whole way: queued by
a request, sent by a worker of the task engine (run_queued_tasks) over SMTP, read back from the
server."""

import email
import email.policy
import socket
import threading
from collections.abc import Iterator
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller


class Mailbox:
    """What the server received; `refusing` makes it answer every message with a temporary error,
    `holding` keeps each message's DATA waiting until released."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.refusing = False
        self.holding = threading.Event()
        self.release = threading.Event()
        self.arrived = threading.Event()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.refusing:
            return "451 4.3.0 Try again later"
        if self.holding.is_set():
            self.arrived.set()
            while not self.release.is_set():
                import asyncio

                await asyncio.sleep(0.05)
            return "421 4.3.0 Going away"
        message = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        self.messages.append(message)
        return "250 OK"


class SmtpServer:
    def __init__(self) -> None:
        self.mailbox = Mailbox()
        self.port = free_port()
        self.controller: Controller | None = None

    def start(self) -> None:
        self.controller = Controller(self.mailbox, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self) -> None:
        """Gone: connections to its port are refused until it starts again."""
        if self.controller is not None:
            self.mailbox.release.set()
            self.controller.stop()
            self.controller = None

    @property
    def messages(self) -> list[EmailMessage]:
        return self.mailbox.messages


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def smtp_server(settings: Any) -> Iterator[SmtpServer]:
    """An SMTP server on 127.0.0.1 that the mail settings point at (EMAIL_URL=smtp://127.0.0.1:port)."""
    from config.mail_settings import mail_settings

    server = SmtpServer()
    server.start()
    for name, value in mail_settings(f"smtp://127.0.0.1:{server.port}").items():
        setattr(settings, name, value)
    settings.EMAIL_TIMEOUT = 5
    try:
        yield server
    finally:
        server.stop()


def text_part(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain",))
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")  # as written, whatever SMTP's line ends


def html_part(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("html",))
    assert part is not None
    return str(part.get_content())
