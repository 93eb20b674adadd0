"""scripts/organization_candidates.py: which pairs of organisations it lists, and as what."""

from __future__ import annotations

import polars as pl

from tests.unit.scripts.script_module import load_script

candidates = load_script("organization_candidates")


def _pairs(*names: str) -> set[tuple[str, str, str]]:
    organizations = pl.DataFrame(
        {
            "organization": list(names),
            "organization_key": [n.lower().replace(" ", "") for n in names],
            "count": [1] * len(names),
        }
    )
    return {
        (pair["kind"], pair["name_a"], pair["name_b"])
        for pair in candidates.candidate_pairs(organizations)
    }


def test_acronyms_of_the_whole_name_or_of_its_first_words() -> None:
    assert _pairs(
        "HKUST", "Hong Kong University of Science and Technology",
        "UC Berkeley", "University of California Berkeley", "UC Davis",
    ) == {
        ("acronym", "HKUST", "Hong Kong University of Science and Technology"),
        ("acronym", "UC Berkeley", "University of California Berkeley"),
    }  # fmt: skip


def test_a_name_that_begins_another() -> None:
    assert _pairs(
        "University of Illinois", "University of Illinois at Urbana-Champaign", "Illinois"
    ) == {("prefix", "University of Illinois", "University of Illinois at Urbana-Champaign")}


def test_spellings_a_few_edits_apart_on_long_names_only() -> None:
    assert _pairs("Saarland Univeristy", "Saarland University", "Bern", "Bonn") == {
        ("spelling", "Saarland Univeristy", "Saarland University")
    }


def test_organisations_of_input_files_as_the_rules_and_aliases_make_them(tmp_path) -> None:
    path = tmp_path / "nips2018.json"
    path.write_text(
        '[{"id": "1", "title": "T", "status": "Poster", "author": "A A; B B; C C",'
        ' "aff": "HKUST; The Hong Kong University of Science and Technology; Brown University"}]',
        encoding="utf-8",
    )
    organizations = candidates.from_files([path])
    assert sorted(organizations.select("organization", "count").rows()) == [
        ("Brown University", 1),
        ("Hong Kong University of Science and Technology", 2),
    ]
