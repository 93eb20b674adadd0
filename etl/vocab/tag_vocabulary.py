"""The topic tag vocabulary: tags.csv (Papers with Code tasks and research areas, built by
scripts/build_tag_vocabulary.py) and tag_keywords.csv (curated topics), read and checked here,
at the edge of a run, and handed to `etl.transform.tags.tag_papers` as a frame.

area_overrides.csv corrects the research areas tags bring, a row with its reason each: a
tag's area replaced (`tag_slug,area_slug`), taken away (`tag_slug,`), or, for an area's own
slug with no replacement, the area never given at all. Corrections live there, not in code
or in the generated tags.csv.

tag_merges.csv makes one tag of two that name one concept (pairs that
scripts/tag_duplicate_candidates.py lists, decided by a person, a reason each): the merged
tag's name and synonyms become synonyms of the kept one, its children the kept one's.

An empty cell is null: a tag with no synonyms, no parent or no research area.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

VOCABULARY_DIR = Path(__file__).resolve().parent
TAGS_CSV = VOCABULARY_DIR / "tags.csv"
TAG_KEYWORDS_CSV = VOCABULARY_DIR / "tag_keywords.csv"
AREA_OVERRIDES_CSV = VOCABULARY_DIR / "area_overrides.csv"
TAG_MERGES_CSV = VOCABULARY_DIR / "tag_merges.csv"
AREA_OVERRIDES_SCHEMA = pl.Schema(
    {"tag_slug": pl.String, "area_slug": pl.String, "reason": pl.String}
)
TAG_MERGES_SCHEMA = pl.Schema(
    {"merged_slug": pl.String, "kept_slug": pl.String, "reason": pl.String}
)

TAG_VOCABULARY_SCHEMA = pl.Schema(
    {
        "tag_slug": pl.String,
        "tag_name": pl.String,
        "kind": pl.String,
        "synonyms": pl.String,  # `|`-separated alternative surface forms
        "parent_slug": pl.String,
        "area_slug": pl.String,
    }
)
TAG_KINDS = ("task", "area", "keyword")
SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"


class TagVocabularyError(ValueError):
    """A vocabulary file that the tagger cannot trust; the message says which rows and why."""


def _read(path: Path) -> pl.DataFrame:
    try:
        return pl.read_csv(path, schema=TAG_VOCABULARY_SCHEMA, encoding="utf8")
    except (pl.exceptions.PolarsError, OSError) as error:
        raise TagVocabularyError(
            f"cannot read tag vocabulary {path}: {error}; it needs the columns "
            f"{', '.join(TAG_VOCABULARY_SCHEMA.names())}"
        ) from error


def _problems(vocabulary: pl.DataFrame) -> list[str]:
    """Every broken promise of the vocabulary, as `<what>: <offending values>`."""
    slugs = vocabulary["tag_slug"]
    areas = vocabulary.filter(pl.col("kind") == "area")["tag_slug"]
    checks = {
        "tag_slug is not lowercase ASCII words joined by '-'": ~slugs.str.contains(SLUG_PATTERN),
        "tag_slug appears twice": slugs.is_duplicated(),
        "tag_name is empty": vocabulary["tag_name"].fill_null("").str.strip_chars() == "",
        f"kind is not one of {', '.join(TAG_KINDS)}": ~vocabulary["kind"].is_in(TAG_KINDS),
        "parent_slug names no tag": vocabulary["parent_slug"].is_not_null()
        & ~vocabulary["parent_slug"].is_in(slugs.implode()),
        "area_slug names no area tag": vocabulary["area_slug"].is_not_null()
        & ~vocabulary["area_slug"].is_in(areas.implode()),
    }
    return _offended(vocabulary, checks, "tag_slug")


def _offended(frame: pl.DataFrame, checks: dict[str, pl.Series | pl.Expr], key: str) -> list[str]:
    """`<check>: <first five offending keys>` for every check some row of frame breaks (a
    null counts as broken)."""
    problems = []
    for problem, broken in checks.items():
        offenders = (
            frame.filter(broken.fill_null(True))[key].unique(maintain_order=True).head(5).to_list()
        )
        if offenders:
            problems.append(f"{problem}: {offenders}")
    return problems


def _override_problems(vocabulary: pl.DataFrame, overrides: pl.DataFrame) -> list[str]:
    """Every override that names no tag, no area, has no reason or is given twice."""
    areas = vocabulary.filter(pl.col("kind") == "area")["tag_slug"].implode()
    checks = {
        "area override names no tag": ~pl.col("tag_slug").is_in(vocabulary["tag_slug"].implode()),
        "area override's area_slug names no area tag": pl.col("area_slug").is_not_null()
        & ~pl.col("area_slug").is_in(areas),
        "area override has no reason": pl.col("reason").fill_null("").str.strip_chars() == "",
        "area override given twice": pl.col("tag_slug").is_duplicated(),
    }
    return _offended(overrides, checks, "tag_slug")


def _merge_problems(vocabulary: pl.DataFrame, merges: pl.DataFrame) -> list[str]:
    """Every merge that names no tag, merges a tag into itself or into a merged one, merges
    a tag twice or has no reason."""
    slugs = vocabulary["tag_slug"].implode()
    checks = {
        "merge names no merged tag": ~pl.col("merged_slug").is_in(slugs),
        "merge names no kept tag": ~pl.col("kept_slug").is_in(slugs),
        "merge keeps the tag it merges": pl.col("merged_slug") == pl.col("kept_slug"),
        "merge keeps a merged tag": pl.col("kept_slug").is_in(merges["merged_slug"].implode()),
        "tag merged twice": pl.col("merged_slug").is_duplicated(),
        "merge has no reason": pl.col("reason").fill_null("").str.strip_chars() == "",
    }
    return _offended(merges, checks, "merged_slug")


def tag_forms(vocabulary: pl.DataFrame) -> pl.DataFrame:
    """(tag_slug, form): each tag's name and each of its synonyms, as written."""
    return (
        vocabulary.select(
            "tag_slug",
            form=pl.concat_list("tag_name", pl.col("synonyms").fill_null("").str.split("|")),
        )
        .explode("form")
        .filter(pl.col("form") != "")
    )


