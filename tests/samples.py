"""The bundled sample listings, read and cleaned once, for tests that need real abstracts."""

from __future__ import annotations

from functools import cache

import polars as pl
import pytest

from etl.config import PROJECT_ROOT
from etl.extract import read_all
from etl.transform.identity import with_record_digest
from etl.transform.normalize import check_records, normalize_batch
from etl.vocab import load_vocabulary

SAMPLE_PATHS = sorted((PROJECT_ROOT / "data" / "sample").glob("*.txt"))
# The team's sample data beside the repository; CI may run from a clone without it.
SHARED_DATA = PROJECT_ROOT.parent / "shared" / "data"
needs_shared_data = pytest.mark.skipif(
    not SHARED_DATA.is_dir(), reason=f"{SHARED_DATA} not present (clean clone)"
)


@cache
def sample_records() -> pl.DataFrame:
    """One row per sample abstract: file name, record number, abstract_hash, clean abstract
    and title (none in these listings)."""
    records, _, errors = read_all(SAMPLE_PATHS)
    assert not errors
    raw = with_record_digest(records).lazy()
    checked = check_records(raw, max_abstract_chars=100_000)
    batch = normalize_batch(checked, vocabulary=load_vocabulary())
    return (
        batch.tables["records"]
        .select(
            file=pl.col("source_file").str.extract(r"([^/]+)$", 1),
            record="record",
            abstract_hash="abstract_hash",
            abstract="abstract",
            title="title",
        )
        .collect()
    )


def sample_texts() -> pl.LazyFrame:
    """The distinct sample abstracts as (paper_key, abstract, title), the input of the
    extractors (the title of the first record with the abstract)."""
    return (
        sample_records()
        .select(paper_key="abstract_hash", abstract="abstract", title="title")
        .unique("paper_key", keep="first", maintain_order=True)
        .lazy()
    )
