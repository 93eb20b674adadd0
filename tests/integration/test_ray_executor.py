"""`--executor ray`: extract and transform as Ray tasks (a local Ray here), the same staging,
gate and publish; the published tables are those of the local executor, row for row."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import psutil
import psycopg
import pytest

# Installed by `make install`: without Ray this module fails to import, it does not skip.
import ray

from bench.generate_arxiv import generate
from etl import ray_executor
from etl.config import Settings
from etl.extract import source_parts
from etl.extract.arxiv import FIRST_RECORD_WITHIN_LINES
from etl.extract.common import SourceFile
from etl.pipeline import EXIT_PUBLISHED, RunOutcome, load
from etl.progress import Progress
from etl.ray_executor import TASK_RETRIES
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


def _load(
    paths: list[Path],
    url: str,
    home: Path,
    executor: str,
    batch_rows: int = 25_000,
    part_mb: int = 256,
) -> RunOutcome:
    settings = replace(
        Settings.from_env({}), database_url=url, home=home, executor=executor,
        batch_rows=batch_rows, ray_object_store_mb=256, ray_part_mb=part_mb,
    )  # fmt: skip
    return load(paths, settings, Progress(quiet=True))


def test_ray_publishes_what_the_local_executor_publishes(
    database_url: str, second_database_url: str, tmp_path: Path
) -> None:
    local = _load(EVERY_FORMAT, database_url, tmp_path / "local", "local")
    distributed = _load(EVERY_FORMAT, second_database_url, tmp_path / "ray", "ray")
    assert local.exit_code == distributed.exit_code == EXIT_PUBLISHED
    assert ray.is_initialized()
    # Every file read the same: records, quarantined and unchanged per file.
    assert sorted(local.input_files, key=str) == sorted(distributed.input_files, key=str)
    compared = compare_databases(database_url, second_database_url)
    assert compared.returncode == 0, compared.stdout + compared.stderr


def test_a_large_file_read_in_parts_publishes_what_the_local_executor_publishes(
    database_url: str, second_database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    snapshot = generate(tmp_path / "arxiv-6000.jsonl", 6_000, seed=7).path
    scheduled: list[SourceFile] = []

    def noted_parts(source: SourceFile, part_bytes: int) -> Iterator[SourceFile]:
        for part in source_parts(source, part_bytes):
            scheduled.append(part)
            yield part

    monkeypatch.setattr(ray_executor, "source_parts", noted_parts)
    local = _load([snapshot], database_url, tmp_path / "local", "local", batch_rows=500)
    in_parts = _load([snapshot], second_database_url, tmp_path / "ray", "ray", 500, part_mb=2)
    assert local.exit_code == in_parts.exit_code == EXIT_PUBLISHED
    # The driver gave Ray parts of the file, one after the other, each after the first
    # numbered from the records before it.
    parts = [source.part for source in scheduled]
    assert len(parts) >= 4 and all(parts)
    assert [part.start for part in parts[1:]] == [part.end for part in parts[:-1]]
    assert parts[1].records_before >= FIRST_RECORD_WITHIN_LINES
    # The parts' counts add up to the file's, the records numbered as in the whole file.
    assert local.input_files == in_parts.input_files
    assert in_parts.input_files[0]["records"] == 6_000
    assert in_parts.input_files[0]["rejected"] > 0  # the generator's malformed lines
    compared = compare_databases(database_url, second_database_url)
    assert compared.returncode == 0, compared.stdout + compared.stderr


@pytest.fixture(scope="module")
def generated_parts(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """20,000 generated arXiv lines (1% malformed, updates of earlier papers) in 4 files."""
    folder = tmp_path_factory.mktemp("generated")
    whole = generate(folder / "arxiv-20000.jsonl", 20_000, seed=5).path
    lines = whole.read_bytes().splitlines(keepends=True)
    parts = []
    for index in range(4):
        part = folder / f"arxiv-part-{index}.jsonl"
        part.write_bytes(b"".join(lines[index * 5_000 : (index + 1) * 5_000]))
        parts.append(part)
    return parts


def _transform_tasks() -> list[psutil.Process]:
    """The worker processes running a file's Ray task now (Ray names them by the task)."""
    found = []
    for process in psutil.process_iter(["name", "cmdline"]):
        title = " ".join(process.info["cmdline"] or []) + " " + (process.info["name"] or "")
        if "ray::transform_file" in title:
            found.append(process)
    return found


def _staged_records(url: str) -> int:
    with psycopg.connect(url) as conn:
        exists = conn.execute("SELECT to_regclass('etl_staging.batch_records')").fetchone()[0]
        if exists is None:
            return 0
        return conn.execute("SELECT count(*) FROM etl_staging.batch_records").fetchone()[0]


def _kill_transform_tasks(until: threading.Event, url: str | None, kills: list[int]) -> None:
    """SIGKILL the workers running file tasks: once after the first batch is staged (`url`
    given), or every one, again and again, until `until` is set (`url` None)."""
    while not until.is_set():
        if url is None or (not kills and _staged_records(url) > 0):
            for process in _transform_tasks():
                try:
                    os.kill(process.pid, signal.SIGKILL)
                    kills.append(process.pid)
                except ProcessLookupError:
                    pass
            if url is not None and kills:
                return
        time.sleep(0.05)


def test_a_worker_killed_mid_task_changes_nothing_published(
    generated_parts: list[Path], database_url: str, second_database_url: str, tmp_path: Path
) -> None:
    local = _load(generated_parts, database_url, tmp_path / "local", "local", batch_rows=2_000)
    done, kills = threading.Event(), []
    killer = threading.Thread(
        target=_kill_transform_tasks, args=(done, second_database_url, kills), daemon=True
    )
    killer.start()
    try:
        killed = _load(generated_parts, second_database_url, tmp_path / "ray", "ray", 2_000)
    finally:
        done.set()
        killer.join()
    assert kills, "no worker was running a file task to kill"
    assert local.exit_code == killed.exit_code == EXIT_PUBLISHED
    # Ray ran the killed task again and handed over only the batches not taken before: no
    # batch staged twice, every record counted once.
    assert sorted(local.input_files, key=str) == sorted(killed.input_files, key=str)
    assert sum(f["records"] for f in killed.input_files) == 20_000
    compared = compare_databases(database_url, second_database_url)
    assert compared.returncode == 0, compared.stdout + compared.stderr


def test_a_task_that_keeps_failing_fails_the_run_and_publishes_nothing(
    generated_parts: list[Path], database_url: str, tmp_path: Path
) -> None:
    done, kills = threading.Event(), []
    killer = threading.Thread(target=_kill_transform_tasks, args=(done, None, kills), daemon=True)
    killer.start()
    try:
        # Read in parts: the message names the part whose task failed.
        failed_part = (
            r"arxiv-part-0\.jsonl \(lines from 1, bytes 0 to [\d,]+\): its Ray task failed"
        )
        with pytest.raises(RuntimeError, match=failed_part):
            _load(generated_parts[:1], database_url, tmp_path / "ray", "ray", 1_000, part_mb=4)
    finally:
        done.set()
        killer.join()
    assert len(kills) > TASK_RETRIES
    with psycopg.connect(database_url) as conn:
        assert conn.execute("SELECT count(*) FROM papers").fetchone()[0] == 0
        assert conn.execute("SELECT status FROM etl.runs").fetchall() == [("failed",)]
