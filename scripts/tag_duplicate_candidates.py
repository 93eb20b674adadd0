"""List pairs of vocabulary tags that may name one concept, for a person to merge or keep.

Duplicates are decided from the vocabulary, not from hand-picked cases: two tags are a
candidate pair when, once spelled alike (lower case, hyphens as spaces, a plural's
`s` and a generic last word such as `generation` or `models` dropped), their names are the
same, the same but for case, punctuation or a plural (the key the transform gives a keyword,
etl.transform.tag_keys: "Music Auto-Tagging" and "Music Autotagging"), one's name is the
other's synonym, they share an acronym, or they are the same words in the same order but for
filler words ("Vision and Language Navigation" and "Vision-Language
Navigation", "Extractive Summarization" and "Extractive Text Summarization"; not "Image to
Text" and "Text to Image"). Each pair comes with the reason it was listed; the decision to
merge is a person's.

    .venv/bin/python scripts/tag_duplicate_candidates.py > /tmp/tag_pairs.tsv
"""

from __future__ import annotations

import argparse
import csv
import itertools
import re
import sys
from collections import defaultdict

import polars as pl

from etl.transform.tag_keys import tag_key
from etl.vocab.tag_vocabulary import load_tag_vocabulary

_GENERIC_LAST_WORDS = {"generation", "models", "model", "task", "tasks", "learning", "method"}
_WORD = re.compile(r"[a-z0-9]+")
# Words that change no concept between two names.
_FILLER_WORDS = {"and", "of", "the", "for", "with", "a", "an", "in", "on", "via"}


def _words(name: str) -> list[str]:
    words = _WORD.findall(name.lower().replace("-", " "))
    return [word[:-1] if len(word) > 3 and word.endswith("s") else word for word in words]


def _key(name: str) -> str:
    """A name spelled alike: "Text-To-Image" and "Text to Image Generation" meet."""
    words = _words(name)
    while len(words) > 2 and words[-1] in _GENERIC_LAST_WORDS:
        words = words[:-1]
    return " ".join(words)


def candidate_pairs(vocabulary: pl.DataFrame) -> list[dict[str, str]]:
    """One row a candidate pair of tags, the first slug sorted first, with the reason."""
    rows = vocabulary.filter(pl.col("kind") != "area").to_dicts()
    by_key: dict[str, set[str]] = defaultdict(set)
    by_acronym: dict[str, set[str]] = defaultdict(set)
    by_surface: dict[str, set[str]] = defaultdict(set)
    for row in rows:
        by_key[_key(row["tag_name"])].add(row["tag_slug"])
        for synonym in (row["synonyms"] or "").split("|"):
            if not synonym:
                continue
            if re.fullmatch(r"[A-Z][A-Za-z0-9+\-]*[A-Z0-9]", synonym):
                by_acronym[synonym].add(row["tag_slug"])
            by_surface[_key(synonym)].add(row["tag_slug"])
    reasons: dict[tuple[str, str], str] = {}

    def note(slugs: set[str], reason: str) -> None:
        for first, second in itertools.combinations(sorted(slugs), 2):
            reasons.setdefault((first, second), reason)

    for key, slugs in by_key.items():
        note(slugs, f"names spelled alike: {key!r}")
    keyed = vocabulary.filter(pl.col("kind") != "area").select(
        "tag_slug", key=tag_key(pl.col("tag_name"))
    )
    for key, slugs in keyed.group_by("key").agg("tag_slug").iter_rows():
        note(set(slugs), f"names alike but for case, punctuation or a plural: {key!r}")
    for acronym, slugs in by_acronym.items():
        note(slugs, f"same acronym {acronym}")
    for row in rows:
        for other in by_surface.get(_key(row["tag_name"]), set()) - {row["tag_slug"]}:
            note({row["tag_slug"], other}, f"{row['tag_name']!r} is a synonym of the other")
    by_core: dict[str, set[str]] = defaultdict(set)
    for row in rows:
        core = [word for word in _key(row["tag_name"]).split() if word not in _FILLER_WORDS]
        if len(core) > 1:
            by_core[" ".join(core)].add(row["tag_slug"])
    for core, slugs in by_core.items():
        note(slugs, f"same words but fillers: {core!r}")
    names = {row["tag_slug"]: row for row in rows}
    return [
        {
            "slug_a": first,
            "name_a": names[first]["tag_name"],
            "kind_a": names[first]["kind"],
            "slug_b": second,
            "name_b": names[second]["tag_name"],
            "kind_b": names[second]["kind"],
            "reason": reason,
        }  # fmt: skip
        for (first, second), reason in sorted(reasons.items())
    ]


def main() -> None:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    pairs = candidate_pairs(load_tag_vocabulary())
    writer = csv.DictWriter(
        sys.stdout,
        fieldnames=["slug_a", "name_a", "kind_a", "slug_b", "name_b", "kind_b", "reason"],
        delimiter="\t",
        lineterminator="\n",
    )
    writer.writeheader()
    writer.writerows(pairs)
    print(f"{len(pairs)} candidate pairs", file=sys.stderr)


if __name__ == "__main__":
    main()
