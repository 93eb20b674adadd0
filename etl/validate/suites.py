"""The checks each staged table must pass, as Great Expectations expectations.

Every check names what it protects in its description (that is what people read in the run
summary) and carries a severity: `critical` blocks publishing, `warning` is recorded. Checks
that span tables are UnexpectedRowsExpectation queries; `{batch}` is the table being checked
and parent tables are read from the run's staging schema.
"""

from __future__ import annotations

from great_expectations import expectations as gxe

from etl.schema import LINK_ORIGINS, REPOSITORY_KINDS
from etl.transform.identity import FINGERPRINT_HEX_DIGITS, PAPER_KEY_FROM_ABSTRACT
from etl.validate.gate import CRITICAL

WARNING = "warning"
# Real abstracts run to several sentences; anything shorter was probably cut off.
SHORT_ABSTRACT_CHARS = 100
# Canonical: scheme, lowercase host, a path without .git, trailing slash or punctuation.
CANONICAL_URL_PATTERN = r"^https?://[a-z0-9-]+(\.[a-z0-9-]+)+(/[^\s]*)?$"
NON_CANONICAL_ENDING_PATTERN = r"(\.git|/|[.,;:!?*)\]}>'\"])$"
REPOSITORY_KINDS_WITH_NAME = ("code", "model", "dataset", "collection", "space", "anonymous_review")


def _rows_where(condition: str) -> str:
    return f"SELECT * FROM (SELECT * FROM {{batch}}) AS t WHERE {condition}"


def _orphans(column: str, staging_schema: str, parent_table: str) -> str:
    return _rows_where(
        f'NOT EXISTS (SELECT 1 FROM "{staging_schema}".{parent_table} AS parent '
        f"WHERE parent.{column} = t.{column})"
    )


def _duplicates(columns: tuple[str, ...]) -> str:
    listed = ", ".join(columns)
    # GROUP BY puts nulls together, so a repeated key with a null part is still caught.
    return (
        f"SELECT {listed} FROM (SELECT * FROM {{batch}}) AS t GROUP BY {listed} HAVING count(*) > 1"
    )


def _not_null(column: str, what: str) -> gxe.Expectation:
    return gxe.ExpectColumnValuesToNotBeNull(
        column=column, severity=CRITICAL, description=f"{what} is present"
    )


def _unique(column: str, what: str) -> gxe.Expectation:
    return gxe.ExpectColumnValuesToBeUnique(
        column=column, severity=CRITICAL, description=f"{what} is unique"
    )


def _query(query: str, description: str, severity: str = CRITICAL) -> gxe.Expectation:
    return gxe.UnexpectedRowsExpectation(
        unexpected_rows_query=query, severity=severity, description=description
    )


def suites(staging_schema: str) -> dict[str, list[gxe.Expectation]]:
    """Expectations per staged table of the run's staging schema, in reporting order."""
    paper_key_pattern = f"^{PAPER_KEY_FROM_ABSTRACT}[0-9a-f]{{{FINGERPRINT_HEX_DIGITS}}}$"
    return {
        "papers": [
            _not_null("paper_key", "paper key"),
            _unique("paper_key", "paper key"),
            gxe.ExpectColumnValuesToMatchRegex(
                column="paper_key",
                regex=paper_key_pattern,
                severity=CRITICAL,
                description="paper key is abstract:<32 hex digits>",
            ),
            _not_null("abstract_fingerprint", "abstract fingerprint"),
            _not_null("abstract", "abstract"),
            gxe.ExpectColumnValuesToMatchRegex(
                column="abstract",
                regex=r"\S",
                severity=CRITICAL,
                description="abstract is not blank",
            ),
            gxe.ExpectColumnValueLengthsToBeBetween(
                column="abstract",
                min_value=SHORT_ABSTRACT_CHARS,
                severity=WARNING,
                description=f"abstract has at least {SHORT_ABSTRACT_CHARS} characters",
            ),
        ],
        "listings": [
            _not_null("listing_slug", "listing slug"),
            _unique("listing_slug", "listing slug"),
            _not_null("listing_name", "listing name"),
        ],
        "paper_listings": [
            _not_null("paper_key", "paper key of a listing entry"),
            _not_null("listing_slug", "listing slug of a listing entry"),
            _query(
                _duplicates(("paper_key", "listing_slug")),
                "a paper appears once per listing",
            ),
            _query(
                _orphans("paper_key", staging_schema, "papers"),
                "every listing entry's paper is staged",
            ),
            _query(
                _orphans("listing_slug", staging_schema, "listings"),
                "every listing entry's listing is staged",
            ),
            gxe.ExpectColumnValuesToBeBetween(
                column="position",
                min_value=1,
                severity=CRITICAL,
                description="position in the listing is 1 or more",
            ),
        ],
        "repositories": [
            _not_null("repository_key", "repository key"),
            _unique("repository_key", "repository key"),
            _not_null("canonical_url", "canonical URL"),
            gxe.ExpectColumnValuesToMatchRegex(
                column="canonical_url",
                regex=CANONICAL_URL_PATTERN,
                severity=CRITICAL,
                description="canonical URL is http(s) with a lowercase host",
            ),
            gxe.ExpectColumnValuesToNotMatchRegex(
                column="canonical_url",
                regex=NON_CANONICAL_ENDING_PATTERN,
                severity=CRITICAL,
                description="canonical URL has no .git, trailing slash or punctuation",
            ),
            gxe.ExpectColumnValuesToBeInSet(
                column="kind",
                value_set=list(REPOSITORY_KINDS),
                severity=CRITICAL,
                description="repository kind is a known kind",
            ),
            _query(
                _rows_where(
                    "t.kind IN ({}) AND t.name IS NULL".format(
                        ", ".join(f"'{k}'" for k in REPOSITORY_KINDS_WITH_NAME)
                    )
                ),
                "repositories, models, datasets and review links have a name",
            ),
        ],
        "paper_repositories": [
            _not_null("paper_key", "paper key of a link"),
            _not_null("repository_key", "repository key of a link"),
            _not_null("raw_url", "raw URL of a link"),
            _query(_orphans("paper_key", staging_schema, "papers"), "every link's paper is staged"),
            _query(
                _orphans("repository_key", staging_schema, "repositories"),
                "every link's repository is staged",
            ),
            _query(
                _duplicates(("paper_key", "repository_key", "subpath", "origin")),
                "a paper links to a repository path once per origin",
            ),
            gxe.ExpectColumnValuesToBeInSet(
                column="origin",
                value_set=list(LINK_ORIGINS),
                severity=CRITICAL,
                description="link origin is a known origin",
            ),
        ],
    }
