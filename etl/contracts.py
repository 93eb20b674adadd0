"""What the stages agree on: the shapes and names data has when it passes from one stage to
the next, in one place.

Extract yields raw records and the records it quarantines (RAW_RECORD_SCHEMA, REJECT_SCHEMA);
transform derives the batch tables (BATCH_SCHEMAS) that load stages and assembles; load
resolves records into papers with the resolver the pipeline hands it (MEMBER_SCHEMA in,
Resolution out) and names new papers (KEY_PREFIXES); validate gives every check a severity
and a scope, which the pipeline acts on; the values every stage writes and the published
schema constrains (SOURCE_FORMATS, IDENTIFIER_KINDS ...) are enumerated here, and etl.schema
builds its check constraints from them.

The stages import this module and the other shared ones (etl.schema, etl.config ...), never
one another: only the pipeline (etl.pipeline, etl.rederive, etl.cli) knows them all.
This module imports nothing of etl.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import polars as pl

# Enumerations ------------------------------------------------------------------------------
# The values a column may hold, written by one stage, checked by validate and constrained by
# the published schema (etl.schema builds its CHECK constraints from these).

# The input formats, one extract module each (its READER): the names users pass to --format
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
# What a listing is, by the format its records come from (etl.transform.listings).
LISTING_KIND_OF_FORMAT = {
    HF_DAILY_FORMAT: "daily",
    PAPERLISTS_FORMAT: "conference",
    PWC_EVALUATION_FORMAT: "leaderboard",
    LISTING_FORMAT: "listing",
    ARXIV_FORMAT: "listing",
}
LISTING_KINDS = ("daily", "conference", "leaderboard", "listing")
LINK_ORIGINS = ("abstract", "source-field")
RESULT_KINDS = ("score", "improvement", "ratio", "other")
RESULT_ORIGINS = ("abstract", "leaderboard")
# The vocabulary's measures of what a run costs or how fast it goes: a result of one of them is
# an efficiency result (analytics.results_overview.is_efficiency, which also reads cost units),
# and an amount in a cost unit may be of no other measure (etl.transform.results).
COST_METRICS = (
    "Speedup", "Throughput", "Latency", "Memory", "FLOPs", "MACs", "Runtime", "Energy",
    "Monetary Cost", "Token Usage",
)  # fmt: skip
# The side of its number an abstract's figure is on, as the words before it say: "under 4%"
# <, "up to 2x" <=, "over 90%" >, "at least 30 times" >=, "about 5%" ~.
RESULT_BOUNDS = ("<", "<=", ">", ">=", "~")
# The rules that can decide an abstract result's dataset, the names its `dataset_way` takes:
# first the candidates found around the claim (tried in the order
# etl.transform.results.dataset_claims gives them), then the fallbacks for a claim none of
# them names a dataset for. Transform decides by no other name (an unlisted one fails the
# plan), validate checks that staged results name one of these, publish keeps the name.
# The candidates, first found wins: "(AID: 95.85%", "on HumanEval (90.9% vs. 90.2%)", "on X
# with 93.7%", "on HotpotQA, on which it reaches 61.2%", "73.7% on DBP15K", "99.4% (MNIST)",
# "improves GSM8k by 16.9%", "on A by 2.5 and B by 9.4", "improves the X benchmark score by",
# "the repair rate on RepoBugs is 22.58%", "a GenEval score of 0.86", "AIME 2024 (46.28%",
# "(-0.07% Vbench score)", "on A and B, achieving 23.3% and 30.2%, respectively", a list named
# before claims said to be respective, ", on the WHU dataset, the scores were", "On COCO, ...".
DATASET_CANDIDATE_WAYS = (
    "labelled_with", "inside_parenthesis", "scoped_with", "relative_clause", "after", "named_after",
    "before_amount", "parallel_change", "measure_of", "measure_on_name", "score_of",
    "bracketed", "name_score_after", "participle", "respective", "clause_scope", "opening",
)  # fmt: skip
DATASET_WAYS = (
    *DATASET_CANDIDATE_WAYS,
    # The sentence's own "evaluated on A and B", paired with its claims.
    "evaluated_here",
    # The dataset of an earlier claim close by in the same sentence.
    "carried",
    # The last claim of the abstract with the same metric.
    "same_metric",
    # The one benchmark the abstract says it evaluates on (or introduces), named elsewhere.
    "evaluation_dataset",
    # Paired in order with the claims just before a "respectively" list that names none.
    "respectively_earlier",
)  # fmt: skip
# The rules that can decide an abstract result's metric_text, the names its `metric_way`
# takes (etl.transform.results.metric_names tries its own in this order; a claim that names
# none takes another claim's, etl.transform.results.inherit). Named by the claim itself: a
# correlation written as an equation ("r = 0.75"), a known name equated to it ("nDCG@10 =
# 0.678"), the measures written with a slash after numbers written with one ("0.91/0.88
# AUROC/AUPRC"; one number "in AUROC/AUPRC" names both, and no known metric), one of two
# measures paired with two numbers ("by 6.4% and 22.6% in A and B accuracy"), a general
# measure "in" which it changed ("42.2% in efficiency"), what a comparative says is faster
# ("2x faster training"); a phrase right after the number ("64% win rate"), right before it
# ("win rate of 64%"), a measure said to change by it ("higher accuracy, by 1%"), what a
# verb changes by it ("reduce the number of forward passes by 91%"), a measure said to rise
# or fall from it ("accuracy rises from 41% to"); or, where no phrase is a measure, the
# vocabulary's name found after it, before it or as what changed (the `_known` ways: "3x
# faster", "an error of 5%"); an acronym the abstract defines for a measure ("valid
# information proportion (VIP)").
METRIC_OWN_WAYS = (
    "statistic", "equated", "slashed", "paired", "general_measure", "comparative",
    "after", "before", "changed", "object", "subject",
    "after_known", "before_known", "changed_known", "defined_acronym",
)  # fmt: skip
METRIC_WAYS = (
    *METRIC_OWN_WAYS,
    # From another claim: the measures named for a "respectively" list, the measure written
    # after the second of two parallel changes ("A by 5.74% and B by 20.84% F1"), the measure
    # a sentence says is higher ("higher success rates, outperforming X by 6.1%"), the
    # member before in a list ("7.82 BLEU and 1.46"), the claim a bracket details ("(from
    # 8.7 to 6.3)"), a unitless score a share changes ("nDCG@10 = 0.828, outperforming A by
    # 6.1%"), the measure a verb before changes ("boosts the accuracy ..., achieving gains of
    # 8.8%"), the start of a change ("from 12.9 to 8.9"), the names the vocabulary knows
    # listed right before as many numbers ("PSNR, SSIM and LPIPS of 31.2, 0.91 and 0.12").
    "respective", "parallel", "higher_measure", "list_member", "detailing",
    "relative_change", "changed_before", "change_start", "listed_before",
)  # fmt: skip
METRIC_DIRECTIONS = ("higher", "lower")


def listed_way(name: str, ways: tuple[str, ...], listed_as: str) -> str:
    """`name`, a way of deciding a fact that the contracts list in `ways` (the tuple named
    `listed_as`, DATASET_WAYS or METRIC_WAYS): the gate rejects any other, so a rule named
    without being listed fails as the plan is built."""
    if name not in ways:
        raise ValueError(f"way {name!r} is not in etl.contracts.{listed_as}; add it there")
    return name


TAG_KINDS = ("task", "area", "keyword", "arxiv-category")
TAG_ORIGINS = ("rule", "author", "source")
# How the rule tagger found a tag in an abstract (etl.transform.tags): named by the title too (an
# area also by a title word for its data: `Video`, `Speech`), named by the title only (not after a
# word of means: "with", "via", "using"), mentioned in two or more places, once in the opening
# sentences, once later, only as an example (in a paper nothing else tags); an area brought by one
# of its tags (mentioned in the opening or more than once), or by two of them mentioned in
# passing; such an area outranked by another area of the paper's that its title or more repeated
# tags name.
TAG_WAYS = (
    "title",
    "title_only",
    "repeated",
    "opening",
    "once",
    "example",
    "area_of_tag",
    "area_of_tags",
    "area_outranked",
)
# The ways a rule tag is stated as the paper's (paper_tags.stated): a topic the title names as
# the abstract does or the abstract mentions in two places, and areas brought by tags. A topic
# mentioned once, in the opening or later, or only as an example is right about three times in
# four (docs/calibration/tag_ways.tsv): it is kept with its words, not stated. So is an
# outranked area (an NLP area an LLM brings to a vision paper), and a topic only the title
# names (right 167 times in 175: stating it would raise the stated tags' share wrong, 0.036,
# which the issue holds to 0.03).
STATED_TAG_WAYS = ("title", "repeated", "area_of_tag", "area_of_tags")
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
# Why two published papers may be one (etl.merge_candidates): an identifier a record shares
# with both, or the same author list and near-identical abstracts (a paper resubmitted under
# a new title: sql/publish/retitled_candidates.sql).
RETITLED_EVIDENCE = "authors_and_abstract"
MERGE_EVIDENCE = (*MATCH_EVIDENCE, RETITLED_EVIDENCE)
# Abstracts this near-identical (the share of three-word sequences in common) make two papers
# of the same authors a retitled candidate. Papers of the same author list in the samples
# that are different papers share at most 0.11 (0.02 typically); an abstract with a word in
# twenty changed still shares about 0.75.
RETITLED_MIN_ABSTRACT_SIMILARITY = 0.5
DATE_PRECISIONS = ("day", "month", "year")
# Where a paper's method name was read: an introducing clause of its abstract, or the one
# token its title opens with before a colon.
METHOD_NAME_ORIGINS = ("abstract", "title")
# How a paper's method name was read (etl.transform.methods): the one token its title opens
# with; in the abstract, after an introducing verb ("we propose X"), after a naming word ("a
# model called X"), in apposition ("X, a framework for"), after "our <artefact>" or "our
# proposed".
METHOD_NAME_WAYS = ("title", "introduced", "named", "appositive", "our_artefact", "our_proposed")

# Raw records -------------------------------------------------------------------------------
# What every extract module yields and the transform reads, whatever the format: the one
# shape that lets the transform never know where a record came from.

# affiliation: the author's affiliation text as the source writes it (several organisations
# may share it: "Google Brain + UC Berkeley"); affiliations: the organisations it names, one
# each (the source's normalised names where it has them); both null when the source gives none.
AUTHOR = pl.Struct(
    {"name": pl.String, "affiliation": pl.String, "affiliations": pl.List(pl.String)}
)
# origin: author (the paper's own keywords), source (keywords the source assigned);
# kind: keyword, or arxiv-category for arXiv subject classes such as cs.LG.
KEYWORD = pl.Struct({"keyword": pl.String, "origin": pl.String, "kind": pl.String})
# A link from a source field (githubRepo, projectPage, github, site, code_links, url_abs...).
LINK = pl.Struct({"url": pl.String, "field": pl.String})
# One leaderboard entry (Papers with Code evaluation tables); value as written ("85.1%");
# entered_on: the date the leaderboard gives the entry (when it was entered, not when the
# paper came out).
LEADERBOARD_ENTRY = pl.Struct(
    {
        "task": pl.String,
        "dataset": pl.String,
        "model_name": pl.String,
        "metric": pl.String,
        "value_text": pl.String,
        "entered_on": pl.Date,
    }
)

RAW_RECORD_SCHEMA = pl.Schema(
    {
        "source_file": pl.String,  # path as given
        "source_sha256": pl.String,
        "source_format": pl.String,
        "record": pl.Int32,  # 1-based ordinal of the record in its file
        "line": pl.Int32,  # 1-based line where the record starts, when known
        # Of a record that is a whole line (arXiv), a digest of the line: the record's digest,
        # had before the line is parsed (see etl.transform.identity.with_record_digest).
        "line_digest": pl.String,
        "source_record_id": pl.String,  # the source's own id for the record, as given
        "listing_name": pl.String,  # e.g. "Daily Papers 2025-01-10", "COLM 2025"
        "title": pl.String,
        "abstract_source": pl.String,  # the abstract as written (LaTeX, line breaks)
        "arxiv_id": pl.String,  # as given: 2405.15738v2, arXiv:..., or an arxiv.org URL
        "doi": pl.String,  # as given
        "openreview_id": pl.String,
        "pwc_id": pl.String,  # Papers with Code paper id (slug)
        "paper_url": pl.String,  # a link to the paper itself, as given (leaderboards)
        "published_on": pl.Date,
        # day (the default), month or year: how much of published_on the source knows
        "published_on_precision": pl.String,
        "authors": pl.List(AUTHOR),  # in order; names and affiliations only
        "organization": pl.String,  # submitting organisation (Daily Papers)
        "keywords": pl.List(KEYWORD),
        "links": pl.List(LINK),
        "upvotes": pl.Int32,
        "comment_count": pl.Int32,
        "decision": pl.String,  # conference decision: Poster, Oral, Reject, Withdraw ...
        "leaderboard": pl.List(LEADERBOARD_ENTRY),
    }
)

# Rejects -----------------------------------------------------------------------------------
# Quarantined records, whichever stage sets them aside (extract: unreadable records;
# transform: unusable ones; load: records behind failed record checks), go to the run's
# rejects in this shape, with a rule naming why. source_record_id: the source's own id of the
# record where the stage that set it aside knows one (null for a record too broken to say);
# check_name: the gate's check a record failed (load; null for the other stages).

REJECT_SCHEMA = pl.Schema(
    {
        "source_file": pl.String,
        "record_number": pl.Int32,
        "line_number": pl.Int32,
        "source_record_id": pl.String,
        "rule": pl.String,
        "check_name": pl.String,
        "reason": pl.String,
        "raw_snippet": pl.String,
    }
)
# How much of a quarantined record its reject quotes (raw_snippet).
SNIPPET_CHARS = 200
# The rule prefix of a value of a published record that could not be used (a leaderboard
# value that is not a number): the record is published, the value is not, and says why.
VALUE_RULE_PREFIX = "value."


def value_rejects(rows: pl.LazyFrame, rule: str, reason: pl.Expr, raw_snippet: str) -> pl.LazyFrame:
    """The rejects (REJECT_SCHEMA) of values set aside under `rule` (which starts with
    VALUE_RULE_PREFIX), one per row of `rows` (records' source_file, record, line and
    source_record_id), each with its reason and the value as written."""
    return rows.select(
        "source_file",
        record_number="record",
        line_number="line",
        source_record_id="source_record_id",
        rule=pl.lit(rule),
        check_name=pl.lit(None, pl.String),
        reason=reason,
        raw_snippet=raw_snippet,
    )


# The rule of a record the gate quarantined: check.<table> (set by load, counted per file by
# the pipeline, shown apart by the run summary).
CHECK_RULE_PREFIX = "check."

# Batch tables ------------------------------------------------------------------------------
# What the transform derives from each batch of raw records and load stages (batch_<name>)
# and assembles; checked before anything is collected.

_LINK_COLUMNS = {
    "repository_key": pl.String,
    "canonical_url": pl.String,
    "host": pl.String,
    "owner": pl.String,
    "name": pl.String,
    "kind": pl.String,
    "subpath": pl.String,
    "raw_url": pl.String,
}
_RESULT_COLUMNS = {
    "value": pl.Float64,
    "value_low": pl.Float64,
    "unit": pl.String,
    "scale": pl.Float64,
    "kind": pl.String,
    # What a run costs or how fast it goes (etl.transform.results.is_efficiency_result).
    "is_efficiency": pl.Boolean,
    "metric_key": pl.String,
    "dataset_key": pl.String,
    "metric_name": pl.String,
    "dataset_name": pl.String,
    "metric_text": pl.String,
    "dataset_text": pl.String,
    "comparator": pl.String,
    "comparator_value": pl.Float64,
    "comparator_unit": pl.String,
    "raw_text": pl.String,
}

BATCH_SCHEMAS: dict[str, pl.Schema] = {
    "records": pl.Schema(
        {
            "record_key": pl.String,
            "source_file": pl.String,
            "source_sha256": pl.String,
            "source_format": pl.String,
            "source_rank": pl.Int16,
            "record": pl.Int32,
            "record_digest": pl.String,
            "line": pl.Int32,
            "source_record_id": pl.String,
            "listing_slug": pl.String,
            "title": pl.String,
            "title_key": pl.String,
            "title_method_name": pl.String,
            "abstract": pl.String,
            "abstract_source": pl.String,
            "abstract_hash": pl.String,
            "abstract_fingerprint": pl.String,
            "arxiv_id": pl.String,
            "doi": pl.String,
            "openreview_id": pl.String,
            "acl_id": pl.String,
            "pwc_id": pl.String,
            "paper_url": pl.String,
            "published_on": pl.Date,
            "published_on_precision": pl.String,
            "year_low": pl.Int32,
            "year_high": pl.Int32,
            "organization": pl.String,
            "organization_key": pl.String,
            "upvotes": pl.Int32,
            "comment_count": pl.Int32,
            "decision": pl.String,
        }
    ),
    "listings": pl.Schema(
        {
            "listing_slug": pl.String,
            "listing_name": pl.String,
            "listing_kind": pl.String,
            "venue": pl.String,
            "listing_year": pl.Int16,
            "listed_on": pl.Date,
        }
    ),
    "abstracts": pl.Schema(
        {"abstract_hash": pl.String, "method_name": pl.String, "method_name_way": pl.String}
    ),
    "record_authors": pl.Schema(
        {
            "record_key": pl.String,
            "position": pl.Int32,
            "author_key": pl.String,
            "name": pl.String,
            "affiliation": pl.String,
        }
    ),
    "record_affiliations": pl.Schema(
        {"record_key": pl.String, "organization": pl.String, "organization_key": pl.String}
    ),
    # Each organisation name a record gives (its own and its authors'): written_key, the name
    # as written, by identity.name_key (how organisations were keyed before the organisation
    # rules), and the organisation it is now; publish finds links to a former organisation
    # by it.
    "organization_spellings": pl.Schema(
        {"record_key": pl.String, "written_key": pl.String, "organization_key": pl.String}
    ),
    "record_tags": pl.Schema(
        {
            "record_key": pl.String,
            "tag_slug": pl.String,
            "tag_name": pl.String,
            "kind": pl.String,
            "origin": pl.String,
            "confidence": pl.Float64,
        }
    ),
    "abstract_tags": pl.Schema(
        {
            "abstract_hash": pl.String,
            "tag_slug": pl.String,
            "confidence": pl.Float64,
            "matched_text": pl.String,
            "way": pl.String,
        }
    ),
    "abstract_links": pl.Schema({"abstract_hash": pl.String, **_LINK_COLUMNS}),
    "record_links": pl.Schema(
        {"record_key": pl.String, "source_field": pl.String, **_LINK_COLUMNS}
    ),
    "abstract_results": pl.Schema(
        {
            "abstract_hash": pl.String,
            "span_start": pl.Int32,
            "span_end": pl.Int32,
            **_RESULT_COLUMNS,
            # The rule that decided metric_text (METRIC_WAYS); null when it is null.
            "metric_way": pl.String,
            # The rule that decided dataset_text (DATASET_WAYS); null when it is null.
            "dataset_way": pl.String,
            # RESULT_BOUNDS; null for a figure stated as it is.
            "bound": pl.String,
            # The resolution or split the dataset is written with ("256x256", "test-dev");
            # null when none is, or no dataset is stated.
            "dataset_variant": pl.String,
        }
    ),
    "leaderboard_results": pl.Schema(
        {
            "record_key": pl.String,
            "task_slug": pl.String,
            "model_name": pl.String,
            **_RESULT_COLUMNS,
            "value_uncertainty": pl.Float64,
            "entered_on": pl.Date,
        }
    ),
    "metrics": pl.Schema(
        {
            "metric_key": pl.String,
            "metric_name": pl.String,
            "direction": pl.String,
            "direction_rule": pl.String,
            "is_share": pl.Boolean,
        }
    ),
    "metric_aliases": pl.Schema(
        {"alias_key": pl.String, "alias": pl.String, "metric_key": pl.String}
    ),
    "datasets": pl.Schema({"dataset_key": pl.String, "dataset_name": pl.String}),
    "dataset_aliases": pl.Schema(
        {"alias_key": pl.String, "alias": pl.String, "dataset_key": pl.String}
    ),
    "tags": pl.Schema(
        {
            "tag_slug": pl.String,
            "tag_name": pl.String,
            "kind": pl.String,
            "parent_slug": pl.String,
            "area_slug": pl.String,
            "is_source_keyword": pl.Boolean,
        }
    ),
}

# Paper identity ----------------------------------------------------------------------------
# The transform computes keys and digests in Polars, load computes the same ones in SQL and
# validate checks their shape: all three must agree on these.

# Digests (etl.transform.identity.stable_digest) are the first this many hex digits of a
# sha256; load's SQL twin cuts the same length.
FINGERPRINT_HEX_DIGITS = 32
# A new paper's key: the prefix of the kind of identifier that names it, then its value
# (a digest for a title key).
KEY_PREFIXES = {
    "arxiv_id": "arxiv:",
    "doi": "doi:",
    "acl_id": "acl:",
    "openreview_id": "openreview:",
    "pwc_id": "pwc:",
    "paper_url": "url:",
    "title_key": "title:",
    "abstract_fingerprint": "abstract:",
}
# An abstract shorter than this once cleaned is a stub ("Part of", "TBA"), not an abstract:
# the transform gives it no fingerprint and the gate checks no published abstract is one.
PLACEHOLDER_ABSTRACT_CHARS = 100

# Member columns: every record (and every published identifier row) taking part in paper
# resolution; load builds them from staging and the published papers, the resolver it is
# handed (etl.transform.identity.resolve_papers) reads them.
MEMBER_SCHEMA = pl.Schema(
    {
        "member": pl.Int64,
        "published_paper": pl.Int64,  # the published paper an identifier row belongs to
        **{kind: pl.Int64 for kind in IDENTIFIER_KINDS},
        "year_low": pl.Int32,
        "year_high": pl.Int32,
    }
)


@dataclass(frozen=True)
class Resolution:
    """Which paper each record is, and the published papers that records linked together:
    what the resolver returns to load.

    `assignment`: per record member, its `group` (same group, same paper), `paper` (the
    published paper it is, or null for a paper new to the warehouse), `evidence` (the kind of
    identifier it shares with the rest of its paper; for a paper's only record, its
    strongest), `key_kind` and `key_holder` (for a new paper: the kind of identifier that
    names it and the member holding the smallest such value).
    `merge_candidates`: `paper` (kept), `other_paper`, `evidence`, `member` (a record that
    links the two published papers; it was attached to `paper`).
    """

    assignment: pl.DataFrame
    merge_candidates: pl.DataFrame = field(
        default_factory=lambda: pl.DataFrame(
            schema={
                "paper": pl.Int64,
                "other_paper": pl.Int64,
                "evidence": pl.String,
                "member": pl.Int64,
            }
        )
    )


# Groups records into papers: load hands it the members it read from staging and the
# published papers, and writes back what it returns. The pipeline passes the transform's
# etl.transform.identity.resolve_papers, so that load knows the database and not the rules.
PaperResolver = Callable[[pl.DataFrame], Resolution]


# Checks ------------------------------------------------------------------------------------
# What validate says of each check and the pipeline acts on.

# Severities: a failed critical check blocks publishing; a failed warning is recorded (and
# blocks only when the settings say warnings block).
CRITICAL = "critical"
WARNING = "warning"
# Scopes: a failed `record` check's rows trace back to source records, which load can
# quarantine so that the rest publishes; a failed `run` check is the run's and blocks it.
RECORD_SCOPE = "record"
RUN_SCOPE = "run"
