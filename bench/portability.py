"""The whole-site export and import figures of `make bench` (BENCHMARKS.md, issue 21):
BENCH_ONLY=portability runs these alone.

- `export_site_s[10k]`: `manage.py export_site` of bench/generate.py's 10,000 pages (every
  locale's content, tags, links, media uses) with their media: 50 images and 30 attachments
  whose files are stored at the sizes the rows say (4.5 MB photos, 0.9 MB PNGs, 0.35 MB PDFs;
  random bytes, as incompressible as the real ones), ~245 MB in all;
- `export_site_rss_mb[1k]`, `export_site_rss_mb[10k]`: how far the exporting process's resident
  size peaked above where it stood before (VmHWM), at 1,000 and 10,000 pages: equal when memory
  stays flat with the site's size;
- `import_site_s[10k]`, `import_site_rss_mb[1k]`, `import_site_rss_mb[10k]`: the same archive
  imported into the emptied database and storage.

Each is measured in a child process (this file run as a script), the command called as
manage.py calls it, its time from the command's start to its end (Django's start excluded);
medians of PORTABILITY_RUNS runs (3 unless BENCH_RUNS is smaller). The generated site has no
revisions or audit entries (bench/generate.py writes rows, not saves); they are rows like the
others.
"""

import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

from measuring import peak_growth, progress

RUNS = min(3, int(os.environ.get("BENCH_RUNS", "3")))
SIZES = ((1_000, "1k"), (10_000, "10k"))
NAMES = (
    "export_site_s[10k]",
    "export_site_rss_mb[1k]",
    "export_site_rss_mb[10k]",
    "import_site_s[10k]",
    "import_site_rss_mb[1k]",
    "import_site_rss_mb[10k]",
)


def run() -> int:
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    folder = Path(tempfile.mkdtemp(prefix="cms-bench-site-"))
    try:
        figures = {}
        for size, label in SIZES:
            progress(f"portability: generating {size} pages with their media files")
            _fresh_site(size)
            figures.update(_measure(folder / "site.zip", label, runs=RUNS if label == "10k" else 1))
        for name in NAMES:
            value = figures.get(name)
            unit = "s" if name.endswith("_s[10k]") else "MiB"
            print(f"{name} {value:.2f} {unit}" if value is not None else f"{name} n/a", flush=True)
        size_mb = (folder / "site.zip").stat().st_size / 1e6
        progress(f"portability: the 10k archive is {size_mb:.0f} MB")
        return 0
    except Exception as error:
        traceback.print_exception(error, file=sys.stderr)
        for name in NAMES:
            print(f"{name} n/a ({type(error).__name__}: {str(error)[:150]})", flush=True)
        return 1
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _fresh_site(size: int) -> None:
    import generate
    from django.conf import settings
    from django.core.files.base import ContentFile
    from django.core.files.storage import default_storage
    from django.db import transaction

    from cms.media.models import Attachment, Image
    from cms.portability.importing import _delete_present_site

    with transaction.atomic():
        _delete_present_site()
    shutil.rmtree(settings.MEDIA_ROOT, ignore_errors=True)
    generate.clear()
    generate.generate_pages(size)
    chance = random.Random(21)
    for model in (Image, Attachment):
        for name, byte_size in model.objects.values_list("file", "byte_size"):
            default_storage.save(name, ContentFile(chance.randbytes(byte_size)))


def _measure(archive: Path, label: str, *, runs: int) -> dict[str, float]:
    from django.conf import settings
    from django.db import transaction

    from cms.portability.importing import _delete_present_site

    exports = [_child("export", archive) for _ in range(runs)]
    imports = []
    for _ in range(runs):
        with transaction.atomic():
            _delete_present_site()
        shutil.rmtree(settings.MEDIA_ROOT, ignore_errors=True)
        imports.append(_child("import", archive))
    return {
        f"export_site_s[{label}]": statistics.median(seconds for seconds, _ in exports),
        f"export_site_rss_mb[{label}]": max(growth for _, growth in exports),
        f"import_site_s[{label}]": statistics.median(seconds for seconds, _ in imports),
        f"import_site_rss_mb[{label}]": max(growth for _, growth in imports),
    }


def _child(kind: str, archive: Path) -> tuple[float, float]:
    """Run export or import in a fresh process; return its seconds and its memory growth (MiB)."""
    result = subprocess.run(
        [sys.executable, __file__, kind, str(archive)], capture_output=True, text=True, timeout=1800, env=os.environ
    )
    if result.returncode != 0:
        raise RuntimeError(f"the {kind} child failed: {result.stderr.strip().splitlines()[-3:]}")
    seconds, growth = json.loads(result.stdout.strip().splitlines()[-2]), result.stdout.strip().splitlines()[-1]
    return float(seconds), float(growth)


def child(kind: str, archive: str) -> None:
    import io

    from django.core.management import call_command

    command = ("export_site", archive) if kind == "export" else ("import_site", archive)
    with peak_growth():  # prints the growth last
        start = time.perf_counter()
        call_command(*command, stdout=io.StringIO())
        print(json.dumps(time.perf_counter() - start))


if __name__ == "__main__":  # a child process measuring one export or import (see `_child`)
    sys.path[:0] = [str(Path(__file__).resolve().parent.parent / "backend")]
    import django

    django.setup()
    child(sys.argv[1], sys.argv[2])
