"""Identifiers as sources write them, with the markup around them taken off: what a
leaderboard's markdown, a list's angle brackets or a sentence's punctuation left on an
arXiv id, DOI, OpenReview id or URL. Every identifier is read through without_markup before
etl.transform.identity parses it, so that one paper written with and without markup has one
identity."""

from __future__ import annotations

import polars as pl

# Markup a source leaves around an identifier: no identifier begins with a bracket, quote,
# emphasis or punctuation, nor ends with the punctuation of the sentence it sat in; a closing
# bracket at its end is kept only where it closes one the identifier opened (a DOI's
# `(sici)`, a page `wiki/A_(b)`). A backslash escapes markdown (`abcd\_0001`). An
# underscore is no markup at either end: OpenReview ids begin and end with one.
_EMPHASIS = r"^[\s'\"`*]+"
_LEADING_MARKUP = r"^[\s()\[\]<>{}'\"`*,;:.!?]+"
_TRAILING_PUNCTUATION = r"[\s'\"`*,;:.!?]+$"
# `[text](target)`, the target holding balanced parentheses at most one deep.
_MARKDOWN_LINK = r"^\[[^\]]*\]\(\s*([^\s()]+(?:\([^\s()]*\)[^\s()]*)*)\s*\)"
_MARKDOWN_ESCAPE = r"\\([\\`*_{}\[\]()<>#+\-.!~|])"
_BRACKETS = (("(", ")"), ("[", "]"), ("<", ">"), ("{", "}"))
# Layers of markup taken off, outermost first: `**[x](<https://a.org/b>).**` has three.
MARKUP_LAYERS = 4


def _without_markup_layer(text: pl.Series) -> pl.Series:
    text = (
        text.str.replace(_EMPHASIS, "")
        .str.replace(_MARKDOWN_LINK, "$1")
        .str.replace(_LEADING_MARKUP, "")
        .str.replace(_TRAILING_PUNCTUATION, "")
    )
    for opener, closer in _BRACKETS:
        unbalanced = text.str.ends_with(closer) & (
            text.str.count_matches(opener, literal=True)
            < text.str.count_matches(closer, literal=True)
        )
        text = text.zip_with(~unbalanced.fill_null(False), text.str.head(-1))
    return text


def _without_markup(values: pl.Series) -> pl.Series:
    # On a Series, step by step: as one expression, each layer would hold the one before it
    # several times over.
    text = values.str.replace_all(_MARKDOWN_ESCAPE, "$1")
    for _ in range(MARKUP_LAYERS):
        text = _without_markup_layer(text)
    return text.replace("", None)


def without_markup(value: pl.Expr) -> pl.Expr:
    """An identifier as a source wrote it, with the markup and punctuation around it taken
    off (`[PDF](https://arxiv.org/abs/2405.15738).` -> `https://arxiv.org/abs/2405.15738`,
    `doi:10.1234/abcd\\_0001)` -> `doi:10.1234/abcd_0001`); null when nothing is left.
    Every identifier field and paper link goes through it before it is parsed, so that one
    paper written with and without markup has one identity."""
    return value.map_batches(_without_markup, return_dtype=pl.String, is_elementwise=True)
