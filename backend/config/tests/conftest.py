"""Settings are read once, when a process starts: these tests start Django in a child process."""

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

BACKEND_DIR = Path(__file__).resolve().parents[2]


class DjangoProcess:
    """Run Python with the real settings, in an environment the test chooses."""

    def __init__(self, var_dir: Path) -> None:
        self.var_dir = var_dir

    def run(self, *args: str, **variables: str) -> subprocess.CompletedProcess[str]:
        # The test run's own DJANGO_* variables and key must not leak into the child.
        env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "SECRET_KEY"}
        env.update(DJANGO_SETTINGS_MODULE="config.settings", VAR_DIR=str(self.var_dir), **variables)
        return subprocess.run(
            [sys.executable, *args], cwd=BACKEND_DIR, env=env, capture_output=True, text=True, timeout=120
        )

    def settings(self, *names: str, umask: int = 0o022, **variables: str) -> dict[str, Any]:
        """Return the named settings as a process started with `variables` sees them."""
        code = (
            f"import json, os; os.umask({umask}); from django.conf import settings; "
            f"print(json.dumps({{name: getattr(settings, name, None) for name in {list(names)!r}}}))"
        )
        result = self.run("-c", code, **variables)
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)


@pytest.fixture
def django_process(tmp_path: Path) -> DjangoProcess:
    return DjangoProcess(tmp_path / "var")
