"""List pairs of organisations that may be one, for a person to alias or keep apart.

The organisations are those of a database (`organizations`, with how many papers each is
linked to) or of input files (`--files`: every organisation their records name, with how
many records name it). Names are first taken as the organisation rules and the alias file
make them (etl.transform.organizations: case, accents, punctuation, spacing, plurals,
"The", "and", legal forms, aliases), so only pairs those do not already join are listed.
Two organisations are a candidate pair when:
- `acronym`: one's first word is the initials of the other's first words, the rest the same
  ("HKUST" and "Hong Kong University of Science and Technology"; "UC Berkeley" and
  "University of California, Berkeley"),
- `prefix`: one's words begin the other's ("University of Illinois" and "University of
  Illinois at Urbana-Champaign"; "INRIA" and "INRIA Lille"),
- `spelling`: their keys are at most two edits apart, on keys of eight characters or more
  ("Mohamed bin Zayed Univeristy of AI" and "... University of AI").
Words such as "of", "at", "de" are left out when comparing. Each pair comes with its kind;
the decision is a person's, written to etl/vocab/organization_aliases.csv with a reason.

    .venv/bin/python scripts/organization_candidates.py > /tmp/organization_pairs.tsv
    .venv/bin/python scripts/organization_candidates.py --files data/sample/paperlists/*.json
"""

from __future__ import annotations

import argparse
import csv
import itertools
import re
import sys
from pathlib import Path

import polars as pl
import sqlalchemy as sa

from etl import db
from etl.config import Settings
from etl.extract import read_all
from etl.transform.organizations import (
    affiliation_names,
    organization_name,
    resolved,
)
from etl.vocab.organization_aliases import load_organization_aliases

_WORD = re.compile(r"[^\W_]+")
# Words an acronym or a comparison leaves out.
_SMALL_WORDS = {"of", "the", "and", "at", "for", "in", "de", "di", "du", "des", "la", "le", "y"}
_MIN_SPELLING_KEY = 8
_MAX_EDITS = 2


def _words(name: str) -> list[str]:
    return [w for w in _WORD.findall(name.lower()) if w not in _SMALL_WORDS]


def _within_edits(a: str, b: str, limit: int) -> bool:
    """Whether a and b are at most `limit` insertions, deletions or substitutions apart."""
    if abs(len(a) - len(b)) > limit:
        return False
    previous = list(range(len(b) + 1))
    for i, char in enumerate(a, 1):
        current = [i]
        for j, other in enumerate(b, 1):
            current.append(
                min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char != other))
            )
        if min(current) > limit:
            return False
        previous = current
    return previous[-1] <= limit


def _is_acronym_of(short: list[str], long: list[str]) -> bool:
    """Whether short's first word is the initials of long's first words and the rest match."""
    if not short or len(short[0]) < 2:
        return False
    head, rest = short[0], short[1:]
    size = len(head)
    if len(long) < size + len(rest) or len(long) < 2:
        return False
    return "".join(word[0] for word in long[:size]) == head and long[size:] == rest


def candidate_pairs(organizations: pl.DataFrame) -> list[dict[str, object]]:
    """One row per candidate pair (`organization`, `count` columns in; the names of a pair
    sorted), with its kind."""
    rows = organizations.to_dicts()
    words = {row["organization"]: _words(row["organization"]) for row in rows}
    keys = {row["organization"]: row["organization_key"] for row in rows}
    counts = {row["organization"]: row["count"] for row in rows}
    kinds: dict[tuple[str, str], str] = {}
    for a, b in itertools.combinations(sorted(words), 2):
        wa, wb = words[a], words[b]
        if _is_acronym_of(wa, wb) or _is_acronym_of(wb, wa):
            kinds[a, b] = "acronym"
        elif wa and wb and (wa[: len(wb)] == wb or wb[: len(wa)] == wa):
            kinds[a, b] = "prefix"
        elif min(len(keys[a]), len(keys[b])) >= _MIN_SPELLING_KEY and _within_edits(
            keys[a], keys[b], _MAX_EDITS
        ):
            kinds[a, b] = "spelling"
    return [
        {"kind": kind, "name_a": a, "count_a": counts[a], "name_b": b, "count_b": counts[b]}
        for (a, b), kind in sorted(kinds.items(), key=lambda item: (item[1], item[0]))
    ]


def _as_organisations(names: pl.LazyFrame) -> pl.DataFrame:
    """`organization` names with a `count` each, as the rules and aliases make them: one row
    per organisation, under its most counted name."""
    return (
        resolved(names, load_organization_aliases())
        .filter(pl.col("organization_key").str.len_chars() > 0)
        .group_by("organization_key", "organization")
        .agg(pl.col("count").sum())
        .sort(["organization_key", "count", "organization"], descending=[False, True, False])
        .group_by("organization_key", maintain_order=True)
        .agg(pl.col("organization").first(), pl.col("count").sum())
        .collect()
    )


def from_database(settings: Settings) -> pl.DataFrame:
    engine = db.create_engine(settings)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                sa.text(
                    "SELECT o.name, count(DISTINCT po.paper_id) FROM organizations o "
                    "LEFT JOIN paper_organizations po USING (organization_id) GROUP BY o.name"
                )
            ).all()
    finally:
        engine.dispose()
    names = pl.LazyFrame(rows, schema={"organization": pl.String, "count": pl.Int64}, orient="row")
    return _as_organisations(names)


def from_files(paths: list[Path]) -> pl.DataFrame:
    records, _, errors = read_all(paths)
    for error in errors:
        print(f"skipped: {error}", file=sys.stderr)
    records = records.lazy().with_columns(record_key=pl.col("record").cast(pl.String))
    written = pl.concat(
        [
            records.select(organization=organization_name(pl.col("organization"))).drop_nulls(),
            affiliation_names(records, load_organization_aliases()).select("organization"),
        ]
    )
    return _as_organisations(written.with_columns(count=pl.lit(1, pl.Int64)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--files", nargs="+", type=Path, help="input files to read instead of the database"
    )
    arguments = parser.parse_args()
    organizations = (
        from_files(arguments.files) if arguments.files else from_database(Settings.from_env())
    )
    pairs = candidate_pairs(organizations)
    writer = csv.DictWriter(
        sys.stdout,
        fieldnames=["kind", "name_a", "count_a", "name_b", "count_b"],
        delimiter="\t",
        lineterminator="\n",
    )
    writer.writeheader()
    writer.writerows(pairs)
    print(
        f"{len(pairs)} candidate pairs among {organizations.height} organisations", file=sys.stderr
    )


if __name__ == "__main__":
    main()