def field_names(vocabulary: pl.DataFrame) -> pl.Series:
    """The names and synonyms of the vocabulary's topics (tasks, areas, keywords) as
    field_key writes them: what a field calls a kind of work, not what a paper names."""
    return tag_forms(vocabulary).select(field_key(pl.col("form")).unique())["form"]


def field_key(name: pl.Expr) -> pl.Expr:
    """A name in lower case with spaces and hyphens alike and no plural s."""
    return name.str.to_lowercase().str.replace_all(r"[\s\-]+", " ").str.replace(r"s$", "")


def _with_merges(vocabulary: pl.DataFrame, merges: pl.DataFrame) -> pl.DataFrame:
    """The vocabulary without the merged tags: their names and synonyms are the kept tags'
    synonyms, their children the kept tags' children."""
    forms = (
        tag_forms(vocabulary)
        .join(merges, left_on="tag_slug", right_on="merged_slug")
        .group_by("kept_slug")
        .agg(pl.col("form"))
    )
    merged = pl.col("tag_slug").is_in(merges["merged_slug"].implode())
    return (
        vocabulary.filter(~merged)
        .join(forms, left_on="tag_slug", right_on="kept_slug", how="left")
        .with_columns(
            synonyms=pl.concat_list(
                pl.col("synonyms").fill_null("").str.split("|"), pl.col("form").fill_null([])
            )
            .list.eval(pl.element().filter(pl.element() != ""))
            .list.unique(maintain_order=True)
            .list.set_difference(pl.concat_list("tag_name"))
            .list.join("|")
            .replace("", None),
            parent_slug=pl.col("parent_slug").replace(merges["merged_slug"], merges["kept_slug"]),
        )
        # A kept tag that was the merged one's child has no parent left.
        .with_columns(
            parent_slug=pl.when(pl.col("parent_slug") != pl.col("tag_slug")).then("parent_slug")
        )
        .drop("form")
    )


def _with_overrides(vocabulary: pl.DataFrame, overrides: pl.DataFrame) -> pl.DataFrame:
    """The vocabulary with each override's area in place of the tag's own; an area's slug
    overridden with none takes that area from every tag."""
    areas = vocabulary.filter(pl.col("kind") == "area")["tag_slug"]
    withdrawn = overrides.filter(
        pl.col("tag_slug").is_in(areas.implode()) & pl.col("area_slug").is_null()
    )["tag_slug"]
    per_tag = overrides.filter(~pl.col("tag_slug").is_in(withdrawn.implode()))
    overridden = pl.col("tag_slug").is_in(per_tag["tag_slug"].implode())
    replacement = pl.col("tag_slug").replace_strict(
        per_tag["tag_slug"], per_tag["area_slug"], default=None, return_dtype=pl.String
    )
    return vocabulary.with_columns(
        area_slug=pl.when(overridden)
        .then(replacement)
        .when(pl.col("area_slug").is_in(withdrawn.implode()))
        .then(None)
        .otherwise("area_slug")
    )


def _read_corrections(path: Path, schema: pl.Schema, what: str) -> pl.DataFrame:
    try:
        return pl.read_csv(path, schema=schema, encoding="utf8")
    except (pl.exceptions.PolarsError, OSError) as error:
        raise TagVocabularyError(
            f"cannot read {what} {path}: {error}; it needs the columns {', '.join(schema.names())}"
        ) from error


def load_tag_vocabulary(
    tags_csv: Path = TAGS_CSV,
    keywords_csv: Path = TAG_KEYWORDS_CSV,
    overrides_csv: Path = AREA_OVERRIDES_CSV,
    merges_csv: Path = TAG_MERGES_CSV,
) -> pl.DataFrame:
    """Both vocabulary files as one frame (TAG_VOCABULARY_SCHEMA), sorted by tag_slug, with
    the merges and the area overrides applied.

    Raises TagVocabularyError naming the files and the offending tags when a slug is
    malformed or repeated (across both files), a parent or area points nowhere, a merge or
    an override names no tag (an override no area) or gives no reason, or a merge keeps a
    tag it merges."""
    vocabulary = pl.concat([_read(tags_csv), _read(keywords_csv)]).sort("tag_slug")
    overrides = _read_corrections(overrides_csv, AREA_OVERRIDES_SCHEMA, "area overrides")
    merges = _read_corrections(merges_csv, TAG_MERGES_SCHEMA, "tag merges")
    problems = _problems(vocabulary) + _merge_problems(vocabulary, merges)
    if not problems:
        vocabulary = _with_merges(vocabulary, merges)
        problems = _override_problems(vocabulary, overrides)
    if problems:
        raise TagVocabularyError(
            f"tag vocabulary {tags_csv} + {keywords_csv} is inconsistent: "
            + "; ".join(problems)
            + ". Fix the keyword, merge or override file by hand, or rebuild tags.csv with "
            "scripts/build_tag_vocabulary.py."
        )
    return _with_overrides(vocabulary, overrides)
