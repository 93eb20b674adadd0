"""The other ways to put an arXiv-format JSON Lines file into Postgres, for side-by-side runs.

    python -m bench.contenders {floor,naive,dlt-insert_values,dlt-csv} INPUT DATABASE_URL

Each loads INPUT into the (fresh, empty) database at DATABASE_URL and prints one JSON object:
the rows it left in each table it wrote. bench.compare runs each in a child process and
measures it from outside (wall time, peak RSS), exactly as it measures `etl load`.

- floor: the physical limit: each line checked for an id and decoded by Polars into four
  fields, COPied into one table. No cleaning, no identity, no enrichment, no quality gate.
- naive: what a user writes in an afternoon: pandas read_json, a Python loop of regexes for
  URLs and percentages, DataFrame.to_sql.
- dlt-*: the dlt library's default pipeline (json.loads per line, dlt's own normalization of
  nested fields into child tables) with the given loader file format. No enrichment.
"""

from __future__ import annotations

import io
import json
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import polars as pl
import psycopg
from sqlalchemy.engine import make_url

FLOOR_BATCH_LINES = 100_000
_FLOOR_FIELDS = pl.Struct(
    {"id": pl.String, "title": pl.String, "abstract": pl.String, "update_date": pl.String}
)
# The naive contender's patterns: the kind found in a notebook, not paperhouse's rules.
_NAIVE_URL = re.compile(r"https?://[^\s)>\]}]+")
_NAIVE_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*\\?%")


def _line_batches(path: Path, lines: int) -> Iterator[list[str]]:
    with path.open("rb") as handle:
        batch: list[str] = []
        for raw in handle:
            batch.append(raw.decode("utf-8", errors="replace"))
            if len(batch) == lines:
                yield batch
                batch = []
        if batch:
            yield batch


def floor(path: Path, url: str) -> dict[str, int]:
    """Lines with an id, four fields each, COPY: nothing else."""
    with psycopg.connect(url) as conn:
        conn.execute("CREATE TABLE floor_papers (id text, title text, abstract text, updated text)")
        with conn.cursor().copy("COPY floor_papers FROM STDIN (FORMAT csv)") as copy:
            for lines in _line_batches(path, FLOOR_BATCH_LINES):
                frame = (
                    pl.DataFrame({"line": lines})
                    .filter(pl.col("line").str.json_path_match("$.id").is_not_null())
                    .select(pl.col("line").str.json_decode(_FLOOR_FIELDS))
                    .unnest("line")
                )
                copy.write(frame.write_csv(include_header=False))
        return _row_counts(conn, ["floor_papers"])


def naive(path: Path, url: str) -> dict[str, int]:
    """pandas, re and to_sql, the way a notebook would do it."""
    import pandas as pd
    import sqlalchemy as sa

    # read_json(lines=True) stops at the first truncated line: keep the lines json can read.
    good_lines = []
    with path.open(encoding="utf-8", errors="replace") as handle:
        for line in handle:
            try:
                json.loads(line)
            except json.JSONDecodeError:
                continue
            good_lines.append(line)
    papers = pd.read_json(io.StringIO("".join(good_lines)), lines=True, dtype=False)
    del good_lines
    papers = papers[papers["id"].notna()]
    urls, percentages = [], []
    for paper_id, abstract in zip(papers["id"], papers["abstract"], strict=True):
        for found in _NAIVE_URL.findall(str(abstract)):
            urls.append({"paper_id": paper_id, "url": found.rstrip(".,;:")})
        for found in _NAIVE_PERCENT.findall(str(abstract)):
            percentages.append({"paper_id": paper_id, "value": float(found)})
    columns = ["id", "title", "abstract", "authors", "categories", "doi", "update_date"]
    engine = sa.create_engine(make_url(url).set(drivername="postgresql+psycopg"))
    try:
        papers[columns].astype(str).to_sql("naive_papers", engine, index=False, chunksize=10_000)
        pd.DataFrame(urls, columns=["paper_id", "url"]).to_sql(
            "naive_urls", engine, index=False, chunksize=10_000
        )
        pd.DataFrame(percentages, columns=["paper_id", "value"]).to_sql(
            "naive_percentages", engine, index=False, chunksize=10_000
        )
    finally:
        engine.dispose()
    with psycopg.connect(url) as conn:
        return _row_counts(conn, ["naive_papers", "naive_urls", "naive_percentages"])


def dlt_pipeline(loader_file_format: str) -> Callable[[Path, str], dict[str, int]]:
    def load(path: Path, url: str) -> dict[str, int]:
        """dlt's default pipeline: a generator of dicts, dlt does the rest."""
        import dlt

        def records() -> Iterator[dict]:
            with path.open(encoding="utf-8", errors="replace") as handle:
                for line in handle:
                    try:
                        yield json.loads(line)
                    except json.JSONDecodeError:
                        continue

        # dlt insists on a password in its URL: the one libpq used (the URL's, or the one
        # its password file, such as the embedded server's, gives).
        with psycopg.connect(url) as conn:
            password = conn.info.password or "unused"
        credentials = make_url(url).set(password=password).difference_update_query(["passfile"])
        with tempfile.TemporaryDirectory(prefix="bench-dlt-") as work:
            pipeline = dlt.pipeline(
                pipeline_name="bench_arxiv",
                pipelines_dir=work,
                destination=dlt.destinations.postgres(
                    credentials=credentials.render_as_string(hide_password=False)
                ),
                dataset_name="dlt_arxiv",
            )
            pipeline.run(
                dlt.resource(records(), name="papers"),
                loader_file_format=loader_file_format,
            )
        with psycopg.connect(url) as conn:
            tables = conn.execute(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = 'dlt_arxiv' AND table_name NOT LIKE '\\_dlt%' "
                "ORDER BY table_name"
            ).fetchall()
            return _row_counts(conn, [f"dlt_arxiv.{name}" for (name,) in tables])

    return load


CONTENDERS: dict[str, Callable[[Path, str], dict[str, int]]] = {
    "floor": floor,
    "naive": naive,
    "dlt-insert_values": dlt_pipeline("insert_values"),
    "dlt-csv": dlt_pipeline("csv"),
}


def _row_counts(conn: psycopg.Connection, tables: list[str]) -> dict[str, int]:
    return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in tables}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 3 or args[0] not in CONTENDERS:
        print(__doc__, file=sys.stderr)
        return 2
    name, path, url = args
    print(json.dumps(CONTENDERS[name](Path(path), url)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
