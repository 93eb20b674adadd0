"""From raw records to the normalized tables that get staged, plus the records to quarantine.

Pure: frames in, frames out, no I/O, no collect. The output tables carry natural keys
(paper_key, listing_slug, repository_key); surrogate ids are the database's business.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from etl.transform.identity import assign_paper_keys, listing_slug
from etl.transform.repos import distinct_repositories, extract_links
from etl.transform.text import clean_abstracts

# What each staged table looks like; checked before anything is collected.
TABLE_SCHEMAS: dict[str, pl.Schema] = {
    "papers": pl.Schema(
        {
            "paper_key": pl.String,
            "abstract_fingerprint": pl.String,
            "title": pl.String,
            "abstract": pl.String,
            "abstract_source": pl.String,
        }
    ),
    "listings": pl.Schema({"listing_slug": pl.String, "listing_name": pl.String}),
    "paper_listings": pl.Schema(
        {
            "paper_key": pl.String,
            "listing_slug": pl.String,
            "position": pl.Int32,
            "source_file": pl.String,
            "source_line": pl.Int32,
        }
    ),
    "repositories": pl.Schema(
        {
            "repository_key": pl.String,
            "canonical_url": pl.String,
            "host": pl.String,
            "owner": pl.String,
            "name": pl.String,
            "kind": pl.String,
        }
    ),
    "paper_repositories": pl.Schema(
        {
            "paper_key": pl.String,
            "repository_key": pl.String,
            "subpath": pl.String,
            "origin": pl.String,
            "raw_url": pl.String,
        }
    ),
}
REJECT_SCHEMA = pl.Schema(
    {
        "source_file": pl.String,
        "record_number": pl.Int32,
        "line_number": pl.Int32,
        "rule": pl.String,
        "reason": pl.String,
        "raw_snippet": pl.String,
    }
)
SNIPPET_CHARS = 200


@dataclass(frozen=True)
class Normalized:
    """Lazy normalized tables (TABLE_SCHEMAS), quarantined records, and the accepted records
    (one per abstract mention, for previews)."""

    tables: dict[str, pl.LazyFrame]
    rejects: pl.LazyFrame
    records: pl.LazyFrame


def _record_problems(max_abstract_chars: int) -> dict[str, pl.Expr]:
    """`reject_rule` and `reject_reason` for a record that cannot be used, else null."""
    source_chars = pl.col("abstract_source").str.len_chars()
    too_long = source_chars > max_abstract_chars
    empty = pl.col("abstract").str.len_chars() == 0
    return {
        "reject_rule": pl.when(too_long)
        .then(pl.lit("record.abstract_too_long"))
        .when(empty)
        .then(pl.lit("record.abstract_empty")),
        "reject_reason": pl.when(too_long)
        .then(
            pl.format(
                "abstract is {} characters long, over the limit of {} "
                "(PAPERHOUSE_MAX_ABSTRACT_CHARS); is this really one abstract?",
                source_chars,
                pl.lit(max_abstract_chars),
            )
        )
        .when(empty)
        .then(pl.lit("abstract is empty once LaTeX and whitespace are removed")),
    }


def normalize(records: pl.LazyFrame, *, max_abstract_chars: int) -> Normalized:
    """Clean, identify and link raw records; split off the ones that cannot be used."""
    checked = (
        records.with_row_index("input_order")
        .pipe(clean_abstracts)
        .with_columns(**_record_problems(max_abstract_chars))
    )
    rejects = checked.filter(pl.col("reject_rule").is_not_null()).select(
        "source_file",
        record_number="record",
        line_number="line",
        rule="reject_rule",
        reason="reject_reason",
        raw_snippet=pl.col("abstract_source").str.slice(0, SNIPPET_CHARS),
    )
    accepted = (
        checked.filter(pl.col("reject_rule").is_null())
        .drop("reject_rule", "reject_reason")
        .pipe(assign_paper_keys)
        .with_columns(listing_slug=listing_slug(pl.col("listing_name")))
    )
    # The first mention in input order represents the paper; later ones only add listings.
    papers = accepted.unique("paper_key", keep="first", maintain_order=True).select(
        TABLE_SCHEMAS["papers"].names()
    )
    listings = (
        accepted.select("listing_slug", "listing_name")
        .sort("listing_slug", "listing_name")
        .unique("listing_slug", keep="first", maintain_order=True)
    )
    paper_listings = accepted.unique(
        ["paper_key", "listing_slug"], keep="first", maintain_order=True
    ).select(
        "paper_key",
        "listing_slug",
        position="record",
        source_file="source_file",
        source_line="line",
    )
    links = extract_links(papers)
    tables = {
        "papers": papers,
        "listings": listings,
        "paper_listings": paper_listings,
        "repositories": distinct_repositories(links),
        "paper_repositories": links.select(TABLE_SCHEMAS["paper_repositories"].names()),
    }
    for name, frame in tables.items():
        actual = frame.collect_schema()
        if actual != TABLE_SCHEMAS[name]:
            raise TypeError(
                f"normalized table {name} has schema {actual}, expected {TABLE_SCHEMAS[name]}"
            )
    return Normalized(tables=tables, rejects=rejects, records=accepted)


def preview(
    records: pl.LazyFrame, paper_repositories: pl.LazyFrame, repositories: pl.LazyFrame
) -> pl.LazyFrame:
    """One row per accepted record with its clean abstract, key and links: what
    `etl extract --jsonl` prints."""
    links = (
        paper_repositories.join(
            repositories, on="repository_key", how="left", maintain_order="left"
        )
        .group_by("paper_key", maintain_order=True)
        .agg(
            repositories=pl.struct(
                url="canonical_url", host="host", owner="owner", name="name", kind="kind",
                path="subpath",
            )
        )
    )  # fmt: skip
    return (
        records.join(links, on="paper_key", how="left", maintain_order="left")
        .sort("input_order")
        .select(
            "source_file",
            "record",
            "line",
            listing="listing_name",
            title="title",
            abstract="abstract",
            paper_key="paper_key",
            repositories=pl.col("repositories").fill_null([]),
        )
    )
