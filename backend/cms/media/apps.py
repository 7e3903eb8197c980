import ctypes
import ctypes.util

from django.apps import AppConfig

M_ARENA_MAX = -8  # glibc's mallopt parameter
ARENAS = 2


class MediaConfig(AppConfig):
    name = "cms.media"
    label = "media"

    def ready(self) -> None:
        import pyvips

        # libvips keeps recent operations for reuse, with their pixel buffers and open files. No
        # two renditions share an operation (each reads its own stream), so the cache would only
        # hold memory (tens of MiB per worker) and file descriptors.
        pyvips.cache_set_max(0)
        _fewer_malloc_arenas()


def _fewer_malloc_arenas() -> None:
    """Let glibc keep 2 malloc arenas rather than 8 per core, as libvips advises for servers.

    libvips works in a pool of threads; with an arena each, memory freed by one rendition is not
    reused by the next, and a worker's peak grows by tens of MiB (bench: rendition_peak_rss_mb).
    The same as MALLOC_ARENA_MAX=2, set here so every way of starting the server gets it.
    """
    name = ctypes.util.find_library("c")
    if not name:
        return
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):  # not glibc (musl, macOS): nothing to tune
        return
    mallopt(M_ARENA_MAX, ARENAS)
