"""rederive: derive links, results, tags and method names again, with the current rules, from
what the warehouse holds, and publish what changed through the gate in one transaction.

A warehouse loaded months ago was derived by the rules of then, and its input files may be
gone. What it holds is enough to derive again: the published abstracts (results, rule tags,
links in the text, method names), every link's URL as its source wrote it (links from
source fields, and from the text of records whose abstract is not the published one), and
every leaderboard value as its table wrote it (with its task, dataset, model and metric).
These go through the same transforms as a load, into a staging schema shaped like a load's,
through the same gate and the same publish: rows the new rules derive differently are
updated, rows they no longer derive deleted, everything else left as it is. Not derived
again: keywords that sources gave (kept as mapped), links and leaderboard values published
before their source record was kept (null source_file: they stay as they are, but for a
link found in an abstract, which the abstract gives again), papers no source record
mentions. Text cleaning and identity rules are not applied again: that takes `--reload`.
"""

from __future__ import annotations

from dataclasses import replace

import polars as pl
import sqlalchemy as sa

from etl import db
from etl.config import Settings
from etl.contracts import BATCH_SCHEMAS, LEADERBOARD_ENTRY, LINK, REJECT_SCHEMA
from etl.load import ledger
from etl.load.assemble import assemble_rederived, batch_table, create_batch_tables
from etl.load.staging import STAGING_SCHEMA, copy_frame, create_schema, create_table, read_frame
from etl.pipeline import (
    UNCHANGED_RECORDS,
    RunOutcome,
    StagedRun,
    collect_tables,
    fail_run,
    validate_and_publish,
)
from etl.progress import Progress
from etl.transform import rules_version
from etl.transform.identity import is_placeholder_abstract, resolve_papers, stable_digest
from etl.transform.methods import title_method_name
from etl.transform.normalize import (
    abstract_tables,
    batch_measure_tables,
    leaderboard_tables,
    record_links,
)
from etl.validate import gate_process
from etl.vocab import Vocabulary, load_vocabulary

_ABSTRACTS = pl.Schema({"paper_id": pl.Int64, "abstract": pl.String, "title": pl.String})
_STORED_LINKS = pl.Schema({"record_key": pl.String, "field": pl.String, "url": pl.String})
_STORED_VALUES = pl.Schema(
    {
        "record_key": pl.String,
        "source_file": pl.String,
        **{name: dtype for name, dtype in LEADERBOARD_ENTRY.to_schema().items()},
    }
)


def rederive(settings: Settings, progress: Progress) -> RunOutcome:
    """Derive again and publish, or publish nothing and say why (see the module docstring)."""
    # No record is read, so none can be set aside: a failed check blocks.
    settings = replace(settings, strict=True)
    engine = db.create_engine(settings)
    try:
        db.check_schema_is_current(engine)
        gate_process.prepare()
        with ledger.exclusive_load(engine, progress.say):
            run_id = ledger.start_run(engine, "rederive", rules_version())
            try:
                staged = _stage(engine, settings, progress)
                outcome = validate_and_publish(engine, run_id, staged, [], settings, progress)
            except BaseException as error:
                fail_run(engine, run_id, f"{type(error).__name__}: {error}")
                raise
            outcome.command = "rederive"
            return outcome
    finally:
        engine.dispose()


def _stage(engine: sa.Engine, settings: Settings, progress: Progress) -> StagedRun:
    schema = STAGING_SCHEMA
    s = f'"{schema}"'
    vocabulary = load_vocabulary()
    with progress.stage("derive") as note, engine.begin() as conn:
        create_schema(conn, schema)
        create_batch_tables(conn, schema)
        create_table(conn, schema, "rejects", REJECT_SCHEMA)
        create_table(conn, schema, "unchanged_records", UNCHANGED_RECORDS)
        conn.exec_driver_sql(
            f"CREATE UNLOGGED TABLE {s}.published_abstracts "
            "(paper_id bigint, abstract_hash text, is_placeholder boolean, "
            "title_method_name text)"
        )
        abstracts = _derive_from_abstracts(conn, schema, vocabulary, settings.batch_rows)
        _rederived_rows(conn, s)
        links, values = _derive_from_stored_values(conn, schema, vocabulary)
        note.detail = (
            f"{abstracts:,} abstracts, {links:,} stored links, {values:,} leaderboard values"
        )
    with progress.stage("assemble") as note, engine.begin() as conn:
        counts = assemble_rederived(
            conn, schema, resolve_papers=resolve_papers, seconds=progress.parts
        )
        note.detail = f"{counts['papers']:,} papers"
    return StagedRun(schema=schema, counts=counts, files=[], file_positions={})


def _with_measures(
    tables: dict[str, pl.DataFrame], vocabulary: Vocabulary
) -> dict[str, pl.DataFrame]:
    """The tables with the metrics and datasets their results name, and their spellings."""
    results = {
        name: tables.get(name, BATCH_SCHEMAS[name].to_frame())
        for name in ("abstract_results", "leaderboard_results")
    }
    return {**tables, **collect_tables(batch_measure_tables(results, vocabulary))}


def _stage_tables(conn: sa.Connection, schema: str, tables: dict[str, pl.DataFrame]) -> None:
    for name, frame in tables.items():
        if frame.height:
            copy_frame(conn, f'"{schema}".{batch_table(name)}', frame)


