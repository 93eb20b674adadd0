"""What the rules derive from abstracts (method names, rule tags, links, results), row for row,
on the bundled samples and on generated arXiv records, against golden files.

A change meant to make derivation faster must leave these files as they are. A change of a
rule changes them on purpose: write them again with

    .venv/bin/python -m tests.unit.transform.test_abstract_tables_golden

and read the difference (git diff shows the rows as text: the files are CSV).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import polars as pl
import pytest

from bench.generate_arxiv import generate
from etl.transform.normalize import abstract_tables
from etl.transform.text import clean_text
from etl.vocab import load_vocabulary
from tests.samples import sample_texts

pytestmark = pytest.mark.slow

GOLDEN = Path(__file__).parents[2] / "fixtures" / "golden" / "abstract_tables"
GENERATED_RECORDS = 1_000
GENERATED_SEED = 7


def _generated_texts() -> pl.LazyFrame:
    """The abstracts of GENERATED_RECORDS generated arXiv records (malformed lines skipped:
    the extractors see only what the reader keeps)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "generated.jsonl"
        generate(path, GENERATED_RECORDS, GENERATED_SEED)
        abstracts, titles = [], []
        for line in path.read_text().splitlines():
            try:
                record = json.loads(line)
                abstracts.append(record["abstract"])
            except (ValueError, KeyError, TypeError):
                continue
            titles.append(record.get("title"))
    return pl.LazyFrame(
        {
            "paper_key": [f"generated-{i}" for i in range(len(abstracts))],
            "abstract": abstracts,
            "title": titles,
        },
        schema={"paper_key": pl.String, "abstract": pl.String, "title": pl.String},
    ).with_columns(abstract=clean_text(pl.col("abstract")), title=clean_text(pl.col("title")))


def derived_tables() -> dict[str, pl.DataFrame]:
    """The tables abstract_tables derives from the samples and the generated records, each
    sorted on all its columns."""
    texts = pl.concat([sample_texts(), _generated_texts()])
    tables = abstract_tables(texts, load_vocabulary())
    return {
        name: frame.sort(frame.columns, nulls_last=True)
        for name, frame in zip(tables, pl.collect_all(list(tables.values())), strict=True)
    }


def _golden_path(name: str) -> Path:
    return GOLDEN / f"{name}.csv"


def _read_golden(name: str, schema: pl.Schema) -> pl.DataFrame:
    return pl.read_csv(_golden_path(name), schema=schema)


def test_derived_tables_are_the_golden_ones_row_for_row() -> None:
    for name, derived in derived_tables().items():
        golden = _read_golden(name, derived.schema)
        only_derived = derived.join(golden, on=derived.columns, how="anti", nulls_equal=True)
        only_golden = golden.join(derived, on=derived.columns, how="anti", nulls_equal=True)
        assert only_derived.is_empty() and only_golden.is_empty(), (
            f"{name}: {only_derived.height} rows derived and not golden, e.g.\n"
            f"{only_derived.head(3)}\n{only_golden.height} golden rows not derived, e.g.\n"
            f"{only_golden.head(3)}"
        )
        assert derived.height == golden.height, f"{name}: a row derived twice or once less"


def write_golden() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, derived in derived_tables().items():
        derived.write_csv(_golden_path(name))
        print(f"{_golden_path(name)}: {derived.height:,} rows")


if __name__ == "__main__":
    write_golden()
