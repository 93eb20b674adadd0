"""Extract: read input files into raw records with provenance, one module per format.

Every reader returns the same raw-record columns (RAW_RECORD_SCHEMA), so the transform stage
never needs to know where a record came from. A file that cannot be read at all raises
InputFileError; extract_files collects those for every file before anything is decided.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import polars as pl

from etl.extract import listing
from etl.extract.common import RAW_RECORD_SCHEMA, ExtractedFile, InputFileError


@dataclass(frozen=True)
class Extraction:
    """Everything read from a run's input files: good files and the reasons bad ones failed."""

    files: list[ExtractedFile]
    file_errors: list[InputFileError]

    def records(self) -> pl.LazyFrame:
        frames = [f.records.lazy() for f in self.files]
        return pl.concat(frames) if frames else RAW_RECORD_SCHEMA.to_frame().lazy()


def extract_files(paths: list[Path]) -> Extraction:
    """Read every path with the reader for its format; collect every file's error."""
    files, errors = [], []
    for path in paths:
        try:
            files.append(listing.read_listing(path))
        except InputFileError as error:
            errors.append(error)
    return Extraction(files=files, file_errors=errors)