def _derive_from_abstracts(
    conn: sa.Connection, schema: str, vocabulary: Vocabulary, batch_rows: int
) -> int:
    """What the rules derive from each published abstract, batch_rows abstracts at a time;
    how many abstracts were read."""
    read, last_id = 0, 0
    while True:
        batch = read_frame(
            conn,
            "SELECT paper_id, abstract, title FROM public.papers WHERE abstract IS NOT NULL "
            f"AND paper_id > {last_id} ORDER BY paper_id LIMIT {batch_rows}",
            _ABSTRACTS,
        )
        if batch.is_empty():
            return read
        read += batch.height
        last_id = batch["paper_id"].max()
        hashed = batch.with_columns(
            abstract_hash=stable_digest(pl.col("abstract")),
            is_placeholder=is_placeholder_abstract(pl.col("abstract")),
            title_method_name=title_method_name(pl.col("title")),
        )
        copy_frame(
            conn,
            f'"{schema}".published_abstracts',
            hashed.select("paper_id", "abstract_hash", "is_placeholder", "title_method_name"),
        )
        texts = (
            hashed.filter(~pl.col("is_placeholder"))
            .select(paper_key="abstract_hash", abstract="abstract", title="title")
            .unique("paper_key", keep="first", maintain_order=True)
        )
        tables = collect_tables(abstract_tables(texts.lazy(), vocabulary))
        _stage_tables(conn, schema, _with_measures(tables, vocabulary))


def _rederived_rows(conn: sa.Connection, s: str) -> None:
    """`rederived_rows`: a record key for each source record (of a paper some source record
    still mentions, or a leaderboard row of no paper) that stored links or leaderboard values
    name."""
    conn.exec_driver_sql(
        f"""CREATE UNLOGGED TABLE {s}.rederived_rows AS
        SELECT 'row:' || row_number() OVER (ORDER BY x.source_file, x.record_number, x.paper_id)
                   AS record_key,
               p.paper_key, x.paper_id, x.source_file, x.record_number
        FROM (SELECT paper_id, source_file, record_number FROM public.paper_repositories
              WHERE source_file IS NOT NULL
              UNION
              SELECT ps.paper_id, e.source_file, e.record_number
              FROM public.entry_repositories e JOIN public.paper_sources ps
                   USING (source_file, record_number)
              UNION
              SELECT paper_id, source_file, record_number FROM public.results
              WHERE origin = 'leaderboard' AND source_file IS NOT NULL) x
        LEFT JOIN public.papers p USING (paper_id)
        WHERE x.paper_id IS NULL OR p.paper_id IS NOT NULL"""
    )


def _derive_from_stored_values(
    conn: sa.Connection, schema: str, vocabulary: Vocabulary
) -> tuple[int, int]:
    """Links and leaderboard values as their sources wrote them, through the current rules;
    how many of each were read. A link found in the published abstract is derived from the
    abstract instead. Leaderboard values of one file are derived together: a column's unit
    is decided over the whole table."""
    s = f'"{schema}"'
    stored_links = read_frame(
        conn,
        f"""SELECT r.record_key, pr.source_field AS field, pr.raw_url AS url
        FROM public.paper_repositories pr
        JOIN public.papers p USING (paper_id)
        JOIN {s}.rederived_rows r USING (paper_id, source_file, record_number)
        WHERE NOT (pr.origin = 'abstract' AND p.abstract IS NOT NULL
                   AND position(pr.raw_url IN p.abstract) > 0)
        UNION ALL
        SELECT r.record_key, e.source_field, e.raw_url
        FROM public.entry_repositories e
        JOIN {s}.rederived_rows r USING (source_file, record_number)""",
        _STORED_LINKS,
    )
    link_records = (
        stored_links.group_by("record_key", maintain_order=True)
        .agg(links=pl.struct("url", "field"))
        .with_columns(
            pl.col("links").cast(pl.List(LINK)),
            paper_link=pl.lit(None, pl.String),
            link_names_paper=pl.lit(False),
            title_placeholder=pl.lit(None, pl.String),
            title_as_written=pl.lit(None, pl.String),
        )
    )
    stored_values = read_frame(
        conn,
        f"""SELECT r.record_key, v.source_file, t.tag_name AS task, v.dataset_text AS dataset,
                   v.model_name, v.metric_text AS metric, v.raw_text AS value_text,
                   v.entered_on
        FROM public.results v
        JOIN {s}.rederived_rows r ON r.source_file = v.source_file
             AND r.record_number = v.record_number AND r.paper_id IS NOT DISTINCT FROM v.paper_id
        LEFT JOIN public.tags t ON t.tag_id = v.task_tag_id
        WHERE v.origin = 'leaderboard'""",
        _STORED_VALUES,
    )
    value_records = stored_values.group_by("record_key", "source_file", maintain_order=True).agg(
        leaderboard=pl.struct(*LEADERBOARD_ENTRY.to_schema())
    )
    leaderboard = leaderboard_tables(value_records.lazy(), vocabulary)
    tables = collect_tables({"record_links": record_links(link_records.lazy()), **leaderboard})
    _stage_tables(conn, schema, _with_measures(tables, vocabulary))
    return stored_links.height, stored_values.height
