"""What each pattern unit of results extraction changes: disable one at a time, compare.

A unit is one or more source lines of a regular expression in `etl/transform/results/` that
hold whole alternatives of an alternation (`r"gains?|improvements?|"`): removing them leaves a
valid pattern that matches what it matched before minus those alternatives. For each unit the
package is copied with that unit's lines removed, `extract_results` runs over a corpus of real
abstracts (the samples' distinct abstracts and every labelled set), and the papers whose rows
changed are counted against the unchanged package's output.

A unit that changes no output, or only the abstract its own comment quotes, serves no paper
beyond the one it was written for: it is a candidate to fold into a general form or drop.

    .venv/bin/python scripts/ablate_results_units.py --sample-data ../shared/data \
        --out ablation.tsv [--workers 2] [--only metric_names.py]

About a second per unit on one core over the ~3,000 abstracts.
"""

from __future__ import annotations

import argparse
import ast
import io
import multiprocessing
import os
import re
import shutil
import sys
import tempfile
import time
import tokenize
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RESULTS_PACKAGE = Path("etl") / "transform" / "results"

# One line of string pieces joined by `+` with names between them: r"(?:" + _QUALIFIER + r"x|"
_STRING = r"""(?:[rRfF]{0,2})"(?:[^"\\]|\\.)*\""""
_STRING_LINE = re.compile(
    rf"^\s*({_STRING}(?:\s*\+\s*[A-Za-z_][\w.]*\s*\+\s*{_STRING})*)\s*(?:#.*)?$"
)
_PIECE = re.compile(rf"({_STRING})|([A-Za-z_][\w.]*)")
_COMMENT_LINE = re.compile(r"^\s*#")
# What may stand right before the first of a unit's alternatives.
_ALTERNATIVE_START = re.compile(r"(?:^|\||\((?:\?(?:[a-zA-Z\-]+:|:|P?<\w+>))?|\(\?[a-zA-Z]+\))$")
_MAX_UNIT_LINES = 5
# A stand-in for what a name or a {placeholder} holds: one balanced atom.
_ATOM = "\x00"
_QUOTE = re.compile(r'"([^"]{12,})"')


@dataclass(frozen=True)
class Unit:
    """Lines first..last (1-based, inclusive) of a module: whole alternatives of a pattern
    (kind "alternatives", disabled by removing the lines), or one whole regular expression
    literal (kind "pattern", disabled by making it match nothing)."""

    module: str
    first: int
    last: int
    text: str
    comment: str
    kind: str = "alternatives"
    column: int = 0

    @property
    def name(self) -> str:
        lines = f"{self.first}" + (f"-{self.last}" if self.last > self.first else "")
        return f"{self.module}:{lines}" + (" pattern" if self.kind == "pattern" else "")

    def quotes(self) -> list[str]:
        """The example phrases its comment quotes ("an increase of at least ∼16.7%")."""
        return _QUOTE.findall(self.comment)


def _line_text(line: str) -> str:
    """The pattern text of a line of string pieces; names and placeholders become atoms."""
    code = _STRING_LINE.match(line).group(1)
    text = []
    for literal, name in _PIECE.findall(code):
        if name:
            text.append(_ATOM)
            continue
        prefix = literal[: literal.index('"')].lower()
        body = literal[len(prefix) + 1 : -1]
        if "r" not in prefix:
            body = ast.literal_eval(f'"{body}"')
        if "f" in prefix:
            body = body.replace("{{", "\x01").replace("}}", "\x02")
            body = re.sub(r"\{[^{}]*\}", _ATOM, body).replace("\x01", "{").replace("\x02", "}")
        text.append(body)
    return "".join(text)


def _depths(text: str) -> tuple[int, int]:
    """(final depth, lowest depth) of unescaped brackets outside character classes."""
    depth = lowest = 0
    escaped = in_class = False
    for char in text:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            lowest = min(lowest, depth)
    return depth, lowest


