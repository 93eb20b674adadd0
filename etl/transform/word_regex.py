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
import re
from collections.abc import Iterator

import polars as pl

# Letters of Latin-1 and Latin Extended-A/B (not the signs × and ÷ among them), Greek letters,
# ASCII digits and the underscore.
WORD_CHARACTERS = "0-9A-Za-z_À-ÖØ-öø-ɏΑ-Ωα-ω"
DIGITS = "0-9"


# A counted repetition with an upper bound: "{0,60}".
_COUNTED = re.compile(r"\{(\d+),\d+\}")


def _tokens(pattern: str) -> Iterator[tuple[str, bool]]:
    """pattern's pieces, each with whether it stands inside a character class: an escape
    ("\\w"), a counted repetition outside a class ("{0,60}"), or one character."""
    in_class = False
    index = 0
    while index < len(pattern):
        character = pattern[index]
        if character == "\\" and index + 1 < len(pattern):
            yield pattern[index : index + 2], in_class
            index += 2
            continue
        counted = None if in_class else _COUNTED.match(pattern, index)
        if counted:
            yield counted[0], False
            index = counted.end()
            continue
        yield character, in_class
        index += 1
        if character == "[" and not in_class:
            in_class = True
            # A leading "^" negates and a leading "]" is a member: neither closes the class.
            for opening in ("^", "]"):
                if pattern.startswith(opening, index):
                    yield opening, True
                    index += 1
        elif character == "]" and in_class:
            in_class = False


@functools.cache
def with_word_ranges(pattern: str) -> str:
    """pattern with `\\w` and `\\d` written as ranges, alone or inside a character class."""
    ranges = {"\\w": WORD_CHARACTERS, "\\d": DIGITS}
    return "".join(
        token if token not in ranges else ranges[token] if in_class else f"[{ranges[token]}]"
        for token, in_class in _tokens(pattern)
    )


@functools.cache
def without_upper_bounds(pattern: str) -> str:
    """pattern with each counted repetition's upper bound lifted (`{0,60}` -> `{0,}`): it
    matches wherever pattern does, and elsewhere too."""
    return "".join(
        f"{{{counted[1]},}}" if (counted := _COUNTED.fullmatch(token)) else token
        for token, _ in _tokens(pattern)
    )


def _rewritten(pattern: str | pl.Expr, literal: bool = False) -> str | pl.Expr:
    return with_word_ranges(pattern) if isinstance(pattern, str) and not literal else pattern


@pl.api.register_expr_namespace("rx")
class WordRegex:
    """The regex methods of `Expr.str`, with `with_word_ranges` patterns."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr
        self._text = expr.str

    def where_contains(self, necessary: str) -> pl.Expr:
        """The text where it contains `necessary` (what every match of a costlier pattern
        needs), null elsewhere: a search of the result skips what cannot match."""
        return pl.when(self.contains(necessary)).then(self._expr)

    def where_may_match(self, pattern: str) -> pl.Expr:
        """The text where pattern may match, null elsewhere. A gap bounded by a count
        (`[^.;]{0,60}?` between two phrases) makes the lazy DFA track every place in it at
        once, states it builds anew for every text; with the bounds lifted the check is many
        times faster, and it never misses a text where the pattern matches."""
        return self.where_contains(without_upper_bounds(pattern))

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
