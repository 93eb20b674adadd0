"""`etl` as users run it: a real process of this checkout, its exit code and output."""

from __future__ import annotations

import os
import subprocess
import sys

from etl.config import PROJECT_ROOT


def run_etl(
    args: list[str], database_url: str | None = None, **env: str
) -> subprocess.CompletedProcess:
    """Run `etl ARGS` against `database_url` (none: DATABASE_URL unset) with `env` added."""
    base = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    if database_url is not None:
        base["DATABASE_URL"] = database_url
    return subprocess.run(
        [sys.executable, "-m", "etl", *args],
        cwd=PROJECT_ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=300,
    )
