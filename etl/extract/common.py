"""What every extract module shares: the raw-record schema, file errors, file facts."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

RAW_RECORD_SCHEMA = pl.Schema(
    {
        "source_file": pl.String,
        "source_sha256": pl.String,
        "record": pl.Int32,
        "line": pl.Int32,
        "listing_name": pl.String,
        "title": pl.String,
        "abstract_source": pl.String,
    }
)


@dataclass(frozen=True)
class InputFileError(Exception):
    """A whole input file is unusable: what is wrong, where, and a bit of what was there."""

    source_file: str
    rule: str
    reason: str
    line: int | None = None
    snippet: str | None = None

    def __str__(self) -> str:
        where = f"{self.source_file}:{self.line}" if self.line else self.source_file
        return f"{where}: {self.reason}"


@dataclass(frozen=True)
class ExtractedFile:
    """One input file's raw records and the facts the run ledger keeps about the file."""

    source_file: str
    sha256: str
    size_bytes: int
    format: str
    records: pl.DataFrame = field(repr=False)

    def ledger_entry(self) -> dict[str, object]:
        return {
            "path": self.source_file,
            "sha256": self.sha256,
            "bytes": self.size_bytes,
            "format": self.format,
            "records": self.records.height,
        }


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_input(path: Path) -> bytes:
    """The file's bytes, or InputFileError when it cannot be opened."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise InputFileError(str(path), "file.missing", "no such file") from None
    except IsADirectoryError:
        raise InputFileError(str(path), "file.is_directory", "is a directory, not a file") from None
    except PermissionError:
        raise InputFileError(str(path), "file.unreadable", "permission denied") from None
