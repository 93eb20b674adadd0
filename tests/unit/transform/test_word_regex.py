"""The `.rx` namespace: `\\w` and `\\d` as Latin and Greek ranges, the same matches in English
text, the other escapes and classes untouched."""

import polars as pl
import pytest

from etl.transform.word_regex import (
    DIGITS,
    WORD_CHARACTERS,
    with_word_ranges,
    without_upper_bounds,
)


@pytest.mark.parametrize(
    ("pattern", "written"),
    [
        (r"\w+", f"[{WORD_CHARACTERS}]+"),
        (r"[\w\-./]*", f"[{WORD_CHARACTERS}\\-./]*"),
        (r"[^\w\s]", f"[^{WORD_CHARACTERS}\\s]"),
        (r"\d{2,4}", f"[{DIGITS}]{{2,4}}"),
        (r"[]\w]", f"[]{WORD_CHARACTERS}]"),
        (r"\\w\b\s", r"\\w\b\s"),
        (r"[\]\w]x", f"[\\]{WORD_CHARACTERS}]x"),
    ],
)
def test_word_and_digit_classes_are_written_as_ranges(pattern: str, written: str) -> None:
    assert with_word_ranges(pattern) == written


def test_the_namespace_finds_what_str_finds_in_english_and_accented_names() -> None:
    text = pl.DataFrame(
        {"t": ["Müller-Bench reaches 73.7% on τ-bench", "BLEU 17.79 on WMT'14 En–De", "x × y"]}
    )
    pattern = r"(\w[\w\-']*)\s+(?:reaches|on)\s+(\w[\w\-']*)"
    found = text.select(
        regex=pl.col("t").rx.extract_all(pattern),
        unicode=pl.col("t").str.extract_all(pattern),
        words=pl.col("t").rx.count_matches(r"\w+"),
        literal=pl.col("t").rx.contains("×", literal=True),
    )
    assert found["regex"].to_list() == found["unicode"].to_list()
    assert found["regex"].to_list()[:2] == [["Müller-Bench reaches 73"], ["79 on WMT'14"]]
    assert found["words"].to_list() == [8, 8, 2]
    assert found["literal"].to_list() == [False, False, True]


@pytest.mark.parametrize(
    ("pattern", "lifted"),
    [
        (r"a[^.;]{0,60}?\bon", r"a[^.;]{0,}?\bon"),
        (r"(?:\w+\s+){1,3}x{2}", r"(?:\w+\s+){1,}x{2}"),
        (r"[{0,5}]\{0,5}", r"[{0,5}]\{0,5}"),
    ],
)
def test_upper_bounds_are_lifted_outside_classes_and_escapes(pattern: str, lifted: str) -> None:
    assert without_upper_bounds(pattern) == lifted


def test_where_may_match_keeps_every_text_the_pattern_matches() -> None:
    pattern = r"\bexperiments\b[^.;]{0,20}?\bon\s+([A-Z]\w+)"
    text = pl.DataFrame(
        {
            "t": [
                "Experiments on MNIST show it.",
                "experiments on MNIST show it.",
                "experiments, which took a long time to run, on MNIST show it.",
                "experiments. On MNIST",
                None,
            ]
        }
    )
    found = text.select(
        gated=pl.col("t").rx.where_may_match(pattern).rx.extract(pattern, 1),
        whole=pl.col("t").rx.extract(pattern, 1),
        kept=pl.col("t").rx.where_may_match(pattern).is_not_null(),
    )
    assert found["gated"].to_list() == found["whole"].to_list() == [None, "MNIST", None, None, None]
    # The third holds the words with a gap longer than the bound: checked, not found.
    assert found["kept"].to_list() == [False, True, True, False, False]
