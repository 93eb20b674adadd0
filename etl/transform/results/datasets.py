"""Dataset names: the canonical name of a dataset as written (`canonical_dataset`), which
names are usable as datasets, and the datasets an abstract says it evaluates on."""

from __future__ import annotations

import functools
import re

import polars as pl

from etl.transform import word_regex  # noqa: F401  (registers the .rx namespace)
from etl.transform.results.metrics import _by_alias, per_distinct
from etl.transform.results.patterns import (
    _EVALUATED_WITH,
    _EVALUATION_DATASET,
    _INTRODUCED_BENCHMARK,
    _MAY_INTRODUCE_BENCHMARK,
    _NOT_DATASETS,
    _OWN_SPLIT,
    _PART_OF_NAMED,
    _QUALIFIED_THING,
    _SENTENCE_END,
    _SPLIT_WORD,
    _TRAINED_ON,
)
from etl.vocab.measures import alias_key

# After a dataset's name, the task or the kind of collection, in up to three words:
# "CIFAR-10 Image Recognition", "MNIST handwritten digit recognition", "COCO dataset".
_TASK_WORD = (
    r"(?:recognition|classification|detection|segmentation|comprehension|generation|dataset|"
    r"benchmark|corpus|set|split)"
)
_TASK_PHRASES = [rf"(?i)(?:\s+[a-z]+){{{words}}}\s+{_TASK_WORD}$" for words in range(3)]
# An image resolution after the name: "ImageNet 256x256", "ImageNet-256", "ImageNet
# 512times512" (a `\times` whose backslash the source lost). The dataset is the dataset; the
# resolution is its variant (groups 1 and 2 the sides, or 3 one side of a square: variants.py).
_RESOLUTION = (
    r"(?i)(?:[\s\-_]*(\d+)\s*(?:x|×|times)\s*(\d+)|[\s\-_]+(32|64|128|256|512|1024))"
    r"(?:\s*px)?$"
)
# "Street View House Numbers (SVHN)", "CoQA (Conversational Question Answering Challenge)",
# "ImageNet (ILSVRC 2012)": a name and, in parentheses, another name of it.
_NAME_IN_PARENTHESES = r"^(.+?)\s*\(([^()]+)\)$"
# Words that end a long name without giving it a letter of its acronym.
_COLLECTION_WORD = r"(?i)\s+(?:challenge|dataset|benchmark|corpus)$"


def _initials(name: pl.Expr) -> pl.Expr:
    """Initials of a long name: "Street View House Numbers" -> SVHN, "Winograd NLI" -> WNLI
    (a word in capitals counts whole)."""
    word = pl.element()
    return (
        name.rx.replace(_COLLECTION_WORD, "")
        .str.split(" ")
        .list.eval(
            pl.when(word.rx.contains(r"^[A-Z0-9]{2,}$"))
            .then(word)
            .otherwise(word.str.slice(0, 1).str.to_uppercase())
        )
        .list.join("")
    )


def canonical_dataset(dataset_text: pl.Expr, datasets: pl.DataFrame) -> pl.Expr:
    """The curated name of a dataset as written, else null. A name not known as written is
    known by its first part when the rest is a task phrase or an image resolution
    ("CIFAR-10 Image Recognition", "ImageNet 256x256"), or when it is two names of one
    dataset: "ImageNet ILSVRC 2012", or a name with its acronym in parentheses
    ("Street View House Numbers (SVHN)")."""
    return per_distinct(dataset_text, functools.partial(_canonical_dataset, datasets=datasets))


