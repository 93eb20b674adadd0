"""Build etl/vocab/tags.csv, the topic tags, from the Papers with Code task taxonomy.

    python scripts/build_tag_vocabulary.py /path/to/pwc-tasks [--out etl/vocab/tags.csv]

The folder holds the World-Snapshot/papers-with-code files (CC BY-SA 4.0): all_tasks.txt,
task_hierarchy.csv, research_areas.csv and all_tasks_detailed.csv. Every task name in any of
them goes through the cleaning rules of `clean_task_names`, in order; the first rule that
applies decides what becomes of the name, and the summary printed at the end says how many
names each rule took. etl/vocab/ATTRIBUTION.md explains the rules to readers of the CSV.

The curated keywords (etl/vocab/tag_keywords.csv) are read too: a PwC task that names a
keyword's topic is absorbed by the keyword, so that one topic is one tag.
"""

from __future__ import annotations

import argparse
import csv
import math
import re
import sys
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO_ROOT / "etl" / "vocab" / "tags.csv"
KEYWORDS_CSV = REPO_ROOT / "etl" / "vocab" / "tag_keywords.csv"
COLUMNS = ["tag_slug", "tag_name", "kind", "synonyms", "parent_slug", "area_slug"]

# PwC's catch-all research area is not a topic.
UNTOPICAL_AREAS = {"Miscellaneous"}
# The one curated addition to the areas: the acronym every NLP paper uses.
AREA_SYNONYMS = {"Natural Language Processing": ["NLP"]}

# A one-word name that occurs as a word in this many other names is a family of tasks or a
# modality ("Classification", "Video", "Translation"), too broad to tag by.
FAMILY_WORD_MIN_NAMES = 5
# A one-word task name names a process or a property; a bare thing ("Decoder", "Hand"), an
# adjective ("Hyperspectral") or a verb ("Navigate") names a domain or a benchmark item.
PROCESS_NOUN_ENDINGS = (
    "tion", "sion", "ment", "ing", "sis", "ness", "ity", "ance", "ence", "ogy", "ics", "ure",
)  # fmt: skip
# A word used by this many tag names (`Detection`, `Image`) says nothing about a hierarchy link.
COMMON_WORD_MIN_NAMES = 30
# The words of a name settle its area only when they point there this clearly.
AREA_VOTE_MIN_POSTERIOR = 0.6
# Leaderboard columns, not tasks: `Avg. sequence length`, `NetHack Score`, `Holdout Set`.
SCORE_LAST_WORDS = {
    "accuracy", "score", "performance", "rate", "total", "length", "leaderboard", "test",
    "dataset", "datasets",
}  # fmt: skip
SCORE_FIRST_WORDS = {"holdout", "overall", "avg"}

# The hand list, for what no general rule can tell: evaluation subsets that PwC lists as tasks
# (the MMLU exam subjects and BIG-bench items), whose names are ordinary phrases ("Novel
# Concepts", "Temporal Sequences") that would tag any abstract using them; and task names that
# are everyday words with another common meaning in abstracts ("Specificity", "Blocking").
EVALUATION_SUBSETS = {
    # MMLU subjects
    "abstract algebra", "anatomy", "astronomy", "business ethics", "clinical knowledge",
    "college biology", "college chemistry", "college computer science", "college mathematics",
    "college medicine", "college physics", "computer security", "conceptual physics",
    "econometrics", "electrical engineering", "elementary mathematics", "formal logic",
    "global facts", "high school biology", "high school chemistry",
    "high school computer science", "high school european history", "high school geography",
    "high school government and politics", "high school macroeconomics",
    "high school mathematics", "high school microeconomics", "high school physics",
    "high school psychology", "high school statistics", "high school us history",
    "high school world history", "human aging", "human sexuality", "international law",
    "jurisprudence", "logical fallacies", "management", "marketing", "medical genetics",
    "miscellaneous", "moral disputes", "moral scenarios", "nutrition", "philosophy",
    "prehistory", "professional accounting", "professional law", "professional medicine",
    "professional psychology", "public relations", "security studies", "sociology",
    "us foreign policy", "virology", "world religions",
    # BIG-bench items
    "anachronisms", "analogical similarity", "analytic entailment", "auto debugging",
    "causal judgment", "crash blossom", "crass ai", "date understanding", "disambiguation qa",
    "discourse marker prediction", "empirical judgments", "english proverbs",
    "entailed polarity", "epistemic reasoning", "fantasy reasoning", "figure of speech detection",
    "formal fallacies syllogisms negation", "general knowledge", "hurtful sentence completion",
    "human organs senses multiple choice", "identify odd metapor", "implicatures",
    "known unknowns", "logic grid puzzle", "logical args", "logical sequence", "metaphor boolean",
    "misconceptions", "movie dialog same or different", "navigate", "nonsense words grammar",
    "novel concepts", "odd one out", "physical intuition", "physics mc", "presuppositions as nli",
    "riddle sense", "ruin names", "similarities abstraction", "snarks", "sports understanding",
    "swapped operands", "temporal sequences", "understanding fables", "winowhy",
    "wrong binary operator",
    # everyday words
    "attribute", "blocking", "descriptive", "diagnostic", "informativeness", "specificity",
    # everyday phrases, judged wrong far more often than right in the blind tag audits
    # (audits/tags): a paper mentions "decision-making" or "multiple-choice questions" in
    # passing far more often than it studies the task
    "decision making", "model selection", "multiple choice", "semantic similarity",
    "world knowledge",
}  # fmt: skip
# Umbrella terms that fit nearly every ML abstract.
UMBRELLA_TERMS = {"deep learning", "machine learning", "artificial intelligence", "learning"}

