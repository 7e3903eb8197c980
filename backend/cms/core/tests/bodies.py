"""Request bodies for upload tests that count how much of them the server reads."""

from typing import Any

BOUNDARY = "CmsTestBoundary7MA4YWxkTrZu0gW"
MULTIPART = f"multipart/form-data; boundary={BOUNDARY}"


class CountingMultipart:
    """A multipart body with one file of `file_size` bytes, made as it is read (a 60 MB body
    costs no memory), used as the request's wsgi.input; `bytes_read` says how much was read."""

    def __init__(
        self,
        file_size: int,
        *,
        field: str = "image[file]",
        filename: str = "big.png",
        fields: dict[str, str] | None = None,
    ) -> None:
        text_parts = "".join(
            f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
            for name, value in (fields or {}).items()
        )
        file_header = (
            f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{field}"; filename="{filename}"\r\n'
            "Content-Type: image/png\r\n\r\n"
        )
        self.head = (text_parts + file_header).encode()
        self.tail = f"\r\n--{BOUNDARY}--\r\n".encode()
        self.file_size = file_size
        self.length = len(self.head) + file_size + len(self.tail)
        self.bytes_read = 0

    def read(self, size: int | None = -1) -> bytes:
        end = self.length if size is None or size < 0 else min(self.length, self.bytes_read + size)
        start, self.bytes_read = self.bytes_read, end
        file_start, file_end = len(self.head), len(self.head) + self.file_size
        filler = max(0, min(end, file_end) - max(start, file_start))
        return self.head[start:end] + b"x" * filler + self.tail[max(0, start - file_end) : max(0, end - file_end)]

    def readline(self, size: int | None = -1) -> bytes:
        raise AssertionError("a multipart body is read in chunks, never by line")

    def environ(self, *, content_length: int | None = None) -> dict[str, Any]:
        """Return the WSGI environ entries that send this body (optionally claiming another length)."""
        length = self.length if content_length is None else content_length
        return {"wsgi.input": self, "CONTENT_LENGTH": str(length), "CONTENT_TYPE": MULTIPART}


class CountingBytes:
    """A short body given whole, used as the request's wsgi.input; `bytes_read` says how much was read."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.bytes_read = 0

    def read(self, size: int | None = -1) -> bytes:
        end = len(self.data) if size is None or size < 0 else min(len(self.data), self.bytes_read + size)
        start, self.bytes_read = self.bytes_read, end
        return self.data[start:end]

    def readline(self, size: int | None = -1) -> bytes:
        raise AssertionError("a form body is read whole, never by line")


def post_multipart(
    client: Any, path: str, body: CountingMultipart, *, csrf_token: str | None = None, **extra: Any
) -> Any:
    """POST a counting body with the test client (and the CSRF header when a token is given)."""
    headers = {"X-CSRFToken": csrf_token} if csrf_token else {}
    return client.generic("POST", path, headers=headers, **body.environ(**extra))
