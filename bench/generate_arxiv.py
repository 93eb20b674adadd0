"""Deterministic test data in the arXiv metadata snapshot format, at any size.

    python -m bench.generate_arxiv OUTPUT --records 1000000 [--seed 0] [--workers 2]

Writes JSON Lines shaped like Kaggle's `arxiv-metadata-oai-snapshot.json` (same keys, key
order and value styles: hard-wrapped titles and abstracts, RFC 2822 version dates, LaTeX
accents in `authors`, `authors_parsed` triples) about machine learning papers, with:

- abstracts from varied templates and vocabulary, carrying what the transform must handle:
  results ("achieves 73.7% top-1 accuracy on ImageNet", "a 2.5x speedup"), LaTeX (`98.7\\%`,
  `$\\alpha$`, `\\textbf{}`), URLs to GitHub and Hugging Face glued to punctuation;
- about DUPLICATE_SHARE later records that update an earlier paper (same id, one more
  version, newer update_date, sometimes a revised abstract);
- about malformed_share malformed lines: truncated JSON, no id, authors_parsed as a string,
  a line that is not JSON.

Every line is built from its own random generator, seeded by (seed, line number): the same
seed and size give the same bytes whatever the number of worker processes, lines can be
built in parallel, and an update can re-create the paper it updates. Lines are written in
order, a few chunks at a time, so memory stays small at any size.
"""

from __future__ import annotations

import argparse
import bisect
import json
import os
import random
import re
import sys
import time
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")
DUPLICATE_SHARE = 0.005
CHUNK_LINES = 2_000
SNAPSHOT_DAY = date(2026, 1, 15)
# The months papers are spread over (ids in ascending order, like the snapshot's).
FIRST_MONTH = (1998, 1)
LAST_MONTH = (2025, 12)


@dataclass(frozen=True)
class GeneratedFile:
    path: Path
    records: int  # lines written, malformed ones included
    malformed: int
    updates: int  # later records of an earlier paper
    size_bytes: int
    seconds: float


def generate(
    path: Path,
    records: int,
    seed: int,
    malformed_share: float = 0.01,
    *,
    workers: int = 1,
) -> GeneratedFile:
    """Write `records` lines of arXiv-snapshot JSON Lines to path; same arguments, same bytes."""
    if records < 1:
        raise ValueError(f"records must be at least 1, not {records}")
    if not 0 <= malformed_share < 1:
        raise ValueError(f"malformed_share must be in [0, 1), not {malformed_share}")
    _month_starts(records)  # fails early when records exceed what arXiv ids can number
    started = time.perf_counter()
    counts = {"malformed": 0, "update": 0, "paper": 0}
    size = 0
    with Path(path).open("wb") as output:
        for data, chunk_counts in _chunks_in_order(records, seed, malformed_share, workers):
            output.write(data)
            size += len(data)
            for kind, count in chunk_counts.items():
                counts[kind] += count
    return GeneratedFile(
        path=Path(path),
        records=records,
        malformed=counts["malformed"],
        updates=counts["update"],
        size_bytes=size,
        seconds=time.perf_counter() - started,
    )


def kept_file(inputs: Path, records: int, seed: int) -> Path:
    """The generated file of `records` lines and `seed` kept under `inputs` for reuse (the
    same file for every benchmark), generated first if it is not there."""
    path = inputs / f"arxiv-{records}-seed{seed}.jsonl"
    if not path.exists():
        print(f"generating {path} ...", file=sys.stderr)
        inputs.mkdir(parents=True, exist_ok=True)
        generate(path, records, seed, workers=os.cpu_count() or 1)
    return path


def _chunks_in_order(
    records: int, seed: int, malformed_share: float, workers: int
) -> Iterator[tuple[bytes, dict[str, int]]]:
    starts = range(0, records, CHUNK_LINES)
    if workers <= 1:
        for start in starts:
            yield _chunk(seed, start, min(start + CHUNK_LINES, records), records, malformed_share)
        return
    # A window of two chunks per worker: enough to keep them busy, little to hold.
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: deque[Future[tuple[bytes, dict[str, int]]]] = deque()
        for start in starts:
            stop = min(start + CHUNK_LINES, records)
            pending.append(pool.submit(_chunk, seed, start, stop, records, malformed_share))
            if len(pending) >= 2 * workers:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


def _chunk(
    seed: int, start: int, stop: int, records: int, malformed_share: float
) -> tuple[bytes, dict[str, int]]:
    counts = {"malformed": 0, "update": 0, "paper": 0}
    lines = []
    for index in range(start, stop):
        kind, line = _line(seed, index, records, malformed_share)
        counts[kind] += 1
        lines.append(line)
    return "".join(lines).encode("ascii"), counts


# ---------------------------------------------------------------------------------------
# One line


def _rng(seed: int, index: int) -> random.Random:
    return random.Random(f"arxiv:{seed}:{index}")


