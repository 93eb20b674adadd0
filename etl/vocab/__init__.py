"""Controlled vocabularies shipped with paperhouse (tags, metrics, datasets, organisation
aliases), as data files read at the edge of a run and handed to the transforms as frames."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import polars as pl

from etl.vocab.measures import load_datasets, load_listed_datasets, load_metrics
from etl.vocab.organization_aliases import load_organization_aliases
from etl.vocab.tag_vocabulary import field_names, load_tag_vocabulary


@dataclass(frozen=True)
class Vocabulary:
    """metrics, datasets and listed_datasets (etl.vocab.measures), tags
    (etl.vocab.tag_vocabulary), organization_aliases (etl.vocab.organization_aliases)."""

    metrics: pl.DataFrame
    datasets: pl.DataFrame
    listed_datasets: pl.DataFrame
    tags: pl.DataFrame
    organization_aliases: pl.DataFrame

    @cached_property
    def measure_names(self) -> frozenset[str]:
        """Every name and spelling of a metric or a dataset: what an acronym in a tag's place
        may mean instead (built once, not once per batch)."""
        names = pl.concat(
            [
                self.metrics.select(name=pl.concat_list("metric_name", "aliases")),
                self.datasets.select(name=pl.concat_list("dataset_name", "aliases")),
            ]
        ).explode("name")
        return frozenset(names["name"].drop_nulls().to_list())

    @cached_property
    def field_names(self) -> pl.Series:
        """The topics' names and synonyms as keys (tag_vocabulary.field_names): what a method
        name must not be for the kind of thing introduced (built once, not once per batch)."""
        return field_names(self.tags)


def load_vocabulary() -> Vocabulary:
    return Vocabulary(
        metrics=load_metrics(),
        datasets=load_datasets(),
        listed_datasets=load_listed_datasets(),
        tags=load_tag_vocabulary(),
        organization_aliases=load_organization_aliases(),
    )
