"""Real titles and abstracts for the generator's real-text mode, read from the sample folder.

The samples (`../shared/data`, the Makefile's SAMPLE_DATA) stay out of git: they are read
here at run time, by paperhouse's own readers (etl.extract), so every format's quirks (Python
reprs in Daily Papers days, hard-wrapped arXiv abstracts, title-less listings) are handled
once, where the loader handles them.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from etl.extract import read_all

# The sample files that hold abstracts: (glob under the folder, paperhouse format).
TEXT_SOURCES = (
    ("hf-daily/*.json", "hf-daily"),
    ("arxiv/*.jsonl", "arxiv"),
    ("listings/*.txt", "listing"),
    ("paperlists/*.json", "paperlists"),
)
# Shorter than this is a placeholder ("TBD", "See paper"), not an abstract.
MIN_ABSTRACT_CHARS = 100
_SPACE = re.compile(r"\s+")
_NOT_ALNUM = re.compile(r"[\W_]+")


@dataclass(frozen=True)
class SampleTexts:
    """The distinct abstracts of a sample folder, each with its title when it has one (a
    listing has none), and every title (to give a title-less abstract one)."""

    folder: Path
    abstracts: tuple[str, ...]
    titles_of_abstracts: tuple[str | None, ...]
    titles: tuple[str, ...]

    @property
    def digest(self) -> str:
        """Eight hex digits that change when the texts do (names kept generated files)."""
        pairs = zip(self.titles_of_abstracts, self.abstracts, strict=True)
        text = "\0".join(f"{title}\1{abstract}" for title, abstract in pairs)
        return hashlib.sha256(text.encode()).hexdigest()[:8]


def _one_line(text: str | None) -> str | None:
    return None if text is None else _SPACE.sub(" ", text).strip() or None


def _dedup_key(abstract: str) -> str:
    # Letters and digits only, lowercased: the same abstract from two sources (re-wrapped,
    # re-typeset) is one text.
    return _NOT_ALNUM.sub("", abstract.lower())


@cache
def sample_texts(folder: Path) -> SampleTexts:
    """The texts of the sample folder (in file-name order, first occurrence kept); raises
    ValueError naming the folder and what it should hold when it holds no abstract."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ValueError(
            f"no sample folder at {folder}: give --sample-data DIR, a folder holding "
            + ", ".join(pattern for pattern, _ in TEXT_SOURCES)
        )
    abstracts: list[str] = []
    titles_of_abstracts: list[str | None] = []
    seen: set[str] = set()
    for pattern, format_name in TEXT_SOURCES:
        paths = sorted(folder.glob(pattern))
        if not paths:
            continue
        records, _, _ = read_all(paths, format_name)
        for title, abstract in records.select("title", "abstract_source").iter_rows():
            abstract = _one_line(abstract)
            if abstract is None or len(abstract) < MIN_ABSTRACT_CHARS:
                continue
            key = _dedup_key(abstract)
            if key in seen:
                continue
            seen.add(key)
            abstracts.append(abstract)
            titles_of_abstracts.append(_one_line(title))
    if not abstracts:
        raise ValueError(
            f"no abstracts in {folder}: real text is read from "
            + ", ".join(pattern for pattern, _ in TEXT_SOURCES)
            + f" (abstracts of at least {MIN_ABSTRACT_CHARS} characters)"
        )
    titles = tuple(dict.fromkeys(t for t in titles_of_abstracts if t is not None))
    if not titles:
        raise ValueError(
            f"no titles in {folder}: only listings were found, which carry none; add a Daily "
            "Papers day, an arXiv snapshot or a conference list"
        )
    return SampleTexts(folder, tuple(abstracts), tuple(titles_of_abstracts), titles)
