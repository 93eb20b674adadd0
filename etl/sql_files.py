"""Versioned SQL objects kept as files under sql/ and applied by migrations."""

from __future__ import annotations

from etl.config import PROJECT_ROOT

VIEWS_DIR = PROJECT_ROOT / "sql" / "views"


def view_definition(name: str, version: int) -> str:
    """The SELECT of view `name` at `version`, from sql/views/<name>.v<version>.sql.

    A view file is never edited once a migration uses it: a change is a new version file
    and a new migration, so every migration replays the exact SQL it was written with.
    """
    return (VIEWS_DIR / f"{name}.v{version}.sql").read_text(encoding="utf-8")
