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


def _positive_int(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, got {raw!r}") from None
    if value <= 0:
        raise ValueError(f"{name} must be positive, got {value}")
    return value


@dataclass(frozen=True)
class Settings:
    """Everything paperhouse reads from its environment, in one place.

    database_url: the Postgres to use (DATABASE_URL); None means the embedded server.
    home: folder for local state: the embedded server's data and log (PAPERHOUSE_HOME).
    embedded_pg_port: TCP port the embedded server listens on, on 127.0.0.1 (PAPERHOUSE_PG_PORT).
    max_abstract_chars: longer abstracts are quarantined as broken records
        (PAPERHOUSE_MAX_ABSTRACT_CHARS).
    batch_rows: records read, transformed and staged at a time; memory grows with it, not
        with the input (PAPERHOUSE_BATCH_ROWS).
    """

    database_url: str | None
    home: Path
    embedded_pg_port: int = 54329
    max_abstract_chars: int = 100_000
    batch_rows: int = 25_000

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        home = env.get("PAPERHOUSE_HOME")
        return cls(
            database_url=env.get("DATABASE_URL") or None,
            home=Path(home).expanduser().resolve() if home else _default_home(),
            embedded_pg_port=_positive_int(env, "PAPERHOUSE_PG_PORT", cls.embedded_pg_port),
            max_abstract_chars=_positive_int(
                env, "PAPERHOUSE_MAX_ABSTRACT_CHARS", cls.max_abstract_chars
            ),
            batch_rows=_positive_int(env, "PAPERHOUSE_BATCH_ROWS", cls.batch_rows),
        )
