"""From a batch of raw records to the record-level tables that get staged.

Pure: frames in, frames out, no I/O, no collect. What is derived from an abstract's text
(links, results, tags, the method name) is computed once per distinct clean abstract and
keyed by `abstract_hash`; what a source record says (identifiers, listing, authors,
keywords, source-field links, leaderboard entries) is keyed by `record_key`. Which records
are the same paper is decided later, over the whole run (etl.load.assemble), because
duplicates can sit in different batches and files.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from etl.extract.common import REJECT_SCHEMA, SNIPPET_CHARS
from etl.schema import SOURCE_FORMATS
from etl.transform import identity
from etl.transform.leaderboard import leaderboard_results
from etl.transform.methods import method_name
from etl.transform.organizations import organization_name, record_affiliations
from etl.transform.repos import canonicalize_links, extract_links
from etl.transform.results import FAMILY_FACTS, extract_results
from etl.transform.tags import tag_papers
from etl.transform.text import clean_text, collapse_whitespace
from etl.vocab import Vocabulary
from etl.vocab.measures import alias_key

_LINK_COLUMNS = {
    "repository_key": pl.String,
    "canonical_url": pl.String,
    "host": pl.String,
    "owner": pl.String,
    "name": pl.String,
    "kind": pl.String,
    "subpath": pl.String,
    "raw_url": pl.String,
}
_RESULT_COLUMNS = {
    "value": pl.Float64,
    "value_low": pl.Float64,
    "unit": pl.String,
    "scale": pl.Float64,
    "kind": pl.String,
    "metric_key": pl.String,
    "dataset_key": pl.String,
    "metric_name": pl.String,
    "dataset_name": pl.String,
    "metric_text": pl.String,
    "dataset_text": pl.String,
    "comparator": pl.String,
    "raw_text": pl.String,
}

# What each staged batch table looks like; checked before anything is collected.
BATCH_SCHEMAS: dict[str, pl.Schema] = {
    "records": pl.Schema(
        {
            "record_key": pl.String,
            "source_file": pl.String,
            "source_sha256": pl.String,
            "source_format": pl.String,
            "source_rank": pl.Int16,
            "record": pl.Int32,
            "record_digest": pl.String,
            "line": pl.Int32,
            "source_record_id": pl.String,
            "listing_slug": pl.String,
            "title": pl.String,
            "title_key": pl.String,
            "abstract": pl.String,
            "abstract_source": pl.String,
            "abstract_hash": pl.String,
            "abstract_fingerprint": pl.String,
            "arxiv_id": pl.String,
            "doi": pl.String,
            "openreview_id": pl.String,
            "pwc_id": pl.String,
            "published_on": pl.Date,
            "year": pl.Int32,
            "organization": pl.String,
            "organization_key": pl.String,
            "upvotes": pl.Int32,
            "comment_count": pl.Int32,
            "decision": pl.String,
        }
    ),
    "listings": pl.Schema({"listing_slug": pl.String, "listing_name": pl.String}),
    "abstracts": pl.Schema({"abstract_hash": pl.String, "method_name": pl.String}),
    "record_authors": pl.Schema(
        {
            "record_key": pl.String,
            "position": pl.Int32,
            "author_key": pl.String,
            "name": pl.String,
            "affiliation": pl.String,
        }
    ),
    "record_affiliations": pl.Schema(
        {"record_key": pl.String, "organization": pl.String, "organization_key": pl.String}
    ),
    "record_tags": pl.Schema(
        {
            "record_key": pl.String,
            "tag_slug": pl.String,
            "tag_name": pl.String,
            "kind": pl.String,
            "origin": pl.String,
            "confidence": pl.Float64,
        }
    ),
    "abstract_tags": pl.Schema(
        {
            "abstract_hash": pl.String,
            "tag_slug": pl.String,
            "confidence": pl.Float64,
            "matched_text": pl.String,
        }
    ),
    "abstract_links": pl.Schema({"abstract_hash": pl.String, **_LINK_COLUMNS}),
    "record_links": pl.Schema(
        {"record_key": pl.String, "source_field": pl.String, **_LINK_COLUMNS}
    ),
    "abstract_results": pl.Schema(
        {
            "abstract_hash": pl.String,
            "span_start": pl.Int32,
            "span_end": pl.Int32,
            **_RESULT_COLUMNS,
        }
    ),
    "leaderboard_results": pl.Schema(
        {
            "record_key": pl.String,
            "task_slug": pl.String,
            "model_name": pl.String,
            **_RESULT_COLUMNS,
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
    "tags": pl.Schema(
        {
            "tag_slug": pl.String,
            "tag_name": pl.String,
            "kind": pl.String,
            "parent_slug": pl.String,
            "area_slug": pl.String,
        }
    ),
}
# Confidence of tags a source gives: authors' own keywords and arXiv's categories are what
# they are; keywords a source's model assigned (Daily Papers' ai_keywords) a little less so.
SOURCE_TAG_CONFIDENCE = {"author": 1.0, "source": 0.8}
ARXIV_CATEGORY_PREFIX = "arxiv-"
MAX_TITLE_CHARS = 2_000


@dataclass(frozen=True)
class NormalizedBatch:
    """Lazy record-level tables (BATCH_SCHEMAS but MEASURE_TABLES, which measure_tables
    makes from the collected results) and the records to quarantine."""

    tables: dict[str, pl.LazyFrame]
    rejects: pl.LazyFrame


def _record_problems(max_abstract_chars: int) -> dict[str, pl.Expr]:
    """`reject_rule` and `reject_reason` for a record that cannot be used, else null."""
    source_chars = pl.col("abstract_source").str.len_chars()
    too_long = source_chars > max_abstract_chars
    title_too_long = pl.col("title").str.len_chars() > MAX_TITLE_CHARS
    no_content = pl.col("abstract").is_null() & pl.col("title").is_null()
    return {
        "reject_rule": pl.when(too_long)
        .then(pl.lit("record.abstract_too_long"))
        .when(title_too_long)
        .then(pl.lit("record.title_too_long"))
        .when(no_content)
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
        .when(title_too_long)
        .then(pl.format("title is {} characters long", pl.col("title").str.len_chars()))
        .when(no_content)
        .then(pl.lit("no title, and the abstract is empty once LaTeX and whitespace are removed")),
    }


def _nonempty(text: pl.Expr) -> pl.Expr:
    return pl.when(text.str.len_chars() > 0).then(text)


def _clean_records(raw: pl.LazyFrame) -> pl.LazyFrame:
    source_rank = pl.col("source_format").replace_strict(
        {f: i for i, f in enumerate(SOURCE_FORMATS)}, return_dtype=pl.Int16
    )
    return raw.with_columns(
        record_key=pl.col("source_sha256").str.slice(0, 16)
        + ":"
        + pl.col("record").cast(pl.String),
        source_rank=source_rank,
        title=_nonempty(clean_text(pl.col("title"))),
        abstract=_nonempty(clean_text(pl.col("abstract_source"))),
        listing_slug=identity.listing_slug(pl.col("listing_name")),
        arxiv_id=identity.arxiv_id(pl.col("arxiv_id")),
        doi=identity.doi(pl.col("doi")),
        openreview_id=identity.openreview_id(pl.col("openreview_id")),
        pwc_id=identity.pwc_id(pl.col("pwc_id")),
        year=pl.col("published_on").dt.year().cast(pl.Int32),
        organization=organization_name(pl.col("organization")),
    ).with_columns(
        organization_key=identity.name_key(pl.col("organization")),
        title_key=identity.title_key(pl.col("title")),
        abstract_hash=identity.stable_digest(pl.col("abstract")),
        abstract_fingerprint=identity.abstract_fingerprint(pl.col("abstract")),
    )


def _authors(records: pl.LazyFrame) -> pl.LazyFrame:
    return (
        records.select("record_key", "authors")
        .explode("authors")
        .drop_nulls("authors")
        .unnest("authors")
        .with_columns(
            name=collapse_whitespace(pl.col("name")),
            position=pl.int_range(1, pl.len() + 1).over("record_key").cast(pl.Int32),
        )
        .filter(pl.col("name").str.len_chars() > 0)
        .with_columns(
            author_key=identity.name_key(pl.col("name")),
            affiliation=_nonempty(collapse_whitespace(pl.col("affiliation"))),
        )
    )


def _tag_form_key(form: pl.Expr) -> pl.Expr:
    """Keywords written by people match the vocabulary loosely: case, punctuation and a
    plural `s` aside (`knowledge graphs` is the tag Knowledge Graph)."""
    return identity.name_key(form).str.replace(r"s$", "")


def _record_tags(records: pl.LazyFrame, vocabulary: pl.DataFrame) -> pl.LazyFrame:
    """Keywords from sources as tags: the vocabulary's tag when a name or synonym matches,
    else a tag of their own; arXiv categories as arxiv-category tags."""
    keywords = (
        records.select("record_key", "keywords")
        .explode("keywords")
        .drop_nulls("keywords")
        .unnest("keywords")
        .with_columns(keyword=collapse_whitespace(pl.col("keyword")))
        .filter(pl.col("keyword").str.len_chars() > 0)
    )
    surface = vocabulary.select(
        "tag_slug",
        "tag_name",
        "kind",
        form=pl.concat_list("tag_name", pl.col("synonyms").fill_null("").str.split("|")),
    ).explode("form")
    known = (
        surface.filter(pl.col("form") != "")
        .select(
            form_key=_tag_form_key(pl.col("form")),
            known_slug="tag_slug",
            known_name="tag_name",
            known_kind="kind",
        )
        .unique("form_key", keep="first", maintain_order=True)
    )
    is_category = pl.col("kind") == "arxiv-category"
    own_slug = identity.listing_slug(pl.col("keyword"))
    return (
        keywords.with_columns(form_key=_tag_form_key(pl.col("keyword")))
        .join(known.lazy(), on="form_key", how="left", maintain_order="left")
        .select(
            "record_key",
            tag_slug=pl.when(is_category)
            .then(pl.lit(ARXIV_CATEGORY_PREFIX) + own_slug)
            .otherwise(pl.coalesce("known_slug", own_slug)),
            tag_name=pl.when(is_category)
            .then(pl.col("keyword"))
            .otherwise(pl.coalesce("known_name", "keyword")),
            kind=pl.when(is_category)
            .then(pl.lit("arxiv-category"))
            .otherwise(pl.coalesce("known_kind", pl.lit("keyword"))),
            origin="origin",
            confidence=pl.col("origin").replace_strict(SOURCE_TAG_CONFIDENCE, default=0.8),
        )
        .unique(["record_key", "tag_slug", "origin"], keep="first", maintain_order=True)
    )


def _record_links(records: pl.LazyFrame) -> pl.LazyFrame:
    return (
        records.select("record_key", "links")
        .explode("links")
        .drop_nulls("links")
        .unnest("links")
        .select("record_key", source_field="field", raw_url="url")
        .filter(pl.col("raw_url").str.contains(r"(?i)^(?:https?://|www\.|[\w\-]+\.[a-z]{2,}/)"))
        .pipe(canonicalize_links)
        .unique(["record_key", "repository_key", "subpath"], keep="first", maintain_order=True)
    )


MEASURE_TABLES = ("metrics", "metric_aliases", "datasets", "dataset_aliases")


def measure_tables(results: pl.LazyFrame, vocabulary: Vocabulary) -> dict[str, pl.LazyFrame]:
    """Curated metrics and datasets, plus the metric families and datasets a batch's
    results name, and every spelling seen. `results` has metric_name, metric_text,
    dataset_name and dataset_text: pass the batch's collected results, so that the
    extraction is not run again for each of these tables."""
    metrics, datasets = vocabulary.metrics, vocabulary.datasets
    curated_metrics = metrics.lazy().select(
        metric_key=alias_key(pl.col("metric_name")), metric_name="metric_name",
        direction="direction", is_share="is_share",
    )  # fmt: skip
    prefix = pl.col("metric_name").str.extract(r"^(Top-|[A-Za-z]+@)", 1)
    named_metrics = (
        results.filter(pl.col("metric_name").is_not_null())
        .select("metric_name")
        .unique()
        .select(
            metric_key=alias_key(pl.col("metric_name")),
            metric_name="metric_name",
            direction=pl.when(prefix.is_in(list(FAMILY_FACTS))).then(
                pl.when(pl.col("metric_name").str.contains("Error"))
                .then(pl.lit("lower"))
                .otherwise(pl.lit("higher"))
            ),
            is_share=prefix.is_in(list(FAMILY_FACTS)).fill_null(False),
        )
    )
    metric_aliases = pl.concat(
        [
            metrics.lazy().explode("aliases").select(
                alias_key=alias_key(pl.col("aliases")), alias="aliases",
                metric_key=alias_key(pl.col("metric_name")),
            ),
            results.filter(pl.col("metric_name").is_not_null()).select(
                alias_key=alias_key(pl.col("metric_text")), alias="metric_text",
                metric_key=alias_key(pl.col("metric_name")),
            ),
        ]
    )  # fmt: skip
    curated_datasets = datasets.lazy().select(
        dataset_key=alias_key(pl.col("dataset_name")), dataset_name="dataset_name"
    )
    named_datasets = results.filter(pl.col("dataset_name").is_not_null()).select(
        dataset_key=alias_key(pl.col("dataset_name")), dataset_name="dataset_name"
    )
    dataset_aliases = pl.concat(
        [
            datasets.lazy().explode("aliases").select(
                alias_key=alias_key(pl.col("aliases")), alias="aliases",
                dataset_key=alias_key(pl.col("dataset_name")),
            ),
            results.filter(pl.col("dataset_text").is_not_null()).select(
                alias_key=alias_key(pl.col("dataset_text")), alias="dataset_text",
                dataset_key=alias_key(pl.col("dataset_name")),
            ),
        ]
    )  # fmt: skip
    return {
        "metrics": pl.concat([curated_metrics, named_metrics]).unique(
            "metric_key", keep="first", maintain_order=True
        ),
        "metric_aliases": metric_aliases.unique("alias_key", keep="first", maintain_order=True),
        "datasets": pl.concat([curated_datasets, named_datasets]).unique(
            "dataset_key", keep="first", maintain_order=True
        ),
        "dataset_aliases": dataset_aliases.unique("alias_key", keep="first", maintain_order=True),
    }


def _keyed_results(results: pl.LazyFrame) -> pl.LazyFrame:
    """Results with the natural keys of their metric and dataset."""
    return results.with_columns(
        metric_key=alias_key(pl.col("metric_name")),
        dataset_key=alias_key(pl.col("dataset_name")),
    )


def batch_measure_tables(
    tables: dict[str, pl.DataFrame], vocabulary: Vocabulary
) -> dict[str, pl.LazyFrame]:
    """measure_tables for a collected batch: from its abstract and leaderboard results."""
    columns = ["metric_name", "metric_text", "dataset_name", "dataset_text"]
    results = pl.concat(
        [tables["abstract_results"].select(columns), tables["leaderboard_results"].select(columns)]
    )
    return measure_tables(results.lazy(), vocabulary)


def check_records(raw: pl.LazyFrame, *, max_abstract_chars: int) -> pl.LazyFrame:
    """Raw records (with their `record_digest`, see identity.record_digest) cleaned and
    keyed, the unusable ones flagged (reject_rule, reject_reason): what normalize_batch
    derives every table from. Collect it first: Polars does not share
    it among the tables of one collect_all (measured: 8.3 s per 20k arXiv records as one
    plan, 4.1 s collected first)."""
    return _clean_records(raw).with_columns(**_record_problems(max_abstract_chars))


def normalize_batch(checked: pl.LazyFrame, *, vocabulary: Vocabulary) -> NormalizedBatch:
    """Derive one batch's tables from its checked records; split off the unusable ones."""
    rejects = checked.filter(pl.col("reject_rule").is_not_null()).select(
        "source_file",
        record_number="record",
        line_number="line",
        rule="reject_rule",
        reason="reject_reason",
        raw_snippet=pl.coalesce("abstract_source", "title").str.slice(0, SNIPPET_CHARS),
    )
    records = checked.filter(pl.col("reject_rule").is_null())
    texts = (
        records.filter(pl.col("abstract").is_not_null())
        .select(paper_key="abstract_hash", abstract="abstract")
        .unique("paper_key", keep="first", maintain_order=True)
    )
    abstract_results = extract_results(texts, vocabulary.metrics, vocabulary.datasets)
    leaderboard = leaderboard_results(records, vocabulary.metrics, vocabulary.datasets)
    record_tags = _record_tags(records, vocabulary.tags)
    tables = {
        "records": records.select(BATCH_SCHEMAS["records"].names()),
        "listings": records.filter(pl.col("listing_slug").is_not_null())
        .select("listing_slug", "listing_name")
        .unique("listing_slug", keep="first", maintain_order=True),
        "abstracts": texts.select(
            abstract_hash="paper_key", method_name=method_name(pl.col("abstract"))
        ),
        "record_authors": _authors(records).select(BATCH_SCHEMAS["record_authors"].names()),
        "record_affiliations": record_affiliations(records),
        "record_tags": record_tags,
        "abstract_tags": tag_papers(texts, vocabulary.tags.lazy()).select(
            abstract_hash="paper_key",
            tag_slug="tag_slug",
            confidence="confidence",
            matched_text="matched_text",
        ),  # fmt: skip
        "abstract_links": extract_links(texts).select(
            abstract_hash="paper_key", **{c: pl.col(c) for c in _LINK_COLUMNS}
        ),
        "record_links": _record_links(records).select(BATCH_SCHEMAS["record_links"].names()),
        "abstract_results": _keyed_results(abstract_results).select(
            abstract_hash="paper_key",
            **{c: pl.col(c) for c in BATCH_SCHEMAS["abstract_results"].names()[1:]},
        ),
        "leaderboard_results": _keyed_results(leaderboard).select(
            BATCH_SCHEMAS["leaderboard_results"].names()
        ),
        # The whole vocabulary, so that every parent_slug and area_slug resolves in SQL,
        # and the tags sources and leaderboards bring.
        "tags": pl.concat(
            [
                vocabulary.tags.lazy().select(BATCH_SCHEMAS["tags"].names()),
                record_tags.select(
                    "tag_slug",
                    "tag_name",
                    "kind",
                    parent_slug=pl.lit(None, pl.String),
                    area_slug=pl.lit(None, pl.String),
                ),
                leaderboard.select(
                    tag_slug="task_slug",
                    tag_name="task_name",
                    kind=pl.lit("task"),
                    parent_slug=pl.lit(None, pl.String),
                    area_slug=pl.lit(None, pl.String),
                ),
            ]
        ).unique("tag_slug", keep="first", maintain_order=True),  # fmt: skip
    }
    for name, frame in tables.items():
        actual = frame.collect_schema()
        if actual != BATCH_SCHEMAS[name]:
            raise TypeError(
                f"normalized table {name} has schema {actual}, expected {BATCH_SCHEMAS[name]}"
            )
    return NormalizedBatch(tables=tables, rejects=rejects.cast(dict(REJECT_SCHEMA)))
