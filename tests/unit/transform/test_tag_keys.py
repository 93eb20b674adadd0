"""tag_key and keyword_slug: spellings of one keyword meet, different words do not."""

from __future__ import annotations

import polars as pl
import pytest

from etl.transform.tag_keys import keyword_slug, tag_key


def _keys(names: list[str]) -> list[str]:
    return pl.DataFrame({"name": names}).select(tag_key(pl.col("name")))["name"].to_list()


@pytest.mark.parametrize(
    "spellings",
    [
        ["Multi-agent", "multiagent", "Multi Agent", "MULTI-AGENT"],
        ["MATH-500", "MATH500", "math 500"],
        ["world model", "world models", "World-Models"],
        ["Large language models (LLMs)", "Large Language Models (LLM)"],
        ["continual pre-training", "Continual Pretraining"],
        ["VideoLLMs", "video LLM"],
        ["strategies", "strategy"],
        ["losses", "loss"],
        ["boxes", "box"],
        ["searches", "search"],
        ["caches", "cache"],
        ["sizes", "size"],
        ["GPUs", "GPU"],
        ["domain gaps", "domain gap"],
        ["Zoë", "zoe"],
    ],
)
def test_spellings_of_one_name_share_a_key(spellings: list[str]) -> None:
    assert len(set(_keys(spellings))) == 1, _keys(spellings)


@pytest.mark.parametrize(
    "different",
    [
        ["mAP", "Maps"],  # a one-word name keeps the s of a short word
        ["GAP", "gaps"],
        ["new", "news"],
    ],
)
def test_different_words_keep_different_keys(different: list[str]) -> None:
    assert len(set(_keys(different))) == len(different), _keys(different)


def test_a_final_s_that_is_no_plural_stays() -> None:
    words = ["loss", "corpus", "analysis", "gas", "news"]
    assert _keys(words) == words


def test_a_keyword_slug_is_its_key_or_a_digest_outside_ascii() -> None:
    slugs = pl.DataFrame(
        {"name": ["Multi-Agent Systems", "Graph Neural Networks", "机器学习", "!!"]}
    )
    got = slugs.select(keyword_slug(pl.col("name")))["name"].to_list()
    assert got[:2] == ["multiagentsystem", "graphneuralnetwork"]
    assert got[2].startswith("keyword-") and len(got[2]) == len("keyword-") + 8
    assert got[3].startswith("keyword-") and got[3] != got[2]
