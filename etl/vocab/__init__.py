"""Controlled vocabularies shipped with paperhouse (tags, metrics, datasets), as data files
read at the edge of a run and handed to the transforms as frames."""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from etl.vocab.measures import load_datasets, load_metrics
from etl.vocab.tag_vocabulary import load_tag_vocabulary


@dataclass(frozen=True)
class Vocabulary:
    """metrics and datasets (etl.vocab.measures), tags (etl.vocab.tag_vocabulary)."""

    metrics: pl.DataFrame
    datasets: pl.DataFrame
    tags: pl.DataFrame


def load_vocabulary() -> Vocabulary:
    return Vocabulary(metrics=load_metrics(), datasets=load_datasets(), tags=load_tag_vocabulary())
