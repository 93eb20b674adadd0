"""Regular expressions whose word characters are Latin and Greek letters and digits: the
`.rx` namespace of Polars expressions (`text.rx.contains(pattern)`), the `.str` regex methods
with each pattern's `\\w` and `\\d` rewritten before it is compiled.

Why: in Polars (Rust's `regex`), `\\w` and `\\d` are Unicode classes of hundreds of ranges.
A pattern that repeats them (`[\\w\\-./]*`, `(?:[a-z][\\w\\-]*\\s+){0,4}`) builds an automaton
too large for the lazy DFA's cache, and the search falls back to the slow engine: 20-30x
slower on the same text, and a longer compile. Abstracts are English; the letters their names
use are Latin (with accents) and Greek (tau-bench). Written as those ranges, the classes
match the same words in them, and every search runs in the fast engine. `\\b` and `\\s` stay
Unicode: they cost little.

Importing the module registers the namespace.
"""

from __future__ import annotations

import functools

import polars as pl

# Letters of Latin-1 and Latin Extended-A/B (not the signs × and ÷ among them), Greek letters,
# ASCII digits and the underscore.
WORD_CHARACTERS = "0-9A-Za-z_À-ÖØ-öø-ɏΑ-Ωα-ω"
DIGITS = "0-9"


@functools.cache
def with_word_ranges(pattern: str) -> str:
    """pattern with `\\w` and `\\d` written as ranges, alone or inside a character class."""
    written: list[str] = []
    in_class = False
    index = 0
    while index < len(pattern):
        character = pattern[index]
        if character == "\\" and index + 1 < len(pattern):
            escaped = pattern[index + 1]
            ranges = {"w": WORD_CHARACTERS, "d": DIGITS}.get(escaped)
            if ranges is None:
                written.append(pattern[index : index + 2])
            else:
                written.append(ranges if in_class else f"[{ranges}]")
            index += 2
            continue
        written.append(character)
        index += 1
        if character == "[" and not in_class:
            in_class = True
            # A leading "^" negates and a leading "]" is a member: neither closes the class.
            for opening in ("^", "]"):
                if pattern.startswith(opening, index):
                    written.append(opening)
                    index += 1
        elif character == "]" and in_class:
            in_class = False
    return "".join(written)


def _rewritten(pattern: str | pl.Expr, literal: bool = False) -> str | pl.Expr:
    return with_word_ranges(pattern) if isinstance(pattern, str) and not literal else pattern


@pl.api.register_expr_namespace("rx")
class WordRegex:
    """The regex methods of `Expr.str`, with `with_word_ranges` patterns."""

    def __init__(self, expr: pl.Expr) -> None:
        self._text = expr.str

    def contains(
        self, pattern: str | pl.Expr, *, literal: bool = False, strict: bool = True
    ) -> pl.Expr:
        return self._text.contains(_rewritten(pattern, literal), literal=literal, strict=strict)

    def extract(self, pattern: str, group_index: int = 1) -> pl.Expr:
        return self._text.extract(_rewritten(pattern), group_index)

    def extract_all(self, pattern: str) -> pl.Expr:
        return self._text.extract_all(_rewritten(pattern))

    def extract_groups(self, pattern: str) -> pl.Expr:
        return self._text.extract_groups(_rewritten(pattern))

    def replace(
        self, pattern: str, value: str | pl.Expr, *, literal: bool = False, n: int = 1
    ) -> pl.Expr:
        return self._text.replace(_rewritten(pattern, literal), value, literal=literal, n=n)

    def replace_all(self, pattern: str, value: str | pl.Expr, *, literal: bool = False) -> pl.Expr:
        return self._text.replace_all(_rewritten(pattern, literal), value, literal=literal)

    def count_matches(self, pattern: str, *, literal: bool = False) -> pl.Expr:
        return self._text.count_matches(_rewritten(pattern, literal), literal=literal)

    def find(
        self, pattern: str | pl.Expr, *, literal: bool = False, strict: bool = True
    ) -> pl.Expr:
        return self._text.find(_rewritten(pattern, literal), literal=literal, strict=strict)