def _ends_an_alternative(text: str) -> bool:
    return text.endswith("|") and not text.endswith("\\|")


def find_units(module: str, source: str) -> list[Unit]:
    """The units of one module's source: runs of string lines that are whole alternatives,
    each starting where an alternative starts (after `|`, an opening bracket or a chain's
    start) and ending with `|` at the depth it started."""
    lines = source.splitlines()
    is_string = [bool(_STRING_LINE.match(line)) for line in lines]
    units: list[Unit] = []
    index = 0
    while index < len(lines):
        if not is_string[index]:
            index += 1
            continue
        before, comment = _preceding(lines, is_string, index)
        if not _ALTERNATIVE_START.search(before):
            index += 1
            continue
        text, last = "", index
        for last in range(index, min(index + _MAX_UNIT_LINES, len(lines))):
            if _COMMENT_LINE.match(lines[last]):
                continue
            if not is_string[last]:
                break
            text += _line_text(lines[last])
            depth, lowest = _depths(text)
            if lowest < 0:
                break
            if depth == 0 and _ends_an_alternative(text):
                units.append(Unit(module, index + 1, last + 1, text, comment))
                break
        index += 1
    return [unit for unit in units if _still_parses(source, unit)]


def _preceding(lines: list[str], is_string: list[bool], index: int) -> tuple[str, str]:
    """The pattern text of the string line before `index` in the same chain ("" at a chain's
    start) and the comment lines right above `index`."""
    comment: list[str] = []
    cursor = index - 1
    while cursor >= 0 and _COMMENT_LINE.match(lines[cursor]):
        comment.insert(0, lines[cursor].strip().lstrip("#").strip())
        cursor -= 1
    if cursor >= 0 and is_string[cursor]:
        return _line_text(lines[cursor]), " ".join(comment)
    return "", " ".join(comment)


# Matches nothing, whatever follows: a pattern led by it is a rule switched off, with its
# capture groups kept (an extraction's fields stay, empty).
_NEVER = r"[^\s\S]"
_REGEX_MARK = re.compile(r"\\[bdswBDSW]|\(\?|\[|\||\^|\$")


def pattern_units(module: str, source: str) -> list[Unit]:
    """Every regular-expression literal of a module (adjacent string tokens joined; not a
    docstring; holding regex syntax), as a unit that is disabled whole."""
    docstrings = {
        node.value.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    units, group = [], []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING:
            group.append(token)
        elif token.type not in (tokenize.NL, tokenize.COMMENT) and group:
            units.append(_pattern_unit(module, group, source.splitlines()))
            group = []
    return [u for u in units if u and u.first not in docstrings]


def _pattern_unit(module: str, tokens: list, lines: list[str]) -> Unit | None:
    if not all(_STRING_LINE.match(token.string) for token in tokens):
        return None  # a docstring or a single-quoted string: not a pattern here
    text = "".join(_line_text(token.string) for token in tokens)
    if not _REGEX_MARK.search(text):
        return None
    first, column = tokens[0].start
    comment = []
    cursor = first - 2
    while cursor >= 0 and _COMMENT_LINE.match(lines[cursor]):
        comment.insert(0, lines[cursor].strip().lstrip("#").strip())
        cursor -= 1
    return Unit(module, first, tokens[-1].end[0], text, " ".join(comment), "pattern", column)


def without_unit(source: str, unit: Unit) -> str:
    lines = source.splitlines(keepends=True)
    if unit.kind == "alternatives":
        return "".join(lines[: unit.first - 1] + lines[unit.last :])
    line = lines[unit.first - 1]
    opening = line.index('"', unit.column) + 1
    raw = "r" in line[unit.column : opening].lower()
    never = _NEVER if raw else _NEVER.replace("\\", "\\\\")
    lines[unit.first - 1] = line[:opening] + never + line[opening:]
    return "".join(lines)


def _still_parses(source: str, unit: Unit) -> bool:
    try:
        ast.parse(without_unit(source, unit))
    except SyntaxError:
        return False
    return True


def corpus(sample_data: Path):
    """Distinct real abstracts, cleaned as a load cleans them: the samples' and every
    labelled set's, keyed by a digest of the text."""
    import hashlib
    import json

    import polars as pl

    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))  # bench is a folder of the repository, not installed
    from bench.real_text import sample_texts
    from etl.transform.text import clean_text

    texts = list(sample_texts(sample_data).abstracts)
    fixtures = REPO / "tests" / "fixtures"
    for path in sorted(fixtures.glob("heldout*/abstracts.jsonl")):
        texts += [json.loads(line)["abstract"] for line in path.read_text().splitlines()]
    frame = pl.DataFrame({"abstract": texts}).with_columns(abstract=clean_text(pl.col("abstract")))
    keys = [hashlib.sha256(t.encode()).hexdigest()[:16] for t in frame["abstract"]]
    return frame.with_columns(paper_key=pl.Series(keys)).unique("paper_key", maintain_order=True)


