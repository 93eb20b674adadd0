"""The ablation tool's units: which source lines are whole alternatives, and how a unit is
switched off."""

from __future__ import annotations

import re

from tests.unit.scripts.script_module import load_script

ablate = load_script("ablate_results_units")

SOURCE = """
_WORDS = r"gain|loss"
_PATTERN = (
    r"(?i)(?:\\bby\\s+|"
    # "an increase of 16.7%": a change and its amount.
    r"\\bincrease\\s+of\\s+|"
    r"\\b(?:the|its)\\s+gains?"
    r"\\s+(?:are|is)\\s+|"
    rf"\\b(?:{_WORDS})\\s+|"
    r"\\bdrops?)"
)
"""


def _pattern(source: str) -> str:
    namespace: dict = {}
    exec(source, namespace)
    return namespace["_PATTERN"]


def test_units_are_whole_alternatives_each_with_its_comment():
    units = ablate.find_units("demo.py", SOURCE)
    assert [(u.first, u.last) for u in units] == [(6, 6), (7, 8), (9, 9)]
    assert units[0].quotes() == ["an increase of 16.7%"]
    assert units[1].text == r"\b(?:the|its)\s+gains?\s+(?:are|is)\s+|"


def test_removing_a_unit_leaves_the_other_alternatives_matching():
    before = re.compile(_pattern(SOURCE))
    unit = ablate.find_units("demo.py", SOURCE)[0]
    after = re.compile(_pattern(ablate.without_unit(SOURCE, unit)))
    assert before.search("an increase of 16.7%") and not after.search("an increase of 16.7%")
    for text in ("by 3%", "its gains are 2", "a loss 4", "drops"):
        assert after.search(text), text


def test_a_switched_off_pattern_matches_nothing_and_keeps_its_groups():
    source = 'EXTRACT = r"(?P<name>[A-Z]+)-(\\d+)"\n'
    (unit,) = ablate.pattern_units("demo.py", source)
    namespace: dict = {}
    exec(ablate.without_unit(source, unit), namespace)
    switched_off = re.compile(namespace["EXTRACT"])
    assert switched_off.groupindex == {"name": 1} and switched_off.groups == 2
    assert not switched_off.search("BERT-2")
