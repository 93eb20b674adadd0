"""What `etl extract --jsonl` prints: one row per source record, with what it would load."""

from __future__ import annotations

import polars as pl

from etl.transform.identity import resolve_identities


def _per(frame: pl.DataFrame, key: str, name: str, fields: dict[str, pl.Expr]) -> pl.DataFrame:
    return frame.group_by(key, maintain_order=True).agg(pl.struct(**fields).alias(name))


def preview(tables: dict[str, pl.DataFrame]) -> pl.DataFrame:
    """Per record: provenance, clean text, paper key (records resolved together), method
    name, links (abstract and source fields), results (abstract and leaderboard) and tags.

    `tables` are the batch tables of etl.transform.normalize, all batches concatenated.
    """
    records = tables["records"]
    paper_keys = resolve_identities(records)
    link_fields = {
        "url": pl.col("canonical_url"), "host": pl.col("host"), "owner": pl.col("owner"),
        "name": pl.col("name"), "kind": pl.col("kind"), "path": pl.col("subpath"),
    }  # fmt: skip
    # Every field the results table has, by the same names but for the vocabulary's metric
    # and dataset names.
    result_fields = {
        "origin": pl.col("origin"), "task": pl.col("task_slug"), "model": pl.col("model_name"),
        "value": pl.col("value"), "value_low": pl.col("value_low"), "bound": pl.col("bound"),
        "unit": pl.col("unit"),
        "scale": pl.col("scale"), "kind": pl.col("kind"),
        "is_efficiency": pl.col("is_efficiency"), "metric": pl.col("metric_name"),
        "metric_text": pl.col("metric_text"), "metric_way": pl.col("metric_way"),
        "dataset": pl.col("dataset_name"),
        "dataset_text": pl.col("dataset_text"), "dataset_way": pl.col("dataset_way"),
        "dataset_variant": pl.col("dataset_variant"),
        "comparator": pl.col("comparator"),
        "comparator_value": pl.col("comparator_value"),
        "comparator_unit": pl.col("comparator_unit"), "text": pl.col("raw_text"),
        "span": pl.concat_list("span_start", "span_end"),
    }  # fmt: skip
    names = {
        "metric_name": tables["metrics"].select("metric_key", "metric_name").unique("metric_key"),
        "dataset_name": tables["datasets"]
        .select("dataset_key", "dataset_name")
        .unique("dataset_key"),
    }

    def named(results: pl.DataFrame) -> pl.DataFrame:
        return results.join(
            names["metric_name"], on="metric_key", how="left", maintain_order="left"
        ).join(names["dataset_name"], on="dataset_key", how="left", maintain_order="left")

    tag_names = tables["tags"].select("tag_slug", "tag_name", "kind").unique("tag_slug")
    text_links = _per(tables["abstract_links"], "abstract_hash", "text_links", link_fields)
    field_links = _per(tables["record_links"], "record_key", "field_links", link_fields)
    text_results = _per(
        named(tables["abstract_results"].sort("abstract_hash", "span_start").with_columns(
            origin=pl.lit("abstract"), task_slug=pl.lit(None, pl.String),
            model_name=pl.lit(None, pl.String),
        )),
        "abstract_hash", "text_results", result_fields,
    )  # fmt: skip
    board_results = _per(
        named(tables["leaderboard_results"].with_columns(
            origin=pl.lit("leaderboard"), span_start=pl.lit(None, pl.Int32),
            span_end=pl.lit(None, pl.Int32),
            # A leaderboard's metric and dataset are its own fields, decided by no rule; its
            # value is its figure itself.
            metric_way=pl.lit(None, pl.String),
            dataset_way=pl.lit(None, pl.String), bound=pl.lit(None, pl.String),
            dataset_variant=pl.lit(None, pl.String),
        )),
        "record_key", "board_results", result_fields,
    )  # fmt: skip
    tag_fields = {
        "name": pl.col("tag_name"), "kind": pl.col("kind"), "origin": pl.col("origin"),
        "confidence": pl.col("confidence"),
    }  # fmt: skip
    text_tags = _per(
        tables["abstract_tags"]
        .join(tag_names, on="tag_slug", how="left", maintain_order="left")
        .with_columns(origin=pl.lit("rule"))
        .sort("abstract_hash", "confidence", "tag_slug", descending=[False, True, False]),
        "abstract_hash", "text_tags", tag_fields,
    )  # fmt: skip
    record_tags = _per(tables["record_tags"], "record_key", "record_tags", tag_fields)
    listing_names = tables["listings"].unique("listing_slug")
    joined = records.join(paper_keys, on="record_key", how="left", maintain_order="left")
    for frame, key in (
        (tables["abstracts"].unique("abstract_hash"), "abstract_hash"),
        (listing_names, "listing_slug"),
        (text_links, "abstract_hash"),
        (field_links, "record_key"),
        (text_results, "abstract_hash"),
        (board_results, "record_key"),
        (text_tags, "abstract_hash"),
        (record_tags, "record_key"),
    ):
        joined = joined.join(frame, on=key, how="left", maintain_order="left")

    def both(first: str, second: str) -> pl.Expr:
        return pl.concat_list(pl.col(first).fill_null([]), pl.col(second).fill_null([]))

    return joined.select(
        "source_file",
        "record",
        "line",
        listing="listing_name",
        title="title",
        abstract="abstract",
        paper_key="paper_key",
        method_name=pl.coalesce("method_name", "title_method_name"),
        method_name_origin=pl.when(pl.col("method_name").is_not_null())
        .then(pl.lit("abstract"))
        .when(pl.col("title_method_name").is_not_null())
        .then(pl.lit("title")),
        method_name_way=pl.when(pl.col("method_name").is_not_null())
        .then("method_name_way")
        .when(pl.col("title_method_name").is_not_null())
        .then(pl.lit("title")),
        repositories=both("text_links", "field_links"),
        results=both("text_results", "board_results"),
        tags=both("text_tags", "record_tags"),
    )
