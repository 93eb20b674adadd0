"""SQL kept as files under sql/: the versioned views migrations apply, and the statements
assemble and publish run."""

from __future__ import annotations

from functools import cache

from etl.config import PROJECT_ROOT

SQL_DIR = PROJECT_ROOT / "sql"
VIEWS_DIR = SQL_DIR / "views"


def view_statements(name: str, version: int) -> list[str]:
    """The statements of sql/views/<name>.v<version>.sql: the view and its comments.

    A view file is never edited once a migration uses it: a change is a new version file
    and a new migration, so every migration replays the exact SQL it was written with.
    """
    text = (VIEWS_DIR / f"{name}.v{version}.sql").read_text(encoding="utf-8")
    return [statement.strip() for statement in text.split(";\n") if statement.strip()]


@cache
def statement(name: str) -> str:
    """The text of sql/<name>.sql (e.g. `publish/papers`), comments included.

    Statements are templates: `{staging}` stands for the run's staging schema (quoted),
    filled with str.format, so a brace meant for Postgres is written doubled; `:name` (for
    SQLAlchemy's text()) or `%(name)s` (for the driver) are bind parameters.
    """
    return (SQL_DIR / f"{name}.sql").read_text(encoding="utf-8")


def has_statement(name: str) -> bool:
    """Whether sql/<name>.sql exists."""
    return (SQL_DIR / f"{name}.sql").is_file()
