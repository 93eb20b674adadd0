"""How well rule tags agree with the keywords sources attach to papers, and which recurring
source keywords the tag vocabulary lacks.

Sources attach keywords to papers: Hugging Face Daily Papers its `ai_keywords`, conference
lists the authors' keywords. This script reads the Daily Papers dumps and conference lists
under the shared data folder with the project's own readers, tags every abstract with the
rule tagger, and reports, per keyword origin:
- `in_vocabulary`: the share of keywords that are a tag's name or synonym (spelled alike:
  case, hyphens and a plural's `s` aside);
- `matched`: the share of keywords whose tag the rules gave the same paper;
- `matched_loosely`: the share whose words contain a rule tag's name of the paper or are
  contained in one ("preference optimization" and Direct Preference Optimization);
- `papers_agreeing`: the share of papers with keywords of which at least one is matched
  loosely.
With `--candidates FILE` it also writes the keywords the vocabulary lacks that at least
`--min-papers` papers carry, most carried first: candidate tags for a person to review and
commit to etl/vocab/tag_keywords.csv (a load never changes the vocabulary).

    .venv/bin/python scripts/tag_keyword_report.py ../shared/data --candidates candidates.tsv
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import polars as pl

from etl.extract import read_all
from etl.transform.tags import tag_papers
from etl.transform.text import clean_text
from etl.vocab import load_vocabulary
from etl.vocab.tag_vocabulary import tag_forms

_WORD = r"[a-z0-9]+"


def spelled_alike(text: pl.Expr) -> pl.Expr:
    """Lower case, words only, a plural's `s` dropped from words longer than three letters,
    a short form in brackets at the end left out: "Vision-Language Models (VLMs)" and "vision
    language model" meet."""
    return (
        text.str.replace(r"\s*\([^()]*\)\s*$", "")
        .str.to_lowercase()
        .str.extract_all(_WORD)
        .list.eval(
            pl.when(
                (pl.element().str.len_chars() > 3)
                & pl.element().str.ends_with("s")
                & ~pl.element().str.ends_with("ss")
            )
            .then(pl.element().str.slice(0, pl.element().str.len_chars() - 1))
            .otherwise(pl.element())
        )
        .list.join(" ")
    )


def vocabulary_forms(vocabulary: pl.DataFrame) -> pl.DataFrame:
    """(tag_slug, form): every tag's name and synonyms spelled alike."""
    return (
        tag_forms(vocabulary)
        .with_columns(form=spelled_alike(pl.col("form")))
        .filter(pl.col("form") != "")
        .unique()
    )


def keyword_agreement(
    keywords: pl.DataFrame, rule_tags: pl.DataFrame, vocabulary: pl.DataFrame
) -> tuple[dict[str, dict[str, float | int]], pl.DataFrame]:
    """The agreement figures per keyword origin, and every keyword with its form, its
    vocabulary tag (null when none) and whether a rule tag matched it.

    `keywords`: paper_key, keyword, origin; `rule_tags`: paper_key, tag_slug, tag_name."""
    forms = vocabulary_forms(vocabulary)
    tagged = rule_tags.select("paper_key", "tag_slug", tag_form=spelled_alike(pl.col("tag_name")))
    judged = (
        keywords.with_columns(form=spelled_alike(pl.col("keyword")))
        .filter(pl.col("form") != "")
        .join(forms.group_by("form").agg(pl.col("tag_slug").min()), on="form", how="left")
        .with_row_index("keyword_row")
    )
    by_paper = judged.join(tagged, on="paper_key", how="left", suffix="_rule")
    exact = by_paper.filter(pl.col("tag_slug") == pl.col("tag_slug_rule"))["keyword_row"]
    loose = by_paper.filter(
        pl.col("tag_form").is_not_null()
        & (
            pl.concat_str(pl.lit(" "), "form", pl.lit(" ")).str.contains(
                pl.concat_str(pl.lit(" "), "tag_form", pl.lit(" ")), literal=True
            )
            | pl.concat_str(pl.lit(" "), "tag_form", pl.lit(" ")).str.contains(
                pl.concat_str(pl.lit(" "), "form", pl.lit(" ")), literal=True
            )
        )
    )["keyword_row"]
    judged = judged.with_columns(
        in_vocabulary=pl.col("tag_slug").is_not_null(),
        matched=pl.col("keyword_row").is_in(exact.implode()),
        matched_loosely=pl.col("keyword_row").is_in(exact.append(loose).implode()),
    )
    figures: dict[str, dict[str, float | int]] = {}
    for origin, rows in sorted(judged.partition_by("origin", as_dict=True).items()):
        papers = rows.group_by("paper_key").agg(pl.col("matched_loosely").any())
        figures[str(origin[0])] = {
            "keywords": rows.height,
            "papers": papers.height,
            "in_vocabulary": round(rows["in_vocabulary"].mean() or 0.0, 3),
            "matched": round(rows["matched"].mean() or 0.0, 3),
            "matched_loosely": round(rows["matched_loosely"].mean() or 0.0, 3),
            "papers_agreeing": round(papers["matched_loosely"].mean() or 0.0, 3),
        }
    return figures, judged.drop("keyword_row")


