"""Topic tags for papers: names and synonyms from the tag vocabulary found in the clean abstract.

How a mention is found, all with vectorised Polars expressions (no Python per abstract):

1. Candidates: two Aho-Corasick passes over the abstract (`str.find_many`, overlapping):
   case-insensitive for names and synonyms, case-sensitive for acronyms (`RL`, `GAN`, `CoT`),
   so that `mt` never stands for `MT`. Hyphens count as spaces in both, so `few shot learning`
   finds `Few-Shot Learning` and `image-to-image translation` finds `Image-to-Image
   Translation`.
2. Word boundaries: a candidate inside a word (`MT` in `MTurk`, `RL` in `MARL`) is no mention.
   Nor is a hyphenated compound (`translation-invariant`, `self-distillation`): a name joined
   by a hyphen to a word is a modifier of something else, not the topic itself. Nor is a
   negated mention (`without reward models`, `w/o X`, `instead of X`), nor what the paper
   sets itself against by name or likens itself to (`unlike X`, `much like X`, `through the
   lens of X`), nor an example the abstract gives (`such as X`, `e.g., X and Y`, `including
   X`) unless only examples tag it (then its way is `example`).
3. Plurals: a name followed by `s` (or `es` after s, x, z, ch, sh) is the same topic:
   `knowledge graphs`, `GANs`. The vocabulary lists the singular of plural names as synonyms.
4. Specificity: a mention inside a longer one is dropped when it is strictly less specific:
   when both end at the same place (the shorter is the head of the longer: `Link Prediction`
   in `Temporal Link Prediction`, `Language Models` in `Large Language Models`), or when its
   tag is an ancestor of the longer one's tag in the vocabulary (`Reinforcement Learning` in
   `Reinforcement Learning from Human Feedback`). Any other name inside a longer one is a
   topic of its own and stays (`Knowledge Graph` in `Knowledge Graph Embedding`).
5. Areas: each tag found brings its research area (kind `area`), with a lower confidence than
   the tag itself, unless its one mention stands after the abstract's first AREA_SENTENCES
   sentences and no other tag brings the area (an aside names a field the paper is not in).
   Area names are also found directly, except one-word ones (`Graphs`, `Medical`,
   `Reasoning`), which are ordinary words in abstracts.
6. Acronyms with more than one meaning (two tags share them, or a metric or dataset is named
   by them: `ASR`) are not searched; their tags are found only through the written-out name.

Confidence of a tag on a paper, from its best mention: the tag's name (in either number)
NAME_CONFIDENCE; a synonym SYNONYM_CONFIDENCE; an acronym ACRONYM_CONFIDENCE, or
SHORT_ACRONYM_CONFIDENCE for two characters (`RL`, `KG`); an area brought by a tag,
AREA_FROM_TAG_FACTOR times that tag's confidence.

Way of a tag on a paper (TAG_WAYS), what its mentions were: `title` (the paper's title names it
as the abstract does, as whole words, case and punctuation aside; an area also when a title
word names the data the paper works on, TITLE_AREA_WORDS), `title_only` (a topic the title
names and the abstract does not, found in the title as in an abstract, not after a word of
means: "with", "via", "using"), `repeated` (two or more),
`opening` (one, in the first AREA_SENTENCES sentences), `once` (one, later), `example` (only
given as examples, in a paper nothing else tags); an area no mention names, `area_of_tag` (a
tag of it found in the opening or more than once) or `area_of_tags` (two of its tags mentioned
in passing), or `area_outranked` when another area of the paper's outranks it (its tags are in
the title, or named more often: see `_outranked_areas`). The ways differ in how often they are
right (scripts/calibrate_tag_ways.py measures each on the judged audits).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

import polars as pl

from etl.transform import word_regex  # noqa: F401  (registers the .rx namespace)

NAME_CONFIDENCE = 0.9
SYNONYM_CONFIDENCE = 0.8
ACRONYM_CONFIDENCE = 0.7
SHORT_ACRONYM_CONFIDENCE = 0.6
AREA_FROM_TAG_FACTOR = 0.6
RULE_ORIGIN = "rule"

PAPER_TAGS_SCHEMA = pl.Schema(
    {
        "paper_key": pl.String,
        "tag_slug": pl.String,
        "tag_name": pl.String,
        "kind": pl.String,
        "origin": pl.String,
        "confidence": pl.Float64,
        "matched_text": pl.String,
        "way": pl.String,
    }
)

# Bytes of the ASCII search text (see `_search_text`).
_HYPHEN, _LOWER_S, _LOWER_E = ord("-"), ord("s"), ord("e")
# Stands for a non-ASCII letter or digit, so that `é` still joins a word. Not in any pattern.
_OTHER_SCRIPT_LETTER = "\x01"
_ACRONYM = r"^[A-Za-z0-9+\-]+$"


def is_acronym(surface: pl.Expr) -> pl.Expr:
    """`GAN`, `3D-QA`, `CoT`: one token, two capitals or more, no lowercase word in it."""
    return (
        surface.rx.contains(_ACRONYM)
        & (surface.rx.count_matches(r"[A-Z]") >= 2)
        & ~surface.rx.contains(r"[a-z]{3}")
    )


def _pattern_key(surface: pl.Expr) -> pl.Expr:
    """What the search compares: hyphens as spaces, single spaces."""
    return surface.rx.replace_all("-", " ", literal=True).rx.replace_all(r"\s+", " ")


def _without_plural_s(text: pl.Expr) -> pl.Expr:
    return _pattern_key(text.str.to_lowercase()).rx.replace(r"s$", "")


def surface_forms(vocabulary: pl.LazyFrame) -> pl.LazyFrame:
    """One row per (tag, surface form) to search for, with the confidence a mention gives.

    Columns: tag_slug, kind, area_slug, surface, is_acronym, pattern (what the search pass
    compares: lowercase for names and synonyms, exact for acronyms), confidence."""
    names = vocabulary.select(
        "tag_slug", "kind", "area_slug", "tag_name", surface=pl.col("tag_name")
    )
    synonyms = (
        vocabulary.select(
            "tag_slug",
            "kind",
            "area_slug",
            "tag_name",
            surface=pl.col("synonyms").fill_null("").str.split("|"),
        )
        .explode("surface")
        .filter(pl.col("surface").str.strip_chars() != "")
    )
    surface, acronym = pl.col("surface"), pl.col("is_acronym")
    in_name_number = _without_plural_s(surface) == _without_plural_s(pl.col("tag_name"))
    one_plain_word = ~acronym & ~surface.rx.contains(r"[\s\-]")
    return (
        pl.concat([names, synonyms])
        .with_columns(is_acronym=is_acronym(surface))
        # One-word area names (`Graphs`, `Medical`) are everyday words: areas come from tags.
        .filter(~((pl.col("kind") == "area") & one_plain_word))
        .with_columns(
            pattern=pl.when(acronym)
            .then(_pattern_key(surface))
            .otherwise(_pattern_key(surface.str.to_lowercase())),
            confidence=pl.when(acronym & (surface.rx.count_matches(r"[A-Za-z0-9]") <= 2))
            .then(SHORT_ACRONYM_CONFIDENCE)
            .when(acronym)
            .then(ACRONYM_CONFIDENCE)
            .when(in_name_number)
            .then(NAME_CONFIDENCE)
            .otherwise(SYNONYM_CONFIDENCE),
        )
        .select("tag_slug", "kind", "area_slug", "surface", "is_acronym", "pattern", "confidence")
        # A tag's best form per pattern: its name beats a synonym spelled the same way.
        .sort("tag_slug", "pattern", "confidence", descending=[False, False, True])
        .unique(["tag_slug", "pattern", "is_acronym"], keep="first", maintain_order=True)
    )


def _search_text(abstract: pl.Expr) -> pl.Expr:
    """The abstract in ASCII, one character per character of the abstract, so that byte
    offsets in it are character offsets in the abstract: dashes used as hyphens become `-`,
    curly apostrophes `'`, other letters and digits a placeholder that still joins a word,
    anything else a space."""
    return (
        abstract.rx.replace_all(r"[\u2010\u2011\u2012\u2013]", "-")
        .rx.replace_all(r"[\u2018\u2019\u02bc]", "'")
        .rx.replace_all(r"[\p{L}\p{N}\p{M}&&[^\x00-\x7f]]", _OTHER_SCRIPT_LETTER)
        .rx.replace_all(r"[^\x00-\x7f]", " ")
    )


def _is_word_byte(byte: pl.Expr) -> pl.Expr:
    """Letters, digits and the placeholder for other scripts; null (outside the text) is not."""
    return (
        byte.is_between(ord("0"), ord("9"))
        | byte.is_between(ord("A"), ord("Z"))
        | byte.is_between(ord("a"), ord("z"))
        | (byte == ord(_OTHER_SCRIPT_LETTER))
    ).fill_null(False)


def _candidates(texts: pl.LazyFrame, patterns: list[str], *, exact_case: bool) -> pl.LazyFrame:
    """Every occurrence of every pattern in `spaced`, overlapping: paper_key, search, start,
    found (as written), exact_case."""
    if not patterns:  # Aho-Corasick needs a pattern; a vocabulary may lack acronyms
        return texts.select(
            "paper_key",
            "search",
            start=pl.lit(None, pl.UInt32),
            found=pl.lit(None, pl.String),
            exact_case=pl.lit(exact_case),
        ).filter(pl.lit(False))
    options = {"ascii_case_insensitive": not exact_case, "overlapping": True}
    spaced = pl.col("spaced")
    return (
        texts.select(
            "paper_key",
            "search",
            start=spaced.str.find_many(patterns, **options),
            found=spaced.str.extract_many(patterns, **options),
        )
        .explode("start", "found")
        .drop_nulls("start")
        .with_columns(exact_case=pl.lit(exact_case))
    )


# "without reward models", "w/o retrieval", "no external supervision", "instead of
# fine-tuning": what a paper does without is not its topic.
_NEGATION = (
    r"(?i)^.*\b(?:without|w/o|no|free of|instead of|rather than|eliminat(?:es|ing) the need for|"
    r"(?:in\s+the\s+)?absence of)\s+(.*)$"
)
# What a paper goes without, described or listed, up to the clause's end: "without relying
# on specialized 2D or 3D foundation models", "without the need to curate additional
# verifiers or reward models"; not past a preposition that opens what it does instead
# ("without error accumulation through knowledge distillation").
_NEGATION_LEAD_IN = r"(?:the\s+need\s+(?:to\s+[a-z]+|for)|relying\s+on)\s+"
_NEGATED_PHRASE = (
    rf"(?i)^(?:{_NEGATION_LEAD_IN}|(?:requiring|using)\s+)?"
    r"(?:[\w\-/]+\s+(?:or\s+|and\s+)?){0,5}$"
)
_NOT_NEGATED_WORDS = r"(?i)\b(?:through|by|via|with|from|in|on|for|to|that|which|while|we)\b"


_SENTENCE_END = r"[.!?]\s+[A-Z(]"
# A tag mentioned once, after the abstract's opening sentences, is a detail or an aside of
# the paper: it is still a tag, but it brings no research area (in the seed 5 to 7 audits,
# 29% of the areas such mentions brought were wrong, against 5% from the first sentence).
AREA_SENTENCES = 2


# "applications such as embodied question answering and visual navigation", "(e.g., X)":
# an example the paper names is not its topic (of the judged tags of the seed 6 to 9 audits
# this drops, 20 were wrong or too generic and 12 correct). An example's acronym in brackets
# is the example too ("such as generative adversarial networks (GANs) and").
_EXAMPLE_BEFORE = (
    r"(?i)(?:\bsuch as|\be\.\s?g\.,?|\bfor (?:example|instance),?|\bincluding|\blike)\s+"
    r"(?:(?:[\w\-']+|\([\w\-']+\)),?\s+(?:(?:and|or)\s+)?){0,4}\(?$"
)


def _negated(search: pl.Expr, start: pl.Expr) -> pl.Expr:
    """Whether the words right before a mention negate it."""
    from_ = pl.max_horizontal(start - 60, pl.lit(0))
    negated = search.str.slice(from_, start - from_).rx.extract(_NEGATION, 1)
    return (
        negated.rx.contains(_NEGATED_PHRASE)
        & ~negated.rx.replace(rf"(?i)^{_NEGATION_LEAD_IN}", "").rx.contains(_NOT_NEGATED_WORDS)
    ).fill_null(False)


# "Unlike DPO, ...", "much like large language models", "through the lens of control
# theory", "inspired by X": what a paper sets itself against by name or likens itself to is
# not its topic. ("Unlike most existing video generation controls" is: a field's other
# work, not one named method.)
_CONTRAST_BEFORE = (
    r"(?i)(?:\b(?:unlike|in\s+contrast\s+(?:to|with)|contrary\s+to|as\s+opposed\s+to)"
    r"(?:\s+the)?|"
    r"\b(?:much\s+like|akin\s+to|analogous(?:ly)?\s+to|inspired\s+by|"
    r"through\s+the\s+lens\s+of)(?:\s+[\w\-']+){0,3}|"
    # "outperforms GRPO", "better than SFT", "compared with DPO": what the paper measures
    # itself against.
    r"\b(?:outperform(?:s|ed|ing)?|surpass(?:es|ed|ing)?|beat(?:s|ing)?|than|"
    r"compared\s+(?:to|with)|versus|vs\.?|against|relative\s+to)"
    r"(?:\s+(?:the|standard|vanilla|conventional|traditional|existing|prior|strong|popular|"
    r"state-of-the-art|both|all|previous))*)\s+$"
)


def _words_before(search: pl.Expr, start: pl.Expr, chars: int) -> pl.Expr:
    """Up to `chars` characters right before a mention, from the last sentence or clause
    break (. ; : ! ?) on."""
    from_ = pl.max_horizontal(start - chars, pl.lit(0))
    return search.str.slice(from_, start - from_).rx.replace(r"^.*[.;:!?]\s", "")


def _contrasted(search: pl.Expr, start: pl.Expr) -> pl.Expr:
    """Whether the words right before a mention set it against the paper or liken the
    paper to it."""
    return _words_before(search, start, 60).rx.contains(_CONTRAST_BEFORE)


def _exemplified(search: pl.Expr, start: pl.Expr) -> pl.Expr:
    """Whether the words right before a mention give it as an example."""
    return _words_before(search, start, 80).rx.contains(_EXAMPLE_BEFORE)


# "text-to-image retrieval", "image-to-text and text-to-image retrieval": a direction between
# two modalities followed by retrieval names a retrieval task, not a generation one.
_RETRIEVAL_AFTER = (
    r"(?i)^\s*(?:(?:and|or|/)\s*[\w\-]+-to-[\w\-]+\s*)?(?:retrieval|search|matching)\b"
)


def _retrieval_direction(search: pl.Expr, pattern: pl.Expr, end: pl.Expr) -> pl.Expr:
    """Whether a mention of a direction between modalities ("text-to-image", spaced "text to
    image") is the direction of a retrieval task written after it."""
    return (
        pl.when(pattern.rx.contains(r"\sto\s"))
        .then(search.str.slice(end, 40))
        .rx.contains(_RETRIEVAL_AFTER)
        .fill_null(False)
    )


def _mentions(candidates: pl.LazyFrame, forms: pl.LazyFrame) -> pl.LazyFrame:
    """Candidates that are mentions: on word boundaries, not in a hyphenated compound, not
    negated or contrasted. Columns: paper_key, tag_slug, area_slug, confidence, start, end
    (after a plural ending), sentence, is_example; the text columns stay behind, as sorting
    rows that carry whole abstracts is slow."""
    search = pl.col("search").cast(pl.Binary)
    start, end = pl.col("start").cast(pl.Int64), pl.col("end")

    def byte(at: pl.Expr) -> pl.Expr:
        return pl.when(at >= 0).then(search.bin.get(at, null_on_oob=True))

    sibilant = pl.col("pattern").rx.contains(r"(?:[sxz]|ch|sh)$")
    plural = (
        pl.when((byte(end) == _LOWER_S) & ~_is_word_byte(byte(end + 1)))
        .then(1)
        .when(
            sibilant
            & (byte(end) == _LOWER_E)
            & (byte(end + 1) == _LOWER_S)
            & ~_is_word_byte(byte(end + 2))
        )
        .then(2)
        .otherwise(0)
    )
    # `x-` before or `-x` after the mention: it is part of a compound word.
    joined_before = (byte(start - 1) == _HYPHEN).fill_null(False) & _is_word_byte(byte(start - 2))
    joined_after = (byte(end) == _HYPHEN).fill_null(False) & _is_word_byte(byte(end + 1))
    return (
        candidates.with_columns(
            pattern=pl.when(pl.col("exact_case"))
            .then(pl.col("found"))
            .otherwise(pl.col("found").str.to_lowercase())
        )
        .join(forms, left_on=["pattern", "exact_case"], right_on=["pattern", "is_acronym"])
        .with_columns(end=start + pl.col("found").str.len_bytes())
        .with_columns(end=end + plural)
        .filter(
            ~_is_word_byte(byte(start - 1))
            & ~joined_before
            & ~_is_word_byte(byte(end))
            & ~joined_after
            & ~_negated(pl.col("search"), start)
            & ~_contrasted(pl.col("search"), start)
            & ~_retrieval_direction(pl.col("search"), pl.col("pattern"), end)
        )
        .select(
            "paper_key",
            "tag_slug",
            "area_slug",
            "confidence",
            start=start,
            end=end,
            sentence=pl.col("search").str.slice(0, start).rx.count_matches(_SENTENCE_END),
            is_example=_exemplified(pl.col("search"), start),
        )
    )


def ancestor_pairs(vocabulary: pl.DataFrame) -> pl.DataFrame:
    """(tag_slug, ancestor_slug) for every ancestor of every tag, through parent_slug."""
    parents = vocabulary.select("tag_slug", ancestor_slug="parent_slug").drop_nulls()
    pairs, frontier = parents, parents
    # One join per level of the hierarchy (a handful), not per paper; stops at a cycle too.
    while frontier.height:
        frontier = (
            frontier.join(parents, left_on="ancestor_slug", right_on="tag_slug", suffix="_up")
            .select("tag_slug", ancestor_slug="ancestor_slug_up")
            .join(pairs, on=["tag_slug", "ancestor_slug"], how="anti")
            .unique()
        )
        pairs = pl.concat([pairs, frontier])
    return pairs.sort("tag_slug", "ancestor_slug")


def _most_specific(mentions: pl.LazyFrame, ancestors: pl.LazyFrame) -> pl.LazyFrame:
    """Drop a mention inside a longer one that ends at the same place, or inside a longer
    mention of one of its descendants."""
    same_end_longest = mentions.filter(
        pl.col("start") == pl.col("start").min().over("paper_key", "end")
    )
    outer = same_end_longest.select("paper_key", "tag_slug", outer_start="start", outer_end="end")
    inner = same_end_longest.select("paper_key", "start", "end", ancestor_slug="tag_slug")
    inside_a_descendant = (
        outer.join(ancestors, on="tag_slug")
        .join(inner, on=["paper_key", "ancestor_slug"])
        .filter((pl.col("start") >= pl.col("outer_start")) & (pl.col("end") <= pl.col("outer_end")))
        .select("paper_key", "start", "end", tag_slug="ancestor_slug")
        .unique()
    )
    return same_end_longest.join(
        inside_a_descendant, on=["paper_key", "tag_slug", "start", "end"], how="anti"
    )


def _best_per_tag(mentions: pl.LazyFrame) -> pl.LazyFrame:
    """One row per (paper, tag): its most confident mention, then the first, then the longest;
    a total order, so the choice never depends on how the rows arrived."""
    return mentions.sort(
        "paper_key",
        "tag_slug",
        "confidence",
        "start",
        "end",
        descending=[False, False, True, False, True],
    ).unique(["paper_key", "tag_slug"], keep="first", maintain_order=True)


def _unambiguous(forms: pl.DataFrame, other_meanings: Collection[str]) -> pl.DataFrame:
    """The forms without the acronyms that have more than one meaning: shared by two tags, or
    also a name in `other_meanings` (a metric's or a dataset's: `ASR` is speech recognition
    and attack success rate). Such a tag is still found through its expansion."""
    acronym = pl.col("is_acronym")
    shared = (
        forms.filter(acronym)
        .group_by("pattern")
        .agg(pl.col("tag_slug").n_unique())
        .filter(pl.col("tag_slug") > 1)["pattern"]
    )
    elsewhere = sorted({meaning.lower() for meaning in other_meanings})
    return forms.filter(
        ~(
            acronym
            & (
                pl.col("pattern").is_in(shared.implode())
                | pl.col("pattern").str.to_lowercase().is_in(elsewhere)
            )
        )
    )


# A title's words after these name how the paper does what it does, not its topic:
# "Legal Judgment Prediction with ... Representation Learning", "Question Answer Pairs via
# ... Imitation Learning". Of the judged topics only a title named (the abstract not), those
# after such a word were right 39 times in 46, the others 166 in 174.
_MEANS_IN_TITLE = (
    r"(?i)\b(?:with|via|using|by|through|based on|from|leveraging|exploiting|guided by)\b"
)


def _title_mentions(
    mentions_in: Callable[[pl.LazyFrame], pl.LazyFrame], papers: pl.LazyFrame, areas: list[str]
) -> pl.LazyFrame:
    """Mentions in the title, for the topics the abstract does not mention (the way
    `title_only`): a title names its paper's topic even when the abstract words it otherwise
    ("Monocular Depth Estimation with ..." over an abstract on "depth from a single image").
    Not areas (`_with_title_areas` reads a title's areas), nor a topic after a word of means.
    Such a topic brings no area, nor keeps the abstract's examples from tagging: the audits
    judged the topics alone (the areas they would bring were as often another sense of the
    title's words: computer vision for "Topical Change Detection in Documents")."""
    titles = papers.select("paper_key", search=_search_text(pl.col("title")))
    return (
        mentions_in(titles)
        .filter(~pl.col("tag_slug").is_in(areas))
        .join(
            titles.select("paper_key", means_at=pl.col("search").str.find(_MEANS_IN_TITLE)),
            on="paper_key",
            how="left",
        )
        .filter(pl.col("means_at").is_null() | (pl.col("start") < pl.col("means_at")))
        .drop("means_at")
        .with_columns(area_slug=pl.lit(None, pl.String), in_title=pl.lit(True))
    )


def _words(text: pl.Expr) -> pl.Expr:
    """The text's lower-case letters and digits, each run between single spaces, with a space
    at each end: whole words are found in it as ` words `."""
    return " " + text.str.to_lowercase().str.replace_all("[^a-z0-9]+", " ") + " "


def tag_papers(
    papers: pl.LazyFrame, vocabulary: pl.LazyFrame, other_meanings: Collection[str] = ()
) -> pl.LazyFrame:
    """Topic tags of each paper (PAPER_TAGS_SCHEMA), one row per (paper_key, tag_slug),
    sorted by both.

    `papers` needs a unique `paper_key` and the clean `abstract`, and may have the paper's
    `title` (a mention it names is the way `title`); `vocabulary` is the tag vocabulary
    (etl.vocab.tag_vocabulary.TAG_VOCABULARY_SCHEMA). The vocabulary, a few
    thousand rows, is collected here once: Aho-Corasick takes its patterns as a literal list.
    `other_meanings` are names that acronyms may stand for outside the tag vocabulary
    (etl.vocab.Vocabulary.measure_names).
    The papers stay lazy; candidate mentions run to a few dozen rows per paper, so feed
    millions of abstracts in batches.
    """
    vocabulary_rows = vocabulary.collect()
    forms = _unambiguous(surface_forms(vocabulary_rows.lazy()).collect(), other_meanings)
    ancestors = ancestor_pairs(vocabulary_rows).lazy()
    plain = sorted(set(forms.filter(~pl.col("is_acronym"))["pattern"]))
    exact = sorted(set(forms.filter(pl.col("is_acronym"))["pattern"]))

    def mentions_in(texts: pl.LazyFrame) -> pl.LazyFrame:
        """Mentions in `texts` (paper_key, search: _search_text of an abstract or a title)."""
        texts = texts.with_columns(spaced=pl.col("search").rx.replace_all("-", " ", literal=True))
        candidates = pl.concat(
            [
                _candidates(texts, plain, exact_case=False),
                _candidates(texts, exact, exact_case=True),
            ]
        )
        return _mentions(candidates, forms.lazy()).pipe(_most_specific, ancestors)

    in_paper = ("paper_key", "tag_slug")
    mentions = mentions_in(
        papers.select("paper_key", search=_search_text(pl.col("abstract")))
    ).with_columns(in_title=pl.lit(False))
    titled = "title" in papers.collect_schema().names()
    if titled:
        areas = vocabulary_rows.filter(pl.col("kind") == "area")["tag_slug"].to_list()
        # A title's mention counts only for a topic the abstract does not mention: a window
        # over both, as an anti-join would compute the abstract's mentions a second time.
        mentions = pl.concat([mentions, _title_mentions(mentions_in, papers, areas)]).filter(
            ~pl.col("in_title") | pl.col("in_title").all().over(in_paper)
        )
    # A tag found also brings its area: exploded from the same rows rather than a second
    # branch over them, which the plan would compute twice.
    found_with_areas = (
        mentions
        # Examples tag a paper only when nothing else does (an abstract about "architectures
        # such as LSTMs and GRUs" is about them).
        .filter(
            ~pl.col("is_example")
            | (pl.col("is_example") | pl.col("in_title")).all().over("paper_key")
        )
        .with_columns(
            # Two places, not two rows: one mention may match two forms of a tag.
            repeated=pl.col("start").max().over(in_paper) > pl.col("start").min().over(in_paper),
            opening=pl.col("sentence").min().over(in_paper) < AREA_SENTENCES,
        )
        .with_columns(brings_area=pl.col("repeated") | pl.col("opening"))
        .pipe(_best_per_tag)
        .with_columns(
            tag_slug=pl.concat_list(
                "tag_slug",
                # Two tags of one area mentioned in passing still make it the paper's.
                pl.when(pl.col("brings_area") | (pl.len().over("paper_key", "area_slug") > 1)).then(
                    pl.col("area_slug")
                ),
            ),
            confidence=pl.concat_list("confidence", pl.col("confidence") * AREA_FROM_TAG_FACTOR),
            is_area_of=pl.concat_list(pl.lit(False), pl.lit(True)),
        )
        .explode("tag_slug", "confidence", "is_area_of")
        .drop_nulls("tag_slug")
    )
    names = vocabulary_rows.lazy().select("tag_slug", "tag_name", "kind", "area_slug")
    title = pl.col("title") if titled else pl.lit(None, pl.String)
    abstracts = papers.select("paper_key", "abstract", title=title, title_words=_words(title))
    length = pl.col("end") - pl.col("start")
    matched_text = (
        pl.when("in_title")
        .then(pl.col("title").str.slice(pl.col("start"), length))
        .otherwise(pl.col("abstract").str.slice(pl.col("start"), length))
    )
    found = (
        found_with_areas.pipe(_best_per_tag)
        .join(names, on="tag_slug", how="left")
        .join(abstracts, on="paper_key", how="left")
        .with_columns(matched_text=matched_text)
        .select(
            "paper_key",
            "tag_slug",
            "tag_name",
            "kind",
            origin=pl.lit(RULE_ORIGIN),
            confidence=pl.col("confidence").cast(pl.Float64),
            matched_text="matched_text",
            # An area only examples bring is given as an example too: a survey "of methods
            # for, e.g., image classification" is not in computer vision.
            way=pl.when(pl.col("is_area_of") & pl.col("is_example"))
            .then(pl.lit("example"))
            .when("is_area_of")
            .then(
                pl.when("brings_area").then(pl.lit("area_of_tag")).otherwise(pl.lit("area_of_tags"))
            )
            .when("in_title")
            .then(pl.lit("title_only"))
            .when(pl.col("title_words").str.contains(_words(pl.col("matched_text")), literal=True))
            .then(pl.lit("title"))
            .when("is_example")
            .then(pl.lit("example"))
            .when("repeated")
            .then(pl.lit("repeated"))
            .when("opening")
            .then(pl.lit("opening"))
            .otherwise(pl.lit("once")),
            area_slug=pl.when(pl.col("kind") == "area")
            .then(pl.col("tag_slug"))
            .otherwise(pl.col("area_slug")),
        )
    )
    if titled:
        found = _with_title_areas(found, papers, names)
    return found.pipe(_outranked_areas).sort("paper_key", "tag_slug")


# Words of a title that name the kind of data, or the field, a paper works on, and the area
# they put it in. Only a title's: in an abstract, `images` or `speech` is as often the
# setting of an example or a baseline as the paper's own matter. Whole words, case aside;
# a word joined to another (`VideoLLaMB`) is no mention. Not `detection`, `graph`,
# `manipulation`, `pixel` or `2D`: a title detects hallucinations, calls graphs, manipulates
# pixels, falls back to them and rounds in two dimensions.
TITLE_AREA_WORDS: dict[str, tuple[str, ...]] = {
    "computer-vision": (
        "image", "images", "video", "videos", "visual", "vision", "3D", "point cloud",
        "point clouds",
    ),
    "speech": ("speech", "spoken"),
    "audio": ("audio", "sound", "sounds"),
    "robots": ("robot", "robots", "robotic", "robotics", "humanoid", "humanoids"),
    "medical": (
        "medical", "clinical", "biomedical", "healthcare", "radiology", "MRI", "patient",
        "patients", "X-ray", "X-rays",
    ),
    "music": ("music", "musical"),
    "time-series": ("time series",),  # "time-series" too: a space matches a hyphen
}  # fmt: skip


def _title_word_regex(words: tuple[str, ...]) -> str:
    """Any of `words` in a title, as a whole word, case aside; a space or hyphen in one
    matches either (`X-rays`, `X rays`). Group 1 is the word as written."""
    alternatives = "|".join(
        re.escape(word).replace(r"\ ", r"[\s-]+").replace(r"\-", r"[\s-]+")
        for word in sorted(words, key=len, reverse=True)
    )
    return rf"(?i)(?:^|[^\p{{L}}\p{{N}}])({alternatives})(?:[^\p{{L}}\p{{N}}]|$)"


_TITLE_AREA_REGEXES = {area: _title_word_regex(words) for area, words in TITLE_AREA_WORDS.items()}
# Phrases in which a title word has another sense than the area's data: "hate speech" and
# "part-of-speech" are text, "speech acts" are utterances of any kind, "3D sound" is audio.
_TITLE_WORD_OTHER_SENSES = {
    "computer-vision": r"(?i)\b3D[\s-]+(?:sound|audio|acoustic|spatial[\s-]+audio)\b",
    "speech": (
        r"(?i)\b(?:(?:hate|hateful|offensive|abusive|toxic|harmful|free|counter)[\s-]+speech|"
        r"parts?[\s-]+of[\s-]+speech|speech[\s-]+acts?)\b"
    ),
}
# Words of an abstract about learning from data. The arXiv snapshot holds physics and
# mathematics too, whose titles say `3D`, `X-ray` or `sound` of other things: a title word
# gives its area only to a paper whose abstract says one of these or has a tag of its own.
_LEARNING_CONTEXT = (
    r"(?i)\b(?:neural|learning|learned|train|trained|training|fine-tun\w*|pre-?train\w*|datasets?"
    r"|benchmarks?|transformers?|diffusion|language models?|LLMs?|generative|classifiers?"
    r"|embeddings?)\b"
)
# The ways a title-named area does not replace: as sure, and they say more.
_KEPT_OVER_TITLE_AREA = ("title", "repeated")


def _title_in_area_sense(area: str) -> pl.Expr:
    """The title without the phrases in which `area`'s words have another sense."""
    other_senses = _TITLE_WORD_OTHER_SENSES.get(area)
    title = pl.col("title")
    return title.str.replace_all(other_senses, " ") if other_senses else title


def _with_title_areas(
    found: pl.LazyFrame, papers: pl.LazyFrame, names: pl.LazyFrame
) -> pl.LazyFrame:
    """`found` with the area each TITLE_AREA_WORDS word of a paper's title puts it in, as
    the way `title` with the title's word as its matched text: added, or in place of the
    area's row when the abstract's tags brought it or mentioned it once. Only for papers
    about learning (_LEARNING_CONTEXT, or a tag found in the abstract)."""
    title_areas = (
        papers.select(
            "paper_key",
            "abstract",
            area=pl.concat_list(
                pl.struct(
                    tag_slug=pl.lit(area),
                    matched_text=_title_in_area_sense(area).str.extract(regex, 1),
                )
                for area, regex in _TITLE_AREA_REGEXES.items()
            ),
        )
        .explode("area")
        .unnest("area")
        .drop_nulls("matched_text")
        .join(names.select("tag_slug", "tag_name", "kind"), on="tag_slug")
        .select(
            "paper_key",
            "tag_slug",
            "tag_name",
            "kind",
            origin=pl.lit(RULE_ORIGIN),
            confidence=pl.lit(SYNONYM_CONFIDENCE, pl.Float64),
            matched_text="matched_text",
            way=pl.lit("title"),
            area_slug="tag_slug",
            rank=pl.lit(1),
            about_learning=pl.col("abstract").str.contains(_LEARNING_CONTEXT),
        )
    )
    in_paper = ("paper_key", "tag_slug")
    kept = pl.col("way").is_in(_KEPT_OVER_TITLE_AREA)
    # One pass over `found`: a second branch over it (for the papers it tags) would compute
    # the whole tagger again.
    return (
        pl.concat(
            [found.with_columns(rank=pl.when(kept).then(0).otherwise(2)), title_areas],
            how="diagonal",
        )
        .filter(
            (pl.col("rank") != 1)
            | pl.col("about_learning")
            | (pl.col("rank") != 1).any().over("paper_key")
        )
        .filter(pl.col("rank") == pl.col("rank").min().over(in_paper))
        .drop("rank", "about_learning")
    )


_BROUGHT_AREA_WAYS = ("area_of_tag", "area_of_tags")
_STRONG_WAYS = ("title", "repeated")


def _outranked_areas(tags: pl.LazyFrame) -> pl.LazyFrame:
    """Tags with the way of each area their topics bring set to `area_outranked` when
    another area of the paper's is more its own; drops the `area_slug` column.

    A paper in two areas is mostly in one: a vision paper that uses an LLM, a language paper
    that tries a vision model. The areas compete on what the paper says of each: an area
    whose tag (or name) the title carries outranks those no title word brings; among the
    rest, the area with the most tags named in the title or more than once outranks areas
    with fewer. Only areas that tags bring can be outranked; an area the abstract names
    twice keeps its way."""
    per_area = ("paper_key", "area_slug")
    way = pl.col("way")
    is_area = pl.col("kind") == "area"
    competing = is_area & way.is_in((*_BROUGHT_AREA_WAYS, *_STRONG_WAYS))
    # Only competing areas' own rows set the paper's bar.
    ranked = tags.with_columns(
        titled=(way == "title").any().over(per_area) & competing,
        strong=pl.when(competing).then(way.is_in(_STRONG_WAYS).sum().over(per_area)),
    )
    after_title = pl.col("titled") | ~pl.col("titled").any().over("paper_key")
    most_strong = pl.col("strong") == pl.col("strong").filter(after_title).max().over("paper_key")
    outranked = way.is_in(_BROUGHT_AREA_WAYS) & competing & ~(after_title & most_strong)
    return ranked.with_columns(
        way=pl.when(outranked).then(pl.lit("area_outranked")).otherwise(way)
    ).drop("area_slug", "titled", "strong")
