"""`--executor ray`: extract and transform as Ray tasks (a local Ray here), the same staging,
gate and publish; the published tables are those of the local executor, row for row."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

# Installed by `make install`: without Ray this module fails to import, it does not skip.
import ray

from etl.config import Settings
from etl.pipeline import EXIT_PUBLISHED, RunOutcome, load
from etl.progress import Progress
from tests.conftest import FIXTURES_DIR, SAMPLES_DIR
from tests.published import compare_databases

pytestmark = pytest.mark.slow


EVERY_FORMAT = [
    *sorted(SAMPLES_DIR.glob("*.txt")),
    *sorted((FIXTURES_DIR / "hf-daily").glob("*.json")),
    *sorted((FIXTURES_DIR / "paperlists").glob("*.json")),
    FIXTURES_DIR / "arxiv" / "snapshot-sample.jsonl",
    FIXTURES_DIR / "pwc" / "evaluation-tables.json",
    FIXTURES_DIR / "listings" / "tiny.txt",
]


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    yield
    ray.shutdown()


def _load(url: str, home: Path, executor: str) -> RunOutcome:
    settings = replace(
        Settings.from_env({}), database_url=url, home=home, executor=executor,
        ray_object_store_mb=256,
    )  # fmt: skip
    return load(EVERY_FORMAT, settings, Progress(quiet=True))


def test_ray_publishes_what_the_local_executor_publishes(
    database_url: str, second_database_url: str, tmp_path: Path
) -> None:
    local = _load(database_url, tmp_path / "local", "local")
    distributed = _load(second_database_url, tmp_path / "ray", "ray")
    assert local.exit_code == distributed.exit_code == EXIT_PUBLISHED
    assert ray.is_initialized()
    # Every file read the same: records, quarantined and unchanged per file.
    assert sorted(local.input_files, key=str) == sorted(distributed.input_files, key=str)
    compared = compare_databases(database_url, second_database_url)
    assert compared.returncode == 0, compared.stdout + compared.stderr