PREPOSITIONS = {"in", "of", "from", "for", "with", "at", "on", "to", "and", "by", "under"}
WORD = re.compile(r"[A-Za-z0-9]+")
TOKEN = re.compile(r"[^\W_]+")  # letters and digits of any script


@dataclass
class Tag:
    """A tag being built. Relations are dedupe keys of other tags."""

    name: str
    kind: str = "task"
    spellings: set[str] = field(default_factory=set)  # of the name itself
    synonyms: set[str] = field(default_factory=set)  # other surface forms, acronyms
    parent: str | None = None
    area: str | None = None
    slug: str = ""  # set for keywords, whose slugs are curated


@dataclass
class Ledger:
    """Which rule took which input names: for the summary and ATTRIBUTION.md."""

    taken: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))

    def note(self, rule: str, name: str) -> None:
        self.taken[rule].append(name)

    def summary(self) -> str:
        lines = []
        for rule, names in sorted(self.taken.items(), key=lambda item: -len(item[1])):
            examples = "; ".join(sorted(set(names), key=str.lower)[:4])
            lines.append(f"{len(names):6d}  {rule}  (e.g. {examples})")
        return "\n".join(lines)


# ---------------------------------------------------------------- reading the files


def _split_list(cell: str) -> list[str]:
    """`A; B; C...` -> [A, B, C]: PwC cuts long lists short with an ellipsis."""
    items = [item.strip() for item in (cell or "").split(";")]
    if items and items[-1].endswith("..."):
        items[-1] = items[-1][:-3].strip()
    return [item for item in items if item]


@dataclass
class Taxonomy:
    names: list[str]  # every task name in every file, with repeats, in file order
    hierarchy: list[tuple[str, list[str], list[str]]]  # (parent, children, research areas)
    area_examples: dict[str, list[str]]  # research area -> example tasks
    dataset_names: set[str]  # lowercase names of datasets and benchmarks


def read_taxonomy(folder: Path) -> Taxonomy:
    def rows(file_name: str) -> list[dict[str, str]]:
        with (folder / file_name).open(encoding="utf-8", newline="") as f:
            return list(csv.DictReader(f))

    with (folder / "all_tasks.txt").open(encoding="utf-8", newline="") as f:
        names = [row[0] if row else "" for row in csv.reader(f)]
    hierarchy = [
        (row["Parent Task"] or "", _split_list(row["Child Tasks"]), _split_list(row["Categories"]))
        for row in rows("task_hierarchy.csv")
    ]
    area_examples = {
        row["Research Area"].strip(): _split_list(row["Example Tasks"])
        for row in rows("research_areas.csv")
    }
    detailed = rows("all_tasks_detailed.csv")
    names += [row["Task Name"] for row in detailed]
    for parent, children, _ in hierarchy:
        names += [parent, *children]
    for examples in area_examples.values():
        names += examples
    # A dataset or benchmark name is no task, unless PwC also describes it as one.
    described = {row["Task Name"].strip().lower() for row in detailed}
    described |= {parent.strip().lower() for parent, _, _ in hierarchy}
    dataset_names = {
        dataset.strip().lower()
        for row in detailed
        for column in ("Common Datasets (Top 10)", "Benchmarks")
        for dataset in row[column].split(";")
    }
    return Taxonomy(names, hierarchy, area_examples, dataset_names - described)


