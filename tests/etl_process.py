"""`etl` as users run it: its exit code and output, from a real process of this checkout
(`run_etl`) or from the same command run by the test's own interpreter (`run_etl_here`)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from unittest.mock import patch

from etl.cli import main
from etl.config import PROJECT_ROOT


def _environment(database_url: str | None, env: dict[str, str]) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    if database_url is not None:
        base["DATABASE_URL"] = database_url
    return {**base, **env}


def run_etl(
    args: list[str], database_url: str | None = None, **env: str
) -> subprocess.CompletedProcess:
    """Run `etl ARGS` against `database_url` (none: DATABASE_URL unset) with `env` added."""
    return subprocess.run(
        [sys.executable, "-m", "etl", *args],
        cwd=PROJECT_ROOT,
        env=_environment(database_url, env),
        capture_output=True,
        text=True,
        timeout=300,
    )


def run_etl_here(
    args: list[str], database_url: str | None = None, **env: str
) -> subprocess.CompletedProcess:
    """`run_etl`, but the command's `main` runs in this process, with this environment and
    its output captured: for tests of what a command does and says rather than of the
    process (signals, the interpreter's exit). It spares each load the seconds a new
    process spends importing Great Expectations. An exception the command lets out is
    raised here, where a process would print its traceback."""
    stdout, stderr = io.StringIO(), io.StringIO()
    with (
        patch.dict(os.environ, _environment(database_url, env), clear=True),
        redirect_stdout(stdout),
        redirect_stderr(stderr),
    ):
        code = main(args)
    return subprocess.CompletedProcess(
        ["etl", *args], code, stdout=stdout.getvalue(), stderr=stderr.getvalue()
    )
