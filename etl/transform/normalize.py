"""From raw records to the normalized tables that get staged, plus the records to quarantine.

Pure: frames in, frames out, no I/O, no collect. The output tables carry natural keys
(paper_key, listing_slug, repository_key, metric_key ...); surrogate ids are the
database's business.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from etl.transform.identity import assign_paper_keys, listing_slug
from etl.transform.methods import method_name
from etl.transform.repos import distinct_repositories, extract_links
from etl.transform.results import FAMILY_FACTS, extract_results
from etl.transform.tags import tag_papers
from etl.transform.text import clean_abstracts
from etl.vocab import Vocabulary
from etl.vocab.measures import alias_key

# What each staged table looks like; checked before anything is collected.
TABLE_SCHEMAS: dict[str, pl.Schema] = {
    "papers": pl.Schema(
        {
            "paper_key": pl.String,
            "abstract_fingerprint": pl.String,
            "title": pl.String,
            "abstract": pl.String,
            "abstract_source": pl.String,
            "method_name": pl.String,
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
    "metrics": pl.Schema(
        {
            "metric_key": pl.String,
            "metric_name": pl.String,
            "direction": pl.String,
            "is_share": pl.Boolean,
        }
    ),
    "metric_aliases": pl.Schema(
        {"alias_key": pl.String, "alias": pl.String, "metric_key": pl.String}
    ),
    "datasets": pl.Schema({"dataset_key": pl.String, "dataset_name": pl.String}),
    "dataset_aliases": pl.Schema(
        {"alias_key": pl.String, "alias": pl.String, "dataset_key": pl.String}
    ),
    "results": pl.Schema(
        {
            "paper_key": pl.String,
            "origin": pl.String,
            "span_start": pl.Int32,
            "span_end": pl.Int32,
            "raw_text": pl.String,
            "value": pl.Float64,
            "value_low": pl.Float64,
            "unit": pl.String,
            "scale": pl.Float64,
            "kind": pl.String,
            "metric_key": pl.String,
            "dataset_key": pl.String,
            "metric_text": pl.String,
            "dataset_text": pl.String,
            "comparator": pl.String,
        }
    ),
    "tags": pl.Schema(
        {
            "tag_slug": pl.String,
            "tag_name": pl.String,
            "kind": pl.String,
            "parent_slug": pl.String,
            "area_slug": pl.String,
        }
    ),
    "paper_tags": pl.Schema(
        {
            "paper_key": pl.String,
            "tag_slug": pl.String,
            "origin": pl.String,
            "confidence": pl.Float64,
            "matched_text": pl.String,
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


def _metric_tables(
    results: pl.LazyFrame, metrics: pl.DataFrame
) -> tuple[pl.LazyFrame, pl.LazyFrame]:
    """The curated metric vocabulary plus metric families met in this batch, and every
    spelling: curated aliases and the ones written in the abstracts."""
    curated = metrics.lazy().select(
        metric_key=alias_key(pl.col("metric_name")), metric_name="metric_name",
        direction="direction", is_share="is_share",
    )  # fmt: skip
    prefix = pl.col("metric_name").str.extract(r"^(Top-|[A-Za-z]+@)", 1)
    family_direction = (
        pl.col("metric_name")
        .str.contains("Error")
        .replace_strict({True: "lower", False: "higher"}, return_dtype=pl.String)
    )
    families = (
        results.filter(pl.col("metric_name").is_not_null())
        .select("metric_name")
        .unique()
        .filter(prefix.is_in(list(FAMILY_FACTS)))
        .select(
            metric_key=alias_key(pl.col("metric_name")),
            metric_name="metric_name",
            direction=family_direction,
            is_share=pl.lit(True),
        )
    )
    metric_table = (
        pl.concat([curated, families])
        .unique("metric_key", keep="first", maintain_order=True)
        .sort("metric_key")
    )
    curated_aliases = metrics.lazy().explode("aliases").select(
        alias_key=alias_key(pl.col("aliases")), alias="aliases",
        metric_key=alias_key(pl.col("metric_name")),
    )  # fmt: skip
    seen_aliases = results.filter(pl.col("metric_name").is_not_null()).select(
        alias_key=alias_key(pl.col("metric_text")), alias="metric_text",
        metric_key=alias_key(pl.col("metric_name")),
    )  # fmt: skip
    aliases = (
        pl.concat([curated_aliases, seen_aliases.sort("alias_key", "alias")])
        .unique("alias_key", keep="first", maintain_order=True)
        .sort("alias_key")
    )
    return metric_table, aliases


def _dataset_tables(
    results: pl.LazyFrame, datasets: pl.DataFrame
) -> tuple[pl.LazyFrame, pl.LazyFrame]:
    """Curated datasets plus those named in this batch (under their first spelling), and
    every spelling."""
    curated = datasets.lazy().select(
        dataset_key=alias_key(pl.col("dataset_name")), dataset_name="dataset_name"
    )
    named = results.filter(pl.col("dataset_name").is_not_null()).select(
        dataset_key=alias_key(pl.col("dataset_name")), dataset_name="dataset_name"
    )
    dataset_table = (
        pl.concat([curated, named.sort("dataset_key", "dataset_name")])
        .unique("dataset_key", keep="first", maintain_order=True)
        .sort("dataset_key")
    )
    curated_aliases = datasets.lazy().explode("aliases").select(
        alias_key=alias_key(pl.col("aliases")), alias="aliases",
        dataset_key=alias_key(pl.col("dataset_name")),
    )  # fmt: skip
    seen_aliases = results.filter(pl.col("dataset_text").is_not_null()).select(
        alias_key=alias_key(pl.col("dataset_text")), alias="dataset_text",
        dataset_key=alias_key(pl.col("dataset_name")),
    )  # fmt: skip
    aliases = (
        pl.concat([curated_aliases, seen_aliases.sort("alias_key", "alias")])
        .unique("alias_key", keep="first", maintain_order=True)
        .sort("alias_key")
    )
    return dataset_table, aliases


def normalize(
    records: pl.LazyFrame, *, max_abstract_chars: int, vocabulary: Vocabulary
) -> Normalized:
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
    papers = (
        accepted.unique("paper_key", keep="first", maintain_order=True)
        .with_columns(method_name=method_name(pl.col("abstract")))
        .select(TABLE_SCHEMAS["papers"].names())
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
    results = extract_results(papers, vocabulary.metrics, vocabulary.datasets)
    metrics, metric_aliases = _metric_tables(results, vocabulary.metrics)
    datasets, dataset_aliases = _dataset_tables(results, vocabulary.datasets)
    paper_tags = tag_papers(papers.select("paper_key", "abstract"), vocabulary.tags.lazy())
    tables = {
        "papers": papers,
        "listings": listings,
        "paper_listings": paper_listings,
        "repositories": distinct_repositories(links),
        "paper_repositories": links.select(TABLE_SCHEMAS["paper_repositories"].names()),
        "metrics": metrics,
        "metric_aliases": metric_aliases,
        "datasets": datasets,
        "dataset_aliases": dataset_aliases,
        "results": results.with_columns(
            origin=pl.lit("abstract"),
            metric_key=alias_key(pl.col("metric_name")),
            dataset_key=alias_key(pl.col("dataset_name")),
        ).select(TABLE_SCHEMAS["results"].names()),
        # The whole vocabulary, so that every parent_slug and area_slug resolves in SQL.
        "tags": vocabulary.tags.lazy().select(TABLE_SCHEMAS["tags"].names()).sort("tag_slug"),
        "paper_tags": paper_tags.select(TABLE_SCHEMAS["paper_tags"].names()),
    }
    for name, frame in tables.items():
        actual = frame.collect_schema()
        if actual != TABLE_SCHEMAS[name]:
            raise TypeError(
                f"normalized table {name} has schema {actual}, expected {TABLE_SCHEMAS[name]}"
            )
    return Normalized(tables=tables, rejects=rejects, records=accepted)


def _per_paper(frame: pl.LazyFrame, name: str, fields: dict[str, pl.Expr]) -> pl.LazyFrame:
    return frame.group_by("paper_key", maintain_order=True).agg(pl.struct(**fields).alias(name))


def preview(records: pl.LazyFrame, tables: dict[str, pl.LazyFrame]) -> pl.LazyFrame:
    """One row per accepted record with its clean abstract, key, method name, links,
    results and tags: what `etl extract --jsonl` prints."""
    links = _per_paper(
        tables["paper_repositories"].join(
            tables["repositories"], on="repository_key", how="left", maintain_order="left"
        ),
        "repositories",
        {"url": pl.col("canonical_url"), "host": pl.col("host"), "owner": pl.col("owner"),
         "name": pl.col("name"), "kind": pl.col("kind"), "path": pl.col("subpath")},
    )  # fmt: skip
    results = _per_paper(
        tables["results"]
        .sort("paper_key", "span_start")
        .join(tables["metrics"], on="metric_key", how="left", maintain_order="left")
        .join(tables["datasets"], on="dataset_key", how="left", maintain_order="left"),
        "results",
        {"value": pl.col("value"), "unit": pl.col("unit"), "scale": pl.col("scale"),
         "kind": pl.col("kind"), "metric": pl.col("metric_name"),
         "dataset": pl.col("dataset_name"), "comparator": pl.col("comparator"),
         "text": pl.col("raw_text"), "span": pl.concat_list("span_start", "span_end")},
    )  # fmt: skip
    tags = _per_paper(
        tables["paper_tags"]
        .join(tables["tags"], on="tag_slug", how="left", maintain_order="left")
        .sort("paper_key", "confidence", "tag_slug", descending=[False, True, False]),
        "tags",
        {"name": pl.col("tag_name"), "kind": pl.col("kind"), "origin": pl.col("origin"),
         "confidence": pl.col("confidence")},
    )  # fmt: skip
    methods = tables["papers"].select("paper_key", "method_name")
    joined = records
    for frame in (methods, links, results, tags):
        joined = joined.join(frame, on="paper_key", how="left", maintain_order="left")
    return joined.sort("input_order").select(
        "source_file",
        "record",
        "line",
        listing="listing_name",
        title="title",
        abstract="abstract",
        paper_key="paper_key",
        method_name="method_name",
        repositories=pl.col("repositories").fill_null([]),
        results=pl.col("results").fill_null([]),
        tags=pl.col("tags").fill_null([]),
    )