def _extract(papers):
    """Results of the package on sys.path now, one digest of its rows per paper."""
    import polars as pl

    from etl.transform.results import extract_results
    from etl.vocab.measures import load_datasets, load_metrics

    rows = extract_results(papers.lazy(), load_metrics(), load_datasets()).collect(
        engine="in-memory"
    )
    columns = [c for c in rows.columns if c != "paper_key"]
    return (
        rows.select(
            "paper_key",
            row=pl.concat_str(pl.col(columns).cast(pl.String).fill_null("∅"), separator="\t"),
        )
        .group_by("paper_key")
        .agg(pl.col("row").sort().str.join("\n"))
    )


_worker: dict = {}


def _start_worker(papers_path: str) -> None:
    """A private copy of `etl` on sys.path, so one module can be swapped per unit."""
    import polars as pl

    sys.dont_write_bytecode = True
    copy = Path(tempfile.mkdtemp(prefix="ablate-"))
    shutil.copytree(REPO / "etl", copy / "etl", ignore=shutil.ignore_patterns("__pycache__"))
    sys.path.insert(0, str(copy))
    import etl

    if not Path(etl.__file__).is_relative_to(copy):
        raise RuntimeError(f"etl was imported from {etl.__file__}, not from the copy {copy}")
    _worker.update(copy=copy, papers=pl.read_parquet(papers_path))
    _worker["reference"] = _extract(_worker["papers"])


def _run_unit(unit: Unit, modified: str) -> tuple[Unit, dict[str, tuple] | str, float]:
    """The rows (before, after) of each paper whose rows changed with `modified` in place of
    the unit's module, or the error the modified package raised."""
    path = _worker["copy"] / RESULTS_PACKAGE / unit.module
    original = path.read_text()
    path.write_text(modified)
    for name in [m for m in sys.modules if m.startswith("etl.transform.results")]:
        del sys.modules[name]
    started = time.perf_counter()
    try:
        changed = _extract(_worker["papers"])
    except Exception as error:  # a unit whose removal breaks the pattern is not separable
        return unit, f"{type(error).__name__}: {str(error).splitlines()[0][:200]}", 0.0
    finally:
        path.write_text(original)
    seconds = time.perf_counter() - started
    reference = _worker["reference"]
    joined = reference.join(changed, on="paper_key", how="full", coalesce=True, suffix="_new")
    differing = joined.filter(joined["row"].ne_missing(joined["row_new"]))
    return unit, {key: (old, new) for key, old, new in differing.iter_rows()}, seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample-data", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True, help="one TSV row per unit")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", help="one module of the package (metric_names.py)")
    parser.add_argument(
        "--show",
        nargs="+",
        metavar="UNIT",
        help="print the rows these units change (patterns.py:96)",
    )
    args = parser.parse_args(argv)

    modules = sorted((REPO / RESULTS_PACKAGE).glob("*.py"))
    if args.only:
        modules = [m for m in modules if m.name == args.only]
    sources = {m.name: m.read_text() for m in modules}
    units = [
        unit
        for name, source in sources.items()
        for unit in find_units(name, source) + pattern_units(name, source)
    ]
    if args.show:
        units = [u for u in units if u.name in args.show]
    print(f"{len(units)} units in {len(sources)} modules", flush=True)

    papers = corpus(args.sample_data)
    papers_path = Path(tempfile.mkdtemp(prefix="ablate-")) / "papers.parquet"
    papers.write_parquet(papers_path)
    print(f"{papers.height} distinct abstracts", flush=True)
    abstracts = dict(zip(papers["paper_key"], papers["abstract"], strict=True))

    context = multiprocessing.get_context("spawn")
    os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
    os.environ.setdefault("POLARS_MAX_THREADS", "1")
    with context.Pool(args.workers, _start_worker, (str(papers_path),)) as pool:
        tasks = [(u, without_unit(sources[u.module], u)) for u in units]
        rows = []
        for done, (unit, changed, seconds) in enumerate(pool.starmap(_run_unit, tasks), 1):
            rows.append(_row(unit, changed, seconds, abstracts))
            if args.show:
                _print_changes(unit, changed, abstracts)
            if done % 25 == 0:
                print(f"{done}/{len(units)} units", flush=True)
    args.out.write_text("\n".join(["\t".join(_COLUMNS), *rows]) + "\n")
    _summary(args.out)
    return 0