def _canonical_dataset(dataset_text: pl.Expr, datasets: pl.DataFrame) -> pl.Expr:
    by_alias = _by_alias(datasets, "dataset_name")

    def acronym(text: pl.Expr) -> pl.Expr:
        """The capitals of a one-word name that has two or more: CoQA -> CQA."""
        capitals = text.rx.replace_all(r"[^A-Z0-9]", "")
        return pl.when(~text.rx.contains(r"\s") & (capitals.str.len_chars() >= 2)).then(capitals)

    # The name without a task phrase (the shortest first) and without a resolution.
    bare_names = [
        dataset_text.rx.replace(phrase, "").rx.replace(_RESOLUTION, "") for phrase in _TASK_PHRASES
    ]
    outside = dataset_text.rx.extract(_NAME_IN_PARENTHESES, 1)
    inside = dataset_text.rx.extract(_NAME_IN_PARENTHESES, 2)
    first_word = dataset_text.rx.extract(r"^(\S+)\s+\S", 1)
    after_first_word = dataset_text.rx.extract(r"^\S+\s+(.+)$", 1)
    return pl.coalesce(
        by_alias(dataset_text),
        *(by_alias(bare) for bare in bare_names),
        # "COCO val2017", "Bird development set": a split is of its dataset; so is a
        # language pair ("DBP15K_FR-EN").
        by_alias(dataset_text.rx.replace(_OWN_SPLIT + "$", "")),
        # "On the NuScenes Val dataset": a split written bare, as a word of the name.
        by_alias(dataset_text.rx.replace(rf"\s+(?i:{_SPLIT_WORD})$", "")),
        by_alias(dataset_text.rx.replace(_LANGUAGE_PAIR_AFTER, "")),
        pl.when(by_alias(outside) == by_alias(inside)).then(by_alias(outside)),
        pl.when(by_alias(first_word) == by_alias(after_first_word)).then(by_alias(first_word)),
        pl.when(_initials(outside) == acronym(inside)).then(by_alias(inside)),
        pl.when(_initials(inside) == acronym(outside)).then(by_alias(outside)),
    )


# A model of a well-known family with its version or variant glued on: GPT-4o, Llama-3,
# Qwen2.5, ResNet50, ViT-B/16, LlamaGen.
_MODEL_FAMILY = (
    r"^(?:GPT|Llama|LLaMA|Qwen|Claude|Gemini|Gemma|Mistral|Mixtral|DeepSeek|ResNet|ViT|VGG|"
    r"BERT|RoBERTa|Swin|ConvNeXt|EfficientNet|MobileNet|DiT|SDXL|InternVL|LLaVA|Kimi|GLM|"
    r"HunyuanVideo|Hunyuan|Wan|FLUX|Grok|Yi|Baichuan|ChatGLM|Pythia|OLMo)(?:[\-\d.\s]|[A-Z])|"
    r"^(?:Phi|T5|CLIP|OPT)[\-\d]"
)


