"""Directions from the head words of metric names, and names of parts of the data, on
inline names shaped like leaderboard columns."""

from __future__ import annotations

import polars as pl
import pytest

from etl.vocab.metric_names import (
    HEAD_WORDS,
    head_word,
    head_word_direction,
    names_a_measure,
    part_of_data_rule,
)


def _heads(*names: str) -> list[tuple[str | None, str | None]]:
    frame = pl.DataFrame({"name": list(names)}).select(head=head_word(pl.col("name")))
    return frame.select("head", direction=head_word_direction(pl.col("head"))).rows()


@pytest.mark.parametrize(
    ("name", "head", "direction"),
    [
        # Split prefixes, in any case and with any separator.
        ("Test Accuracy", "accuracy", "higher"),
        ("Validation AUC", "AUC", "higher"),
        ("DEV-F1", "F1", "higher"),
        ("train_loss", "loss", "lower"),
        # Qualifiers before, after or in parentheses.
        ("F1 (news)", "F1", "higher"),
        ("Avg accuracy", "accuracy", "higher"),
        ("Macro-F1", "F1", "higher"),
        ("Top-5 acc", "accuracy", "higher"),
        ("ANS-EM", "exact match", "higher"),
        ("Weighted Accuracy (WAA)", "accuracy", "higher"),
        ("Shen F-1", "F1", "higher"),
        ("F0.5 score", "F1", "higher"),
        # Abbreviations with a cutoff or a count glued on.
        ("P@10%", "precision", "higher"),
        ("R_10@1", "recall", "higher"),
        ("mAP50", "average precision", "higher"),
        ("BLEU-4", "BLEU", "higher"),
        ("Mean Reciprocal Rank", "MRR", "higher"),
        # Lower-better head words.
        ("Word error rate", "error", "lower"),
        ("Test perplexity", "perplexity", "lower"),
        ("Bits/dim", "bits", "lower"),
        ("Inference time (ms)", "time", "lower"),
        ("FID-50k", "FID", "lower"),
        ("Latency", "latency", "lower"),
        # The last head word of a compound is its head.
        ("Precision-Recall AUC", "AUC", "higher"),
        # A score and nothing else but splits, summaries and parentheses.
        ("Average Score", "score", "higher"),
        ("Test score (dev)", "score", "higher"),
    ],
)
def test_a_name_takes_the_direction_of_its_head_word(name: str, head: str, direction: str) -> None:
    assert _heads(name) == [(head, direction)]


@pytest.mark.parametrize(
    "name",
    [
        # No head word.
        "Model Entropy",
        "Temporal awareness",
        "Kitchen",
        # Head words of both directions.
        "Real-time F1",
        "Accuracy loss",
        # A word that turns or blurs the direction.
        "Error reduction",
        "Accuracy drop",
        "Δ F1",
        "Std accuracy",
        "Mean Rank",
        "Attack accuracy",
        "Self-BLEU",
        "Jaccard distance",
        "Bias (F/M)",
        "Number of params",
        # A score of what the name does not say: toxicity and Brier scores are lower-better.
        "Toxicity score",
        "Brier score",
    ],
)
def test_a_name_without_one_clear_head_word_has_no_direction(name: str) -> None:
    assert _heads(name) == [(None, None)]


def test_a_head_word_is_a_whole_word() -> None:
    """ "em" in "Embedding", "acc" in "Accent", "map" in "Heatmap" are no head words."""
    assert _heads("Embedding size", "Accent", "Heatmap") == [(None, None)] * 3


def test_every_head_word_has_a_direction() -> None:
    assert {direction for direction, _ in HEAD_WORDS.values()} == {"higher", "lower"}


@pytest.mark.parametrize(
    ("name", "rule"),
    [
        ("Dev", "split"),
        ("Test set", "split"),
        ("validation", "split"),
        ("Question Split", "split"),
        ("Matched", "subset"),
        ("Mismatched", "subset"),
        ("IN-DOMAIN", "subset"),
        ("Out-of-domain", "subset"),
        ("OVERALL", "subset"),
        ("All", "subset"),
        ("Senseval 2", "edition"),
        ("SemEval 2015", "edition"),
        ("Task 1", "edition"),
        # Names of measures, whatever they look like.
        ("DEV-F1", None),
        ("Test Accuracy", None),
        ("Rank-1", None),
        ("Top-1", None),
        ("BLEU 4", None),
        ("Kitchen", None),
    ],
)
def test_a_name_of_a_split_subset_or_edition_is_a_part_of_the_data(
    name: str, rule: str | None
) -> None:
    frame = pl.DataFrame({"name": [name]})
    assert frame.select(rule=part_of_data_rule(pl.col("name"))).item() == rule


def test_a_name_says_a_measure_by_a_head_word_or_a_blurring_word() -> None:
    frame = pl.DataFrame({"name": ["Dev F1", "Rank-1", "Accuracy drop", "Dev", "Books"]})
    assert frame.select(measure=names_a_measure(pl.col("name")))["measure"].to_list() == [
        True,
        True,
        True,
        False,
        False,
    ]
