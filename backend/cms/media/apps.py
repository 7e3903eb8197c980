import ctypes
import ctypes.util
import os

from django.apps import AppConfig

M_ARENA_MAX = -8  # glibc's mallopt parameter
ARENAS = 1
VIPS_THREADS = 1


class MediaConfig(AppConfig):
    name = "cms.media"
    label = "media"

    def ready(self) -> None:
        import pyvips

        # libvips keeps recent operations for reuse, with their pixel buffers and open files. No
        # two renditions share an operation (each reads its own stream), so the cache would only
        # hold memory (tens of MiB per worker) and file descriptors.
        pyvips.cache_set_max(0)
        _one_vips_thread_per_request()
        _one_malloc_arena()


def _one_vips_thread_per_request() -> None:
    """Let libvips work each picture with one worker thread rather than one per core.

    The server runs a worker process per core (scripts/run.sh), each answering one request at a
    time, so the cores are busy with requests already; and what libvips does for us hardly
    spreads: a JPEG or PNG decodes in order, strip after strip, into a small shrunk picture
    (renditions take as long with one thread as with two). Each further thread only adds its own
    strip buffers, about 7 MiB for a 2000 px wide PNG with alpha. VIPS_CONCURRENCY, when the
    deployment sets it, still decides.
    """
    import pyvips

    if not os.environ.get("VIPS_CONCURRENCY"):
        pyvips.concurrency_set(VIPS_THREADS)


def _one_malloc_arena() -> None:
    """Let glibc keep one malloc arena rather than 8 per core, as libvips advises for servers.

    With an arena for libvips' threads beside the main one, the pixel buffers of a rendition are
    freed into whichever arena they came from, where glibc keeps them (fragmented, ~20 MiB free
    but not returned), and the next rendition takes fresh memory: a worker's resident size
    ratchets up from picture to picture. With one arena every rendition reuses what the last
    one freed (bench, rendition_peak_rss_mb: two arenas 31-46 MiB from run to run, one arena
    about 30, one arena and one libvips thread about 22). A worker has few threads to contend
    for it. The same as MALLOC_ARENA_MAX=1, set here so every way of starting the server gets
    it; MALLOC_ARENA_MAX, when the deployment sets it, still decides.
    """
    if os.environ.get("MALLOC_ARENA_MAX"):
        return
    name = ctypes.util.find_library("c")
    if not name:
        return
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):  # not glibc (musl, macOS): nothing to tune
        return
    mallopt(M_ARENA_MAX, ARENAS)