# Two-letter codes of the languages translation and alignment corpora pair ("Ja-En", "en-de").
_LANGUAGE_CODES = (
    "en", "de", "fr", "es", "it", "pt", "nl", "ru", "zh", "ja", "ko", "ar", "hi", "cs", "ro",
    "tr", "fi", "et", "lv", "lt", "gu", "kk", "ne", "si", "vi", "th", "id", "pl", "uk", "he",
    "fa", "bn", "ta", "te", "ur", "sw", "el", "hu", "bg", "hr", "sr", "sk", "sl", "sv", "da",
    "no", "is", "ms", "km", "ps", "my", "ha",
)  # fmt: skip
_LANGUAGE_CODE = "(?:" + "|".join(_LANGUAGE_CODES) + ")"
# "Indic-En": a code written as a word.
_TITLED_LANGUAGE_CODE = "(?:" + "|".join(code.title() for code in _LANGUAGE_CODES) + ")"
# "DBP15K_FR-EN", "WMT14 En-De": a language pair after the name is the split of the corpus the
# number was measured on (group 1: variants.py).
_LANGUAGE_PAIR_AFTER = rf"[_\s\-]+((?i:{_LANGUAGE_CODE})-(?i:{_LANGUAGE_CODE}))$"
# What a name is when it is no dataset: a model's size (`GLM-4-9B`, not the count a corpus
# is named by when it follows a letter: HowTo100M, YFCC100M), an accelerator named by a letter
# and a number (A100, B200), a plural acronym naming a kind of system (UMMs, CUAs), a model
# of a known family; one regex, as it runs on every candidate name.
_NOT_DATASET_NAME = (
    r"(?i:(?:^|[^a-z\d.])\d+(?:\.\d+)?[bm]\b)|^(?:[A-Z]\d{2,4}|[A-Z]{2,}s|[A-Z])$|"
    # "on 13 benchmarks": a count; "on W4A4KV4": the bit-widths of a quantized model; "on
    # INT8", "in FP16": a number format.
    r"^[\d.,]+$|^W\d+A\d+|^(?:U?INT|FP|BF|NF|MXFP)\d+$|"
    # "on the TESTpriv", "on val2017", "on testA": a split of some dataset, named by the
    # split word it opens with.
    r"^(?:TEST|VAL|DEV|test|val|dev)(?:[a-z]+|[A-Z]|\d{4})$|"
    # "on Level-3": a level of difficulty of some benchmark.
    r"^Level[\s\-]?\d+$|"
    # "on Top-K recommendation": a cut-off of a ranking.
    r"^Top-?(?:[KkNn]|\d+)$|"
    # "on US English": a language as spoken somewhere.
    r"^[A-Z][A-Za-z]+\s+(?:English|Chinese|Spanish|French|Portuguese|German|Arabic)$|"
    # "Chinese-to-English", "Text-to-Image", "Text-To-SQL": a direction or a task.
    r"^[A-Z][a-z]+-(?i:to)-[A-Z][A-Za-z]+$|"
    # "in the Ja-En alignment task", "on En-De": a language pair is a split of some corpus
    # the text names elsewhere (DBP15K, WMT14), not a dataset.
    rf"^(?i:{_LANGUAGE_CODE}-{_LANGUAGE_CODE})$|"
    # "In the Indic-En direction": a language group to a language is a direction too (the
    # code written as a word, not "Places-LT", "Wiki-CS").
    rf"^[A-Z][a-z]+-{_TITLED_LANGUAGE_CODE}$|^{_TITLED_LANGUAGE_CODE}-[A-Z][a-z]+$|"
    # "on Intel CPUs": hardware; "in Reinforcement Learning": a field; "Mixture-of-Experts",
    # "Chain-of-Thought": a technique.
    r"\b(?:[CGTN]PUs?|Learning)$|^[A-Z][a-z]+-of-[A-Z][a-z]+$|"
    # "on a Joint Score", "on Success Rate": a measure written in capitals (not "PinchBench
    # Avg Score", a benchmark's measure).
    r"^[A-Z][a-z]+\s(?:Scores?|Rates?|Accuracy|Errors?)$|"
    # "on AMD MI300": an accelerator named by its maker.
    r"^(?:AMD|NVIDIA|Nvidia|Intel|Apple|Qualcomm|Huawei|Ascend)\b|"
    # "on a Jetson Orin Nano", "on a Raspberry Pi 4": a device; "on GTX1080Ti", "on a Tesla
    # V100", "on TPUv4": an accelerator of a known product line.
    r"^(?:Jetson|Raspberry|Snapdragon|Pixel|iPhone|Galaxy|Arduino)\b|"
    r"^(?:GTX|RTX|GeForce|TITAN|Titan|Tesla|Quadro|TPU)(?:\b|[\s\-]?v?\d)|"
    # "in the CVPR 2021 AI City Challenge", "in NLPCC 2019 Shared Task 2": a competition,
    # held on data of its own that the name does not say (the labellers of five sets left
    # such names out).
    r"\s(?:Challenge|Competition|Shared\s+Task)(?:\s\d+)?$|"
    # "(baseline: 94.30%, CBAM-enhanced: 95.98%)", "RAG-based": a word made an adjective
    # names a variant of a system, not data.
    r"-(?:enhanced|based|guided|aware|driven|equipped|tuned)$|" + _MODEL_FAMILY
)


def _usable_dataset(name: pl.Expr) -> pl.Expr:
    """name, unless it is a general term, a unit, hardware or a model; a setting written
    after it is not part of it ("OSWorld 15-step")."""
    # "COCO's val split": the possessive is no part of the name.
    # "PinchBench Avg Score": the measure written after a benchmark is no part of it.
    written = name
    name = (
        # "on the OOD XSUM dataset": how the data relates to training is no part of its name.
        name.rx.replace(r"^(?:OOD|IID|ID)\s+([A-Z])", "$1")
        .rx.replace(r"\s+\d+-[a-z][\w\-]*$", "")
        # "EHR 0.473": a value written after a name is no version of it ("OSWorld 2.0").
        .rx.replace(r"\s+(?:0\.\d+|\d+\.\d{3,})(?:\s.*)?$", "")
        .rx.replace(r"['’]s$", "")
        .rx.replace(
            r"\s+(?:(?:Avg\.?|Average|Overall|Mean)\s+)?(?:Score|Accuracy|Success Rate)s?$", ""
        )
    )
    first_word = name.rx.extract(r"^(\S+)", 1)
    return (
        pl.when(
            first_word.is_in(_NOT_DATASETS)
            | name.rx.contains(_NOT_DATASET_NAME)
            | written.rx.contains(_NOT_DATASET_NAME)
        )
        .then(None)
        .otherwise(name)
    )