def read_keywords(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


# ---------------------------------------------------------------- names, keys, slugs


def words(name: str) -> list[str]:
    return WORD.findall(name)


def normalize_spacing(name: str) -> str:
    """One space between words, no stray punctuation at the ends (`Gland Segmentation:`)."""
    return " ".join(unicodedata.normalize("NFKC", name).split()).strip(" :;,.")


def slugify(name: str) -> str:
    """`Visual Question Answering` -> `visual-question-answering`, ASCII only."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    ascii_name = re.sub(r"(\w)'s\b", r"\1s", ascii_name)
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")


def dedupe_key(name: str) -> str:
    """Names that differ only in case, spaces, hyphens, a plural `s` or British spelling share
    a key: `Multi-View Learning` = `Multiview learning`, `Sentence Embeddings` =
    `Sentence-Embedding`, `Bayesian Optimisation` = `Bayesian Optimization`."""
    key = american(slugify(name)).replace("-", "")
    return key[:-1] if key.endswith("s") and not key.endswith("ss") else key


def american(text: str) -> str:
    """`optimisation` -> `optimization`, `modelling` -> `modeling`, `tumour` -> `tumor`."""
    text = re.sub(r"(?<=[a-z]{3})is(ation|ing|ed)\b", r"iz\1", text)
    text = re.sub(r"(?<=[a-z]{3}e)ll(ing|ed)\b", r"l\1", text)
    return re.sub(r"(?<=[a-z]{2})our\b", "or", text)


def match_form(surface: str) -> str:
    """What the tagger compares: case, hyphens-as-spaces and a plural `s` do not matter."""
    return " ".join(surface.lower().replace("-", " ").split())


def is_acronym(token: str) -> bool:
    """`VQA`, `3D-QA`, `CoIR`, `GSM8K`: two capitals or more and no lowercase word in it."""
    return (
        sum(c.isupper() for c in token) >= 2
        and not re.search(r"[a-z]{3}", token)
        and re.fullmatch(r"[A-Za-z0-9+\-]+", token) is not None
    )


def singular(name: str) -> str | None:
    """`Knowledge Graphs` -> `Knowledge Graph`; None unless the name is a short noun phrase
    ending in an English plural (`Action Recognition In Videos` is about recognition)."""
    head, _, last = name.rpartition(" ")
    lower = last.lower()
    if len(name.split()) > 4 or set(name.lower().split()) & PREPOSITIONS:
        return None
    if not lower.isalpha() or len(lower) < 4 or lower in {"series", "species", "news"}:
        return None
    if lower.endswith(("ss", "us", "is", "as", "ics")):
        return None
    if lower.endswith("ies"):
        stem = last[:-3] + "y"
    elif lower.endswith(("sses", "xes", "ches", "shes")):
        stem = last[:-2]
    elif lower.endswith("s"):
        stem = last[:-1]
    else:
        return None
    return f"{head} {stem}".strip()


def display_form(name: str) -> str:
    """A name written as a slug (`tabular-classification`) reads `Tabular Classification`."""
    if re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", name):
        return " ".join(part.capitalize() for part in name.split("-"))
    return name


def display_preference(name: str) -> tuple:
    """Of a tag's spellings, show one in mixed case, with spaces, American, singular, short."""
    single_case = name == name.lower() or name == name.upper()
    british = american(name.lower()) != name.lower()
    return (single_case, " " not in name, british, singular(name) is not None, len(name), name)


# ---------------------------------------------------------------- acronyms in parentheses


def long_form(acronym: str, text: str) -> str | None:
    """The words at the end of `text` that `acronym` abbreviates, else None.

    Schwartz & Hearst (2003): match the acronym's letters right to left in the text, the
    first letter at the start of a word. `Visual Question Answering` for `VQA`."""
    letters = [c.lower() for c in acronym if c.isalnum()]
    position = len(text) - 1
    for index in range(len(letters) - 1, -1, -1):
        while position >= 0 and (
            text[position].lower() != letters[index]
            or (index == 0 and position > 0 and text[position - 1].isalnum())
        ):
            position -= 1
        if position < 0:
            return None
        position -= 1
    found = text[text.rfind(" ", 0, position + 1) + 1 :].strip()
    if len(words(found)) > len(letters) + 2:  # too loose to be the definition
        return None
    if len(words(found)) == 1 and len(letters) < 3:  # `CN` is not `Classification`
        return None
    return found


@dataclass(frozen=True)
class Rewritten:
    name: str
    synonyms: tuple[str, ...] = ()
    dropped_setting: bool = False


def resolve_parentheses(name: str) -> Rewritten:
    """`Visual Question Answering (VQA)` -> the name, and `VQA` as a synonym;
    `Out of Distribution (OOD) Detection` -> `Out of Distribution Detection` + `OOD Detection`;
    `ENF (Electric Network Frequency) Detection` -> the expansion, and `ENF Detection`;
    any other parenthesis (`(1-shot)`, `(Both Sides)`, `(RoI)`) is a setting: dropped."""
    match = re.search(r"\s*\(([^()]*)\)+", name)
    if not match:
        return Rewritten(" ".join(name.split()))
    before, inside = name[: match.start()].strip(), match.group(1).strip()
    inside = re.sub(r"(?<=[A-Z])s$", "", inside)  # `(MCIs)`: the tagger allows for plurals
    after = name[match.end() :].strip()
    before_words = before.split()
    if is_acronym(inside) and (defined := long_form(inside, before)):
        plain = " ".join([before, after]).strip()
        short = " ".join([before[: len(before) - len(defined)], inside, after]).strip()
        synonym, rest = " ".join(short.split()), resolve_parentheses(" ".join(plain.split()))
    elif before_words and is_acronym(before_words[-1]) and long_form(before_words[-1], inside):
        expanded = " ".join([*before_words[:-1], inside, after])
        synonym, rest = " ".join([*before_words, after]).strip(), resolve_parentheses(expanded)
    else:
        rest = resolve_parentheses(" ".join(" ".join([before, after]).split()))
        return Rewritten(rest.name, rest.synonyms, dropped_setting=True)
    return Rewritten(rest.name, (synonym, *rest.synonyms), rest.dropped_setting)


# ---------------------------------------------------------------- rules on one name


def not_a_name(name: str) -> bool:
    """Code, SQL, URLs, sentences, identifiers: strings that name nothing."""
    sql = r"(?i)\b(select|insert|update|delete|drop|union)\b.+\b(from|into|table|set|select)\b"
    return bool(
        re.search(r"https?://|www\.|\.(com|org|net)\b|[_=;{}<>`\\|$@#]", name)
        or re.search(sql, name)
        or re.search(r"(?i)\bor\b\s*'?\d+'?\s*=|'\s*--|/\*", name)
        or re.match(r"(?i)(how|what|why|when|where|who|which|can|does|is|are)\s", name)
        or len(words(re.sub(r"\([^)]*\)", "", name))) > 10
        or not any(re.fullmatch(r"\d?[A-Za-z]{2,}\w*", w) for w in words(name))
    )


def evaluation_entry(name: str) -> bool:
    """Leaderboard rows, not tasks: a language pair (`hin-spa`), a number, a shot count, a
    version or a level (`10-1`, `100k`, `10-shot`, `v2`, `Level-1`), a benchmark (`BIG-bench`),
    a split (`Split A`), a score column or a dataset (`NetHack Score`, `Vietnamese Datasets`)."""
    tokens = name.split()
    score_column = tokens[-1].lower().strip(".") in SCORE_LAST_WORDS or (
        tokens[0].lower().strip(".") in SCORE_FIRST_WORDS and len(tokens) > 1
    )
    return score_column or any(
        re.fullmatch(r"[a-z]{2,3}-[a-z]{2,3}", token)
        or re.fullmatch(r"[\d.,:%+*\-/]*\d[\d.,:%+*\-/]*k?", token)
        or re.fullmatch(r"(?i)\d+-(shot|way|task)", token)
        or re.fullmatch(r"(?i)v\d+(\.\d+)*", token)
        or (token is tokens[-1] and re.fullmatch(r"[A-Za-z]+-\d+|[A-Z]", token))
        or re.search(r"(?i)bench", token)
        for token in tokens
    )


def setting_of(name: str, known_names: set[str]) -> str | None:
    """`Speech Synthesis - Hindi`, `Video Captioning on MSR-VTT`, `6D Pose Estimation using
    RGB`, `Image Classification with Label Noise`: a task in one setting; returns the task.
    A dash always sets off a setting; `on`, `using`, `with` only after another task's name
    (`Learning with noisy labels` is a task of its own)."""
    dash = re.match(r"(.+?)\s+(?:-{1,2}\s|-(?=[A-Z]))", name)
    if dash:
        return dash.group(1).strip()
    joined = re.match(r"(.+?)\s+(?:on|using|with)\s", name)
    if joined and joined.group(1).strip() in known_names:
        return joined.group(1).strip()
    return None


def glued_name(name: str) -> bool:
    """One token with inner capitals or digits (`HellaSwag`, `TriviaQA`, `WaterDrop2D`): the
    name of a dataset, benchmark or environment."""
    if re.search(r"[\s\-/]", name) or is_acronym(name):
        return False
    return bool(re.search(r"[a-z][A-Z]|[A-Za-z]\d|\d[a-z]", name))


def garbled(name: str, all_names: set[str], word_counts: Counter) -> bool:
    """Another name cut inside a word (`1 Image, 2*2 Stitchi`, `erson Re-Identification`) or
    another name with letters glued to its end (`Forecastingm`, `SolvingΩ`), told by the odd
    token: one that no other name uses and that is no acronym (`ZSL` next to `GZSL` is fine)."""
    tokens = TOKEN.findall(name)
    for other in all_names:
        if other == name or not tokens:
            continue
        if other.startswith(name) and _inside_token(other, len(name)):
            odd = tokens[-1]
        elif other.endswith(name) and _inside_token(other, len(other) - len(name)):
            odd = tokens[0]
        elif (
            name.startswith(other)
            and _inside_token(name, len(other))
            and not any(c.isspace() for c in name[len(other) :])
        ):
            odd = tokens[-1]
        else:
            continue
        if word_counts[odd.lower()] <= 1 and not is_acronym(odd):
            return True
    return False


def _inside_token(text: str, position: int) -> bool:
    return 0 < position < len(text) and text[position - 1].isalnum() and text[position].isalnum()


def one_typo_apart(word: str, other: str) -> bool:
    """One letter dropped, doubled or added, or two neighbours swapped, inside the word (not
    in its first or last two letters, where English grammar changes words: `network(s)`)."""
    if len(word) == len(other):
        diffs = [i for i, (a, b) in enumerate(zip(word, other, strict=True)) if a != b]
        swapped = len(diffs) == 2 and diffs[1] == diffs[0] + 1
        swapped = (
            swapped and word[diffs[0]] == other[diffs[1]] and word[diffs[1]] == other[diffs[0]]
        )
        return swapped and diffs[0] >= 2 and diffs[1] < len(word) - 2
    shorter, longer = sorted((word, other), key=len)
    if len(longer) - len(shorter) != 1:
        return False
    position = next(
        (i for i, (a, b) in enumerate(zip(shorter, longer, strict=False)) if a != b), len(shorter)
    )
    return (
        longer[:position] + longer[position + 1 :] == shorter and 2 <= position < len(shorter) - 1
    )


def spelling_fixes(word_counts: Counter) -> dict[str, str]:
    """Misspelt word -> the word it misspells (`recogntion` -> `recognition`): a word of eight
    letters or more that only one name uses, one typo away from a word that many names use."""
    common = [w for w, n in word_counts.items() if n >= 3 and w.isalpha()]
    fixes = {}
    for word, count in word_counts.items():
        if count == 1 and word.isalpha() and len(word) >= 8:
            close = [c for c in common if one_typo_apart(word, c)]
            if len(close) == 1:
                fixes[word] = close[0]
    return fixes


def respell(name: str, fixes: dict[str, str]) -> str:
    def fix(match: re.Match) -> str:
        word = match.group(0)
        right = fixes.get(word.lower())
        if right is None:
            return word
        return right.capitalize() if word[0].isupper() else right

    return TOKEN.sub(fix, name)


# ---------------------------------------------------------------- the cleaning


def clean_task_names(
    taxonomy: Taxonomy, ledger: Ledger
) -> tuple[dict[str, Tag], dict[str, str | None]]:
    """Tags by dedupe key, and what became of each input name (its tag's key, or None)."""
    fate: dict[str, str | None] = {}
    all_names = {normalize_spacing(raw) for raw in taxonomy.names} - {""}
    word_counts = Counter(w.lower() for name in all_names for w in {*TOKEN.findall(name)})
    fixes = spelling_fixes(word_counts)

    # Rules on one name: drop it, or rewrite it to a plainer name with synonyms.
    survivors: list[tuple[str, str, tuple[str, ...]]] = []  # (input name, name, synonyms)
    for raw in taxonomy.names:
        name = normalize_spacing(raw)
        if not name:
            ledger.note("empty", raw)
            continue
        if name in fate:
            ledger.note("repeat of a name listed before (same spelling)", name)
            continue
        fate[name] = None
        if not_a_name(name):
            ledger.note("not a task name: code, SQL, URL, sentence, no word", name)
        elif garbled(name, all_names, word_counts):
            ledger.note("truncated or garbled copy of another name", name)
        elif evaluation_entry(name):
            ledger.note("evaluation entry: language pair, number, version, benchmark", name)
        else:
            if (respelt := respell(name, fixes)) != name:
                ledger.note("(kept) misspelt word corrected", name)
            rewritten = resolve_parentheses(respelt)
            plain = rewritten.name
            if rewritten.dropped_setting:
                ledger.note("(kept) setting in parentheses dropped from the name", name)
            if (base := setting_of(plain, all_names)) is not None:
                ledger.note("(kept) task in one setting, reduced to the task", name)
                plain = base
            if rewritten.synonyms:
                ledger.note("(kept) acronym in parentheses made a synonym", name)
            survivors.append((name, display_form(plain), rewritten.synonyms))

    # Rules that look at the surviving names together.
    plain_names = {plain for _, plain, _ in survivors}
    family_counts = Counter(w.lower() for plain in plain_names for w in {*words(plain)})
    tags: dict[str, Tag] = {}
    for name, plain, synonyms in survivors:
        lowered, plain_words = plain.lower(), words(plain)
        if evaluation_entry(plain):
            ledger.note("evaluation entry: language pair, number, version, benchmark", name)
        elif lowered in taxonomy.dataset_names or glued_name(plain):
            ledger.note("dataset, benchmark or environment name", name)
        elif lowered.replace("-", " ") in EVALUATION_SUBSETS:
            ledger.note("evaluation subset or everyday word (hand list)", name)
        elif lowered in UMBRELLA_TERMS:
            ledger.note("umbrella term (hand list)", name)
        elif len(plain_words) == 1 and not is_acronym(plain) and not synonyms:
            word = plain_words[0].lower()
            if len(word) <= 4:
                ledger.note("one short everyday word", name)
            elif family_counts[word] - 1 >= FAMILY_WORD_MIN_NAMES:
                ledger.note("one word naming a family of tasks or a modality", name)
            elif not word.endswith(PROCESS_NOUN_ENDINGS):
                ledger.note("one word that names no process or property", name)
            else:
                _add(tags, plain, synonyms, name, fate, ledger)
        else:
            _add(tags, plain, synonyms, name, fate, ledger)
    _resolve_bare_acronyms(tags, fate, ledger)
    return tags, fate


def _add(tags, plain, synonyms, name, fate, ledger) -> None:
    key = dedupe_key(plain)
    if key in tags:
        ledger.note("spelling variant of another name (case, spaces, hyphens, plural)", name)
    else:
        tags[key] = Tag(name=plain)
    tags[key].spellings.add(plain)
    tags[key].synonyms.update(synonyms)
    fate[name] = key


def _resolve_bare_acronyms(tags: dict[str, Tag], fate: dict[str, str | None], ledger) -> None:
    """A name that is only an acronym (`NER`, `STS`, `TAG`) is a synonym of the tag that
    defines it (`Named Entity Recognition`), or else an undefined code (a dataset, a metric)."""
    definitions: dict[str, str] = {}
    for key, tag in sorted(tags.items()):
        parts = [w for w in re.split(r"[\s\-]+", tag.name) if w]
        if len(parts) >= 3:
            definitions.setdefault("".join(w[0] for w in parts).upper(), key)
    for key, tag in sorted(tags.items()):
        for form in tag.synonyms:
            if is_acronym(form):
                definitions[form.upper()] = key
    for key in [k for k, tag in tags.items() if is_acronym(tag.name)]:
        acronym = tags.pop(key)
        target = definitions.get(acronym.name.upper())
        inputs = [name for name, k in fate.items() if k == key]
        for name in inputs:
            fate[name] = target
            if target:
                ledger.note("acronym-only name, made a synonym of its long form", name)
            else:
                ledger.note("acronym-only name that nothing defines (dataset, metric)", name)
        if target:
            tags[target].synonyms.add(acronym.name)


# ---------------------------------------------------------------- areas, keywords, relations


def add_areas(tags: dict[str, Tag], taxonomy: Taxonomy, fate, ledger) -> dict[str, str]:
    """One `area` tag per research area; a task named like an area becomes the area.
    Returns research area name -> key."""
    area_keys = {}
    for area in taxonomy.area_examples:
        if area in UNTOPICAL_AREAS:
            continue
        key = dedupe_key(area)
        area_keys[area] = key
        if key in tags:
            for name in [n for n, k in fate.items() if k == key]:
                ledger.note("task named like a research area, merged into the area", name)
        tags[key] = Tag(
            name=area, kind="area", spellings={area}, synonyms={*AREA_SYNONYMS.get(area, [])}
        )
    return area_keys


def add_keywords(tags: dict[str, Tag], keywords, fate, ledger) -> None:
    """Keywords join the tags (written to their own CSV) so that relations can point at them.
    A PwC task named by a keyword's name or synonym is that keyword's topic: it is absorbed,
    and whatever pointed at the task points at the keyword."""
    keyword_keys = {}
    for row in keywords:
        key = dedupe_key(row["tag_name"])
        forms = [row["tag_name"], *filter(None, row["synonyms"].split("|"))]
        for absorbed in {dedupe_key(form) for form in forms} & {*tags}:
            if tags[absorbed].kind != "task":
                raise ValueError(f"keyword {row['tag_name']!r} names a {tags[absorbed].kind}")
            del tags[absorbed]
            for name in [n for n, k in fate.items() if k == absorbed]:
                ledger.note("named by a curated keyword, absorbed by it", name)
                fate[name] = key
        keyword_keys[key] = row
    # Display names are chosen later; a keyword may point at any spelling of a tag.
    key_of_slug = {slugify(s): key for key, tag in tags.items() for s in {tag.name, *tag.spellings}}
    for key, row in keyword_keys.items():
        tags[key] = Tag(name=row["tag_name"], kind="keyword", slug=row["tag_slug"])
    key_of_slug.update({row["tag_slug"]: key for key, row in keyword_keys.items()})
    for key, row in keyword_keys.items():
        for column, attribute in (("parent_slug", "parent"), ("area_slug", "area")):
            if row[column] and row[column] not in key_of_slug:
                raise ValueError(f"keyword {row['tag_slug']}: unknown {column} {row[column]!r}")
            setattr(tags[key], attribute, key_of_slug.get(row[column]))


def assign_parents(tags: dict[str, Tag], taxonomy: Taxonomy, fate) -> None:
    """Parent: the longest other tag whose name ends this one (`Link Prediction` for `Temporal
    Link Prediction`); else a hierarchy parent that shares a distinctive word with it, the one
    sharing most words first. PwC's hierarchy also links tasks that merely share papers
    (`Optical Character Recognition` over `Active Learning`); a shared word keeps the real
    links. A link that would close a cycle is skipped."""
    name_words = {key: {w.lower() for w in words(tag.name)} for key, tag in tags.items()}
    word_use = Counter(w for ws in name_words.values() for w in ws)
    listed_under: dict[str, set[str]] = defaultdict(set)
    for parent, children, _ in taxonomy.hierarchy:
        parent_key = fate.get(normalize_spacing(parent))
        for child in children:
            child_key = fate.get(normalize_spacing(child))
            if parent_key in tags and child_key in tags and parent_key != child_key:
                shared = name_words[parent_key] & name_words[child_key]
                if any(word_use[w] < COMMON_WORD_MIN_NAMES and len(w) > 2 for w in shared):
                    listed_under[child_key].add(parent_key)
    by_match_form = {match_form(tag.name): key for key, tag in tags.items() if tag.kind != "area"}
    for key in sorted(tags):
        tag = tags[key]
        if tag.kind != "task":
            continue
        form = match_form(tag.name).split()
        suffixes = (by_match_form.get(" ".join(form[start:])) for start in range(1, len(form)))
        candidates = [next((k for k in suffixes if k), None)]
        candidates += sorted(
            listed_under.get(key, ()), key=lambda p: (-len(name_words[key] & name_words[p]), p)
        )
        for parent in filter(None, candidates):
            if not _is_ancestor(tags, key, parent):
                tag.parent = parent
                break


def _is_ancestor(tags: dict[str, Tag], ancestor: str, key: str | None) -> bool:
    seen = set()
    while key is not None and key not in seen:
        if key == ancestor:
            return True
        seen.add(key)
        key = tags[key].parent if key in tags else None
    return False


def assign_areas(tags: dict[str, Tag], taxonomy: Taxonomy, fate, area_keys) -> None:
    """A task's research area, by the first rule that settles it:
    1. its hierarchy row names exactly one area;
    2. its hierarchy row or the area lists name several: the words of its name choose among
       them, each word voting with the areas of the tasks settled by rule 1 whose names use
       it (`Speech` -> Speech, `Link` -> Graphs);
    3. its parent's area;
    4. the words of its name vote among all areas;
    5. exactly one research area lists it among its examples.
    Otherwise none. PwC's area lists and multi-area rows put popular tasks under many areas
    (`Image Classification` under Adversarial), so they never settle an area by themselves."""
    categorised: dict[str, set[str]] = defaultdict(set)
    for parent, _, categories in taxonomy.hierarchy:
        if (key := fate.get(normalize_spacing(parent))) in tags:
            categorised[key].update(area_keys[c] for c in categories if c in area_keys)
    listed_in: dict[str, set[str]] = defaultdict(set)
    for area, examples in taxonomy.area_examples.items():
        for example in examples:
            if area in area_keys and (key := fate.get(normalize_spacing(example))) in tags:
                listed_in[key].add(area_keys[area])
    settled = {k: next(iter(a)) for k, a in categorised.items() if len(a) == 1}
    word_areas: dict[str, Counter] = defaultdict(Counter)
    for key, area in settled.items():
        for word in {w.lower() for w in words(tags[key].name)}:
            word_areas[word][area] += 1

    area_tasks = Counter(settled.values())
    area_words = {area: sum(c[area] for c in word_areas.values()) for area in area_tasks}
    vocabulary_size = len(word_areas)

    def vote(tag: Tag, among: set[str] | None = None) -> str | None:
        """Naive Bayes over the words of the name, trained on the tasks settled by rule 1,
        with add-one smoothing and no prior (the largest area would win every close call).
        Words no settled task uses say nothing. Only a clear winner counts: posterior
        probability AREA_VOTE_MIN_POSTERIOR or more."""
        known = [w for w in {w.lower() for w in words(tag.name)} if w in word_areas]
        if not known:
            return None
        scores = {
            area: sum(
                math.log((word_areas[w][area] + 1) / (area_words[area] + vocabulary_size))
                for w in known
            )
            for area in area_tasks
            if among is None or area in among
        }
        if not scores:
            return None
        best = max(scores.values())
        posterior = {area: math.exp(score - best) for area, score in scores.items()}
        winner = max(posterior, key=posterior.get)
        if posterior[winner] / sum(posterior.values()) >= AREA_VOTE_MIN_POSTERIOR:
            return winner
        return None

    def area_of(key: str, seen: frozenset = frozenset()) -> str | None:
        tag = tags[key]
        if tag.kind != "task" or tag.area is not None or key in seen:
            return tag.area
        candidates = categorised.get(key, set()) | listed_in.get(key, set())
        if key in settled:
            tag.area = settled[key]
        elif len(candidates) > 1 and (chosen := vote(tag, among=candidates)):
            tag.area = chosen
        elif tag.parent and (inherited := area_of(tag.parent, seen | {key})):
            tag.area = inherited
        elif voted := vote(tag):
            tag.area = voted
        elif len(listed_in.get(key, ())) == 1:
            tag.area = next(iter(listed_in[key]))
        return tag.area

    for key in sorted(tags):
        area_of(key)


# ---------------------------------------------------------------- output


def synonyms_of(tag: Tag) -> list[str]:
    """The surface forms the tagger needs besides the name: the other spellings that differ
    in more than case, hyphens or a plural `s` (the tagger allows for those), the synonyms,
    and the singular of a plural name. An acronym alone is kept in its exact case."""
    name = match_form(tag.name)
    covered = {name, name + "s", name + "es"}
    forms: dict[str, str] = {}
    plural_of = [singular(tag.name)] if singular(tag.name) and tag.kind == "task" else []
    spellings = [s.title() if s.isupper() and " " in s else s for s in tag.spellings]
    for form in [*sorted(spellings, key=display_preference), *plural_of, *sorted(tag.synonyms)]:
        compared = form if is_acronym(form) else match_form(form)
        if slugify(form) and compared not in covered and form.isascii():
            forms.setdefault(compared, form)
            covered |= {compared, compared + "s"}
    return list(forms.values())


def drop_ambiguous_synonyms(
    rows: list[dict[str, str]], keywords: list[dict[str, str]]
) -> list[str]:
    """A surface form claimed by two tags says nothing about which: the tag named by it keeps
    it, a keyword's synonym beats a task's, otherwise nobody keeps it."""
    claims: dict[str, list[tuple[int, str]]] = defaultdict(list)  # form -> (strength, slug)
    for row in [*rows, *keywords]:
        claims[match_form(row["tag_name"])].append((2, row["tag_slug"]))
        for synonym in filter(None, row["synonyms"].split("|")):
            strength = 1 if row["kind"] == "keyword" else 0
            claims[match_form(synonym)].append((strength, row["tag_slug"]))
    keep = {}
    for form, claimants in claims.items():
        best = max(strength for strength, _ in claimants)
        winners = {slug for strength, slug in claimants if strength == best}
        keep[form] = next(iter(winners)) if len(winners) == 1 else None
    dropped = []
    for row in rows:
        synonyms = row["synonyms"].split("|") if row["synonyms"] else []
        kept = [s for s in synonyms if keep.get(match_form(s)) == row["tag_slug"]]
        dropped += [f"{s} ({row['tag_slug']})" for s in synonyms if s not in kept]
        row["synonyms"] = "|".join(kept)
    return dropped


def to_rows(tags: dict[str, Tag]) -> list[dict[str, str]]:
    """The rows of tags.csv: every tag but the keywords, which have their own CSV."""
    for tag in tags.values():
        if tag.kind != "keyword":
            tag.name = min(tag.spellings | {tag.name}, key=display_preference)
            tag.slug = slugify(tag.name)

    def slug_of(key: str | None) -> str:
        return tags[key].slug if key else ""

    rows = [
        {
            "tag_slug": tag.slug,
            "tag_name": tag.name,
            "kind": tag.kind,
            "synonyms": "|".join(synonyms_of(tag)),
            "parent_slug": slug_of(tag.parent),
            "area_slug": slug_of(tag.area),
        }
        for tag in tags.values()
        if tag.kind != "keyword"
    ]
    return sorted(rows, key=lambda row: row["tag_slug"])


def build(folder: Path, keywords_csv: Path) -> tuple[list[dict[str, str]], Ledger]:
    ledger = Ledger()
    taxonomy = read_taxonomy(folder)
    keywords = read_keywords(keywords_csv)
    tags, fate = clean_task_names(taxonomy, ledger)
    area_keys = add_areas(tags, taxonomy, fate, ledger)
    add_keywords(tags, keywords, fate, ledger)
    assign_parents(tags, taxonomy, fate)
    assign_areas(tags, taxonomy, fate, area_keys)
    rows = to_rows(tags)
    for synonym in drop_ambiguous_synonyms(rows, keywords):
        ledger.note("(synonym) claimed by two tags, dropped", synonym)
    return rows, ledger


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pwc_tasks", type=Path, help="folder with all_tasks.txt and the CSVs")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--keywords", type=Path, default=KEYWORDS_CSV)
    args = parser.parse_args(argv)
    rows, ledger = build(args.pwc_tasks, args.keywords)
    with args.out.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    kinds = Counter(row["kind"] for row in rows)
    print(ledger.summary())
    print(f"wrote {len(rows)} tags to {args.out}: {dict(sorted(kinds.items()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
