"""What the stages agree on: the shapes and names data has when it passes from one stage to
the next, in one place.

The values every stage writes and the published schema constrains (SOURCE_FORMATS,
IDENTIFIER_KINDS ...) are enumerated here, and etl.schema builds its check constraints from
them. The stages import this module and the other shared ones (etl.schema, etl.config ...),
never one another: only the pipeline (etl.pipeline, etl.rederive, etl.cli) knows them all.
This module imports nothing of etl.
"""

from __future__ import annotations

# Enumerations ------------------------------------------------------------------------------
# The values a column may hold, written by one stage, checked by validate and constrained by
# the published schema (etl.schema builds its CHECK constraints from these).

# The input formats, one extract module each (its FORMAT): the names users pass to --format
# and every raw record carries (source_format).
ARXIV_FORMAT = "arxiv"
PAPERLISTS_FORMAT = "paperlists"
PWC_API_FORMAT = "pwc-api"
HF_DAILY_FORMAT = "hf-daily"
PWC_EVALUATION_FORMAT = "pwc-evaluation"
LISTING_FORMAT = "listing"
# Formats in order of precedence: when sources disagree on a paper's title, abstract or date,
# the first format that has the field wins (transform ranks records by it, load assembles).
SOURCE_FORMATS = (
    ARXIV_FORMAT,
    PAPERLISTS_FORMAT,
    PWC_API_FORMAT,
    HF_DAILY_FORMAT,
    PWC_EVALUATION_FORMAT,
    LISTING_FORMAT,
)
# A run's status in the ledger (etl.runs), as the pipeline ends it and `etl runs` shows it.
RUN_STATUSES = ("running", "published", "blocked", "failed", "skipped", "interrupted")
REPOSITORY_KINDS = (
    "code",
    "organization",
    "model",
    "dataset",
    "collection",
    "space",
    "anonymous_review",
    "paper",
    "project_page",
)
LINK_ORIGINS = ("abstract", "source-field")
RESULT_KINDS = ("score", "improvement", "ratio", "other")
RESULT_ORIGINS = ("abstract", "leaderboard")
METRIC_DIRECTIONS = ("higher", "lower")
TAG_KINDS = ("task", "area", "keyword", "arxiv-category")
TAG_ORIGINS = ("rule", "author", "source")
ORGANIZATION_ORIGINS = ("source", "affiliation")
# Identifiers a paper is known by, strongest first (see etl.transform.identity): the first
# six name one paper each; a title key or an abstract fingerprint may be shared. Transform
# normalises them, load resolves papers by them, validate checks them.
IDENTIFIER_KINDS = (
    "arxiv_id",
    "doi",
    "acl_id",
    "openreview_id",
    "pwc_id",
    "paper_url",
    "title_key",
    "abstract_fingerprint",
)
STRONG_IDENTIFIER_KINDS = IDENTIFIER_KINDS[:6]
# What joined a source record to its paper: the kind of identifier it shares with it.
MATCH_EVIDENCE = (*STRONG_IDENTIFIER_KINDS, "title", "abstract_fingerprint")
DATE_PRECISIONS = ("day", "month", "year")
# Where a paper's method name was read: an introducing clause of its abstract, or the one
# token its title opens with before a colon.
METHOD_NAME_ORIGINS = ("abstract", "title")