def candidate_tags(judged: pl.DataFrame, min_papers: int) -> pl.DataFrame:
    """Keywords outside the vocabulary carried by at least min_papers papers: keyword (its
    most frequent spelling), papers, origins; most carried first."""
    return (
        judged.filter(~pl.col("in_vocabulary"))
        .group_by("form")
        .agg(
            keyword=pl.col("keyword").mode().sort().first(),
            papers=pl.col("paper_key").n_unique(),
            origins=pl.col("origin").unique().sort().str.join(","),
        )
        .filter(pl.col("papers") >= min_papers)
        .sort(["papers", "form"], descending=[True, False])
        .select("keyword", "papers", "origins")
    )


def _papers(shared: Path) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(paper_key, abstract) once a paper, and (paper_key, keyword, origin) once a keyword
    of a paper, from the Daily Papers dumps and conference lists."""
    paths = sorted((shared / "hf-daily").glob("*.json"))
    paths += sorted((shared / "paperlists").glob("*.json"))
    records, _, _ = read_all(paths)
    records = records.with_columns(
        paper_key=pl.coalesce(
            pl.concat_str(pl.lit("arxiv:"), "arxiv_id"),
            pl.concat_str(pl.lit("openreview:"), "openreview_id"),
            pl.concat_str(pl.lit("title:"), pl.col("title").str.to_lowercase()),
        )
    ).drop_nulls("paper_key")
    abstracts = (
        records.filter(pl.col("abstract_source").is_not_null())
        .unique("paper_key", keep="first", maintain_order=True)
        .select("paper_key", abstract=clean_text(pl.col("abstract_source")))
    )
    keywords = (
        records.select("paper_key", "keywords")
        .explode("keywords")
        .drop_nulls("keywords")
        .unnest("keywords")
        .select("paper_key", "keyword", "origin")
        .filter(pl.col("paper_key").is_in(abstracts["paper_key"].implode()))
        .unique()
    )
    return abstracts, keywords


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shared_data", type=Path, help="the shared data folder")
    parser.add_argument("--candidates", type=Path, help="write candidate tags (TSV) here")
    parser.add_argument("--min-papers", type=int, default=5)
    args = parser.parse_args()

    abstracts, keywords = _papers(args.shared_data)
    vocabulary = load_vocabulary()
    rule_tags = (
        tag_papers(abstracts.lazy(), vocabulary.tags.lazy(), vocabulary.measure_names)
        .filter(pl.col("kind") != "area")
        .select("paper_key", "tag_slug", "tag_name")
        .collect()
    )
    figures, judged = keyword_agreement(keywords, rule_tags, vocabulary.tags)
    print(json.dumps(figures, indent=2))
    if args.candidates:
        candidates = candidate_tags(judged, args.min_papers)
        candidates.write_csv(args.candidates, separator="\t")
        print(f"{candidates.height} candidate tags written to {args.candidates}")


if __name__ == "__main__":
    main()
