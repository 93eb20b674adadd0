"""The key of a tag's name: what two spellings of one topic share, so that they are one tag.

Sources and authors write a keyword many ways: `Multi-agent` and `multiagent`, `world model`
and `world models`, `Large language models (LLMs)` and `Large Language Models (LLM)`. The key
folds what does not change the topic:

- accents, case, and every run of punctuation or spaces (`pre-training`, `pre training` and
  `Pretraining` are one key);
- the plural of each word, by the English rules that do not turn one word into another:
  `-ies` to `-y` (`strategies`), `-es` after s, x, z, ch, sh (`losses`, `boxes`), and a final
  `s` of a word of four letters or more that does not end in `ss`, `us` or `is` (`agents`,
  `LLMs`; not `loss`, `corpus`, `analysis`, `gas`).

A word written lowercase then with capitals (`mAP`, `mIoU`, `nDCG`) keeps its case: its small
letters are part of the name (mean average precision is not `Maps`).

The key of a keyword that matches no vocabulary form is its tag's slug, so that a later
spelling of the same keyword finds the same tag: the key's letters and digits when it is
lowercase ASCII, else those followed by a digest of the key (`mAP` -> `map-<digest>`, apart
from `maps`; a keyword in another script -> `keyword-<digest>`).
"""

from __future__ import annotations

import polars as pl

from etl.transform.identity import stable_digest
from etl.transform.text import unicode_normalized

# `mAP`, `mIoU`: a lowercase start then a capital.
_CASE_KEPT_WORD = r"^\p{Ll}+\p{Lu}"
# (pattern, replacement) in turn, on one word; each leaves a word that no later one changes.
_SINGULAR_RULES = (
    (r"^(\p{Ll}{2,})ies$", "${1}y"),
    (r"^(\p{Ll}+(?:ss|x|z|ch|sh))es$", "${1}"),
    (r"^([\p{Ll}\p{N}]{2,}[\p{Ll}\p{N}&&[^isu]])s$", "${1}"),
    (r"^(\p{Ll}+\p{Lu}[\p{L}\p{N}]*\p{Lu})s$", "${1}"),  # mAPs
)
_DIGEST_DIGITS = 8


def _singular(word: pl.Expr) -> pl.Expr:
    for pattern, replacement in _SINGULAR_RULES:
        word = word.str.replace(pattern, replacement)
    return word


def tag_key(name: pl.Expr) -> pl.Expr:
    """The key of a tag's name (see the module): `Multi-Agent Systems` -> `multiagentsystem`;
    empty when the name has no letter or digit."""
    words = (
        unicode_normalized(name, "NFKD")
        .str.replace_all(r"\p{M}+", "")
        .str.replace_all(r"[^\p{L}\p{N}]+", " ")
        .str.strip_chars()
        .str.split(" ")
    )
    word = pl.element()
    return words.list.eval(
        _singular(
            pl.when(word.str.contains(_CASE_KEPT_WORD))
            .then(word)
            .otherwise(word.str.to_lowercase())
        )
    ).list.join("")


def keyword_slug(name: pl.Expr) -> pl.Expr:
    """The slug of a keyword's own tag, from its key (see the module)."""
    key = tag_key(name)
    ascii_part = key.str.to_lowercase().str.replace_all(r"[^a-z0-9]+", "")
    digest = stable_digest(key).str.slice(0, _DIGEST_DIGITS)
    return (
        pl.when(key.str.contains(r"^[a-z0-9]+$"))
        .then(key)
        .when(ascii_part != "")
        .then(ascii_part + pl.lit("-") + digest)
        .otherwise(pl.lit("keyword-") + digest)
    )