def _pick(rng: random.Random, options: Sequence[T]) -> T:
    # Twice as fast as rng.choice, which matters at forty picks a line.
    return options[int(rng.random() * len(options))]


def _kind(rng: random.Random, malformed_share: float) -> str:
    draw = rng.random()
    if draw < malformed_share:
        return "malformed"
    if draw < malformed_share + DUPLICATE_SHARE:
        return "update"
    return "paper"


def _line(seed: int, index: int, records: int, malformed_share: float) -> tuple[str, str]:
    rng = _rng(seed, index)
    kind = _kind(rng, malformed_share)
    if kind == "update":
        earlier = _earlier_paper(seed, index, malformed_share, rng)
        if earlier is None:
            kind = "paper"
        else:
            paper = _paper(_rng(seed, earlier), earlier, records, after_kind_draw=True)
            return kind, _encode(_updated(paper, rng))
    paper = _paper(rng, index, records, after_kind_draw=False)
    if kind == "malformed":
        return kind, _malformed(paper, rng)
    return kind, _encode(paper)


def _earlier_paper(seed: int, index: int, malformed_share: float, rng: random.Random) -> int | None:
    """An earlier line that holds a paper (not malformed, not itself an update)."""
    if index == 0:
        return None
    for _ in range(20):
        candidate = rng.randrange(index)
        if _kind(_rng(seed, candidate), malformed_share) == "paper":
            return candidate
    return None


def _encode(record: dict) -> str:
    # The snapshot's own style: no spaces, non-ASCII escaped as \uXXXX.
    return json.dumps(record, ensure_ascii=True, separators=(",", ":")) + "\n"


