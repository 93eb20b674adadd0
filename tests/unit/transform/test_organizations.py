"""Organisation names and the affiliations of a record's authors (inline frames)."""

import polars as pl
import pytest

from etl.contracts import AUTHOR
from etl.transform.organizations import organization_name, record_affiliations


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


def test_record_affiliations_one_row_per_record_and_organisation() -> None:
    def author(*affiliations: str) -> dict:
        return {"name": "N", "affiliation": "+".join(affiliations) or None,
                "affiliations": list(affiliations) or None}  # fmt: skip

    records = pl.LazyFrame(
        {
            "record_key": ["r1", "r2"],
            "authors": [
                [author("OpenAI∗"), author("OpenAI∗", "MIT×"), author(), author("Openai")],
                [author(", Tsinghua University"), author("∗")],
            ],
        },
        schema={"record_key": pl.String, "authors": pl.List(AUTHOR)},
    )
    assert record_affiliations(records).collect().rows() == [
        ("r1", "OpenAI", "openai"),
        ("r1", "MIT", "mit"),
        ("r2", "Tsinghua University", "tsinghua university"),
    ]