def _parts_as_whole(text: pl.Expr) -> pl.Expr:
    """text with a part of a named dataset written as the dataset (see _PART_OF_NAMED)."""
    return text.rx.replace_all(_PART_OF_NAMED, "$1 $2")


def _sentence_of_first(pattern: str, abstract: pl.Expr) -> pl.Expr:
    """The number of the abstract's sentence where pattern first matches (null when it does
    not): the sentence ends before the text the match starts."""
    # Where the match starts (a byte offset), not the text before it captured: a capture
    # before a long pattern is found by the slowest of the regex engines.
    start = abstract.rx.find(f"(?s)(?:{pattern})")
    before = abstract.cast(pl.Binary).bin.head(start).cast(pl.String)
    return pl.concat_str(before, pl.lit("X")).rx.count_matches(_SENTENCE_END)


def _evaluated_name(statement: pl.Expr) -> pl.Expr:
    """The benchmark a statement of evaluation (a match of _EVALUATION_DATASET) names."""
    return pl.when(
        # "performance of models trained on X": X is training data.
        ~statement.rx.contains(_TRAINED_ON)
    ).then(
        pl.coalesce(
            # "performance gains on SWE tasks": a kind of task, not a benchmark; "experiments
            # on LibriSpeech and in-house datasets": a name and data it does not name, either
            # of which a claim may be on.
            pl.when(
                ~statement.rx.extract(_EVALUATION_DATASET, 2)
                .fill_null("")
                .rx.contains(rf"^(?i:{_QUALIFIED_THING}|tasks?|problems?|domains?|and|or)$")
                # "on RM benchmarks", "on QA datasets": one name before the plural
                # is a kind of benchmark, not one ("on MMLU and GSM8K benchmarks" is two).
                & ~(
                    statement.rx.contains(r"(?:benchmarks|datasets|suites)$")
                    & ~statement.rx.extract(_EVALUATION_DATASET, 1)
                    .fill_null("")
                    .rx.contains(r",|\band\b")
                )
            ).then(statement.rx.extract(_EVALUATION_DATASET, 1)),
            # "on the nuScenes and KITTI benchmarks": the last of a list whose first name is
            # in lower case is not the one benchmark evaluated on.
            pl.when(
                ~statement.rx.contains(r"\b(?:and|or)\s+\S+\s+(?:benchmark|dataset|corpus)$")
            ).then(statement.rx.extract(_EVALUATION_DATASET, 3)),
            *(statement.rx.extract(_EVALUATION_DATASET, group) for group in (4, 5)),
        )
    )


