"""Versioned SQL objects kept as files under sql/ and applied by migrations."""

from __future__ import annotations

from etl.config import PROJECT_ROOT

VIEWS_DIR = PROJECT_ROOT / "sql" / "views"


def view_statements(name: str, version: int) -> list[str]:
    """The statements of sql/views/<name>.v<version>.sql: the view and its comments.

    A view file is never edited once a migration uses it: a change is a new version file
    and a new migration, so every migration replays the exact SQL it was written with.
    """
    text = (VIEWS_DIR / f"{name}.v{version}.sql").read_text(encoding="utf-8")
    return [statement.strip() for statement in text.split(";\n") if statement.strip()]
