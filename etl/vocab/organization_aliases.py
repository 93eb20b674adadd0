"""The reviewed organisation aliases: names no rule can tell are one organisation.

organization_aliases.csv has one row per alias: `alias` (a name as sources write it: an
acronym, a campus written another way, a typo, a former name), `organization` (the name of
the organisation it is) and `reason` (why they are the same; required). A name in either
column is also known as an organisation of its own: where a source's normalised names cut it
down to the company that owns it ("Google DeepMind" to "Google"), the name the author wrote
is kept (etl.transform.organizations). The rows were reviewed from the pairs
scripts/organization_candidates.py lists.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

ALIASES_FILE = Path(__file__).parent / "organization_aliases.csv"
_COLUMNS = ("alias", "organization", "reason")


class AliasFileError(ValueError):
    """A row of the alias file that cannot be used as it is."""


def load_organization_aliases(path: Path = ALIASES_FILE) -> pl.DataFrame:
    """alias, organization, reason; raise AliasFileError for a row without all three or an
    alias given twice."""
    aliases = pl.read_csv(path, schema=pl.Schema({n: pl.String for n in _COLUMNS}))
    incomplete = aliases.filter(
        pl.any_horizontal(pl.col(c).str.strip_chars().fill_null("") == "" for c in _COLUMNS)
    )
    if incomplete.height:
        raise AliasFileError(
            f"{path.name}: every row needs an alias, an organization and a reason; "
            f"incomplete: {incomplete.rows()[:3]}"
        )
    repeated = aliases.filter(pl.col("alias").is_duplicated())["alias"].unique().to_list()
    if repeated:
        raise AliasFileError(f"{path.name}: aliases given twice: {sorted(repeated)[:5]}")
    return aliases
