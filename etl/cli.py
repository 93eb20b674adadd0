"""The `etl` command line."""

from __future__ import annotations

import argparse
import atexit
import gc
import getpass
import json
import os
import signal
import sys
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import psycopg
import psycopg.conninfo
import sqlalchemy as sa

from etl import __version__, db
from etl.config import EXECUTORS, Settings, parse_share
from etl.extract import FORMATS, InputFileError, expected_records
from etl.extract.common import ExtractedFile
from etl.load import ledger
from etl.pipeline import (
    EXIT_BAD_INPUT,
    EXIT_BLOCKED,
    EXIT_NOT_READY,
    EXIT_PUBLISHED,
    RunOutcome,
    load,
    open_sources,
    transformed_batches,
)
from etl.progress import Progress
from etl.schema import runs
from etl.validate.gate import CheckResult, GateResult
from etl.validate.gate_process import GateProcessError

EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143
READER_PASSWORD_VARIABLE = "PAPERHOUSE_READER_PASSWORD"
# Where `etl report` and every load that publishes or blocks write the report, in Settings.home.
REPORT_FILE = "report.html"

DESCRIPTION = """\
paperhouse: paper listings into clean Postgres tables, gated by data-quality checks.

Without DATABASE_URL, paperhouse uses its own embedded Postgres (`etl db start`).
Exit codes: 0 published, 1 blocked by a failed critical check (or by a gate that could
not give its verdict or write its Data Docs), 2 bad usage or unusable input, 3 database not
reachable, lost during the run, or not migrated, 130 interrupted (Ctrl-C), 143 terminated
(SIGTERM); interrupted or terminated, a load cancels its running statement and publishes
nothing."""


def _error(message: str) -> None:
    print(f"etl: error: {message}", file=sys.stderr)


def _share(text: str) -> float:
    try:
        return parse_share(text, "the value")
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def cmd_load(args: argparse.Namespace, settings: Settings) -> int:
    from etl.report import render

    if args.allow_warnings:
        settings = replace(settings, warnings_block=False)
    if args.strict:
        settings = replace(settings, strict=True)
    if args.max_reject_rate is not None:
        settings = replace(settings, max_reject_rate=args.max_reject_rate)
    if args.executor is not None:
        settings = replace(settings, executor=args.executor)

    progress = Progress(quiet=args.quiet)
    progress.say(f"paperhouse load: {len(args.paths)} files")
    outcome = load(args.paths, settings, progress, args.format, reload=args.reload)
    print(render(outcome), file=sys.stderr)
    if outcome.status in ("published", "blocked") and not args.no_report:
        _write_report(settings, settings.home / REPORT_FILE)
    if args.json:
        print(json.dumps(outcome.to_json(), default=str))
    return outcome.exit_code


def cmd_rederive(args: argparse.Namespace, settings: Settings) -> int:
    from etl.rederive import rederive
    from etl.report import render

    if args.allow_warnings:
        settings = replace(settings, warnings_block=False)
    progress = Progress(quiet=args.quiet)
    progress.say("paperhouse rederive: links, results, tags and method names, with these rules")
    outcome = rederive(settings, progress)
    print(render(outcome), file=sys.stderr)
    if args.json:
        print(json.dumps(outcome.to_json(), default=str))
    return outcome.exit_code