def _abstract_datasets(abstracts: pl.LazyFrame) -> pl.LazyFrame:
    """The benchmarks each abstract (`paper_key`, `abstract`) says it is evaluated on
    ("Experiments on the X dataset") and the ones it introduces ("X, the first benchmark for
    ..."), each a list, with the sentence where each is first said."""
    abstract = pl.col("abstract")
    parts_named = _parts_as_whole(abstract)
    # Searched only where it may match (about one abstract in six): the statement's bounded
    # gap makes the search itself slow.
    may_state_evaluation = parts_named.rx.where_may_match(_EVALUATION_DATASET)
    evaluated = abstracts.select(
        "paper_key",
        # Numbers reported before the evaluation is stated are not scoped by it ("... with
        # 140x more compute. Experiments on IF_Eval and MT-Bench further show ...").
        # (Each pattern searched alone: one search for either is several times slower.)
        evaluated_in_sentence=pl.min_horizontal(
            _sentence_of_first(_EVALUATION_DATASET, may_state_evaluation),
            _sentence_of_first(_EVALUATED_WITH, parts_named),
        ),
        evaluated_datasets=may_state_evaluation.rx.extract_all(_EVALUATION_DATASET)
        .fill_null(pl.lit([], pl.List(pl.String)))
        .list.eval(_evaluated_name(pl.element()))
        .list.concat(
            pl.col("abstract")
            .rx.extract_all(_EVALUATED_WITH)
            .list.eval(
                pl.coalesce(
                    *(pl.element().rx.extract(_EVALUATED_WITH, group) for group in (1, 2, 3)),
                )
            )
        )
        .list.drop_nulls()
        .list.unique(),
    )
    # The long search for an introduced benchmark runs only on abstracts that hold what
    # every form of naming one needs (_MAY_INTRODUCE_BENCHMARK); most introduce none.
    introduced = abstracts.filter(
        pl.any_horizontal(abstract.rx.contains(part) for part in _MAY_INTRODUCE_BENCHMARK)
    ).select(
        "paper_key",
        # The sentence that introduces a benchmark describes it (its size, its annotators'
        # agreement); the numbers measured on it come after, or are said to be reached.
        introduced_in_sentence=_sentence_of_first(_INTRODUCED_BENCHMARK, abstract),
        introduced_benchmarks=abstract.rx.extract_all(_INTRODUCED_BENCHMARK).list.eval(
            pl.coalesce(
                # One group a form of naming, each holding the name.
                *(
                    pl.element().rx.extract(_INTRODUCED_BENCHMARK, group)
                    for group in range(1, re.compile(_INTRODUCED_BENCHMARK).groups + 1)
                ),
            )
        ),
    )
    return evaluated.join(introduced, on="paper_key", how="left").with_columns(
        introduced_benchmarks=pl.col("introduced_benchmarks").fill_null(
            pl.lit([], pl.List(pl.String))
        )
    )


def _known_dataset(name: pl.Expr, datasets: pl.DataFrame) -> pl.Expr:
    """Whether the dataset vocabulary knows name as written (a cheaper test than
    canonical_dataset, for names that are only candidates)."""
    known = datasets.explode("aliases").select(alias_key(pl.col("aliases")))["aliases"]
    return alias_key(name).is_in(known.implode())


# A list read to its end: "A, B and C", "A and B" (not "A, B" cut short before ", and C").
_WHOLE_LIST = r"\b(?:and|or)\s+\S+$"


def _listed(names: pl.Expr) -> pl.Expr:
    """The names of "A, B and C" as a list."""
    return (
        names.rx.replace_all(r"\s*,?\s*\band\s+|\s+/\s+", ",")
        .str.split(",")
        .list.eval(pl.element().str.strip_chars())
    )


def _one_claim() -> pl.Expr:
    """Whether the claim's group is one claim: alone, or the two ends of one range."""
    return (pl.col("group_size") == 1) | pl.col("in_range").any().over("paper_key", "group")


def _paired(names: pl.Expr) -> pl.Expr:
    """The one name of a list, or the name at the claim's place in its list when the list of
    names and the list of claims are as long (a range's two ends are one claim)."""
    # "margins of 2.22%, 2.23%, and 3.95% on Amazon2M, MAG-Scholar-C, and ogbn-papers100M,
    # respectively", with one of the names read: the claims are on names each, and the one
    # read is the place of one of them only.
    respective_list = (
        pl.when(pl.col("group_size") > 1)
        .then(pl.col("group_right").rx.where_contains("respectively"))
        .rx.extract(
            r"^[^.;]*?\b(?:on|across)\s+(?:the\s+)?(?:[a-z][\w\-]*\s+){0,3}?"
            r"((?:[\w\-.]+,\s+)+(?:and\s+)?[\w\-.]+|[\w\-.]+\s+and\s+[\w\-.]+),?\s+respectively\b",
            1,
        )
    )
    names_listed = (
        _listed(respective_list).list.eval(pl.element().rx.contains(r"[A-Z0-9]")).list.sum()
    )
    return (
        pl.when((names.list.len() == 1) & ~(names_listed > 1).fill_null(False))
        .then(names.list.first())
        .when((names.list.len() == pl.col("group_size")) & ~_one_claim())
        .then(names.list.get(pl.col("member"), null_on_oob=True))
    )
