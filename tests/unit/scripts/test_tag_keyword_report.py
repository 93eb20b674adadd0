"""scripts/tag_keyword_report.py: the agreement it reports and the candidates it proposes."""

from __future__ import annotations

import polars as pl

from etl.vocab.tag_vocabulary import TAG_VOCABULARY_SCHEMA
from tests.unit.scripts.script_module import load_script

report = load_script("tag_keyword_report")

# (tag_slug, tag_name, kind, synonyms, parent_slug, area_slug)
VOCABULARY = pl.DataFrame(
    [
        ("vlm", "Vision-Language Models", "keyword", "VLM", None, None),
        ("dpo", "Direct Preference Optimization", "keyword", "DPO", None, None),
        ("rl", "Reinforcement Learning", "task", "RL", None, None),
    ],
    schema=TAG_VOCABULARY_SCHEMA,
    orient="row",
)


def test_keywords_spelled_alike_meet_their_tag_and_unknown_ones_are_candidates() -> None:
    keywords = pl.DataFrame(
        [
            ("p1", "vision language model", "source"),  # in the vocabulary, tagged
            ("p1", "Reinforcement Learning (RL)", "source"),  # in it, not tagged
            ("p1", "GRPO", "source"),  # outside it
            ("p2", "preference optimization", "author"),  # loosely the tag's name
            ("p2", "GRPO", "source"),
        ],
        schema=["paper_key", "keyword", "origin"],
        orient="row",
    )
    rule_tags = pl.DataFrame(
        [("p1", "vlm", "Vision-Language Models"), ("p2", "dpo", "Direct Preference Optimization")],
        schema=["paper_key", "tag_slug", "tag_name"],
        orient="row",
    )
    figures, judged = report.keyword_agreement(keywords, rule_tags, VOCABULARY)
    assert figures["source"] == {
        "keywords": 4,
        "papers": 2,
        "in_vocabulary": 0.5,
        "matched": 0.25,
        "matched_loosely": 0.25,
        "papers_agreeing": 0.5,
    }
    assert figures["author"]["matched"] == 0.0
    assert figures["author"]["matched_loosely"] == 1.0
    candidates = report.candidate_tags(judged, min_papers=2)
    assert candidates.rows() == [("GRPO", 2, "source")]
    assert report.candidate_tags(judged, min_papers=3).is_empty()