def cmd_extract(args: argparse.Namespace, settings: Settings) -> int:
    import polars as pl

    from etl.transform.preview import preview
    from etl.vocab import load_vocabulary

    progress = Progress(quiet=args.quiet)
    sources, errors = open_sources(args.paths, args.format)
    for error in errors:
        print(f"etl: skipped {error}", file=sys.stderr)
    progress.start_counting("read", total=expected_records(sources))
    files = ExtractedFile.counting(sources)
    vocabulary = load_vocabulary()
    seconds = {"extract": 0.0, "transform": 0.0}
    batches = []
    for source in sources:
        try:
            batches.extend(
                transformed_batches([source], settings, vocabulary, progress, files, seconds)
            )
        except InputFileError as error:
            errors.append(error)
            print(f"etl: skipped {error}", file=sys.stderr)
    progress.stop_counting(seconds)
    tables = (
        {name: pl.concat([b.tables[name] for b in batches]) for name in batches[0].tables}
        if batches
        else {}
    )
    rows = preview(tables) if tables else pl.DataFrame()
    if args.jsonl:
        sys.stdout.write(rows.write_ndjson() if rows.height else "")
    else:
        for row in rows.iter_rows(named=True):
            links = ", ".join(
                r["url"] + (f" [{r['path']}]" if r["path"] else "") for r in row["repositories"]
            )
            print(f"{row['source_file']}:{row['record']}  {row['paper_key']}  {links}")
    for batch in batches:
        for reject in batch.rejects.iter_rows(named=True):
            where = reject["source_file"]
            if reject["record_number"]:
                where += f" record {reject['record_number']}"
            if reject["line_number"]:
                where += f" line {reject['line_number']}"
            print(f"etl: skipped {where}: {reject['reason']}", file=sys.stderr)
    papers = rows["paper_key"].n_unique() if rows.height else 0
    progress.say(
        f"{rows.height} records, {papers} papers, "
        f"{sum(b.rejects.height for b in batches) + len(errors)} quarantined"
    )
    return EXIT_BAD_INPUT if errors else EXIT_PUBLISHED


def cmd_db(args: argparse.Namespace, settings: Settings) -> int:
    server = db.EmbeddedPostgres.for_settings(settings)
    if args.action == "url":
        print(db.database_url(settings))
        return 0
    if args.action == "psql":
        url = db.database_url(settings)
        psql = db.psql_executable()
        os.execv(psql, [psql, url, *args.args])
    if args.action == "create-reader":
        return _create_reader(args.args, settings)
    if settings.database_url:
        print(
            f"DATABASE_URL is set: paperhouse uses {db.libpq_url(settings.database_url)} "
            f"and manages no server (`etl db {args.action}` does nothing)"
        )
        return 0
    if args.action == "start":
        url, started = server.start()
        print(f"{'started' if started else 'already running'}: {url}  (data in {server.data_dir})")
    elif args.action == "stop":
        print("stopped" if server.stop() else "not running")
    elif args.action == "status":
        port = server.running_port()
        print(
            f"running: {server.url(port)}" if port else f"not running (data in {server.data_dir})"
        )
        return 0 if port else EXIT_NOT_READY
    return 0


def _create_reader(names: list[str], settings: Settings) -> int:
    if len(names) != 1:
        _error("usage: etl db create-reader NAME (one login name)")
        return EXIT_BAD_INPUT
    name = names[0]
    password = os.environ.get(READER_PASSWORD_VARIABLE)
    if not password:
        if not sys.stdin.isatty():
            _error(f"no password: set {READER_PASSWORD_VARIABLE} or run this on a terminal")
            return EXIT_BAD_INPUT
        password = getpass.getpass(f"password for {name}: ")
        if password != getpass.getpass("the same password again: "):
            _error("the passwords differ; nothing was changed")
            return EXIT_BAD_INPUT
        if not password:
            _error("an empty password; nothing was changed")
            return EXIT_BAD_INPUT
    url = db.database_url(settings)
    try:
        created = db.create_reader_login(url, name, password)
    except ValueError as error:
        _error(str(error))
        return EXIT_BAD_INPUT
    where = psycopg.conninfo.conninfo_to_dict(url)
    print(
        f"{'created' if created else 'changed the password of'} the read-only login {name}: "
        f"host={where.get('host', 'localhost')} port={where.get('port', 5432)} "
        f"dbname={where.get('dbname')} user={name}; it reads the public and analytics "
        "schemas and nothing else"
    )
    return 0


