"""scripts/tag_duplicate_candidates.py: which pairs of vocabulary tags it lists, and why."""

from __future__ import annotations

import polars as pl

from etl.vocab.tag_vocabulary import TAG_VOCABULARY_SCHEMA
from tests.unit.scripts.script_module import load_script

candidates = load_script("tag_duplicate_candidates")

# (tag_slug, tag_name, kind, synonyms, parent_slug, area_slug)
VOCABULARY = pl.DataFrame(
    [
        ("text-to-image", "Text-To-Image", "task", None, None, None),
        ("text-to-image-generation", "Text to Image Generation", "task", None, None, None),
        ("image-to-text", "Image to Text", "task", None, None, None),
        ("vln", "Vision and Language Navigation", "task", None, None, None),
        ("vision-language-navigation", "Vision-Language Navigation", "task", None, None, None),
        ("knowledge-graphs", "Knowledge Graphs", "keyword", "KG", None, None),
        ("kg-embedding", "Knowledge Graph Embedding", "task", "KG", None, None),
        ("llm", "Large Language Models", "keyword", "Foundation Language Model", None, None),
        ("foundation-language-models", "Foundation Language Models", "keyword", None, None, None),
        ("graph-generation", "Graph Generation", "task", None, None, None),
        ("graph-learning", "Graph Learning", "task", None, None, None),
        ("graphs", "Graphs", "area", None, None, None),
        ("music-auto-tagging", "Music Auto-Tagging", "task", None, None, None),
        ("music-autotagging", "Music Autotagging", "task", None, None, None),
    ],
    schema=TAG_VOCABULARY_SCHEMA,
    orient="row",
)


def test_lists_names_spelled_alike_fillers_acronyms_and_synonyms_only() -> None:
    pairs = {
        (row["slug_a"], row["slug_b"]): row["reason"]
        for row in candidates.candidate_pairs(VOCABULARY)
    }
    assert set(pairs) == {
        ("text-to-image", "text-to-image-generation"),
        ("vision-language-navigation", "vln"),
        ("kg-embedding", "knowledge-graphs"),
        ("foundation-language-models", "llm"),
        ("music-auto-tagging", "music-autotagging"),
    }
    assert pairs[("text-to-image", "text-to-image-generation")].startswith("names spelled alike")
    assert pairs[("vision-language-navigation", "vln")].startswith("same words but fillers")
    assert pairs[("kg-embedding", "knowledge-graphs")] == "same acronym KG"
    assert "synonym" in pairs[("foundation-language-models", "llm")]
    assert pairs[("music-auto-tagging", "music-autotagging")] == (
        "names alike but for case, punctuation or a plural: 'musicautotagging'"
    )
