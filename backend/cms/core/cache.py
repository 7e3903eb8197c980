"""The file cache `make run` uses when no Redis is configured."""

import pickle
import zlib
from typing import Any

from django.core.cache.backends.filebased import FileBasedCache


class FileCache(FileBasedCache):
    """Django's file cache, storing values without squeezing them.

    Django compresses every value at zlib's default level: for the page tree's ~17 MB of JSON
    that takes ~130 ms on each write, more than building most of it. Level 0 keeps the zlib
    format (Django's reader, unchanged, still reads these files and older ones) at the cost of
    disk space, which the cache has plenty of.
    """

    def _write_content(self, file: Any, timeout: Any, value: Any) -> None:
        expiry = self.get_backend_timeout(timeout)
        file.write(pickle.dumps(expiry, self.pickle_protocol))
        file.write(zlib.compress(pickle.dumps(value, self.pickle_protocol), 0))
