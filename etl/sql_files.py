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


def named(name: str, sql: str) -> str:
    """The statement with its name before it, as a comment: pg_stat_activity then says which
    statement a session runs (STATEMENT_NAME_PATTERN finds it there)."""
    return f"/* {name} */\n{sql}"


# The name `named` gives a statement, as a POSIX regular expression (for SQL's substring).
STATEMENT_NAME_PATTERN = r"/\* ([a-z_/]+) \*/"


@cache
def statement(name: str) -> str:
    """The text of sql/<name>.sql (e.g. `publish/papers`), comments included, named (see
    `named`).

    Statements are templates: `{staging}` stands for the run's staging schema (quoted),
    filled with str.format, so a brace meant for Postgres is written doubled; `:name` (for
    SQLAlchemy's text()) or `%(name)s` (for the driver) are bind parameters.
    """
    return named(name, (SQL_DIR / f"{name}.sql").read_text(encoding="utf-8"))


def has_statement(name: str) -> bool:
    """Whether sql/<name>.sql exists."""
    return (SQL_DIR / f"{name}.sql").is_file()
