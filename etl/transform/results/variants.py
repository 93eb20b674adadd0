"""The variant of a result's dataset: the image resolution, the split or the language pair its
name is written with ("ImageNet 256x256", "ImageNet-512", "COCO test-dev", "the ImageNet
validation set", "LibriSpeech test-clean", "DBP15K_FR-EN"). The dataset is the dataset
(ImageNet-1K, MS COCO, DBP15K); the variant says which setting of it the number was measured
on, so that FID at 256 and at 512 pixels, a score on the validation split and on the test
server, or alignment of French and of Chinese entities, are not ranked against each other. A
benchmark that is a subset with problems of its own ("SWE-bench Verified", "GPQA Diamond") is a
dataset of its own in the vocabulary, not a variant."""

from __future__ import annotations

import polars as pl

from etl.transform import word_regex  # noqa: F401  (registers the .rx namespace)
from etl.transform.results.datasets import _LANGUAGE_PAIR_AFTER, _RESOLUTION
from etl.transform.results.patterns import _SPLIT_WORD

# "test set", "validation split", "val2017", "test-dev", "test-std", "test-clean".
_SPLIT = rf"(?i)(?:^|\s)({_SPLIT_WORD}(?:\d{{4}}|-[a-z]+)?)(?:\s+(?:set|split|subset))?$"
# Spellings of one split. A plain "test set" is no variant: a benchmark's score is its test
# split's unless another is named.
_SPLIT_SPELLINGS = {"development": "dev", "validation": "val", "test": None}


def _with_dataset_variants(results: pl.LazyFrame) -> pl.LazyFrame:
    """`dataset_variant` for each result whose dataset is stated: the resolution ("256x256")
    or the split other than the plain test split ("val", "dev", "test-dev", "val2017") its
    dataset_text is written with, unless the dataset's own name holds it; else null."""
    text = pl.col("dataset_text")
    resolution = text.rx.extract_groups(_RESOLUTION).struct
    side = resolution.field("3")
    split = text.rx.extract(_SPLIT, 1).str.to_lowercase()
    variant = pl.coalesce(
        pl.concat_str(resolution.field("1"), pl.lit("x"), resolution.field("2")),
        pl.concat_str(side, pl.lit("x"), side),
        split.replace(_SPLIT_SPELLINGS),
        text.rx.extract(_LANGUAGE_PAIR_AFTER, 1).str.to_lowercase(),
    )
    in_own_name = (
        pl.col("dataset_name")
        .str.to_lowercase()
        .str.contains(variant.str.to_lowercase(), literal=True)
    )
    return results.with_columns(
        dataset_variant=pl.when(
            pl.col("dataset_name").is_not_null() & ~in_own_name.fill_null(False)
        ).then(variant)
    )
