"""The key of a tag's name: what two spellings of one topic share, so that they are one tag.

Sources and authors write a keyword many ways: `Multi-agent` and `multiagent`, `world model`
and `world models`, `Large language models (LLMs)` and `Large Language Models (LLM)`. The key
folds what does not change the topic:

- accents, case, and every run of punctuation or spaces (`pre-training`, `pre training` and
  `Pretraining` are one key);
- the plural of each word, by English rules that do not turn one word into another: a final
  `s` after a capital (`LLMs`, `GPUs`); `-ies` to `-y` (`strategies`); `-es` after ss, zz, x,
  ch, sh (`losses`, `boxes`, `searches`; a final `che` loses its `e` too, so that `cache`
  meets `caches`); and a final `s` after letters that do not end in `s`, `u` or `i`
  (`agents`, `sizes`; not `loss`, `corpus`, `analysis`): four letters or more in a name of
  one word, where `maps` is not `mAP`, nor `gaps` `GAP`, nor `news` `new`; three in a longer
  name (`domain gaps`).

The key of a keyword that matches no vocabulary form is its tag's slug, so that a later
spelling of the same keyword finds the same tag; a key with other than ASCII letters and
digits gets its ASCII part and a digest of the key (`keyword-<digest>` when none).
"""

from __future__ import annotations

import polars as pl

from etl.transform.identity import stable_digest
from etl.transform.text import unicode_normalized

# (pattern, replacement) in turn, on one lowercased word; each leaves a word that no later
# one changes. The last one, a plain `s`, waits for a longer stem in a one-word name.
_SINGULAR_RULES = (
    (r"^(\p{Ll}{2,})ies$", "${1}y"),
    (r"^(\p{Ll}+(?:ss|zz|x|ch|sh))es$", "${1}"),
    # `caches` lost `es` above as `searches` does: `cache` meets it at `cach`.
    (r"^(\p{Ll}+ch)e$", "${1}"),
)
_PLAIN_PLURAL = r"^([\p{{Ll}}\p{{N}}]{{{},}}[\p{{Ll}}\p{{N}}&&[^isu]])s$"
# Letters before the last one of a stem that loses a plain `s`: in a name of one word, of
# more than one word.
_STEM_BEFORE_LAST = {True: 3, False: 2}
_DIGEST_DIGITS = 8


def _singular(word: pl.Expr, *, one_word: bool) -> pl.Expr:
    for pattern, replacement in _SINGULAR_RULES:
        word = word.str.replace(pattern, replacement)
    return word.str.replace(_PLAIN_PLURAL.format(_STEM_BEFORE_LAST[one_word]), "${1}")


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
    # The plural of an acronym (`LLMs`) before case goes.
    lowered = pl.element().str.replace(r"^(.*\p{Lu})s$", "${1}").str.to_lowercase()
    return (
        pl.when(words.list.len() == 1)
        .then(words.list.eval(_singular(lowered, one_word=True)))
        .otherwise(words.list.eval(_singular(lowered, one_word=False)))
        .list.join("")
    )


def keyword_slug(name: pl.Expr) -> pl.Expr:
    """The slug of a keyword's own tag, from its key (see the module)."""
    key = tag_key(name)
    ascii_part = key.str.replace_all(r"[^a-z0-9]+", "")
    digest = stable_digest(key).str.slice(0, _DIGEST_DIGITS)
    return (
        pl.when(key.str.contains(r"^[a-z0-9]+$"))
        .then(key)
        .when(ascii_part != "")
        .then(ascii_part + pl.lit("-") + digest)
        .otherwise(pl.lit("keyword-") + digest)
    )