_COLUMNS = ("unit", "papers_changed", "quoted_only", "seconds", "changed", "quotes", "text")


def _print_changes(unit: Unit, changed: dict[str, tuple] | str, abstracts: dict) -> None:
    print(f"\n## {unit.name}: {unit.text.replace(_ATOM, '{…}')}")
    if isinstance(changed, str):
        print(changed)
        return
    for key, (before, after) in changed.items():
        print(f"\n{key}: {abstracts[key]}")
        before_rows, after_rows = set((before or "").splitlines()), set((after or "").splitlines())
        print("\n".join(f"- {r}" for r in sorted(before_rows - after_rows)))
        print("\n".join(f"+ {r}" for r in sorted(after_rows - before_rows)))


def _row(unit: Unit, changed: dict[str, tuple] | str, seconds: float, abstracts: dict) -> str:
    if isinstance(changed, str):
        count, quoted_only, keys = "error", "", changed
    else:
        quotes = unit.quotes()
        quoted_only = (
            bool(changed)
            and bool(quotes)
            and all(any(q.lower() in abstracts[key].lower() for q in quotes) for key in changed)
        )
        count, keys = str(len(changed)), ",".join(sorted(changed))
    return "\t".join(
        [
            unit.name,
            count,
            str(quoted_only),
            f"{seconds:.2f}",
            keys,
            " | ".join(unit.quotes()),
            unit.text.replace("\t", " ").replace(_ATOM, "{…}"),
        ]
    )


def _summary(path: Path) -> None:
    import polars as pl

    table = pl.read_csv(path, separator="\t", infer_schema=False, quote_char=None)
    counts = (
        table.with_columns(
            bucket=pl.when(pl.col("papers_changed") == "error")
            .then(pl.lit("not separable"))
            .when(pl.col("papers_changed") == "0")
            .then(pl.lit("change no output"))
            .when(pl.col("papers_changed") == "1")
            .then(pl.lit("change one paper"))
            .when(pl.col("papers_changed").cast(pl.Int64, strict=False) < 4)
            .then(pl.lit("change two or three"))
            .otherwise(pl.lit("change four or more"))
        )
        .group_by("bucket")
        .len()
        .sort("bucket")
    )
    for bucket, count in counts.iter_rows():
        print(f"{count:>5}  {bucket}")
    quoted = table.filter(pl.col("quoted_only") == "True").height
    print(f"{quoted:>5}  change only abstracts their own comment quotes")


if __name__ == "__main__":
    raise SystemExit(main())
