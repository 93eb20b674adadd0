"""Settings: the one typed configuration object, read from the environment."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[1]


def _default_home() -> Path:
    # An editable install (the Makefile's) keeps state beside the checkout; an installed copy
    # has no checkout, so it falls back to the working directory.
    base = PROJECT_ROOT if (PROJECT_ROOT / "pyproject.toml").exists() else Path.cwd()
    return base / ".paperhouse"


def _whole_number(env: Mapping[str, str], name: str, default: int, *, least: int = 1) -> int:
    raw = env.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, got {raw!r}") from None
    if value < least:
        raise ValueError(
            f"{name} must be {'positive' if least == 1 else f'{least} or more'}, got {value}"
        )
    return value


def parse_share(raw: str, name: str) -> float:
    """A number between 0 and 1, or ValueError saying what `name` must be."""
    try:
        value = float(raw)
    except ValueError:
        value = float("nan")
    if not 0 <= value <= 1:
        raise ValueError(f"{name} must be a share between 0 and 1, got {raw!r}")
    return value


def _share(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name)
    return default if raw is None or raw.strip() == "" else parse_share(raw, name)


def _flag(env: Mapping[str, str], name: str, default: bool) -> bool:
    raw = env.get(name, "").strip().lower()
    if raw == "":
        return default
    if raw in ("1", "true", "yes", "on"):
        return True
    if raw in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"{name} must be true or false (1/0, yes/no), got {raw!r}")


# What may extract and transform (see Settings.executor).
EXECUTORS = ("local", "ray")


def _choice(env: Mapping[str, str], name: str, choices: tuple[str, ...], default: str) -> str:
    raw = env.get(name, "").strip().lower()
    if raw == "":
        return default
    if raw not in choices:
        raise ValueError(f"{name} must be one of {', '.join(choices)}, got {raw!r}")
    return raw


@dataclass(frozen=True)
class Settings:
    """Everything paperhouse reads from its environment, in one place.

    database_url: the Postgres to use (DATABASE_URL); None means the embedded server.
    home: folder for local state: the embedded server's data and log (PAPERHOUSE_HOME).
    embedded_pg_port: TCP port the embedded server listens on, on 127.0.0.1 (PAPERHOUSE_PG_PORT).
    max_abstract_chars: longer abstracts are quarantined as broken records
        (PAPERHOUSE_MAX_ABSTRACT_CHARS).
    batch_rows: records read, transformed and staged at a time; memory grows with it, not
        with the input (PAPERHOUSE_BATCH_ROWS). 15,000 holds a load of 100,000 arXiv lines
        to 1.3 GiB where 25,000 took 2.1, in the same time (docs/performance.md).
    bulk_rows: a published table getting at least this many staged rows is published in bulk:
        its rows are written without row-by-row foreign key checks and checked in one pass per
        key before the commit (PAPERHOUSE_BULK_ROWS).
    max_reject_rate: a run in which a larger share of the records read is rejected as broken
        (malformed or invalid; not a leaderboard row that names no paper) is blocked
        (PAPERHOUSE_MAX_REJECT_RATE; `--max-reject-rate`).
    warnings_block: failed warning checks block publishing like critical ones
        (PAPERHOUSE_WARNINGS_BLOCK; `--allow-warnings` turns it off for a run).
    max_paper_drop: the largest share of its published papers a new version of a source
        file may lose before the gate warns (PAPERHOUSE_MAX_PAPER_DROP).
    strict: a failed record check blocks the run instead of quarantining the records behind
        the failing rows (PAPERHOUSE_STRICT; `--strict`).
    executor: what extracts and transforms: `local` (this process) or `ray` (Ray tasks, on
        the cluster at RAY_ADDRESS or a local Ray) (PAPERHOUSE_EXECUTOR; `--executor`).
    ray_object_store_mb: the object store of a local Ray, in MiB (PAPERHOUSE_RAY_OBJECT_STORE_MB).
    ray_part_mb: a file larger than this many MiB, of a format read in parts (the arXiv
        snapshot), is read as parts of about this size, one Ray task each (PAPERHOUSE_RAY_PART_MB).
    connection_check_ms: while a statement of paperhouse runs, the server looks this often
        whether paperhouse is still connected, and ends the statement and its session when it
        is not (a killed load's publish would otherwise run on, holding its locks); 0 turns
        it off, for a server or pooler that refuses the option (PAPERHOUSE_CONNECTION_CHECK_MS).
    """

    database_url: str | None
    home: Path
    embedded_pg_port: int = 54329
    max_abstract_chars: int = 100_000
    batch_rows: int = 15_000
    bulk_rows: int = 100_000
    max_reject_rate: float = 0.10
    warnings_block: bool = False
    max_paper_drop: float = 0.5
    strict: bool = False
    executor: str = "local"
    ray_object_store_mb: int = 1024
    ray_part_mb: int = 256
    connection_check_ms: int = 1000

    @property
    def ray_part_bytes(self) -> int:
        return self.ray_part_mb * 1024**2

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        home = env.get("PAPERHOUSE_HOME")
        return cls(
            database_url=env.get("DATABASE_URL") or None,
            home=Path(home).expanduser().resolve() if home else _default_home(),
            embedded_pg_port=_whole_number(env, "PAPERHOUSE_PG_PORT", cls.embedded_pg_port),
            max_abstract_chars=_whole_number(
                env, "PAPERHOUSE_MAX_ABSTRACT_CHARS", cls.max_abstract_chars
            ),
            batch_rows=_whole_number(env, "PAPERHOUSE_BATCH_ROWS", cls.batch_rows),
            bulk_rows=_whole_number(env, "PAPERHOUSE_BULK_ROWS", cls.bulk_rows),
            max_reject_rate=_share(env, "PAPERHOUSE_MAX_REJECT_RATE", cls.max_reject_rate),
            warnings_block=_flag(env, "PAPERHOUSE_WARNINGS_BLOCK", cls.warnings_block),
            max_paper_drop=_share(env, "PAPERHOUSE_MAX_PAPER_DROP", cls.max_paper_drop),
            strict=_flag(env, "PAPERHOUSE_STRICT", cls.strict),
            executor=_choice(env, "PAPERHOUSE_EXECUTOR", EXECUTORS, cls.executor),
            ray_object_store_mb=_whole_number(
                env, "PAPERHOUSE_RAY_OBJECT_STORE_MB", cls.ray_object_store_mb
            ),
            ray_part_mb=_whole_number(env, "PAPERHOUSE_RAY_PART_MB", cls.ray_part_mb),
            connection_check_ms=_whole_number(
                env, "PAPERHOUSE_CONNECTION_CHECK_MS", cls.connection_check_ms, least=0
            ),
        )
