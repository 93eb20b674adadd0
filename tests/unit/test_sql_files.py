"""The statements kept in sql/assemble and sql/publish that spell out the papers' identifier
columns name every strong identifier kind: a kind added to etl.contracts must reach them."""

from __future__ import annotations

import re

from etl.contracts import STRONG_IDENTIFIER_KINDS
from etl.sql_files import SQL_DIR

STATEMENT_DIRS = ("assemble", "publish")


def _statement_files() -> list[str]:
    return sorted(
        str(path.relative_to(SQL_DIR).with_suffix(""))
        for folder in STATEMENT_DIRS
        for path in (SQL_DIR / folder).rglob("*.sql")
    )


def test_statements_naming_identifier_columns_name_every_strong_kind() -> None:
    spelled_out = []
    for name in _statement_files():
        text = (SQL_DIR / f"{name}.sql").read_text(encoding="utf-8")
        named = {kind for kind in STRONG_IDENTIFIER_KINDS if re.search(rf"\b{kind}\b", text)}
        if named:
            spelled_out.append(name)
            assert named == set(STRONG_IDENTIFIER_KINDS), (name, sorted(named))
    assert len(spelled_out) >= 4, spelled_out
