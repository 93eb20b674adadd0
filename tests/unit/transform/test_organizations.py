"""Organisation names, keys and aliases, and the affiliations of a record's authors (inline
frames), and the reviewed alias file itself."""

import polars as pl
import pytest

from etl.contracts import AUTHOR
from etl.transform.organizations import (
    affiliation_names,
    organization_key,
    organization_name,
    record_affiliations,
    resolved,
)
from etl.vocab.organization_aliases import AliasFileError, load_organization_aliases

ALIASES = pl.DataFrame(
    {
        "alias": ["HKUST", "DeepMind", "national university of singaore", "NUS"],
        "organization": [
            "Hong Kong University of Science and Technology",
            "Google DeepMind",
            "National University of Singapore",
            "National University of Singapore",
        ],
        "reason": ["Acronym.", "Renamed.", "Typo.", "Acronym."],
    }
)


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        # Residue of the list an affiliation was cut from (COLM 2025).
        (", Tsinghua University", "Tsinghua University"),
        # Footnote marks (NeurIPS 2018), mis-encoded ones (`⇤` for `∗`) included.
        ("OpenAI*†", "OpenAI"),
        ("MIT×", "MIT"),
        ("Stanford University, USA⇤", "Stanford University, USA"),
        ("´Ecole Polytechnique de Montréal", "Ecole Polytechnique de Montréal"),
        # Spaces at the edges and inside (Daily Papers: "shanghai ailab ").
        ("  Shanghai\n AI  Lab ", "Shanghai AI Lab"),
        # Part of the name: kept.
        ("University of California, Berkeley", "University of California, Berkeley"),
        ("Megvii Inc (Face++)", "Megvii Inc (Face++)"),
        ("Face++", "Face++"),
        ("Cantina, Inc.", "Cantina, Inc."),
        ('University of Roma "La Sapienza"', 'University of Roma "La Sapienza"'),
        ("Dipartimento di Matematica “F. Casorati”", "Dipartimento di Matematica “F. Casorati”"),
        ("(ISRU) Indian Statistical Institute", "(ISRU) Indian Statistical Institute"),
        # Nothing left to show.
        (" ; ", None),
        ("∗", None),
        (None, None),
    ],
)
def test_organization_name(written: str | None, shown: str | None) -> None:
    names = pl.DataFrame({"name": [written]}, schema={"name": pl.String})
    assert names.select(organization_name(pl.col("name"))).item() == shown


def _author(written: str | None, *named: str) -> dict:
    return {"name": "N", "affiliation": written, "affiliations": list(named) or None}


def _affiliations(*authors: dict, aliases: pl.DataFrame = ALIASES) -> list[tuple[str, str]]:
    records = pl.LazyFrame(
        {"record_key": ["r1"], "authors": [list(authors)]},
        schema={"record_key": pl.String, "authors": pl.List(AUTHOR)},
    )
    names = affiliation_names(records, aliases)
    return record_affiliations(names).select("organization", "organization_key").collect().rows()


def test_record_affiliations_one_row_per_record_and_organisation() -> None:
    records = pl.LazyFrame(
        {
            "record_key": ["r1", "r2"],
            "authors": [
                [_author("OpenAI∗", "OpenAI∗"), _author("OpenAI∗+MIT×", "OpenAI∗", "MIT×"),
                 _author(None), _author("Openai", "Openai")],
                [_author(", Tsinghua University", ", Tsinghua University"), _author("∗", "∗")],
            ],
        },
        schema={"record_key": pl.String, "authors": pl.List(AUTHOR)},
    )  # fmt: skip
    assert record_affiliations(affiliation_names(records, ALIASES)).collect().rows() == [
        ("r1", "OpenAI", "openai"),
        ("r1", "MIT", "mit"),
        ("r2", "Tsinghua University", "tsinghuauniversity"),
    ]


@pytest.mark.parametrize(
    ("names", "merged"),
    [
        # Case, accents, punctuation and spacing.
        (["Shanghai Jiao Tong University", "Shanghai JiaoTong University"], True),
        (["Hugging Face", "Huggingface"], True),
        (["University of Tübingen", "University of Tubingen"], True),
        # "The", "and"/"&", "at".
        (["The University of Hong Kong", "University of Hong Kong"], True),
        (["Nanjing University of Information Science & Technology",
          "Nanjing University of Information Science and Technology"], True),
        (["University of Illinois at Chicago", "University of Illinois, Chicago"], True),
        # A plural.
        (["Sorbonne Université", "Sorbonne Universités"], True),
        (["University of Chinese Academy of Sciences",
          "University of Chinese Academy of Science"], True),
        # A legal form at the end, not inside or alone.
        (["Twitter", "Twitter, Inc.", "Twitter Inc"], True),
        (["International Business Machines", "International Business Machines Corporation"],
         True),
        (["Co", "Inc"], False),
        # Other words are other organisations.
        (["Brown University", "Brock University"], False),
        (["University of Illinois", "University of Illinois at Chicago"], False),
        (["Infinigence", "Infinigence-AI"], False),
        (["Washington University", "University of Washington"], False),
    ],
)  # fmt: skip
def test_organization_key(names: list[str], merged: bool) -> None:
    keys = pl.DataFrame({"name": names}).select(organization_key(pl.col("name")))
    assert (keys.n_unique() == 1) == merged


