"""Identity: identifiers normalised the same way for every source, stable keys computed from
content, and the one rule set that decides which records are one paper.

The rules (resolve_papers), the same within a run and against what is published:
1. Records sharing a strong identifier (arXiv id, DOI, ACL Anthology id, OpenReview id,
   Papers with Code id, or the URL of the paper itself) are one paper, transitively.
2. Two groups sharing a weak identifier merge only when nothing says they differ: a title
   key merges groups whose years fit (the same year, or a venue's year and the preprint
   before it) and whose distinct identifiers agree; an abstract fingerprint merges groups
   whose distinct identifiers agree and whose titles do not differ. Merges are weighed one
   at a time against the groups as they stand, in an order set by the identifiers (never by
   the order of files or runs). A title shared by more than MAX_WEAK_GROUP groups
   ("Introduction") merges nothing.
3. Placeholders are no evidence: an abstract under PLACEHOLDER_ABSTRACT_CHARS characters
   once cleaned, or boilerplate ("Paper was withdrawn."), has no fingerprint; a title that
   is a citation marker (`[4]`), an author stub (`Parikh et al. '16`, `Smith et al.,
   Findings of ACL 2021`) or boilerplate (`Untitled`, `Withdrawn`) has no title key; a URL
   in a title field is an identifier (arXiv, DOI, ACL Anthology ...), not a title.
   Identifiers are read with the markup around them taken off (etl.transform.markup).
4. Published papers take part as groups of their known identifiers (paper_identifiers). Two
   published papers are never merged: a record that links two of them is attached to the
   one it shares its strongest identifier with, and the pair is a merge candidate. (Papers
   of the same authors with near-identical abstracts are candidates too, found after
   publish: sql/publish/retitled_candidates.sql.)
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import polars as pl

from etl.contracts import (
    FINGERPRINT_HEX_DIGITS,
    IDENTIFIER_KINDS,
    KEY_PREFIXES,
    MATCH_EVIDENCE,
    MEMBER_SCHEMA,
    PLACEHOLDER_ABSTRACT_CHARS,
    RAW_RECORD_SCHEMA,
    STRONG_IDENTIFIER_KINDS,
    Resolution,
)
from etl.transform.repos import CODE_HOSTS, HUGGING_FACE_HOSTS
from etl.transform.text import unicode_normalized

# Identifiers that name one paper: records sharing any of them are the same paper.
STRONG_IDS = STRONG_IDENTIFIER_KINDS
# Of those, the ones two different papers never share: two groups holding different values
# of one kind are different papers. A paper may be reachable at several URLs, so different
# URLs do not make different papers.
DISTINCT_IDS = tuple(kind for kind in STRONG_IDS if kind != "paper_url")
# Identifiers that make two groups one paper only when nothing says they differ.
WEAK_IDS = tuple(kind for kind in IDENTIFIER_KINDS if kind not in STRONG_IDS)
# What paper_sources.match_evidence says for each kind of identifier.
EVIDENCE = dict(zip(IDENTIFIER_KINDS, MATCH_EVIDENCE, strict=True))
# Groups sharing one title with more groups than this are not merged through it: a title
# such as "Introduction" or "Erratum" says nothing about identity.
MAX_WEAK_GROUP = 4
MAX_RESOLUTION_ROUNDS = 10
# A venue's year is the year of its proceedings; the paper's preprint is often a year older.
VENUE_YEAR_SLACK = 1

# Boilerplate a source puts where an abstract or title should be.
_PLACEHOLDER_ABSTRACT = (
    r"(?i)^(?:(?:this|the) (?:paper|article|submission|manuscript|work) (?:has been|was|is) "
    r"withdrawn|(?:paper|article|submission) (?:has been |was )?withdrawn|withdrawn\b|"
    r"no abstract|abstract (?:not available|unavailable)|placeholder\b)"
)
_PLACEHOLDER_TITLE = (
    r"(?i)^(?:untitled|placeholder|tbd|tba|n/?a|none|null|unknown|no title|title|"
    r"anonymous|paper|preprint|part of|withdrawn|"
    r"(?:paper|article|submission|manuscript)\s+(?:(?:has been|was|is)\s+)?withdrawn|"
    r"withdrawn\s+(?:paper|article|submission|manuscript))$"
    # A notice in a title's place: `This paper has been withdrawn by the authors ...`.
    r"|^(?:this|the)\s+(?:paper|article|submission|manuscript|work)\s+"
    r"(?:has\s+been|was|is)\s+withdrawn\b"
)
# A year as citations write it: '16, '16b, 2020, (2020), ICLR 2020, ACL'19, EMNLP-IJCNLP 2019.
_CITATION_YEAR = (
    r"(?:[A-Z][A-Za-z]*(?:-[A-Z][A-Za-z]*)*\s*)?'?\s?(?:\d{2}|\(?(?:19|20)\d{2}\)?)[a-z]?"
)
_APOSTROPHE_YEAR = r"'\s?\d{2}[a-z]?"
_SURNAME = r"\p{Lu}[\p{L}'\-]*"
# Several surnames: `Feldman and El-Yaniv`, `Qi, Lee, Sido, and Manning`, `Munkhdalai & Yu`.
_SURNAMES = (
    rf"{_SURNAME}(?:\s*,\s*(?:and\s+)?{_SURNAME}|\s+(?:and|&)\s+{_SURNAME}|\s*&\s*{_SURNAME})+"
)
# A venue of a few words before a stub's year: `Findings of ACL 2021`, `NeurIPS 2021`.
_VENUE_WORDS = r"(?:[\p{L}][\p{L}&\-]*\s+){1,6}"
# Who and when, not what: `Parikh et al. '16`, `Li, Li, Shang, et al. 2020`, `Qi et al.,
# EMNLP-IJCNLP 2019`, `Smith et al., Findings of ACL 2021`, `Smith et al.`; `Feldman and
# El-Yaniv, ACL'19`, `Qi, Lee, Sido, and Manning. 2020`, `Nie and Bansal '17`; `Anonymous
# '18`, `Smith, 2019`.
_AUTHOR_STUB = (
    r"^(?:[\p{L}'\-.,\s]+\bet\.?\s*al\b\.?(?:,?\s*"
    + rf"(?:{_VENUE_WORDS}'?\s?(?:\d{{2}}|\(?(?:19|20)\d{{2}}\)?)[a-z]?|{_CITATION_YEAR}))?"
    + rf"|{_SURNAMES}(?:\s*[,.]\s*{_CITATION_YEAR}|\s+{_APOSTROPHE_YEAR})"
    + rf"|{_SURNAME}(?:\s+{_APOSTROPHE_YEAR}|,\s*\(?(?:19|20)\d{{2}}[a-z]?\)?))$"
)
# A link, perhaps with stray punctuation around it: `https://x.org/a`, `) https://x.org/a`.
_URL_TEXT = r"(?i)^[^\p{L}\p{N}]*(?:https?://|www\.)\S+$"


def _sha256_prefix(values: pl.Series) -> pl.Series:
    # Polars' own hash is documented as unstable across versions; keys stored in a
    # warehouse must not change when the library does, so sha256 it is.
    return pl.Series(
        [
            None if v is None else hashlib.sha256(v.encode()).hexdigest()[:FINGERPRINT_HEX_DIGITS]
            for v in values
        ],
        dtype=pl.String,
    )


def stable_digest(text: pl.Expr) -> pl.Expr:
    """sha256 of the UTF-8 text, first 32 hex digits; the same on every machine and version."""
    return text.map_batches(_sha256_prefix, return_dtype=pl.String, is_elementwise=True)


# The raw record columns that say where a record sits, not what it says (and the digest of
# its line, which stands for what it says).
_PROVENANCE_COLUMNS = ("source_file", "source_sha256", "source_format", "record", "line")
_NOT_CONTENT = (*_PROVENANCE_COLUMNS, "line_digest")


def content_digest() -> pl.Expr:
    """Digest of everything a raw record says but where it sits: the same record in the next
    version of its file has the same digest, however the rest of the file changed."""
    content = [c for c in RAW_RECORD_SCHEMA if c not in _NOT_CONTENT]
    return stable_digest(pl.struct(content).struct.json_encode())


def with_record_digest(raw: pl.DataFrame) -> pl.DataFrame:
    """The raw records with their record_digest: the digest of the record's line where its
    reader gave one (a record that is a whole line says all it says there; the line's digest
    is had before it is parsed, so that a reader can pass over the unchanged lines of a file
    read again), else content_digest(), computed for those records only (it costs as much
    as parsing them)."""
    lined = raw["line_digest"].is_not_null()
    if lined.all():
        return raw.with_columns(record_digest=pl.col("line_digest"))
    if not lined.any():
        return raw.with_columns(record_digest=content_digest())
    rows = raw.with_row_index("row")
    return (
        pl.concat(
            [
                rows.filter(lined).with_columns(record_digest=pl.col("line_digest")),
                rows.filter(~lined).with_columns(record_digest=content_digest()),
            ]
        )
        .sort("row")
        .drop("row")
    )


def normalized_for_fingerprint(text: pl.Expr) -> pl.Expr:
    """Letters and digits only, lowercased, accents dropped: what survives any re-typesetting."""
    return (
        unicode_normalized(text, "NFKD")
        .str.to_lowercase()
        .str.replace_all(r"[^\p{L}\p{N}]+|\p{M}+", "")
    )


def is_placeholder_abstract(clean: pl.Expr) -> pl.Expr:
    """Whether a clean abstract is a stub or boilerplate rather than an abstract."""
    return (clean.str.len_chars() < PLACEHOLDER_ABSTRACT_CHARS) | clean.str.contains(
        _PLACEHOLDER_ABSTRACT
    )


def title_placeholder_kind(clean: pl.Expr) -> pl.Expr:
    """Why a clean title is not a title, or null when it is one: `url` (a link in the title
    field), `citation` (markers such as `[4]` or `[13] [code]`), `author-stub` (`Parikh et
    al. '16`) or `boilerplate` (`Untitled`)."""
    unbracketed = clean.str.replace_all(r"\[[^\]]*\]", "").str.replace_all(r"[^\p{L}]", "")
    # Boilerplate before citations: `[Withdrawn]` is a notice in brackets, not a marker.
    return (
        pl.when(clean.str.contains(_URL_TEXT))
        .then(pl.lit("url"))
        .when(clean.str.replace_all(r"^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$", "").str.contains(
            _PLACEHOLDER_TITLE
        ))
        .then(pl.lit("boilerplate"))
        .when(unbracketed.str.len_chars() < 2)
        .then(pl.lit("citation"))
        .when(clean.str.contains(_AUTHOR_STUB))
        .then(pl.lit("author-stub"))
    )  # fmt: skip


def abstract_fingerprint(abstract: pl.Expr) -> pl.Expr:
    return stable_digest(normalized_for_fingerprint(abstract))


def arxiv_id(value: pl.Expr) -> pl.Expr:
    """`2405.15738v2`, `arXiv:2405.15738`, `https://arxiv.org/abs/2405.15738v1`,
    `hep-th/9901001v3` -> the id without version; null when there is none. The id's first
    four digits are the year and month it was given: `2500.00001` (month 00) is none."""
    return value.str.extract(
        rf"(?i)(?:^|arxiv:\s*|arxiv\.org/(?:abs|pdf)/)(\d\d{_MONTH}\.\d{{4,5}}|"
        rf"[a-z\-]+(?:\.[A-Za-z]{{2}})?/\d\d{_MONTH}\d{{3}})(?:v\d+)?(?:\.pdf)?/?$",
        1,
    )


# The two digits of a month, 01-12.
_MONTH = r"(?:0[1-9]|1[0-2])"


def doi(value: pl.Expr) -> pl.Expr:
    """`https://doi.org/10.1103/PhysRevD.76.013009` -> `10.1103/physrevd.76.013009`."""
    return (
        value.str.strip_chars()
        .str.replace(r"(?i)^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", "")
        .str.to_lowercase()
        .str.extract(r"^(10\.\d{4,9}/\S+)$", 1)
    )


def doi_in_url(url: pl.Expr) -> pl.Expr:
    """The DOI a publisher's page URL carries in its path
    (`https://link.springer.com/article/10.1186/2193-1801-2-526`,
    `https://dl.acm.org/doi/10.1145/3292500.3330701`), lowercase; null when none."""
    return (
        url.str.replace(r"[?#].*$", "")
        .str.extract(r"(?i)^https?://[^/]+/(?:.*/)?(10\.\d{4,9}/[^\s]+?)(?:\.pdf)?/?$", 1)
        .str.to_lowercase()
    )


def acl_id(url: pl.Expr) -> pl.Expr:
    """The ACL Anthology id of an anthology URL: `D17-1120` from
    `http://aclweb.org/anthology/D17-1120` or `.../anthology/E/E17/E17-1010.pdf`,
    `2020.acl-main.1` from `https://aclanthology.org/2020.acl-main.1.pdf`; null otherwise."""
    path = url.str.extract(
        r"(?i)^(?:https?://)?(?:www\.)?(?:aclweb\.org/anthology|aclanthology\.(?:org|info)"
        r"(?:/papers)?)/(.+?)/?$",
        1,
    ).str.replace(r"(?i)\.pdf$", "")
    old_style = path.str.extract(r"(?i)(?:^|/)([a-z]\d{2}-\d{4})(?:/|$)", 1).str.to_uppercase()
    new_style = path.str.extract(r"(?i)^(\d{4}\.[a-z0-9\-]+\.\d+)$", 1).str.to_lowercase()
    return pl.coalesce(old_style, new_style)


def openreview_id(value: pl.Expr) -> pl.Expr:
    """An OpenReview forum id, also out of a forum URL (`...forum?id=0JzWiigkUy`)."""
    return value.str.extract(r"(?:[?&]id=)?([A-Za-z0-9_\-]{5,})$", 1)


def openreview_id_in_url(url: pl.Expr) -> pl.Expr:
    """The forum id of an openreview.net forum or PDF URL; null for any other URL."""
    return url.str.extract(r"(?i)^https?://(?:www\.)?openreview\.net/\S*?[?&]id=([\w\-]+)", 1)


def pwc_id(value: pl.Expr) -> pl.Expr:
    """A Papers with Code paper slug, also out of its URL (`.../paper/<slug>`)."""
    return value.str.extract(r"(?:paperswithcode\.com/paper/)?([a-z0-9][a-z0-9\-]*)/?$", 1)


def pwc_id_in_url(url: pl.Expr) -> pl.Expr:
    """The paper slug of a paperswithcode.com paper page URL; null for any other URL."""
    return url.str.extract(
        r"(?i)^https?://(?:www\.)?paperswithcode\.com/papers?/([a-z0-9][a-z0-9\-]*)/?(?:[?#].*)?$",
        1,
    )


def document_url(url: pl.Expr) -> pl.Expr:
    """The paper's own page or PDF as an identifier, `host/path` (lowercase host without
    `www`, no scheme, no trailing slash; a PDF's query string dropped): null for a site's
    front page, a code repository or a Hugging Face page, which name no paper."""
    host = url.str.extract(r"(?i)^https?://(?:www\.)?([^/?#:]+)", 1).str.to_lowercase()
    path = url.str.extract(r"(?i)^https?://[^/?#]+(/[^?#]*)", 1).str.replace(r"/+$", "")
    query = url.str.extract(r"^[^?#]*(\?[^#]*)", 1)
    keeps_query = query.is_not_null() & ~path.str.contains(r"(?i)\.pdf$")
    is_page = (
        host.is_not_null()
        & path.is_not_null()
        & (path != "")
        & ~host.is_in((*CODE_HOSTS, *HUGGING_FACE_HOSTS, "raw.githubusercontent.com"))
    )
    return pl.when(is_page).then(
        host + path + pl.when(keeps_query).then(query).otherwise(pl.lit(""))
    )


def name_key(name: pl.Expr) -> pl.Expr:
    """A name compared loosely: accents dropped, lowercase, punctuation and runs of spaces
    as one space (`Zoë  O'Neil` -> `zoe o neil`)."""
    return (
        unicode_normalized(name, "NFKD")
        .str.replace_all(r"\p{M}+", "")
        .str.to_lowercase()
        .str.replace_all(r"[^\p{L}\p{N}]+", " ")
        .str.strip_chars()
    )


def title_key(title: pl.Expr) -> pl.Expr:
    """Letters and digits of the clean title, lowercased, accents dropped; null if none."""
    key = normalized_for_fingerprint(title)
    return pl.when(key.str.len_chars() > 0).then(key)


def year_range(published_on: pl.Expr, precision: pl.Expr) -> dict[str, pl.Expr]:
    """`year_low` and `year_high`: the years a record's paper may carry in another source.
    A day or month is its own year; a venue's year (precision `year`) also admits the year
    before it, when the preprint came out."""
    year = published_on.dt.year().cast(pl.Int32)
    slack = pl.when(precision == "year").then(pl.lit(VENUE_YEAR_SLACK)).otherwise(pl.lit(0))
    return {"year_low": (year - slack).cast(pl.Int32), "year_high": year}


def listing_slug(name: pl.Expr) -> pl.Expr:
    """`NeurIPS 2025 Papers` -> `neurips-2025-papers`; a name with no ASCII letters or digits
    gets `listing-<digest>` so that it still has a usable key."""
    ascii_slug = (
        unicode_normalized(name, "NFKD")
        .str.to_lowercase()
        .str.replace_all(r"[^a-z0-9]+", "-")
        .str.strip_chars("-")
    )
    return (
        pl.when(ascii_slug == "")
        .then(pl.lit("listing-") + stable_digest(name).str.slice(0, 12))
        .otherwise(ascii_slug)
    )


# Resolution ---------------------------------------------------------------------------------
# Members (etl.contracts.MEMBER_SCHEMA) in, a Resolution (etl.contracts) out.


def _min_label_over(label: str, key: str) -> pl.Expr:
    return (
        pl.when(pl.col(key).is_not_null())
        .then(pl.col(label).min().over(key))
        .otherwise(pl.col(label))
    )


def _propagate(frame: pl.DataFrame, keys: tuple[str, ...]) -> pl.DataFrame:
    """Give every row the smallest label of any row it shares a key with, transitively."""
    for _ in range(MAX_RESOLUTION_ROUNDS * 10):
        before = frame["label"]
        for key in keys:
            frame = frame.with_columns(label=_min_label_over("label", key))
        if frame["label"].equals(before):
            return frame
    raise RuntimeError("identity resolution did not converge")


def _direct_links(frame: pl.DataFrame, labels: pl.Series) -> pl.DataFrame:
    """For the records in `labels`: each published paper they share a strong identifier
    with, and the strongest kind shared (`strength`, index into STRONG_IDS)."""
    inside = frame.filter(pl.col("label").is_in(labels.implode()))
    records = inside.filter(pl.col("published_paper").is_null())
    published = inside.filter(pl.col("published_paper").is_not_null())
    links = []
    for strength, kind in enumerate(STRONG_IDS):
        links.append(
            records.select("member", "label", kind)
            .drop_nulls(kind)
            .join(published.select(kind, "published_paper").drop_nulls(kind), on=kind)
            .select("member", "label", "published_paper", strength=pl.lit(strength))
        )
    return (
        pl.concat(links)
        .group_by("member", "label", "published_paper")
        .agg(pl.col("strength").min())
    )


def _split_bridges(frame: pl.DataFrame) -> tuple[pl.DataFrame, list[dict]]:
    """Groups holding several published papers (a record names two of them): every
    published paper keeps its own group; a record goes to the paper it shares its strongest
    identifier with, a record with no identifier of a published paper follows the records it
    shares one with (else the group's strongest link), and every pair of published papers a
    record linked is a merge candidate."""
    papers_per_label = (
        frame.filter(pl.col("published_paper").is_not_null())
        .group_by("label")
        .agg(pl.col("published_paper").n_unique().alias("papers"))
    )
    bridged = papers_per_label.filter(pl.col("papers") > 1)["label"]
    if bridged.is_empty():
        return frame, []
    in_bridged = pl.col("label").is_in(bridged.implode())
    links = _direct_links(frame, bridged)
    ranked = links.sort("strength", "published_paper", "member")
    choice = ranked.group_by("member", maintain_order=True).first()
    strongest = ranked.group_by("label", maintain_order=True).first()
    candidates = (
        links.join(choice.select("member", chosen="published_paper"), on="member")
        .filter(pl.col("published_paper") != pl.col("chosen"))
        .sort("member", "strength", "published_paper")
        .select(
            paper="chosen",
            other_paper="published_paper",
            evidence=pl.col("strength").replace_strict(
                dict(enumerate(EVIDENCE[kind] for kind in STRONG_IDS)), return_dtype=pl.String
            ),
            member="member",
        )
        .to_dicts()
    )
    # Each published paper's rows get a label of their own; records follow their choice.
    paper_labels = (
        frame.filter(in_bridged & pl.col("published_paper").is_not_null())
        .group_by("published_paper")
        .agg(new_label=pl.col("member").min())
    )
    records = (
        frame.filter(in_bridged & pl.col("published_paper").is_null())
        .join(choice.select("member", chosen="published_paper"), on="member", how="left")
        .join(paper_labels, left_on="chosen", right_on="published_paper", how="left")
    )
    for _ in range(MAX_RESOLUTION_ROUNDS * 10):
        before = records["new_label"]
        for key in STRONG_IDS:
            shared = pl.col("new_label").min().over(key)
            records = records.with_columns(
                new_label=pl.coalesce("new_label", pl.when(pl.col(key).is_not_null()).then(shared))
            )
        if records["new_label"].equals(before):
            break
    records = (
        records.join(strongest.select("label", fallback="published_paper"), on="label")
        .join(
            paper_labels.rename({"published_paper": "fallback", "new_label": "fallback_label"}),
            on="fallback",
        )
        .select("member", new_label=pl.coalesce("new_label", "fallback_label"))
    )
    relabelled = (
        frame.join(pl.concat([records, _paper_labels_of_rows(frame, in_bridged, paper_labels)]),
                   on="member", how="left")
        .with_columns(label=pl.when(in_bridged).then(pl.col("new_label")).otherwise(pl.col("label")))
        .drop("new_label")
    )  # fmt: skip
    return relabelled, candidates


def _paper_labels_of_rows(
    frame: pl.DataFrame, in_bridged: pl.Expr, paper_labels: pl.DataFrame
) -> pl.DataFrame:
    """The new label of each published identifier row of a bridged group: its paper's."""
    return (
        frame.filter(in_bridged & pl.col("published_paper").is_not_null())
        .join(paper_labels, on="published_paper")
        .select("member", "new_label")
    )


@dataclass
class _Group:
    """What a group of records says about itself, for deciding weak merges."""

    distinct: dict[str, set[int]]
    titles: set[int]
    years: set[tuple[int, int]]
    paper: int | None
    members: set[int]


def _group_facts(frame: pl.DataFrame, labels: pl.Series) -> dict[int, _Group]:
    facts = (
        frame.filter(pl.col("label").is_in(labels.implode()))
        .group_by("label")
        .agg(
            *(pl.col(k).drop_nulls().unique().alias(k) for k in DISTINCT_IDS),
            pl.col("title_key").drop_nulls().unique().alias("titles"),
            # The years of the records that carry a title: what tells two papers of one
            # title apart (a published paper keeps them on its title keys).
            pl.struct("year_low", "year_high")
            .filter(pl.col("year_low").is_not_null() & pl.col("title_key").is_not_null())
            .unique()
            .alias("years"),
            pl.col("published_paper").drop_nulls().first().alias("paper"),
            pl.col("member").filter(pl.col("published_paper").is_null()).alias("records"),
        )
    )
    return {
        row["label"]: _Group(
            distinct={k: set(row[k]) for k in DISTINCT_IDS},
            titles=set(row["titles"]),
            years={(y["year_low"], y["year_high"]) for y in row["years"]},
            paper=row["paper"],
            members=set(row["records"]),
        )
        for row in facts.iter_rows(named=True)
    }


def _distinct_ids_agree(a: _Group, b: _Group) -> bool:
    return all(not a.distinct[k] or not b.distinct[k] or a.distinct[k] & b.distinct[k]
               for k in DISTINCT_IDS)  # fmt: skip


def _years_fit(a: _Group, b: _Group) -> bool:
    return (
        not a.years
        or not b.years
        or any(
            low <= b_high and b_low <= high for low, high in a.years for b_low, b_high in b.years
        )
    )


def _group_names(frame: pl.DataFrame) -> pl.DataFrame:
    """Per label, the name its paper would have: (the index of its strongest kind of
    identifier, the smallest code of that kind). The same records make the same name whether
    they were loaded in one run or several (codes sort as the values do)."""
    smallest = frame.group_by("label").agg(pl.col(kind).min() for kind in IDENTIFIER_KINDS)
    return smallest.select(
        "label",
        name_kind=pl.coalesce(
            pl.when(pl.col(kind).is_not_null()).then(pl.lit(index))
            for index, kind in enumerate(IDENTIFIER_KINDS)
        ),
        name_code=pl.coalesce(*IDENTIFIER_KINDS),
    )  # fmt: skip


def _before(left: tuple[str, ...], right: tuple[str, ...]) -> pl.Expr:
    """Whether the columns `left` sort before the columns `right`, compared in order."""
    earlier = pl.lit(False)
    for column, other in reversed(list(zip(left, right, strict=True))):
        earlier = (pl.col(column) < pl.col(other)) | ((pl.col(column) == pl.col(other)) & earlier)
    return earlier


def _weak_edges(frame: pl.DataFrame) -> pl.DataFrame:
    """Pairs of groups sharing a weak value, with at least one record between them (two
    published papers are never merged), in an order that does not depend on how the files
    came: title edges first, then by the names of the two groups (the better named first).
    A title shared by more than MAX_WEAK_GROUP groups ("Introduction") links none; an abstract
    (placeholders have no fingerprint) links every group that has it to the best named one."""
    names = _group_names(frame)
    has_record = frame.group_by("label").agg(has_record=pl.col("published_paper").is_null().any())
    groups = names.join(has_record, on="label")
    edges = []
    for order, kind in enumerate(WEAK_IDS):
        labels = (
            frame.filter(pl.col(kind).is_not_null())
            .select(kind, "label")
            .unique()
            .join(groups, on="label")
            .filter(pl.len().over(kind) > 1)
        )
        if kind == "title_key":
            labels = labels.filter(pl.len().over(kind) <= MAX_WEAK_GROUP)
            pairs = labels.join(labels, on=kind, suffix="_other")
        else:
            first = labels.sort("name_kind", "name_code", "label").group_by(kind).first()
            pairs = first.join(labels, on=kind, suffix="_other")
        edges.append(
            pairs.filter(
                _before(
                    ("name_kind", "name_code", "label"),
                    ("name_kind_other", "name_code_other", "label_other"),
                )
            ).select(
                "name_kind", "name_code", "name_kind_other", "name_code_other",
                left="label", right="label_other", kind=pl.lit(kind), value=kind,
                order=pl.lit(order),
                has_record=pl.col("has_record") | pl.col("has_record_other"),
            )
        )  # fmt: skip
    return (
        pl.concat(edges)
        .filter("has_record")
        .unique(["left", "right", "kind"])
        .sort("order", "name_kind", "name_code", "name_kind_other", "name_code_other")
        .select("left", "right", "kind", "value")
    )


def _merge_weak(frame: pl.DataFrame) -> tuple[pl.DataFrame, list[dict]]:
    """Apply the weak rules edge by edge (union-find), each merge checked against the groups
    as they stand, so that A-B and B-C never join A and C when A and C differ."""
    edges = _weak_edges(frame)
    if edges.is_empty():
        return frame, []
    involved = pl.concat([edges["left"], edges["right"]]).unique()
    groups = _group_facts(frame, involved)
    # The records holding each weak value an edge is made of: who links two papers.
    holders: dict[tuple[str, int], set[int]] = {}
    records = frame.filter(pl.col("label").is_in(involved.implode()))
    for kind in WEAK_IDS:
        held = (
            records.filter(pl.col("published_paper").is_null())
            .filter(pl.col(kind).is_in(edges.filter(pl.col("kind") == kind)["value"].implode()))
            .group_by(kind)
            .agg("member")
        )
        for value, members in held.iter_rows():
            holders[(kind, value)] = set(members)
    parent = {label: label for label in groups}

    def root(label: int) -> int:
        while parent[label] != label:
            parent[label] = parent[parent[label]]
            label = parent[label]
        return label

    candidates = []
    for left, right, kind, value in edges.iter_rows():
        a_label, b_label = root(left), root(right)
        if a_label == b_label:
            continue
        a, b = groups[a_label], groups[b_label]
        fits = _distinct_ids_agree(a, b) and (
            _years_fit(a, b)
            if kind == "title_key"
            else not (a.titles and b.titles) or bool(a.titles & b.titles)
        )
        if not fits:
            continue
        if a.paper is not None and b.paper is not None and a.paper != b.paper:
            # A record agrees with two published papers: review, never merge silently.
            kept, other = (a, b) if a.members else (b, a)
            linking = kept.members & holders.get((kind, value), set())
            if linking:
                candidates.append(
                    {
                        "paper": kept.paper,
                        "other_paper": other.paper,
                        "evidence": EVIDENCE[kind],
                        "member": min(linking),
                    }
                )
            continue
        keep, gone = min(a_label, b_label), max(a_label, b_label)
        parent[gone] = keep
        kept, other = groups[keep], groups[gone]
        for k in DISTINCT_IDS:
            kept.distinct[k] |= other.distinct[k]
        kept.titles |= other.titles
        kept.years |= other.years
        kept.paper = kept.paper if kept.paper is not None else other.paper
        kept.members |= other.members
    mapping = pl.DataFrame(
        {"label": list(parent), "merged": [root(label) for label in parent]},
        schema={"label": pl.Int64, "merged": pl.Int64},
    )
    merged = (
        frame.join(mapping, on="label", how="left")
        .with_columns(label=pl.coalesce("merged", "label"))
        .drop("merged")
    )
    return merged, candidates


def _evidence(frame: pl.DataFrame) -> pl.Expr:
    """Per member: the strongest kind of identifier it shares with another member of its
    group; for a member that shares none (a paper's only record), its strongest kind."""
    shared = [
        pl.when(pl.col(kind).is_not_null() & (pl.len().over("label", kind) > 1)).then(
            pl.lit(EVIDENCE[kind])
        )
        for kind in IDENTIFIER_KINDS
    ]
    own = [
        pl.when(pl.col(kind).is_not_null()).then(pl.lit(EVIDENCE[kind]))
        for kind in IDENTIFIER_KINDS
    ]
    return pl.coalesce(*shared, *own)


def resolve_papers(members: pl.DataFrame) -> Resolution:
    """Group records into papers by the rules of this module (see its docstring).

    `members` (MEMBER_SCHEMA): one row per record (`published_paper` null; `member` its
    precedence, smallest first) and one per identifier a published paper is known by
    (`published_paper` set, one identifier column filled). Identifiers are integer codes
    that sort as the values do (what the database sends for millions of records: ints take
    a fraction of the memory); a paper is named by its strongest kind of identifier, the
    smallest value when it has several. Eager, on identifiers only, never on abstracts.
    """
    frame = members.select(MEMBER_SCHEMA.names()).with_columns(label=pl.col("member"))
    frame = _propagate(frame, (*STRONG_IDS, "published_paper"))
    frame, bridge_candidates = _split_bridges(frame)
    weak_candidates = []
    for _ in range(MAX_RESOLUTION_ROUNDS):
        before = frame["label"]
        frame, found = _merge_weak(frame)
        weak_candidates.extend(found)
        if frame["label"].equals(before):
            break
    frame = frame.with_columns(
        paper=pl.col("published_paper").max().over("label"),
        evidence=_evidence(frame),
    )
    records = frame.filter(pl.col("published_paper").is_null())
    holders = records.group_by("label").agg(
        *(pl.col("member").min_by(kind).alias(kind) for kind in IDENTIFIER_KINDS)
    )
    named = holders.select(
        "label",
        key_kind=pl.coalesce(
            *(pl.when(pl.col(k).is_not_null()).then(pl.lit(k)) for k in IDENTIFIER_KINDS)
        ),
        key_holder=pl.coalesce(*IDENTIFIER_KINDS),
    )
    assignment = (
        records.select("member", "label", "paper", "evidence")
        .join(named, on="label", how="left")
        .rename({"label": "group"})
        .sort("member")
    )
    candidates = pl.DataFrame(
        bridge_candidates + weak_candidates,
        schema={
            "paper": pl.Int64,
            "other_paper": pl.Int64,
            "evidence": pl.String,
            "member": pl.Int64,
        },
    ).unique(["paper", "other_paper"], keep="first", maintain_order=True)
    return Resolution(assignment=assignment, merge_candidates=candidates)


def resolve_identities(records: pl.DataFrame) -> pl.DataFrame:
    """`record_key` and `paper_key` of every record, resolved among themselves (nothing
    published): for previews and tests. `records` has `record_key`, the identifiers
    (IDENTIFIER_KINDS) as strings, `year_low` and `year_high`."""
    values = {
        kind: records[kind].cast(pl.String)
        if kind in records.columns
        else pl.Series(kind, [None] * records.height, dtype=pl.String)
        for kind in IDENTIFIER_KINDS
    }
    codes = {kind: values[kind].rank("dense").cast(pl.Int64) for kind in IDENTIFIER_KINDS}
    members = pl.DataFrame(
        {
            "member": pl.int_range(records.height, eager=True).cast(pl.Int64),
            "published_paper": pl.Series([None] * records.height, dtype=pl.Int64),
            **codes,
            "year_low": records["year_low"].cast(pl.Int32)
            if "year_low" in records.columns
            else pl.Series([None] * records.height, dtype=pl.Int32),
            "year_high": records["year_high"].cast(pl.Int32)
            if "year_high" in records.columns
            else pl.Series([None] * records.height, dtype=pl.Int32),
        }
    )
    assignment = resolve_papers(members).assignment
    holder_value = pl.DataFrame({"key_holder": members["member"], **values})
    named = assignment.join(holder_value, on="key_holder", how="left")
    paper_key = pl.coalesce(
        *(
            pl.when(pl.col("key_kind") == kind).then(
                pl.lit(prefix)
                + (stable_digest(pl.col(kind)) if kind == "title_key" else pl.col(kind))
            )
            for kind, prefix in KEY_PREFIXES.items()
        )
    )
    keyed = named.sort("member").with_columns(base_key=paper_key, record_key=records["record_key"])
    holders = keyed.select(key_holder="member", holder_record="record_key")
    # As etl.load.assemble names papers: the first group with a name keeps it, others get
    # the name and a digest of the record that holds it.
    firsts = (
        keyed.group_by("group")
        .agg(pl.col("base_key").first(), pl.col("member").min(), pl.col("key_holder").first())
        .sort("member")
        .join(holders, on="key_holder", how="left")
        .with_columns(nth=pl.int_range(pl.len()).over("base_key"))
        .select(
            "group",
            paper_key=pl.when(pl.col("nth") == 0)
            .then(pl.col("base_key"))
            .otherwise(pl.col("base_key") + "~" + _md5_prefix(pl.col("holder_record"))),
        )
    )
    return keyed.join(firsts, on="group", how="left", maintain_order="left").select(
        "record_key", "paper_key"
    )


def _md5_prefix(text: pl.Expr) -> pl.Expr:
    """First 8 hex digits of the md5 of the text: Postgres's `left(md5(text), 8)`."""
    return text.map_elements(
        lambda value: hashlib.md5(value.encode()).hexdigest()[:8], return_dtype=pl.String
    )