def _write_report(settings: Settings, path: Path) -> bool:
    from etl.html_report import write_report

    try:
        written = write_report(db.database_url(settings), path)
    except (OSError, psycopg.Error) as error:
        _error(f"could not write the report {path}: {error}")
        return False
    print(f"  report    {written.as_uri()}", file=sys.stderr)
    return True


def cmd_report(args: argparse.Namespace, settings: Settings) -> int:
    path = args.out or settings.home / REPORT_FILE
    return 0 if _write_report(settings, path) else EXIT_BAD_INPUT


def cmd_runs(args: argparse.Namespace, settings: Settings) -> int:
    engine = db.create_engine(settings)
    try:
        with engine.connect() as conn:
            if not _reads_run_ledger(conn):
                if args.run_id is not None:
                    return _show_run_as_reader(conn, args.run_id)
                return _list_runs_as_reader(conn, args.limit)
        ledger.recover_if_no_load_runs(engine, lambda note: print(f"etl: {note}", file=sys.stderr))
        with engine.connect() as conn:
            if args.run_id is not None:
                return _show_run(conn, args.run_id)
            query = sa.select(runs).order_by(runs.c.run_id.desc()).limit(args.limit)
            rows = conn.execute(query).mappings().all()
    finally:
        engine.dispose()
    print(
        f"{'run':>5}  {'status':<11} {'started (UTC)':<20} {'seconds':>8}  {'files':>5} "
        f"{'papers +new':>11} {'rejects':>7}  error"
    )
    for row in rows:
        papers = row["row_counts"].get("papers", {}).get("inserted", "")
        seconds = _seconds(row)
        print(
            f"{row['run_id']:>5}  {row['status']:<11} {row['started_at']:%Y-%m-%d %H:%M:%S}  "
            f"{'' if seconds is None else f'{seconds:8.1f}':>8}  {len(row['input_files']):>5} "
            f"{papers!s:>11} {row['rejected_count']:>7}  {(row['error'] or '')[:60]}"
        )
    return 0


def _reads_run_ledger(conn: sa.Connection) -> bool:
    """Whether this login reads etl.runs and etl.rejects; a reader login (paperhouse_reader)
    sees runs only through analytics.runs and analytics.rejects."""
    # The table's privilege is asked only with USAGE on its schema (the name is not
    # resolved without it).
    return bool(
        conn.exec_driver_sql(
            "SELECT CASE WHEN has_schema_privilege('etl', 'USAGE') THEN "
            "has_table_privilege('etl.runs', 'SELECT') "
            "AND has_table_privilege('etl.rejects', 'SELECT') ELSE false END"
        ).scalar()
    )


def _list_runs_as_reader(conn: sa.Connection, limit: int) -> int:
    """`etl runs` from analytics.runs: rows inserted in all tables (papers alone are in
    etl.runs). A run left running by a load that died shows as running: marking it
    interrupted is for a login that can write the ledger."""
    rows = conn.execute(
        sa.text("SELECT * FROM analytics.runs ORDER BY run_id DESC LIMIT :limit"),
        {"limit": limit},
    ).mappings()
    print(
        f"{'run':>5}  {'status':<11} {'started (UTC)':<20} {'seconds':>8}  {'files':>5} "
        f"{'rows +new':>11} {'rejects':>7}  error"
    )
    for row in rows:
        seconds, inserted = row["seconds"], row["rows_inserted"]
        print(
            f"{row['run_id']:>5}  {row['status']:<11} {row['started_at']:%Y-%m-%d %H:%M:%S}  "
            f"{'' if seconds is None else f'{seconds:8.1f}':>8}  {row['files']:>5} "
            f"{'' if inserted is None else inserted:>11} {row['rejected_count']:>7}  "
            f"{(row['error'] or '')[:60]}"
        )
    return 0