def test_aliases_name_their_organisation() -> None:
    names = pl.LazyFrame({"organization": ["HKUST", "hkust", "DeepMind", "Stanford"]})
    assert resolved(names, ALIASES).collect().rows() == [
        ("Hong Kong University of Science and Technology",
         "hongkonguniversityofsciencetechnology"),
        ("Hong Kong University of Science and Technology",
         "hongkonguniversityofsciencetechnology"),
        ("Google DeepMind", "googledeepmind"),
        ("Stanford", "stanford"),
    ]  # fmt: skip


def test_a_name_written_twice_is_one_and_known_names_listed_are_each_one() -> None:
    assert _affiliations(
        _author("x", "Peking University, Peking University"),
        _author("y", "national university of singaore, National University of Singapore"),
        _author("z", "NUS, HKUST"),
    ) == [
        ("Peking University", "pekinguniversity"),
        ("National University of Singapore", "nationaluniversityofsingapore"),
        ("Hong Kong University of Science and Technology",
         "hongkonguniversityofsciencetechnology"),
    ]  # fmt: skip


def test_a_comma_inside_a_name_stays() -> None:
    # Neither part is a name the alias file knows: one name, comma and all.
    assert _affiliations(
        _author("x", "University of California, Berkeley"), _author("y", "HKUST, Berkeley")
    ) == [
        ("University of California, Berkeley", "universityofcaliforniaberkeley"),
        ("HKUST, Berkeley", "hkustberkeley"),
    ]


def test_an_organisation_a_normalised_name_folded_into_its_owner_is_kept() -> None:
    # papercopilot normalises "Google DeepMind" to "Google" and "Google Brain" to "Google":
    # the first is an organisation the alias file knows, the second is not.
    assert _affiliations(
        _author("Google DeepMind+McGill University", "Google", "McGill University"),
        _author("Google Brain", "Google"),
        _author("DeepMind, London, UK", "DeepMind"),
    ) == [
        ("Google DeepMind", "googledeepmind"),
        ("McGill University", "mcgilluniversity"),
        ("Google", "google"),
    ]
    # Only a name that continues the normalised one is taken back.
    assert _affiliations(_author("Google DeepMind", "McGill University")) == [
        ("McGill University", "mcgilluniversity")
    ]


def test_the_alias_file_is_usable() -> None:
    aliases = load_organization_aliases()
    keys = aliases.select(
        alias=organization_key(pl.col("alias")),
        organization=organization_key(pl.col("organization")),
    )
    # An alias names another organisation than by rule, once, and not one that is an alias.
    assert keys.filter(pl.col("alias") == pl.col("organization")).is_empty()
    assert keys["alias"].is_unique().all()
    assert not keys["organization"].is_in(keys["alias"].implode()).any()


def test_the_alias_file_joins_the_groups_of_the_issue() -> None:
    names = pl.LazyFrame(
        {
            "organization": [
                "University of Illinois at Urbana-Champaign", "University of Illinois Urbana-Champaign",
                "UIUC", "UC Berkeley", "University of California, Berkeley", "HKUST",
                "Hong Kong University of Science and Technology", "DeepMind", "Google DeepMind",
            ]
        }
    )  # fmt: skip
    keys = resolved(names, load_organization_aliases()).collect()["organization_key"].to_list()
    assert len(set(keys[:3])) == len(set(keys[3:5])) == len(set(keys[5:7])) == 1
    assert len(set(keys[7:])) == 1


@pytest.mark.parametrize(
    "row", ["HKUST,Hong Kong University of Science and Technology,", ",Somewhere,Why."]
)
def test_an_alias_row_without_a_reason_or_an_alias_is_refused(tmp_path, row: str) -> None:
    path = tmp_path / "aliases.csv"
    path.write_text(f"alias,organization,reason\n{row}\n", encoding="utf-8")
    with pytest.raises(AliasFileError, match="every row needs"):
        load_organization_aliases(path)
