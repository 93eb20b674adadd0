"""From a batch of raw records to the record-level tables that get staged.

Pure: frames in, frames out, no I/O, no collect. What is derived from an abstract's text
(links, results, tags, the method name) is computed once per distinct clean abstract and
keyed by `abstract_hash`; what a source record says (identifiers, listing, authors,
keywords, source-field links, leaderboard entries) is keyed by `record_key`. Which records
are the same paper is decided later, over the whole run (etl.load.assemble), because
duplicates can sit in different batches and files.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from etl.contracts import (
    BATCH_SCHEMAS,
    PLACEHOLDER_ABSTRACT_CHARS,
    PWC_EVALUATION_FORMAT,
    REJECT_SCHEMA,
    SNIPPET_CHARS,
    SOURCE_FORMATS,
    VALUE_RULE_PREFIX,
    value_rejects,
)
from etl.transform import identity, markup
from etl.transform.leaderboard import leaderboard_results, leaderboard_value_rejects
from etl.transform.listings import listing_dimension
from etl.transform.methods import introduced_name, title_method_name
from etl.transform.organizations import (
    affiliation_names,
    organization_key,
    organization_name,
    record_affiliations,
    resolved,
)
from etl.transform.repos import canonicalize_links, extract_links, field_urls
from etl.transform.results import FAMILY_FACTS, FAMILY_PREFIX, extract_results
from etl.transform.tag_keys import keyword_slug, tag_key
from etl.transform.tags import is_acronym, tag_papers
from etl.transform.text import clean_text, collapse_whitespace
from etl.vocab import Vocabulary
from etl.vocab.measures import alias_key
from etl.vocab.metric_names import head_word, head_word_direction
from etl.vocab.tag_vocabulary import tag_forms

# Confidence of tags a source gives: authors' own keywords and arXiv's categories are what
# they are; keywords a source's model assigned (Daily Papers' ai_keywords) a little less so.
SOURCE_TAG_CONFIDENCE = {"author": 1.0, "source": 0.8}
ARXIV_CATEGORY_PREFIX = "arxiv-"
MAX_TITLE_CHARS = 2_000


@dataclass(frozen=True)
class NormalizedBatch:
    """Lazy record-level tables (BATCH_SCHEMAS but MEASURE_TABLES, which measure_tables
    makes from the collected results) and the records to quarantine."""

    tables: dict[str, pl.LazyFrame]
    rejects: pl.LazyFrame


def _record_problems(max_abstract_chars: int) -> dict[str, pl.Expr]:
    """`reject_rule` and `reject_reason` for a record that cannot be used, else null.

    A record with no identity (no identifier, and no title and no abstract that are more
    than placeholders) cannot be told apart from any other paper: it is quarantined, with
    what it did say. A leaderboard row in that state is not: its entries are facts of their
    own, published with their paper unknown (see paper_unknown)."""
    source_chars = pl.col("abstract_source").str.len_chars()
    too_long = source_chars > max_abstract_chars
    title_too_long = pl.col("title").str.len_chars() > MAX_TITLE_CHARS
    no_identity = pl.all_horizontal(
        pl.col(c).is_null() for c in ("title", "abstract", *identity.STRONG_IDS)
    )
    said_nothing = pl.col("title_as_written").is_null() & pl.col("abstract_as_written").is_null()
    what_it_said = pl.concat_str(
        pl.when(pl.col("title_placeholder").is_not_null()).then(
            pl.format(
                "the title {} is {}",
                _quoted(pl.col("title_as_written")),
                pl.col("title_placeholder").replace_strict(_PLACEHOLDER_TITLE_REASONS),
            )
        ),
        pl.when(pl.col("abstract_as_written").is_not_null()).then(
            pl.format(
                "the abstract {} is a placeholder (boilerplate, or under {} characters)",
                _quoted(pl.col("abstract_as_written")),
                pl.lit(PLACEHOLDER_ABSTRACT_CHARS),
            )
        ),
        pl.when(pl.col("paper_link").is_not_null()).then(
            pl.format("the paper URL {} is a web site or code, not a paper", pl.col("paper_link"))
        ),
        separator="; ",
        ignore_nulls=True,
    )
    no_identity = no_identity & (pl.col("source_format") != PWC_EVALUATION_FORMAT)
    return {
        "reject_rule": pl.when(too_long)
        .then(pl.lit("record.abstract_too_long"))
        .when(title_too_long)
        .then(pl.lit("record.title_too_long"))
        .when(no_identity & said_nothing)
        .then(pl.lit("record.abstract_empty"))
        .when(no_identity)
        .then(pl.lit("record.no_identity")),
        "reject_reason": pl.when(too_long)
        .then(
            pl.format(
                "abstract is {} characters long, over the limit of {} "
                "(PAPERHOUSE_MAX_ABSTRACT_CHARS); is this really one abstract?",
                source_chars,
                pl.lit(max_abstract_chars),
            )
        )
        .when(title_too_long)
        .then(pl.format("title is {} characters long", pl.col("title").str.len_chars()))
        .when(no_identity & said_nothing)
        .then(pl.lit("no title, and the abstract is empty once LaTeX and whitespace are removed"))
        .when(no_identity)
        .then(pl.format("{}, and no identifier: nothing tells which paper this is", what_it_said)),
    }


_PLACEHOLDER_TITLE_REASONS = {
    "url": "a link, not a title",
    "citation": "a citation marker, not a title",
    "author-stub": "an author and year stub, not a title",
    "boilerplate": "boilerplate, not a title",
}


# The rule of an arXiv id a published record writes that is no arXiv id.
VALUE_NOT_AN_ARXIV_ID = f"{VALUE_RULE_PREFIX}not_an_arxiv_id"


def arxiv_id_rejects(records: pl.LazyFrame) -> pl.LazyFrame:
    """A reject (REJECT_SCHEMA) for each arXiv id a record writes that is no arXiv id: the
    record is published without it (known by its other identifiers, or its abstract), this
    says why."""
    return value_rejects(
        records.filter(pl.col("unusable_arxiv_id").is_not_null()),
        VALUE_NOT_AN_ARXIV_ID,
        reason=pl.format(
            "the arXiv id {} is none (an arXiv id is YYMM.NNNNN or archive/YYMMNNN, the month "
            "01-12): the record is published without it",
            _quoted(pl.col("unusable_arxiv_id")),
        ),
        raw_snippet="unusable_arxiv_id",
    )


def _quoted(text: pl.Expr) -> pl.Expr:
    """Text for a reason, in quotes and cut at 80 characters."""
    return pl.format(
        "'{}'",
        pl.when(text.str.len_chars() > 80).then(text.str.slice(0, 79) + "…").otherwise(text),
    )


def _nonempty(text: pl.Expr) -> pl.Expr:
    return pl.when(text.str.len_chars() > 0).then(text)


# The identifier fields a raw record has (its paper link aside).
_IDENTIFIER_FIELDS = ("arxiv_id", "doi", "openreview_id", "pwc_id")


def _identifiers(paper_link: pl.Expr) -> dict[str, pl.Expr]:
    """Every identifier a record gives, normalised: its own identifier fields, and those a
    link to the paper itself carries (a leaderboard's paper URL, a URL in the title field).
    A link to a page that carries none is itself the paper's identifier (paper_url). Each
    is read with the markup around it taken off (markup.without_markup): `paper_link`
    comes so already."""
    field = {kind: markup.without_markup(pl.col(kind)) for kind in _IDENTIFIER_FIELDS}
    from_link = {
        "arxiv_id": identity.arxiv_id(paper_link),
        "doi": pl.coalesce(identity.doi(paper_link), identity.doi_in_url(paper_link)),
        "acl_id": identity.acl_id(paper_link),
        "openreview_id": identity.openreview_id_in_url(paper_link),
        "pwc_id": identity.pwc_id_in_url(paper_link),
    }
    link_names_paper = pl.any_horizontal(e.is_not_null() for e in from_link.values())
    arxiv_id = identity.arxiv_id(field["arxiv_id"])
    written_arxiv_id = field["arxiv_id"].str.strip_chars()
    return {
        "arxiv_id": pl.coalesce(arxiv_id, from_link["arxiv_id"]),
        # "2500.00001" (month 00): written, and no arXiv id (see arxiv_id_rejects).
        "unusable_arxiv_id": pl.when(
            (written_arxiv_id.str.len_chars() > 0) & arxiv_id.is_null()
        ).then(written_arxiv_id),
        "doi": pl.coalesce(identity.doi(field["doi"]), from_link["doi"]),
        "acl_id": from_link["acl_id"],
        "openreview_id": pl.coalesce(
            identity.openreview_id(field["openreview_id"]), from_link["openreview_id"]
        ),
        "pwc_id": pl.coalesce(identity.pwc_id(field["pwc_id"]), from_link["pwc_id"]),
        "paper_url": pl.when(~link_names_paper).then(identity.document_url(paper_link)),
        "link_names_paper": link_names_paper.fill_null(False),
    }


def _arxiv_month(arxiv: pl.Expr) -> pl.Expr:
    """The month an arXiv id was assigned (`1810.04805` -> 2018-10-01, `hep-th/9901001` ->
    1999-01-01): the paper's first version came out then."""
    digits = pl.coalesce(
        arxiv.str.extract(r"^(\d{4})\.", 1), arxiv.str.extract(r"/(\d{4})\d{3}$", 1)
    )
    two_digit_year = digits.str.slice(0, 2).cast(pl.Int32)
    # Old-style ids began in 1991; new-style ids in 2007.
    year = (
        pl.when(two_digit_year >= 91).then(1900 + two_digit_year).otherwise(2000 + two_digit_year)
    )
    return pl.date(year, digits.str.slice(2, 2).cast(pl.Int32), 1)


def _clean_records(raw: pl.LazyFrame) -> pl.LazyFrame:
    source_rank = pl.col("source_format").replace_strict(
        {f: i for i, f in enumerate(SOURCE_FORMATS)}, return_dtype=pl.Int16
    )
    clean_title = _nonempty(clean_text(pl.col("title")))
    clean_abstract = _nonempty(clean_text(pl.col("abstract_source")))
    written = raw.with_columns(
        record_key=pl.col("source_sha256").str.slice(0, 16)
        + ":"
        + pl.col("record").cast(pl.String),
        source_rank=source_rank,
        title_as_written=clean_title,
        abstract_as_written=clean_abstract,
        title_placeholder=identity.title_placeholder_kind(clean_title),
        abstract_is_placeholder=identity.is_placeholder_abstract(clean_abstract),
        listing_slug=identity.listing_slug(pl.col("listing_name")),
        organization=organization_name(pl.col("organization")),
    ).with_columns(
        paper_link=pl.coalesce(
            pl.col("paper_url"),
            pl.when(pl.col("title_placeholder") == "url").then(pl.col("title_as_written")),
        ),
        title=pl.when(pl.col("title_placeholder").is_null()).then(pl.col("title_as_written")),
        abstract=pl.when(~pl.col("abstract_is_placeholder")).then(pl.col("abstract_as_written")),
    )
    dated = (
        written.with_columns(link_without_markup=markup.without_markup(pl.col("paper_link")))
        .with_columns(**_identifiers(pl.col("link_without_markup")))
        .drop("link_without_markup")
    ).with_columns(
        published_on_precision=pl.when(pl.col("published_on").is_not_null())
        .then(pl.coalesce("published_on_precision", pl.lit("day")))
        .when(pl.col("arxiv_id").is_not_null())
        .then(pl.lit("month")),
        published_on=pl.coalesce("published_on", _arxiv_month(pl.col("arxiv_id"))),
    )
    return dated.with_columns(
        **identity.year_range(pl.col("published_on"), pl.col("published_on_precision")),
        organization_key=organization_key(pl.col("organization")),
        title_key=identity.title_key(pl.col("title")),
        title_method_name=title_method_name(pl.col("title")),
        abstract_hash=identity.stable_digest(pl.col("abstract")),
        abstract_fingerprint=identity.abstract_fingerprint(pl.col("abstract")),
    )


def _authors(records: pl.LazyFrame) -> pl.LazyFrame:
    return (
        records.select("record_key", "authors")
        .explode("authors")
        .drop_nulls("authors")
        .unnest("authors")
        .with_columns(
            name=collapse_whitespace(pl.col("name")),
            position=pl.int_range(1, pl.len() + 1).over("record_key").cast(pl.Int32),
        )
        .filter(pl.col("name").str.len_chars() > 0)
        .with_columns(
            author_key=identity.name_key(pl.col("name")),
            affiliation=_nonempty(collapse_whitespace(pl.col("affiliation"))),
        )
    )


def _acronym_key(form: pl.Expr) -> pl.Expr:
    """An acronym is matched loosely on case and a plural `s` only: `IN-R` (ImageNet-R) is not
    `INR` (implicit neural representations), where the key of a name joins them."""
    return identity.name_key(form).str.replace(r"s$", "")


def _record_tags(records: pl.LazyFrame, vocabulary: pl.DataFrame) -> pl.LazyFrame:
    """Keywords from sources as tags: the vocabulary's tag when an acronym of it matches the
    keyword (`_acronym_key`) or a name or synonym has the keyword's key (tag_key), else a tag
    of their own, one per key, named as the keyword is written (the run picks the most
    frequent spelling, sql/assemble/tags.sql); arXiv categories as arxiv-category tags."""
    keywords = (
        records.select("record_key", "keywords")
        .explode("keywords")
        .drop_nulls("keywords")
        .unnest("keywords")
        .with_columns(keyword=collapse_whitespace(pl.col("keyword")))
        .filter(pl.col("keyword").str.len_chars() > 0)
    )
    surface = vocabulary.select(
        "tag_slug",
        "tag_name",
        "kind",
        form=pl.concat_list("tag_name", pl.col("synonyms").fill_null("").str.split("|")),
    ).explode("form")
    forms = surface.filter(pl.col("form") != "").with_columns(acronym=is_acronym(pl.col("form")))

    def known(acronym: bool, key: pl.Expr, column: str) -> pl.LazyFrame:
        """The vocabulary's tag of each key of its acronyms or of its other forms."""
        return (
            forms.filter(pl.col("acronym") == acronym)
            .select(key.alias(column), "tag_slug", "tag_name", "kind")
            .unique(column, keep="first", maintain_order=True)
            .rename({c: f"{column}_{c}" for c in ("tag_slug", "tag_name", "kind")})
            .lazy()
        )

    is_category = pl.col("kind") == "arxiv-category"
    category_slug = identity.listing_slug(pl.col("keyword"))
    return (
        keywords.with_columns(
            by_acronym=_acronym_key(pl.col("keyword")), by_name=tag_key(pl.col("keyword"))
        )
        .join(
            known(True, _acronym_key(pl.col("form")), "by_acronym"),
            on="by_acronym",
            how="left",
            maintain_order="left",
        )
        .join(
            known(False, tag_key(pl.col("form")), "by_name"),
            on="by_name",
            how="left",
            maintain_order="left",
        )
        .with_columns(
            known_slug=pl.coalesce("by_acronym_tag_slug", "by_name_tag_slug"),
            known_name=pl.coalesce("by_acronym_tag_name", "by_name_tag_name"),
            known_kind=pl.coalesce("by_acronym_kind", "by_name_kind"),
        )
        .select(
            "record_key",
            tag_slug=pl.when(is_category)
            .then(pl.lit(ARXIV_CATEGORY_PREFIX) + category_slug)
            .otherwise(pl.coalesce("known_slug", keyword_slug(pl.col("keyword")))),
            tag_name=pl.when(is_category)
            .then(pl.col("keyword"))
            .otherwise(pl.coalesce("known_name", "keyword")),
            kind=pl.when(is_category)
            .then(pl.lit("arxiv-category"))
            .otherwise(pl.coalesce("known_kind", pl.lit("keyword"))),
            origin="origin",
            confidence=pl.col("origin").replace_strict(SOURCE_TAG_CONFIDENCE, default=0.8),
        )
        .unique(["record_key", "tag_slug", "origin"], keep="first", maintain_order=True)
    )


def record_links(records: pl.LazyFrame) -> pl.LazyFrame:
    """Links a record's fields give, each URL of a field alone. A field's link to the paper
    itself (a leaderboard's paper_url, an API's url_abs) stays a link only when it names no
    paper identifier: an arXiv or DOI URL is the paper, not a page it links to. A link in the
    title field is treated like a paper_url."""
    fields = (
        records.select("record_key", "links", "paper_link", "link_names_paper")
        .explode("links")
        .drop_nulls("links")
        .unnest("links")
        .filter(~(pl.col("link_names_paper") & (pl.col("url") == pl.col("paper_link"))))
        .select("record_key", source_field="field", url="url")
    )
    title_links = records.filter(
        (pl.col("title_placeholder") == "url") & ~pl.col("link_names_paper")
    ).select("record_key", source_field=pl.lit("paper_title"), url="title_as_written")
    return (
        pl.concat([fields, title_links])
        .with_columns(raw_url=field_urls(pl.col("url")))
        .explode("raw_url")
        .drop_nulls("raw_url")
        .drop("url")
        .pipe(canonicalize_links)
        .unique(["record_key", "repository_key", "subpath"], keep="first", maintain_order=True)
        .select(BATCH_SCHEMAS["record_links"].names())
    )


MEASURE_TABLES = ("metrics", "metric_aliases", "datasets", "dataset_aliases")


def measure_tables(results: pl.LazyFrame, vocabulary: Vocabulary) -> dict[str, pl.LazyFrame]:
    """Curated metrics and datasets, plus the metric families and datasets a batch's
    results name, and every spelling seen. `results` has metric_name, metric_text,
    dataset_name and dataset_text: pass the batch's collected results, so that the
    extraction is not run again for each of these tables.

    Where spellings of one key differ, a curated one comes first; else each batch keeps the
    one that assembly would choose among all batches (sql/assemble: metrics.sql,
    datasets.sql, their aliases), so that the choice does not depend on where the batches
    of a file are cut."""
    metrics, datasets = vocabulary.metrics, vocabulary.datasets
    curated_metrics = metrics.lazy().select(
        metric_key=alias_key(pl.col("metric_name")), metric_name="metric_name",
        direction="direction",
        direction_rule=pl.when(pl.col("direction").is_not_null()).then(pl.lit("vocabulary")),
        is_share="is_share",
    )  # fmt: skip
    prefix = pl.col("metric_name").str.extract(FAMILY_PREFIX, 1)
    in_family = prefix.is_in(list(FAMILY_FACTS)).fill_null(False)
    head = head_word(pl.col("metric_name"))
    named_metrics = (
        results.filter(pl.col("metric_name").is_not_null())
        .select("metric_name")
        .unique()
        .select(
            metric_key=alias_key(pl.col("metric_name")),
            metric_name="metric_name",
            direction=pl.when(in_family)
            .then(
                pl.when(pl.col("metric_name").str.contains("Error"))
                .then(pl.lit("lower"))
                .otherwise(pl.lit("higher"))
            )
            .otherwise(head_word_direction(head)),
            direction_rule=pl.when(in_family)
            .then(pl.format('family "{}"', prefix))
            .when(head.is_not_null())
            .then(pl.format('head word "{}"', head)),
            is_share=in_family,
        )
        .sort(
            pl.col("direction").is_null(),
            "is_share",
            "metric_name",
            descending=[False, True, False],
        )
    )
    metric_aliases = pl.concat(
        [
            metrics.lazy().explode("aliases").select(
                alias_key=alias_key(pl.col("aliases")), alias="aliases",
                metric_key=alias_key(pl.col("metric_name")),
            ),
            results.filter(pl.col("metric_name").is_not_null()).select(
                alias_key=alias_key(pl.col("metric_text")), alias="metric_text",
                metric_key=alias_key(pl.col("metric_name")),
            ).sort("metric_key", "alias"),
        ]
    )  # fmt: skip
    curated_datasets = datasets.lazy().select(
        dataset_key=alias_key(pl.col("dataset_name")), dataset_name="dataset_name"
    )
    named_datasets = (
        results.filter(pl.col("dataset_name").is_not_null())
        .select(dataset_key=alias_key(pl.col("dataset_name")), dataset_name="dataset_name")
        .sort("dataset_name")
    )
    dataset_aliases = pl.concat(
        [
            datasets.lazy().explode("aliases").select(
                alias_key=alias_key(pl.col("aliases")), alias="aliases",
                dataset_key=alias_key(pl.col("dataset_name")),
            ),
            results.filter(pl.col("dataset_text").is_not_null()).select(
                alias_key=alias_key(pl.col("dataset_text")), alias="dataset_text",
                dataset_key=alias_key(pl.col("dataset_name")),
            ).sort("dataset_key", "alias"),
        ]
    )  # fmt: skip
    return {
        "metrics": pl.concat([curated_metrics, named_metrics]).unique(
            "metric_key", keep="first", maintain_order=True
        ),
        "metric_aliases": metric_aliases.unique("alias_key", keep="first", maintain_order=True),
        "datasets": pl.concat([curated_datasets, named_datasets]).unique(
            "dataset_key", keep="first", maintain_order=True
        ),
        "dataset_aliases": dataset_aliases.unique("alias_key", keep="first", maintain_order=True),
    }


def _keyed_results(results: pl.LazyFrame) -> pl.LazyFrame:
    """Results with the natural keys of their metric and dataset."""
    return results.with_columns(
        metric_key=alias_key(pl.col("metric_name")),
        dataset_key=alias_key(pl.col("dataset_name")),
    )


def batch_measure_tables(
    tables: dict[str, pl.DataFrame], vocabulary: Vocabulary
) -> dict[str, pl.LazyFrame]:
    """measure_tables for a collected batch: from its abstract and leaderboard results."""
    columns = ["metric_name", "metric_text", "dataset_name", "dataset_text"]
    results = pl.concat(
        [tables["abstract_results"].select(columns), tables["leaderboard_results"].select(columns)]
    )
    return measure_tables(results.lazy(), vocabulary)


def check_records(raw: pl.LazyFrame, *, max_abstract_chars: int) -> pl.LazyFrame:
    """Raw records (with their `record_digest`, see identity.record_digest) cleaned and
    keyed, the unusable ones flagged (reject_rule, reject_reason): what normalize_batch
    derives every table from. Collect it first: Polars does not share
    it among the tables of one collect_all (measured: 8.3 s per 20k arXiv records as one
    plan, 4.1 s collected first)."""
    return _clean_records(raw).with_columns(**_record_problems(max_abstract_chars))


def abstract_tables(texts: pl.LazyFrame, vocabulary: Vocabulary) -> dict[str, pl.LazyFrame]:
    """What the rules derive from clean abstracts, keyed by `abstract_hash`: the method name
    (abstracts), rule tags, links and results. `texts` has `paper_key` (the abstract's hash),
    `abstract` and the `title` of the first record that has it, one row per distinct
    abstract."""
    results = extract_results(
        texts,
        vocabulary.metrics,
        vocabulary.datasets,
        listed_datasets=vocabulary.listed_datasets,
    )
    return {
        "abstracts": texts.select(
            abstract_hash="paper_key",
            name=introduced_name(pl.col("abstract"), vocabulary.field_names),
        ).unnest("name"),
        "abstract_tags": tag_papers(texts, vocabulary.tags.lazy(), vocabulary.measure_names).select(
            abstract_hash="paper_key",
            tag_slug="tag_slug",
            confidence="confidence",
            matched_text="matched_text",
            way="way",
        ),
        "abstract_links": extract_links(texts).select(
            abstract_hash="paper_key",
            **{c: pl.col(c) for c in BATCH_SCHEMAS["abstract_links"].names()[1:]},
        ),
        "abstract_results": _keyed_results(results).select(
            abstract_hash="paper_key",
            **{c: pl.col(c) for c in BATCH_SCHEMAS["abstract_results"].names()[1:]},
        ),
    }


def _tasks_by_vocabulary(leaderboard: pl.LazyFrame, tags: pl.DataFrame) -> pl.LazyFrame:
    """A leaderboard's task named by a tag's name or synonym (in any case) is that tag: a
    task merged into another ("Text-To-Image") is the tag that absorbed it."""
    forms = (
        tag_forms(tags.filter(pl.col("kind") != "area"))
        .select("tag_slug", form=pl.col("form").str.to_lowercase())
        .sort("tag_slug")
        .unique("form", keep="first", maintain_order=True)
    )
    return (
        leaderboard.with_columns(form=pl.col("task_name").str.to_lowercase())
        .join(forms.lazy(), on="form", how="left", maintain_order="left")
        .with_columns(task_slug=pl.coalesce("tag_slug", "task_slug"))
        .drop("form", "tag_slug")
    )


def _planned_if(needed: bool, plan: pl.LazyFrame) -> pl.LazyFrame:
    """plan, or an empty frame of its schema when the caller knows it has no rows to find
    (a plan's patterns are compiled whatever its rows)."""
    return plan if needed else pl.LazyFrame(schema=plan.collect_schema())


def leaderboard_tables(
    records: pl.LazyFrame, vocabulary: Vocabulary, *, holds_leaderboards: bool = True
) -> dict[str, pl.LazyFrame]:
    """Leaderboard results of records (`record_key`, `source_file`, `leaderboard`), and the
    tag vocabulary with their tasks: the whole vocabulary, so that every parent_slug and
    area_slug resolves in SQL. When the caller knows that no record `holds_leaderboards`,
    the results are an empty frame: their plan costs half a second to run on no rows (its
    patterns are compiled whatever the rows)."""
    leaderboard = _tasks_by_vocabulary(
        _planned_if(
            holds_leaderboards,
            leaderboard_results(records, vocabulary.metrics, vocabulary.datasets),
        ),
        vocabulary.tags,
    )
    return {
        "leaderboard_results": _keyed_results(leaderboard).select(
            BATCH_SCHEMAS["leaderboard_results"].names()
        ),
        "tags": pl.concat(
            [
                vocabulary.tags.lazy().select(
                    "tag_slug",
                    "tag_name",
                    "kind",
                    "parent_slug",
                    "area_slug",
                    is_source_keyword=pl.lit(False),
                ),
                # Papers with Code's own tasks, a taxonomy like the vocabulary's.
                leaderboard.select(
                    tag_slug="task_slug",
                    tag_name="task_name",
                    kind=pl.lit("task"),
                    parent_slug=pl.lit(None, pl.String),
                    area_slug=pl.lit(None, pl.String),
                    is_source_keyword=pl.lit(False),
                ),
            ]
        ).unique("tag_slug", keep="first", maintain_order=True),
    }


def _organization_spellings(records: pl.LazyFrame, affiliations: pl.LazyFrame) -> pl.LazyFrame:
    """Each organisation name of a record, as written and as the organisation it is now."""
    return (
        pl.concat(
            [
                records.filter(pl.col("organization").is_not_null()).select(
                    "record_key", "organization_key", written_key="organization_written_key"
                ),
                affiliations.select("record_key", "organization_key", "written_key"),
            ]
        )
        .unique(maintain_order=True)
        .select(BATCH_SCHEMAS["organization_spellings"].names())
    )


def normalize_batch(
    checked: pl.LazyFrame, *, vocabulary: Vocabulary, holds_leaderboards: bool = True
) -> NormalizedBatch:
    """Derive one batch's tables from its checked records; split off the unusable ones.
    `holds_leaderboards` false (no record has a leaderboard row) skips the leaderboard plans."""
    rejects = checked.filter(pl.col("reject_rule").is_not_null()).select(
        "source_file",
        record_number="record",
        line_number="line",
        source_record_id="source_record_id",
        rule="reject_rule",
        check_name=pl.lit(None, pl.String),
        reason="reject_reason",
        raw_snippet=pl.coalesce("abstract_source", "title_as_written", "paper_link").str.slice(
            0, SNIPPET_CHARS
        ),
    )
    aliases = vocabulary.organization_aliases
    records = (
        checked.filter(pl.col("reject_rule").is_null())
        .with_columns(organization_written_key=identity.name_key(pl.col("organization")))
        .pipe(resolved, aliases)
    )
    affiliations = affiliation_names(records, aliases)
    texts = (
        records.filter(pl.col("abstract").is_not_null())
        .select(paper_key="abstract_hash", abstract="abstract", title="title")
        .unique("paper_key", keep="first", maintain_order=True)
    )
    record_tags = _record_tags(records, vocabulary.tags)
    leaderboard = leaderboard_tables(records, vocabulary, holds_leaderboards=holds_leaderboards)
    value_rejects = pl.concat(
        [
            arxiv_id_rejects(records),
            _planned_if(holds_leaderboards, leaderboard_value_rejects(records)),
        ]
    )
    tables = {
        "records": records.select(BATCH_SCHEMAS["records"].names()),
        "listings": listing_dimension(
            records.filter(pl.col("listing_slug").is_not_null())
            .select("listing_slug", "listing_name", "source_format")
            .unique("listing_slug", keep="first", maintain_order=True)
        ),
        **abstract_tables(texts, vocabulary),
        "record_authors": _authors(records).select(BATCH_SCHEMAS["record_authors"].names()),
        "record_affiliations": record_affiliations(affiliations),
        "organization_spellings": _organization_spellings(records, affiliations),
        "record_tags": record_tags,
        "record_links": record_links(records),
        "leaderboard_results": leaderboard["leaderboard_results"],
        "tags": pl.concat(
            [
                leaderboard["tags"],
                # Tags of the vocabulary are in the frame above: these are keywords of their
                # own (sources' and authors' wording) and arXiv categories.
                record_tags.select(
                    "tag_slug",
                    "tag_name",
                    "kind",
                    parent_slug=pl.lit(None, pl.String),
                    area_slug=pl.lit(None, pl.String),
                    is_source_keyword=pl.col("kind") == "keyword",
                ),
            ]
        ).unique("tag_slug", keep="first", maintain_order=True),
    }
    for name, frame in tables.items():
        actual = frame.collect_schema()
        if actual != BATCH_SCHEMAS[name]:
            raise TypeError(
                f"normalized table {name} has schema {actual}, expected {BATCH_SCHEMAS[name]}"
            )
    return NormalizedBatch(
        tables=tables,
        rejects=pl.concat([rejects.cast(dict(REJECT_SCHEMA)), value_rejects]),
    )