def _show_run_as_reader(conn: sa.Connection, run_id: int) -> int:
    """`etl runs show ID` from analytics.runs and analytics.rejects, saying what it leaves out."""
    from etl.report import render_for_reader

    run = (
        conn.execute(
            sa.text("SELECT * FROM analytics.runs WHERE run_id = :run_id"), {"run_id": run_id}
        )
        .mappings()
        .one_or_none()
    )
    if run is None:
        _error(f"there is no run {run_id} (`etl runs` lists them)")
        return EXIT_BAD_INPUT
    rejects, by_rule = ledger.rejects_summary(conn, "analytics.rejects", run_id)
    print(render_for_reader(run, rejects, by_rule))
    return 0


def _seconds(run: Mapping[str, Any]) -> float | None:
    finished = run["finished_at"]
    return None if finished is None else (finished - run["started_at"]).total_seconds()


def _show_run(conn: sa.Connection, run_id: int) -> int:
    """`etl runs show ID`: the run's summary as its load printed it, then every check."""
    from etl.report import render

    run = conn.execute(sa.select(runs).where(runs.c.run_id == run_id)).mappings().one_or_none()
    if run is None:
        _error(f"there is no run {run_id} (`etl runs` lists them)")
        return EXIT_BAD_INPUT
    validation = run["validation"] or {}
    gate = (
        GateResult(
            [CheckResult(**check) for check in validation["checks"]],
            warnings_block=validation.get("warnings_block", False),
            data_docs=validation.get("data_docs"),
        )
        if validation
        else None
    )
    rejects, by_rule = ledger.rejects_summary(conn, "etl.rejects", run_id)
    files = run["input_files"]
    outcome = RunOutcome(
        run_id=run_id,
        status=run["status"],
        exit_code=0,
        input_files=[f for f in files if "loaded_by_run" not in f],
        skipped_files=[f for f in files if "loaded_by_run" in f],
        records_read=sum(f.get("records", 0) for f in files if "loaded_by_run" not in f),
        row_counts=run["row_counts"],
        rejects=rejects,
        rejects_by_rule=by_rule,
        gate=gate,
        error=run["error"],
        timings={"run": _seconds(run) or 0.0},
    )
    print(render(outcome))
    finished = run["finished_at"]
    print(
        f"  started {run['started_at']:%Y-%m-%d %H:%M:%S %Z}"
        + ("" if finished is None else f", finished {finished:%H:%M:%S}")
        + f" by paperhouse {run['code_version']}"
    )
    if gate is not None:
        print("  every check")
        for check in gate.checks:
            mark = "ok  " if check.success else check.severity.upper()[:4]
            print(f"    {mark} {check.table}: {check.check}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="etl", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--version", action="version", version=f"paperhouse {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    load_parser = commands.add_parser(
        "load",
        help="load files into the database (stage, validate, publish)",
        description="Extract, normalize, stage and validate the files, then publish them in "
        "one transaction, or publish nothing if a critical check fails. Re-loading the "
        "same files changes nothing.",
    )
    load_parser.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="input files")
    load_parser.add_argument(
        "--json", action="store_true", help="also print a JSON summary on stdout"
    )
    load_parser.add_argument("--quiet", action="store_true", help="no per-stage progress lines")
    load_parser.add_argument(
        "--executor",
        choices=EXECUTORS,
        help="what extracts and transforms: local (this process, the default) or ray (a task "
        "per file, on the cluster at RAY_ADDRESS or a local Ray); staging, checks and "
        "publish are the same (PAPERHOUSE_EXECUTOR)",
    )
    load_parser.add_argument(
        "--no-report",
        action="store_true",
        help=f"do not rewrite the HTML report (<PAPERHOUSE_HOME>/{REPORT_FILE}) after the run",
    )
    load_parser.add_argument(
        "--format",
        choices=sorted(FORMATS),
        help="read every file as this format instead of detecting it from the content",
    )
    load_parser.add_argument(
        "--reload",
        action="store_true",
        help="read files whose content was loaded before too (they are skipped otherwise); "
        "what the current rules derive from them replaces what older rules did",
    )
    load_parser.add_argument(
        "--allow-warnings",
        action="store_true",
        help="publish even if warning checks fail (when PAPERHOUSE_WARNINGS_BLOCK makes them "
        "block); critical checks always block",
    )
    load_parser.add_argument(
        "--strict",
        action="store_true",
        help="block the run when a check fails on a record's value (a malformed URL, a date "
        "in the future) instead of quarantining that record and publishing the rest "
        "(default PAPERHOUSE_STRICT)",
    )
    load_parser.add_argument(
        "--max-reject-rate",
        type=_share,
        metavar="SHARE",
        help="block the run if more than this share (0-1) of the records read is rejected "
        "as broken (default PAPERHOUSE_MAX_REJECT_RATE, 0.1)",
    )
    load_parser.set_defaults(handler=cmd_load)

    rederive_parser = commands.add_parser(
        "rederive",
        help="derive links, results, tags and method names again with the current rules",
        description="Derive links, results, rule tags and method names again, with this "
        "version's rules, from what the database holds (published abstracts, links and "
        "leaderboard values as their sources wrote them); check them with the quality gate "
        "and publish what changed in one transaction, or nothing. For a database loaded by "
        "an older version whose input files are gone; a load says when it would change "
        "something.",
    )
    rederive_parser.add_argument(
        "--json", action="store_true", help="also print a JSON summary on stdout"
    )
    rederive_parser.add_argument("--quiet", action="store_true", help="no per-stage progress lines")
    rederive_parser.add_argument(
        "--allow-warnings",
        action="store_true",
        help="publish even if warning checks fail (when PAPERHOUSE_WARNINGS_BLOCK makes them "
        "block); critical checks always block",
    )
    rederive_parser.set_defaults(handler=cmd_rederive)

    extract_parser = commands.add_parser(
        "extract",
        help="preview normalized records without a database",
        description="Normalize the files and print what would be loaded, one record per "
        "line; needs no database.",
    )
    extract_parser.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="input files")
    extract_parser.add_argument(
        "--jsonl",
        action="store_true",
        help="one JSON object per record: source_file, record, line, listing, title, "
        "abstract, paper_key, method_name, method_name_origin (abstract or title), "
        "method_name_way (title, introduced, named, appositive, our_artefact, our_proposed), "
        "repositories [{url, host, owner, name, kind, path}], results [{origin, task, model, "
        "value, value_low, bound, unit, scale, kind, is_efficiency, metric, metric_text, "
        "metric_way, dataset, dataset_text, dataset_way, dataset_variant, comparator, "
        "comparator_value, comparator_unit, text, span}], tags [{name, kind, origin, confidence}]",
    )
    extract_parser.add_argument("--quiet", action="store_true", help="no progress lines")
    extract_parser.add_argument(
        "--format",
        choices=sorted(FORMATS),
        help="read every file as this format instead of detecting it from the content",
    )
    extract_parser.set_defaults(handler=cmd_extract)

    db_parser = commands.add_parser(
        "db",
        help="the database: start/stop the embedded server, print its URL, open psql",
        description="Manage the embedded Postgres (used when DATABASE_URL is unset). "
        '`etl db url` prints the URL in use, so `psql "$(etl db url)"` works. '
        "`etl db create-reader NAME` makes a login that can only read (the published tables "
        "and the analytics views), for BI tools and analysts.",
    )
    db_parser.add_argument(
        "action", choices=["start", "stop", "status", "url", "psql", "create-reader"]
    )
    db_parser.add_argument(
        "args",
        nargs=argparse.REMAINDER,
        help="psql: extra arguments for psql; create-reader: the login's NAME (a login that "
        f"can only read, for BI tools; its password from {READER_PASSWORD_VARIABLE} or a "
        "prompt)",
    )
    db_parser.set_defaults(handler=cmd_db)

    report_parser = commands.add_parser(
        "report",
        help="write an HTML report of what is loaded (one self-contained file, works offline)",
        description="Write one self-contained HTML page (no script, font or stylesheet "
        "fetched) with charts of what the database holds: papers per listing over time, top "
        "tags and their trend, results per metric and dataset, leaderboards, repository "
        "hosts and kinds, and the checks and rejects of recent runs. Every load that "
        f"publishes or is blocked rewrites <PAPERHOUSE_HOME>/{REPORT_FILE}.",
    )
    report_parser.add_argument(
        "--out",
        type=Path,
        metavar="FILE",
        help=f"where to write it (default <PAPERHOUSE_HOME>/{REPORT_FILE})",
    )
    report_parser.set_defaults(handler=cmd_report)

    runs_parser = commands.add_parser(
        "runs",
        help="recent runs from the run ledger; `runs show ID`: one run's checks and rejects",
        description="Recent runs, newest first; `etl runs show ID` prints one run's summary, "
        "every check with its outcome and its quarantined records. A run left `running` by "
        "a load that died is marked `interrupted` here.",
    )
    runs_parser.add_argument("--limit", type=int, default=20, help="how many runs (default 20)")
    runs_parser.set_defaults(handler=cmd_runs, run_id=None)
    show_parser = runs_parser.add_subparsers(metavar="show ID").add_parser(
        "show", help="one run: its summary, every check, its quarantined records"
    )
    show_parser.add_argument("run_id", type=int, metavar="ID", help="the run (see `etl runs`)")
    return parser