def _malformed(paper: dict, rng: random.Random) -> str:
    draw = rng.random()
    if draw < 0.55:
        text = _encode(paper).rstrip("\n")
        return text[: rng.randrange(len(text) // 5, len(text) - 1)] + "\n"
    if draw < 0.80:
        del paper["id"]
        return _encode(paper)
    if draw < 0.90:
        paper["authors_parsed"] = paper["authors"]
        return _encode(paper)
    return _pick(rng, _NOT_JSON) + "\n"


_NOT_JSON = (
    "<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>",
    "Traceback (most recent call last): OSError: [Errno 28] No space left on device",
    "id,title,abstract",
    "# arXiv OAI-PMH harvest resumed 2024-03-01T00:00:00Z",
)


# ---------------------------------------------------------------------------------------
# Ids and dates


def _months() -> list[tuple[int, int]]:
    (year, month), months = FIRST_MONTH, []
    while (year, month) <= LAST_MONTH:
        months.append((year, month))
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return months


def _id_capacity(year: int, month: int) -> int:
    """The most papers a month's ids can number: arXiv wrote "cs/9801001" until March 2007,
    "0704.0001" until 2014 and "1501.00001" since."""
    if (year, month) < (2007, 4):
        return 999
    return 9_999 if year < 2015 else 99_999


@cache
def _month_starts(records: int) -> tuple[list[tuple[int, int]], list[int]]:
    """The months and the first line index of each. Lines are spread over the months with
    growing weight (machine learning papers grew steadily), in ascending id order like the
    snapshot; a month never gets more lines than its ids can number."""
    months = _months()
    capacities = [_id_capacity(*month) for month in months]
    if records > sum(capacities):
        raise ValueError(f"{records:,} records is more than arXiv ids can number")
    weights = [float((position + 20) ** 2) for position in range(len(months))]
    counts = [0] * len(months)
    while (remaining := records - sum(counts)) > 0:
        open_months = [m for m in range(len(months)) if counts[m] < capacities[m]]
        total = sum(weights[m] for m in open_months)
        quotas = {m: remaining * weights[m] / total for m in open_months}
        shares = {m: int(quota) for m, quota in quotas.items()}
        # Largest remainders first, so that small files follow the weights too.
        by_remainder = sorted(open_months, key=lambda m: shares[m] - quotas[m])
        for m in by_remainder[: remaining - sum(shares.values())]:
            shares[m] += 1
        for m, share in shares.items():
            counts[m] = min(capacities[m], counts[m] + share)
    starts, start = [], 0
    for count in counts:
        starts.append(start)
        start += count
    return months, starts


def _arxiv_id(index: int, records: int) -> tuple[str, int, int]:
    months, starts = _month_starts(records)
    position = bisect.bisect_right(starts, index) - 1
    year, month = months[position]
    number = index - starts[position] + 1
    if (year, month) < (2007, 4):
        return f"cs/{year % 100:02d}{month:02d}{number:03d}", year, month
    width = 4 if year < 2015 else 5
    return f"{year % 100:02d}{month:02d}.{number:0{width}d}", year, month


_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_MONTH_NAMES = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def _rfc2822(moment: datetime) -> str:
    """ "Mon, 2 Apr 2007 19:18:42 GMT", as the snapshot writes version dates (in English
    whatever the locale)."""
    weekday, month = _WEEKDAYS[moment.weekday()], _MONTH_NAMES[moment.month - 1]
    return f"{weekday}, {moment.day} {month} {moment:%Y %H:%M:%S} GMT"


# ---------------------------------------------------------------------------------------
# One paper


def _paper(rng: random.Random, index: int, records: int, *, after_kind_draw: bool) -> dict:
    """The paper at a line: the same for the line itself and for a later update of it."""
    if after_kind_draw:
        rng.random()  # the kind draw the line itself made first
    arxiv_id, year, month = _arxiv_id(index, records)
    authors = _authors(rng)
    topic = _topic(rng)
    submitted = datetime(year, month, rng.randint(1, 28), rng.randrange(24), rng.randrange(60))
    submitted += timedelta(seconds=rng.randrange(60))
    versions = [submitted]
    for _ in range(rng.choices((0, 1, 2, 3), weights=(55, 30, 10, 5))[0]):
        versions.append(versions[-1] + timedelta(days=rng.randint(3, 300), hours=rng.random()))
    versions = [moment for moment in versions if moment.date() < SNAPSHOT_DAY] or [submitted]
    update = min(versions[-1].date() + timedelta(days=rng.randint(0, 60)), SNAPSHOT_DAY)
    doi = _doi(rng, year)
    return {
        "id": arxiv_id,
        "submitter": _submitter(rng, authors),
        "authors": _authors_string(rng, authors),
        "title": _wrap(_title(rng, topic), 71, "\n  "),
        "comments": _comments(rng, year),
        "journal-ref": _journal_ref(rng, year) if doi else None,
        "doi": doi,
        "report-no": None if rng.random() < 0.97 else f"MSR-TR-{year}-{rng.randint(1, 99)}",
        "categories": _categories(rng, topic),
        "license": _license(rng, year),
        "abstract": _wrap("  " + _abstract(rng, topic), 79, "\n") + "\n",
        "versions": [
            {"version": f"v{number}", "created": _rfc2822(moment)}
            for number, moment in enumerate(versions, start=1)
        ],
        "update_date": update.isoformat(),
        "authors_parsed": [[last, first, suffix] + extra for first, last, suffix, extra in authors],
    }


def _updated(paper: dict, rng: random.Random) -> dict:
    """A later record of the same paper: one more version, sometimes a revised abstract."""
    day, month, year, clock = paper["versions"][-1]["created"].split()[1:5]
    moment = datetime.fromisoformat(
        f"{year}-{_MONTH_NAMES.index(month) + 1:02d}-{int(day):02d}T{clock}"
    )
    moment += timedelta(days=rng.randint(20, 400), minutes=rng.randrange(1440))
    number = len(paper["versions"]) + 1
    paper["versions"].append({"version": f"v{number}", "created": _rfc2822(moment)})
    paper["update_date"] = max(moment.date(), date.fromisoformat(paper["update_date"])).isoformat()
    paper["comments"] = f"v{number}: camera-ready version, {rng.randint(9, 40)} pages"
    if rng.random() < 0.5:
        revision = f"This version adds results on {_pick(rng, _TASKS)[2][0][0]}."
        paper["abstract"] = paper["abstract"].rstrip("\n") + "\n" + revision + "\n"
    return paper


def _wrap(text: str, width: int, line_break: str) -> str:
    """Hard line breaks at word boundaries, as arXiv's submission form leaves them."""
    return line_break.join(match.group(1) for match in _line_of_width(width).finditer(text))


@cache
def _line_of_width(width: int) -> re.Pattern[str]:
    # The longest run of words that fits, else one word longer than the width.
    return re.compile(rf"(.{{1,{width}}}|\S+)(?: |$)")


# ---------------------------------------------------------------------------------------
# People


_FIRST_NAMES = (
    "Wei", "Xiaolin", "Yichen", "Jiaming", "Haoran", "Mei", "Aditya", "Priya", "Rahul",
    "Ananya", "Ji-hoon", "Seo-yeon", "Haruto", "Yuki", "Minh", "Olga", "Dmitry", "Anna",
    "José", "María", "Zoë", "Søren", "Jürgen", "Łukasz", "Renée", "Ana María", "François",
    "Matteo", "Giulia", "Lukas", "Emma", "Noah", "Olivia", "Liam", "Amara", "Chinedu",
    "Fatima", "Omar", "Leila", "Mehmet", "Elif", "Sebastián", "Camila", "Tomáš", "Zoltán",
    "Björn", "Ingrid", "Kwame", "Thandiwe", "Arjun", "Sanjay", "Hyun", "Kenji", "Sara",
    "David", "Michael", "Jennifer", "Pieter", "Niamh", "Ioannis", "Eleni",
)  # fmt: skip
_MIDDLE_INITIALS = ("A.", "J.", "M.", "K.", "R.", "S.", "T.", "E. L.")
_LAST_NAMES = (
    "Zhang", "Li", "Wang", "Chen", "Liu", "Yang", "Huang", "Zhao", "Wu", "Zhou", "Sharma",
    "Gupta", "Natarajan", "Iyer", "Park", "Kim", "Lee", "Sato", "Tanaka", "Nguyen", "Tran",
    "Ivanova", "Smirnov", "García", "Núñez", "Müller", "Schäfer", "Kovačević", "Dvořák",
    "Øvrebø", "Wójcik", "Gómez", "Rossi", "Bianchi", "Dubois", "Lefèvre", "Smith", "Johnson",
    "Brown", "Okafor", "Mensah", "Haddad", "Yılmaz", "Öztürk", "Andersson", "Nielsen",
    "van der Berg", "de la Cruz", "O'Brien", "Papadopoulos", "Novák", "Horváth", "Silva",
    "Santos", "Cohen", "Levi", "Fernández", "Kowalski", "Jansen", "Balázs",
)  # fmt: skip
_SUFFIXES = ("Jr", "II", "III")
_AFFILIATIONS = (
    "Google Research", "Meta AI", "Stanford University", "MIT CSAIL", "Tsinghua University",
    "ETH Zurich", "University of Oxford", "Mila, Universit\u00e9 de Montr\u00e9al",
    "Max Planck Institute for Intelligent Systems", "KAIST", "University of Tokyo",
    "Carnegie Mellon University", "Microsoft Research Asia", "EPFL",
)  # fmt: skip
# How the snapshot's `authors` strings write accented letters (authors_parsed has Unicode).
_LATEX_ACCENTS = str.maketrans(
    {
        "á": "\\'a", "é": "\\'e", "í": "\\'i", "ó": "\\'o", "ú": "\\'u", "ñ": "\\~n",
        "ü": '\\"u', "ö": '\\"o', "ä": '\\"a', "ë": '\\"e', "è": "\\`e", "ç": "\\c{c}",
        "č": "\\v{c}", "ř": "\\v{r}", "š": "\\v{s}", "ł": "{\\l}", "Ł": "{\\L}",
        "ø": "{\\o}", "Ø": "{\\O}", "ı": "{\\i}", "Ö": '\\"O',
    }
)  # fmt: skip

# (first, last, suffix, [affiliation]) per author.
_Author = tuple[str, str, str, list[str]]


def _authors(rng: random.Random) -> list[_Author]:
    count = rng.choices((1, 2, 3, 4, 5, 6, 8, 12, 40), weights=(6, 14, 20, 20, 15, 10, 8, 5, 2))
    initials = rng.random() < 0.2
    with_affiliations = rng.random() < 0.04
    authors = []
    for _ in range(count[0]):
        first = _pick(rng, _FIRST_NAMES)
        if initials:
            first = " ".join(part[0].upper() + "." for part in first.replace("-", " ").split())
        elif rng.random() < 0.2:
            first += " " + _pick(rng, _MIDDLE_INITIALS)
        suffix = _pick(rng, _SUFFIXES) if rng.random() < 0.01 else ""
        extra = [_pick(rng, _AFFILIATIONS)] if with_affiliations else []
        authors.append((first, _pick(rng, _LAST_NAMES), suffix, extra))
    return authors


def _authors_string(rng: random.Random, authors: list[_Author]) -> str:
    latex = rng.random() < 0.5

    def written(author: _Author) -> str:
        first, last, suffix, extra = author
        name = " ".join(part for part in (first, last, suffix) if part)
        if latex:
            name = name.translate(_LATEX_ACCENTS)
        return name + (f" ({extra[0]})" if extra else "")

    names = [written(author) for author in authors]
    text = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    if rng.random() < 0.5 and len(names) > 2:
        text = ", ".join(names)
    return _wrap(text, 76, "\n  ")


def _submitter(rng: random.Random, authors: list[_Author]) -> str:
    # Mostly an author; sometimes someone else (a student or an assistant submitting).
    if rng.random() < 0.85:
        first, last, _, _ = _pick(rng, authors)
        return f"{first} {last}"
    return f"{_pick(rng, _FIRST_NAMES)} {_pick(rng, _LAST_NAMES)}"


# ---------------------------------------------------------------------------------------
# Bibliographic fields


_VENUES = ("NeurIPS", "ICML", "ICLR", "CVPR", "ICCV", "ECCV", "ACL", "EMNLP", "AAAI", "KDD")


def _comments(rng: random.Random, year: int) -> str | None:
    draw = rng.random()
    if draw < 0.15:
        return None
    pages, figures = rng.randint(6, 45), rng.randint(2, 20)
    if draw < 0.55:
        return f"{pages} pages, {figures} figures"
    venue = _pick(rng, _VENUES)
    if draw < 0.85:
        return f"Accepted at {venue} {year + rng.randint(0, 1)}; {pages} pages, {figures} figures"
    return f"{pages} pages; code: https://github.com/{_repo(rng)}"


def _doi(rng: random.Random, year: int) -> str | None:
    draw = rng.random()
    if draw < 0.85:
        return None
    if draw < 0.92:
        return f"10.1109/TPAMI.{year}.{rng.randint(3_000_000, 3_999_999)}"
    if draw < 0.997:
        return f"10.1145/{rng.randint(3_500_000, 3_700_000)}.{rng.randint(3_500_000, 3_700_000)}"
    # The snapshot holds a few records with two DOIs, space-separated.
    journal_doi = f"10.1007/s11263-0{rng.randint(10, 99)}-0{rng.randint(1000, 9999)}-7"
    return f"{journal_doi} 10.5281/zenodo.{rng.randint(1_000_000, 9_999_999)}"


def _journal_ref(rng: random.Random, year: int) -> str:
    if rng.random() < 0.5:
        volume, issue = year - 1978, rng.randint(1, 12)
        return f"IEEE Trans. Pattern Anal. Mach. Intell. {volume}({issue}), {year}"
    first_page = rng.randint(100, 9000)
    return f"Proceedings of {_pick(rng, _VENUES)} {year}, pp. {first_page}-{first_page + 9}"


def _license(rng: random.Random, year: int) -> str | None:
    if year < 2010 and rng.random() < 0.8:
        return None
    return rng.choices(
        (
            "http://arxiv.org/licenses/nonexclusive-distrib/1.0/",
            "http://creativecommons.org/licenses/by/4.0/",
            "http://creativecommons.org/licenses/by-nc-sa/4.0/",
            "http://creativecommons.org/licenses/by-sa/4.0/",
            None,
        ),
        weights=(50, 35, 5, 3, 7),
    )[0]


def _categories(rng: random.Random, topic: _Topic) -> str:
    extra = rng.sample(("cs.LG", "cs.AI", "stat.ML", "cs.NE", "cs.IR"), rng.randint(0, 2))
    return " ".join(dict.fromkeys([topic.category, *extra]))


# ---------------------------------------------------------------------------------------
# Titles and abstracts


@dataclass(frozen=True)
class _Benchmark:
    dataset: str
    metric: str
    low: float  # plausible range of the metric
    high: float
    lower_is_better: bool
    percent: bool  # written with a percent sign


@dataclass(frozen=True)
class _Topic:
    """What one abstract is about: a task, the method it introduces, where it is measured."""

    task: str
    category: str
    benchmarks: tuple[_Benchmark, ...]  # the first is the main one
    method: str
    baseline: str
    component: str


# (task, arXiv category, datasets, baselines); a dataset is (name, metric, low, high,
# lower is better, written as a percentage).
_TASKS = (
    (
        "image classification",
        "cs.CV",
        (
            ("ImageNet", "top-1 accuracy", 70, 90, False, True),
            ("CIFAR-10", "accuracy", 93, 99.5, False, True),
            ("CIFAR-100", "accuracy", 70, 92, False, True),
        ),
        ("ResNet-50", "ViT-B/16", "Swin-T", "ConvNeXt-T"),
    ),
    (
        "object detection",
        "cs.CV",
        (("COCO", "box AP", 38, 65, False, False), ("Pascal VOC", "mAP", 75, 90, False, True)),
        ("DETR", "Faster R-CNN", "YOLOv8"),
    ),
    (
        "semantic segmentation",
        "cs.CV",
        (("Cityscapes", "mIoU", 75, 86, False, True), ("ADE20K", "mIoU", 40, 62, False, True)),
        ("SegFormer", "Mask2Former", "DeepLabv3+"),
    ),
    (
        "machine translation",
        "cs.CL",
        (
            ("WMT14 English-German", "BLEU", 26, 35, False, False),
            ("WMT16 English-Romanian", "BLEU", 32, 40, False, False),
        ),
        ("Transformer-big", "mBART", "NLLB-200"),
    ),
    (
        "question answering",
        "cs.CL",
        (
            ("SQuAD v1.1", "F1", 85, 95, False, False),
            ("SQuAD 2.0", "exact match", 75, 90, False, True),
        ),
        ("BERT-large", "RoBERTa", "T5-base"),
    ),
    (
        "speech recognition",
        "eess.AS",
        (
            ("LibriSpeech test-clean", "WER", 1.4, 4.0, True, True),
            ("LibriSpeech test-other", "WER", 3, 9, True, True),
        ),
        ("wav2vec 2.0", "Conformer", "Whisper-small"),
    ),
    (
        "mathematical reasoning",
        "cs.CL",
        (("GSM8K", "accuracy", 40, 95, False, True), ("MATH", "accuracy", 20, 70, False, True)),
        ("GPT-3.5", "LLaMA-2 70B", "Mistral-7B"),
    ),
    (
        "code generation",
        "cs.SE",
        (("HumanEval", "pass@1", 30, 90, False, True), ("MBPP", "pass@1", 40, 80, False, True)),
        ("Codex", "StarCoder", "CodeLlama-13B"),
    ),
    (
        "language understanding",
        "cs.CL",
        (
            ("MMLU", "accuracy", 45, 86, False, True),
            ("GLUE", "average score", 80, 91, False, False),
        ),
        ("GPT-3", "LLaMA-2 7B", "Falcon-40B"),
    ),
    (
        "node classification",
        "cs.LG",
        (
            ("ogbn-arxiv", "accuracy", 70, 78, False, True),
            ("Cora", "accuracy", 80, 88, False, True),
        ),
        ("GCN", "GraphSAGE", "GAT"),
    ),
    (
        "text-to-image generation",
        "cs.CV",
        (("MS-COCO", "FID", 5, 15, True, False),),
        ("Stable Diffusion", "DALL-E 2", "Imagen"),
    ),
    (
        "image generation",
        "cs.CV",
        (("ImageNet 256x256", "FID", 1.5, 10, True, False),),
        ("DiT-XL/2", "BigGAN", "ADM"),
    ),
    (
        "offline reinforcement learning",
        "cs.LG",
        (("D4RL", "normalized score", 60, 90, False, False),),
        ("CQL", "IQL", "Decision Transformer"),
    ),
    (
        "time-series forecasting",
        "cs.LG",
        (("ETTh1", "MSE", 0.35, 0.45, True, False),),
        ("Informer", "PatchTST", "Autoformer"),
    ),
    (
        "video action recognition",
        "cs.CV",
        (("Kinetics-400", "top-1 accuracy", 75, 90, False, True),),
        ("TimeSformer", "SlowFast", "VideoMAE"),
    ),
    (
        "passage retrieval",
        "cs.IR",
        (("MS MARCO", "MRR@10", 0.33, 0.45, False, False),),
        ("BM25", "DPR", "ColBERT"),
    ),
)
_PREFIXES = (
    "Sparse", "Flash", "Hyper", "Meta", "Graph", "Diff", "Mix", "Token", "Quant", "Lo",
    "Auto", "Fast", "Cross", "Contra", "Hier", "Dyna", "Omni", "Uni", "Re", "Mamba",
)  # fmt: skip
_SUFFIXES_OF_NAMES = (
    "Former", "Net", "Mixer", "GPT", "BERT", "Align", "Prompt", "Rank",
    "Fusion", "Distill", "Seg", "Det", "ViT", "LM", "Flow", "Gen",
)  # fmt: skip
_VERSIONS_OF_NAMES = ("", "", "", "", "-2", "++", "-XL", "-S", "v2")
_COMPONENTS = (
    "transformer", "mixture-of-experts layer", "diffusion model", "state-space model",
    "graph neural network", "low-rank adapter", "retrieval module", "contrastive encoder",
    "vision-language model", "normalizing flow", "recurrent memory", "attention mechanism",
)  # fmt: skip
_ADJECTIVES = (
    "efficient", "scalable", "robust", "sparse", "parameter-efficient", "unified",
    "self-supervised", "calibrated", "hierarchical", "adaptive", "lightweight",
)  # fmt: skip
_CHALLENGES = (
    "distribution shift", "long-range dependencies", "label noise", "scarce labels",
    "catastrophic forgetting", "spurious correlations", "quadratic memory cost",
    "hallucinated outputs", "slow inference",
)  # fmt: skip
_ORGS = (
    "google-research", "facebookresearch", "microsoft", "openai", "huggingface",
    "THUDM", "OpenGVLab", "mit-han-lab", "allenai", "deepmind", "nvlabs", "sail-sg",
)  # fmt: skip


def _topic(rng: random.Random) -> _Topic:
    task, category, datasets, baselines = _pick(rng, _TASKS)
    method = _pick(rng, _PREFIXES) + _pick(rng, _SUFFIXES_OF_NAMES) + _pick(rng, _VERSIONS_OF_NAMES)
    return _Topic(
        task=task,
        category=category,
        benchmarks=tuple(_Benchmark(*dataset) for dataset in rng.sample(datasets, len(datasets))),
        method=method,
        baseline=_pick(rng, baselines),
        component=_pick(rng, _COMPONENTS),
    )


def _title(rng: random.Random, topic: _Topic) -> str:
    template = _pick(
        rng,
        (
            "{method}: {Adjective} {component}s for {task}",
            "Towards {adjective} {task} with {component}s",
            "On the {challenge} of {component}s in {task}",
            "{method}: Scaling {component}s to {size}B Parameters",
            "Rethinking {task}: When Do {component}s Help?",
            "{Adjective} {task} via {adjective2} {component}s",
            "Mitigating {challenge} in {task} with {method}",
        ),
    )
    adjective, adjective2 = rng.sample(_ADJECTIVES, 2)
    return template.format(
        method=topic.method,
        task=topic.task,
        component=topic.component,
        adjective=adjective,
        Adjective=adjective.capitalize(),
        adjective2=adjective2,
        challenge=_pick(rng, _CHALLENGES),
        size=_pick(rng, (1, 7, 13, 70, 175)),
    )


def _repo(rng: random.Random) -> str:
    name = _pick(rng, _PREFIXES) + _pick(rng, _SUFFIXES_OF_NAMES)
    return f"{_pick(rng, _ORGS)}/{name if rng.random() < 0.5 else name.lower()}"


def _percent(rng: random.Random) -> str:
    return "\\%" if rng.random() < 0.4 else "%"


def _abstract(rng: random.Random, topic: _Topic) -> str:
    sentences = rng.sample(_contexts(rng, topic), rng.randint(1, 2))
    sentences.append(_proposal(rng, topic))
    if rng.random() < 0.5:
        sentences.append(_contributions(rng, topic))
    sentences += rng.sample(_method_details(rng, topic), rng.randint(2, 4))
    for benchmark in topic.benchmarks[: rng.randint(1, len(topic.benchmarks))]:
        sentences.append(_result(rng, topic, benchmark))
    if rng.random() < 0.7:
        sentences.append(_efficiency(rng, topic))
    if rng.random() < 0.6:
        sentences.append(_analysis(rng, topic))
    if rng.random() < 0.6:
        sentences.append(_code_availability(rng, topic))
    return " ".join(sentences)


def _contexts(rng: random.Random, topic: _Topic) -> list[str]:
    return [
        f"{topic.component.capitalize()}s have become the de facto standard for "
        f"{topic.task}, yet they suffer from {_pick(rng, _CHALLENGES)}.",
        f"Despite rapid progress in {topic.task}, existing methods still struggle with "
        f"{_pick(rng, _CHALLENGES)} and {_pick(rng, _CHALLENGES)}.",
        f"Large language models (LLMs) have shown remarkable ability in {topic.task}, but "
        f"{_pick(rng, _CHALLENGES)} still limits their deployment in practice.",
        f"Recent approaches to {topic.task} rely on ever larger {topic.component}s trained "
        f"on billions of examples, which makes {_pick(rng, _CHALLENGES)} costly to address.",
        f"A central problem in {topic.task} is {_pick(rng, _CHALLENGES)}: models that perform "
        "well in the lab often fail when the test distribution changes.",
    ]


def _contributions(rng: random.Random, topic: _Topic) -> str:
    first, second = rng.sample(_COMPONENTS, 2)
    return (
        f"Our contributions are threefold: (i) {_a(_pick(rng, _ADJECTIVES))} {first} that "
        f"scales to long inputs, (ii) a training recipe for {second}s that avoids "
        f"{_pick(rng, _CHALLENGES)}, and (iii) an extensive evaluation on "
        f"{len(topic.benchmarks) + rng.randint(1, 9)} benchmarks for {topic.task}."
    )


def _proposal(rng: random.Random, topic: _Topic) -> str:
    adjective = _pick(rng, _ADJECTIVES)
    return _pick(
        rng,
        (
            f"In this paper, we propose {topic.method}, {_a(adjective)} {topic.component} "
            f"that learns task-specific structure without extra supervision.",
            f"We introduce \\textbf{{{topic.method}}}, {_a(adjective)} framework that couples "
            f"{_a(topic.component)} with {_a(_pick(rng, _COMPONENTS))}.",
            f"To address this, we present {topic.method}, which replaces the "
            f"{_pick(rng, _COMPONENTS)} with {_a(adjective)} {topic.component}.",
            f"This work studies whether {_a(adjective)} {topic.component} can close the gap, "
            f"and proposes {topic.method} to do so.",
        ),
    )


def _method_details(rng: random.Random, topic: _Topic) -> list[str]:
    return [
        "The key idea is to route each token to $k$ of $E$ experts, which reduces the cost "
        "from $\\mathcal{O}(n^2)$ to $\\mathcal{O}(n \\log n)$.",
        f"We train {topic.method} with an $\\alpha$-weighted contrastive objective and a "
        f"temperature $\\tau={_pick(rng, ('0.07', '0.1', '0.5'))}$.",
        "We derive a generalization bound that depends on the margin $\\gamma$ and the "
        "$\\ell_2$ norm of the weights, and use it to choose $\\lambda$.",
        f"{topic.method} is pre-trained on {_pick(rng, (14, 45, 300, 1400))}M image-text "
        "pairs and fine-tuned with low-rank updates of rank $r=8$.",
        "A lightweight gating network decides, per layer, whether to reuse cached "
        "activations, so that easy inputs exit early.",
        f"Unlike prior work, our {topic.component} needs no hand-crafted augmentations and "
        "no labelled data during pre-training.",
        f"We show that {topic.method} recovers standard attention in the limit "
        "$\\beta \\to \\infty$, which explains its stability in training.",
        f"Training uses a cosine schedule with peak learning rate $3\\times10^{{-4}}$ and "
        f"a batch size of {_pick(rng, (256, 1024, 4096))}.",
    ]


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiouAEIOU" else "a ") + word


def _written(rng: random.Random, value: float, benchmark: _Benchmark) -> str:
    text = f"{value:.3f}" if benchmark.high < 1 else f"{value:.1f}"
    return text + (_percent(rng) if benchmark.percent else "")


def _result(rng: random.Random, topic: _Topic, benchmark: _Benchmark) -> str:
    value = rng.uniform(benchmark.low, benchmark.high)
    written = _written(rng, value, benchmark)
    dataset, metric, method, baseline = (
        benchmark.dataset,
        benchmark.metric,
        topic.method,
        topic.baseline,
    )
    if benchmark.lower_is_better:
        before = _written(rng, value * rng.uniform(1.05, 1.6), benchmark)
        return _pick(
            rng,
            (
                f"{method} reduces the {metric} on {dataset} from {before} to {written}.",
                f"On {dataset}, {method} reaches {_a(metric)} of {written}, compared with "
                f"{before} for {baseline}.",
                f"Our best model obtains {written} {metric} on {dataset}, "
                f"{rng.uniform(5, 40):.1f}{_percent(rng)} lower than {baseline}.",
            ),
        )
    gain = rng.uniform(0.3, min(6.0, value / 4))
    previous = _written(rng, value - gain, benchmark)
    return _pick(
        rng,
        (
            f"{method} achieves {written} {metric} on {dataset}, outperforming {baseline} "
            f"by {gain:.1f} points.",
            f"On {dataset}, {method} reaches {_a(metric)} of {written}, a new state of the art "
            "among models of comparable size.",
            f"Experiments on {dataset} show that our method improves {metric} over "
            f"{baseline} ({written} vs. {previous}).",
            f"With only {_pick(rng, (1, 5, 10))}{_percent(rng)} of the labels, {method} "
            f"reaches {written} {metric} on {dataset}, matching {baseline} trained on all "
            "of them.",
            f"We obtain {written} {metric} on {dataset} using {_pick(rng, (8, 16, 64))} A100 "
            f"GPUs for {rng.randint(2, 30)} hours.",
        ),
    )


def _efficiency(rng: random.Random, topic: _Topic) -> str:
    speedup = f"{rng.uniform(1.3, 12):.1f}"
    return _pick(
        rng,
        (
            f"It also delivers a {speedup}x speedup over {topic.baseline} at inference time.",
            f"{topic.method} runs ${speedup}\\times$ faster and uses "
            f"{rng.uniform(20, 99):.1f}\\% less memory than {topic.baseline}.",
            f"Moreover, it needs {rng.randint(2, 10)}$\\times$ fewer parameters "
            f"({_pick(rng, (22, 86, 300, 1300))}M) while training {speedup}x faster.",
            f"Inference throughput improves by {rng.randint(20, 300)}% with no loss in "
            f"{topic.benchmarks[0].metric}.",
        ),
    )


def _analysis(rng: random.Random, topic: _Topic) -> str:
    return _pick(
        rng,
        (
            f"Ablation studies show that the {_pick(rng, _COMPONENTS)} accounts for most of "
            f"the gain ({rng.uniform(0.5, 4):.1f} points).",
            f"We further analyse failure cases and find that {_pick(rng, _CHALLENGES)} "
            "remains the main source of errors.",
            "Our analysis reveals that performance scales log-linearly with data size up "
            f"to {_pick(rng, (1, 10, 100))}B tokens.",
        ),
    )


def _code_availability(rng: random.Random, topic: _Topic) -> str:
    repo = _repo(rng)
    model = f"{_pick(rng, _ORGS)}/{topic.method.lower()}-{_pick(rng, ('base', 'large', '7b'))}"
    return _pick(
        rng,
        (
            f"Code is available at https://github.com/{repo}.",
            f"Our code and models are released at https://github.com/{repo} and "
            f"https://huggingface.co/{model}.",
            f"Code: \\url{{https://github.com/{repo}}}.",
            f"We release the checkpoints (https://huggingface.co/{model}).",
            f"The project page is https://{topic.method.lower()}.github.io/, and the code is "
            f"at <https://github.com/{repo}>.",
            f"Data and code are publicly available at github.com/{repo}.git.",
            f"Models: https://huggingface.co/{model}; datasets: "
            f"https://huggingface.co/datasets/{repo}.",
        ),
    )


# ---------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.generate_arxiv",
        description="Write deterministic arXiv-snapshot-format JSON Lines for tests and "
        "benchmarks.",
    )
    parser.add_argument("output", type=Path, help="file to write (overwritten)")
    parser.add_argument("--records", type=int, required=True, help="lines to write")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--malformed-share", type=float, default=0.01)
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)"
    )
    args = parser.parse_args(argv)
    try:
        result = generate(
            args.output, args.records, args.seed, args.malformed_share, workers=args.workers
        )
    except ValueError as error:
        parser.error(str(error))
    print(
        f"{result.path}: {result.records:,} lines ({result.malformed:,} malformed, "
        f"{result.updates:,} updates of earlier papers), {result.size_bytes / 1e6:,.1f} MB "
        f"in {result.seconds:.1f} s ({result.records / result.seconds:,.0f} lines/s)",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