class Terminated(KeyboardInterrupt):
    """SIGTERM, taken as Ctrl-C is: the statement running is cancelled in the server (psycopg
    does so for KeyboardInterrupt), the transaction rolled back and the run marked failed."""


def _terminate(signal_number: int, frame: object) -> None:
    raise Terminated


@contextmanager
def _sigterm_as_interrupt() -> Iterator[None]:
    """SIGTERM raises Terminated for the block (signal handlers belong to the main thread: a
    caller on another thread keeps SIGTERM as it is)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def main(argv: list[str] | None = None) -> int:
    # A load leaves 340,000 objects the collector tracks (Great Expectations' above all),
    # which the interpreter's last collections went through on the way out: 1.1 s of every
    # `etl load` after everything was written and closed. Frozen at exit, they are left to
    # the operating system. (Registered again by each call, it still runs once a process.)
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)
    args = build_parser().parse_args(argv)
    try:
        settings = Settings.from_env()
    except ValueError as error:
        _error(f"bad setting: {error}")
        return EXIT_BAD_INPUT
    try:
        with _sigterm_as_interrupt():
            return args.handler(args, settings)
    except (db.DatabaseUnavailable, db.SchemaNotCurrent) as error:
        _error(str(error))
        return EXIT_NOT_READY
    except GateProcessError as error:
        # A gate that cannot tell is closed.
        _error(f"{error}; nothing from this run was published")
        return EXIT_BLOCKED
    except Terminated:
        _error("terminated (SIGTERM); nothing from this run was published")
        return EXIT_TERMINATED
    except KeyboardInterrupt:
        _error("interrupted; nothing from this run was published")
        return EXIT_INTERRUPTED
    except (psycopg.errors.InsufficientPrivilege, sa.exc.ProgrammingError) as error:
        denied = getattr(error, "orig", error)
        if not isinstance(denied, psycopg.errors.InsufficientPrivilege):
            raise
        # A reader login (paperhouse_reader) reads the published tables and analytics views.
        _error(
            f"this login may not do what `etl {args.command}` needs "
            f"({str(denied).strip().splitlines()[0]}); run it with a login that owns the "
            "database, such as the one that ran the migrations"
        )
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # Output piped into `head` and the like: the reader has what it wanted.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (psycopg.OperationalError, sa.exc.OperationalError) as error:
        # A connection lost mid-run (server restarted, network gone, backend terminated):
        # what was not committed is rolled back by the server, and the run says so.
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        _error(f"lost the database connection ({reason}); this run did not finish and "
               "published nothing")  # fmt: skip
        return EXIT_NOT_READY


if __name__ == "__main__":
    sys.exit(main())
