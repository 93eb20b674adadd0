"""The dataset of each claim: "on X", "from X", lists of datasets paired in order with
lists of numbers ("respectively"), and the abstract's own evaluation datasets."""

from __future__ import annotations

import polars as pl

from etl.contracts import DATASET_CANDIDATE_WAYS, DATASET_WAYS, listed_way
from etl.transform import word_regex  # noqa: F401  (registers the .rx namespace)
from etl.transform.results.datasets import (
    _NOT_DATASET_NAME,
    _WHOLE_LIST,
    _evaluated_name,
    _known_dataset,
    _listed,
    _one_claim,
    _paired,
    _parts_as_whole,
    _usable_dataset,
)
from etl.transform.results.neighbours import _IN_SENTENCE, _last_match_group
from etl.transform.results.numbers import _slice_before, _slice_whole_words
from etl.transform.results.patterns import (
    _ANY_DATASET_NAME,
    _APPROXIMATE,
    _BARE_DATASET_MENTION,
    _BENCHMARK_SUFFIX,
    _BY_AMOUNT_IN,
    _CHANGE_ON_NAMED,
    _CHANGING_VERB,
    _CLAUSE_ON_NAMED,
    _DATASET_BEFORE_AMOUNT,
    _DATASET_LIST,
    _DATASET_MENTION,
    _DATASET_NAME,
    _DESCRIBED_NAME,
    _EVALUATION_DATASET,
    _GAIN_IN,
    _IN_WHAT_GAINED,
    _LIST_GOES_ON,
    _LISTED_ITEM_BEFORE_AMOUNT,
    _NEIGHBOUR_CHARS,
    _NEXT_RANKED,
    _NOT_DATASET_PATH,
    _OBJECT_BEFORE_AMOUNT,
    _ON_DATA_THEN_VALUE,
    _OPENING_ON,
    _PRAISE,
    _QUALIFIED_THING,
    _QUALIFIER,
    _RESPECTIVE_NAMES,
    _SYSTEM_BEFORE_BRACKET,
    _TRAINED_ON,
    _UNNAMED_DATA,
)

# "across eight tasks", "on several datasets": a count of sets of data.
_COUNT = (
    r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|several|multiple|various|diverse|all)"
)
# "Across four MHQA benchmarks, ...", "On several QA datasets, ...": a count of data of a kind.
_COUNTED_OPENING = rf"(?i)^(?:On|In|For|Across)\s+(?:the\s+)?(?:{_COUNT}|many)\s"


def _first_word(name: pl.Expr) -> pl.Expr:
    """The first word of a name, in lower case."""
    return name.str.to_lowercase().str.extract(r"^([a-z0-9]+)", 1)


def _averaged() -> pl.Expr:
    """Whether a claim is an average: "83.15% on CoNLL2003 and 70.37% on OntoNotes5.0,
    outperforming few-shot baselines by an average margin of 7 points" is over more than the
    data of the claim before it, or the name before the clause it opens."""
    return pl.col("group_left").rx.contains(
        r"(?i)\b(?:an?\s+)?average(?:d)?\s+(?:(?:margin|gain|improvement|increase|drop)\s+)?"
        r"(?:of\s+)?$"
    ) | pl.col("group_right").rx.contains(r"(?i)^\s*(?:points?\s+)?on\s+average\b")


def _attribute_datasets(
    claims: pl.LazyFrame, metric_re: str, datasets: pl.DataFrame
) -> pl.LazyFrame:
    """The dataset of each claim, first found of:
    1. the data a number is labelled with ("AID: 95.85%"), the dataset a parenthesis opened
       after: "on CIFAR-10 (with error rate 3.53%)";
    2. "on X" after the claim, before the next claim, the path to X free of other
       prepositions and comparator words; a list of names pairs with the claim list in
       order ("17.5% and 24.1% on WikiText-103 and Web");
    3. a benchmark just before the claim: "AIME 2024 (46.28%", "On COCO, ...", the list
       named before claims said to be respective, the last clause opening with one
       (", on the WHU dataset, the scores were ...");
    4. the dataset of an earlier claim close by in the same sentence;
    5. the abstract's one evaluation benchmark ("Extensive experiments on the X dataset").
    A mention that names datasets which cannot be paired with the claims (two names, one
    claim) stops the search: guessing would put a number on the wrong dataset.

    The candidates are found in stages, each a column computed once: an expression used
    twice in one stage is evaluated twice, and the candidates nest.
    """
    left, right = pl.col("group_left"), pl.col("group_right")
    # The next claim ("..., 5%", "and 2x", "(+8.2% on MMLU)") ends the stretch where this
    # claim's dataset can be; a comparator's number ("vs. 54.7% by TransE on X") does not.
    until_next_claim = (
        _parts_as_whole(_slice_whole_words(right, 0, 120))
        .rx.replace(
            r"(?:^|[,;(]|\band\b|\bincluding\b)(?:\s+[a-z]+){0,4}\s*[+\-−]?\d+(?:\.\d+)?\s?"
            r"(?:%|x\b|×|times\b).*$",
            "",
        )
        # "by 4.1% on GSM8K and on MATH by 2.2%": a name the next amount is "by" is that
        # claim's.
        .rx.replace(
            r"\b(?:on|in)\s+(?:the\s+)?[^\s,;]+(?:\s+(?:benchmark|dataset|set|split|tasks?))?"
            r"\s+by\s+(?:[a-z]+\s+){0,2}[+\-−]?\d.*$",
            "",
        )
        # "... by 1% while costing less. 2) Our B model reaches 82.0% on Cityscapes": an
        # enumeration's next item is another claim.
        .rx.replace(r"[.;,]\s+\(?(?:\d{1,2}|[ivx]{1,4}|[a-h])\)\s.*$", "")
        # "75.9% on ImageNet, MoGA-B meets 75.5%": a clause with its own subject and number.
        .rx.replace(
            r"[,;]\s+[A-Z][\w\-.]*\s+(?:[a-z]+\s+){1,3}[+\-−]?\d+(?:\.\d+)?\s?(?:%|x\b|×|times\b).*$",
            "",
        )
        # "gains on Wikidata benchmarks (+16% ...) alongside consistent improvements on
        # Freebase benchmarks": what is added alongside is another claim, on its own data.
        .rx.replace(r"(?i)\b(?:alongside|along\s+with|as\s+well\s+as|in\s+addition\s+to)\b.*$", "")
        # "a 2x boost in TEP": what a gain is in is its metric.
        .rx.replace(_GAIN_IN, "")
        # "26.94 ... versus 23.21 for CLI-only": what a compared number is for is the
        # compared system.
        .rx.replace(r"(?i)\b(?:vs\.?|versus)\s+[\d.,]+\s?%?\s+for\b.*$", "")
        # "a substantial drop from BrowseComp": what a change is from is a reference.
        .rx.replace(
            r"(?i)\b(?:drop|decline|decrease|increase|rise|gain|improvement|up|down)s?\s+from\s+\S+",
            "",
        )
        # "~99% of the performance of models trained on VaPR": training data is no benchmark.
        .rx.replace(_TRAINED_ON + r"\s+(?:the\s+)?\S+", "")
        # "an F1 of 91.6 and IoU of 84.5, on the WHU dataset, the scores were ...": a clause
        # that opens with its data scopes what follows it.
        .rx.replace(rf"{_CLAUSE_ON_NAMED}.*$", "")
    )
    # "by up to 11.40%, and on FaithEval - which ... - where we improve by up to 15.80%": a
    # clause that opens with a benchmark and holds the next claim is that claim's.
    next_claim_follows = right.str.slice(0, 120).rx.contains(r"\d\s?(?:%|x\b|×|times\b)")
    # "improves performance on GSM8k (a math dataset) by 16.9%", "improves MMLU and GPQA
    # by 6.4% and 22.6%": the benchmarks a change is measured on, before the amount.
    found_before_amount = left.rx.replace_all(_DESCRIBED_NAME, "$1 the $2").rx.extract_groups(
        _DATASET_BEFORE_AMOUNT
    )
    listed_item = left.rx.extract(_LISTED_ITEM_BEFORE_AMOUNT, 1)
    stage_0 = {
        # "a Harmbench attack success rate of": a name and the metric after it.
        "named_measure": left.rx.extract_groups(
            rf"\b(?:a|an|the|its|their)\s+(?P<name>{_DATASET_NAME})\s+(?P<metric>{metric_re})\s+of\s+"
            rf"(?:{_QUALIFIER}\s+)?{_APPROXIMATE}$"
        )
    }
    named_measure = pl.col("named_measure")
    stage_1 = {
        # "on the Human Eval benchmark test (90.9% vs. 90.2%)".
        "inside_parenthesis": left.rx.extract(
            rf"\b(?:on|in)\s+(?:the\s+)?({_DATASET_NAME})"
            r"(?:\s+(?:benchmark|dataset)(?:\s+(?:test|set|split))?)?\s*\([^()]*$",
            1,
        ),
        "until_any_claim": pl.when(left.rx.contains(_BY_AMOUNT_IN))
        .then(until_next_claim.rx.replace(_IN_WHAT_GAINED, ""))
        .otherwise(until_next_claim),
        "next_claim_follows": next_claim_follows,
        # The sentence from its start, however far before the claim its opening clause is.
        "wide_left": _slice_before(
            pl.col("abstract"), pl.col("claim_start").first().over("paper_key", "group"), 500
        ),
        # "(AID: 95.85% and NWPU: 94.09%)": each number labelled with its data.
        "labelled_with": pl.when(~left.rx.contains(rf"(?:{metric_re})\s*:\s*$")).then(
            left.rx.extract(rf"(?:^|[(,;]\s*|\band\s+)({_DATASET_NAME}):\s*$", 1)
        ),
        # "99.38% (MNIST), 41.69% (CIFAR100)": the name alone in brackets right after; not a
        # measure's ("57.6% (Pass@32)").
        "named_after": pl.when(~right.rx.contains(rf"^\s*\(\s*(?:{metric_re})\s*\)")).then(
            right.rx.extract(rf"^\s*\(\s*({_DATASET_NAME})\s*\)", 1)
        ),
        # "on both miniImageNet (70.31% on 1-shot": the name a bracket of claims opens
        # after. Not a bracket of claims said to be respective: "on CIFAR-100, Flowers-102,
        # and Caltech-101 (63.42%, 84.23%, and 95.67%, respectively)" pairs them in order;
        # nor a compared system or the paper's own (_SYSTEM_BEFORE_BRACKET).
        "bracketed": pl.when(
            ~left.rx.contains(_NEXT_RANKED)
            & ~((pl.col("group_size") > 1) & right.rx.contains(r"^[^.;()]{0,40}\brespectively\b"))
            & ~left.rx.contains(_SYSTEM_BEFORE_BRACKET)
        ).then(left.rx.extract(rf"(?:^|[\s,;:])({_ANY_DATASET_NAME})\s*\(\s*$", 1)),
        # "(-0.07% Vbench score)": the benchmark whose score the number is.
        "name_score_after": right.rx.extract(
            rf"^\s*({_DATASET_NAME})\s+(?:benchmark\s+)?scores?\b", 1
        ),
        # "state-of-the-art on SWE-bench Verified with 93.7% Acc@5".
        # Not for a list of claims: "1st place on MOT20 and 2nd place on MOT17 with 63.9 and
        # 64.9 HOTA, respectively" pairs the names in order.
        "scoped_with": pl.when(pl.col("group_size") == 1).then(
            left.rx.extract(
                # "on the standard KITTI dataset with 93.92% accuracy".
                rf"\b(?:on|in)\s+(?:the\s+)?(?:{_PRAISE}\s+)?({_DATASET_NAME})"
                r"(?:\s+(?:benchmark|dataset))?\s+"
                rf"with\s+(?:an?\s+)?(?:{_QUALIFIER}\s+)?$",
                1,
            )
        ),
        "objects": _listed(left.rx.extract(_OBJECT_BEFORE_AMOUNT, 1)),
        "changed_on_found": pl.coalesce(
            pl.when(
                ~found_before_amount.struct[1]
                .fill_null("")
                .rx.contains(rf"^(?i:{_QUALIFIED_THING})$")
            ).then(_listed(found_before_amount.struct[0])),
            _listed(listed_item.rx.extract(rf"^({_DATASET_NAME})$", 1)),
        ),
        # An item of such a list names what it changes: no other name is its dataset.
        "listed_by": listed_item.is_not_null(),
        # "improves the GenEval benchmark score from 0.62 to 0.73": a benchmark's own measure.
        # "achieves a GenEval score of 0.86"; not "a FID score of 0.079".
        "score_of": pl.when(~left.rx.contains(rf"\b(?:{metric_re})\s+score\s+of\s+$")).then(
            pl.coalesce(
                # "a Harmbench attack success rate of 96.9%": a benchmark's name before the
                # metric it was measured with; a model's name is refused as a dataset later.
                # Not a qualifier of the metric: "a Top-1 accuracy", "an Avg@4 Success Rate",
                # "a Row F1" (a metric written in capitals is named with the word before it).
                pl.when(
                    named_measure.struct.field("metric").rx.contains(r"^[a-z]")
                    & ~named_measure.struct.field("name").rx.contains(
                        rf"^(?:{metric_re}|Top-?\d+|[A-Za-z]+@\w+)$"
                    )
                ).then(named_measure.struct.field("name")),
                left.rx.extract(
                    # "sets a new DPG-Bench complex-generation record of 85.5".
                    rf"\b(?:a|an|the|its|their)\s+(?:new\s+)?({_DATASET_NAME})\s+(?:benchmark\s+)?"
                    r"(?:score|(?:[a-z][\w\-]*\s+)?record)\s+of\s+$",
                    1,
                ),
            )
        ),
        # "the repair rate on RepoBugs is only 22.58%", "an accuracy on X of 81%": the data
        # between a measure and its value.
        "measure_on_name": left.rx.extract(rf"\b[a-zA-Z][\w\-@]*{_ON_DATA_THEN_VALUE}", 1),
        "measure_of": left.rx.extract(
            # "and the ImageReward benchmark score from 0.87 to 0.96": a second such change.
            rf"(?:\b(?i:{_CHANGING_VERB})[a-z]*|\band)\s+(?:the\s+|its\s+)?({_DATASET_NAME})\s+"
            r"(?:benchmark\s+(?:score|accuracy|performance|results?)|score)\s+(?:from\s*|by\s+)$",
            1,
        ),
        # "tested on HotpotQA, on which it reaches 61.2%", "and on MuSiQue, where it ...";
        # "across MATH, GSM8k, and CQA, where X achieves 14.1%, 7.1%, and 9.4%": in order.
        "relative_names": _listed(
            left.rx.extract(
                # "and on FaithEval - which requires ... - where we improve by": with an aside.
                # "spans 3,902 bugs from the Codeflaws benchmark, where ...". Not inside a
                # name: "on the Bias in Bios dataset, where".
                rf"(?:^|[^\w\s]\s*|\b[a-z0-9][\w\-]*\s+)(?:on|in|across|from)\s+(?:the\s+)?"
                rf"({_DATASET_LIST})"
                r"(?:\s+(?:benchmark|dataset|corpus|suite)s?)?"
                r"(?:\s+[–—-]\s[^–—]{1,100}?\s[–—-])?,?\s+"
                r"(?:(?:on|in|for)\s+which|where)\b(?:[^.;%]|\.\d){0,100}$",
                1,
            )
        ),
        # "improves on MS MARCO by 2.5 ROUGE-L and NarrativeQA by 9.4": the second of two
        # parallel changes, on the name before its "by".
        # "on Sintel Clean by 23.3%, Sintel Final by 12.8%, KITTI 2012 by 19.6%": a list.
        "parallel_change": pl.when(left.rx.contains(_CHANGE_ON_NAMED)).then(
            left.rx.extract(
                rf"\d\s?%?(?:\s+[\w\-@]+){{0,2}}?\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?:on\s+|in\s+)?(?:the\s+)?"
                rf"({_DATASET_NAME})\s+by\s+(?:{_QUALIFIER}\s+)?$",
                1,
            )
        ),
        "same_unit_rank": pl.int_range(pl.len()).over(
            "paper_key", "sentence", "group_unit", order_by="start"
        ),
        "same_unit_claims": pl.len().over("paper_key", "sentence", "group_unit"),
    }
    until = pl.col("until_any_claim")
    objects = pl.col("objects")
    stage_2 = {
        "until_next_claim": pl.when(pl.col("next_claim_follows"))
        .then(until.rx.replace(r"[,;]\s+(?:and\s+|while\s+|whereas\s+)?(?:on|in)\s.*$", ""))
        .otherwise(until),
        # "on Defects4J Just et al. (2014), ...": a citation ends no sentence and names no
        # data.
        "sentence_left": pl.col("wide_left")
        .rx.replace_all(r"\s+[A-Z][\w\-']*\s+et\s+al\.?(?:\s*\(\d{4}[a-z]?\))?", "")
        # "[Pandey & Mandt, 2023]", "[12, 14]": a citation in brackets.
        .rx.replace_all(r"\s*\[[^\[\]]{1,80}\]", "")
        # "the `HaloQuest' dataset": quotes around a name.
        .rx.replace_all(r"[`‘'\"“]([A-Z][\w\-.]*)['’\"”]", "$1")
        # "(AUPRC 0.565 vs. 0.526; AUROC 0.891": a semicolon in brackets ends no clause.
        .rx.replace(r"\(([^()]*?);\s+([^();]*)$", "($1, $2")
        .rx.replace(r"^.*(?:[.!?]\s+([A-Z(])|;\s+)", "$1"),
        "changed_on": pl.coalesce(
            "changed_on_found",
            pl.when(objects.list.eval(_known_dataset(pl.element(), datasets)).list.all()).then(
                objects
            ),
        ),
    }
    until, sentence_left = pl.col("until_next_claim"), pl.col("sentence_left")
    opening_within = sentence_left.rx.extract_groups(
        r"^(?:[A-Z][a-z]+,\s+(?:on|in|for|across)|On|In|For|Across|"
        r"(?:Applied|Evaluated|Tested)\s+(?:to|on|with))"
        rf"\s+[^,.;]{{0,60}}?"
        rf"\b(?:on|in)\s+(?:the\s+)?(?P<name>{_DATASET_NAME})\b"
        r"(?P<rest>[^,.;]{0,40}),"
    )
    stage_3 = {
        "mention": until.rx.extract_all(_DATASET_MENTION)
        .list.eval(
            pl.element().filter(
                ~pl.element()
                .rx.extract(r"^\w+\s+((?:[a-z0-9][\w\-]*\s+)*)", 1)
                .fill_null("")
                .rx.contains(_NOT_DATASET_PATH)
                & ~pl.element().rx.extract(_DATASET_MENTION, 2).rx.contains(rf"^(?:{metric_re})")
                & ~pl.element()
                .rx.extract(_DATASET_MENTION, 3)
                .fill_null("")
                .rx.contains(rf"^(?i:{_QUALIFIED_THING})$")
                # "its effectiveness for KGC tasks": a kind of task something is for.
                & ~pl.element().rx.contains(r"^for\s+\S+\s+(?:tasks?|problems?)\b")
            )
        )
        .list.first()
        .rx.extract(_DATASET_MENTION, 2),
        # "in relative accuracy on GSM8k, HotPotQA ...": the worded mention above is refused
        # for its path, and it swallowed the bare "on GSM8k, ..." inside it.
        "bare_mention": until.rx.extract_groups(_BARE_DATASET_MENTION),
        # "On COCO, ...", "For code question answering on RubberDuckBench, ...": the clause
        # that opens the sentence. "On MATH, GSM8K, and CSQA, X improves by 15.7%, 7.4%, and
        # 9.4%": paired in order.
        # "On benchmarks like HumanEvalSynth and HumanEvalFix, ...": named as examples.
        "opening_written": sentence_left.rx.extract(
            rf"^{_OPENING_ON}\s+(?:the\s+)?(?:(?:[a-z\-]+\s+){{1,2}}(?:like|such\s+as|including)\s+)?"
            rf"({_DATASET_LIST})"
            # "Evaluated on HumanEval and MBPP with a 7B model, ...".
            r"(?:\s+(?:datasets|benchmarks))?(?:\s+with\s+[^,.;]{1,40})?\s*,",
            1,
        ),
        # Not "For X, ...": what a sentence is for is as often a system ("For MinMo, the
        # latency is 100ms"). "For instance, on LiveCodeBench, ...": after a sentence adverb
        # too. "On ImageNet classification, ...", "On TR-MTEB (26 tasks), ...": with what it is.
        "opening_clause": sentence_left.rx.extract_groups(
            # "Evaluated on iNatDisco, a new benchmark ..., X recovers ...".
            rf"(?:^{_OPENING_ON}|"
            r"^[A-Z][a-z]+(?:\s+[a-z]+)?,\s+(?:on|in|across)|[:;]\s+(?i:on|across))"
            rf"\s+(?:the\s+)?(?P<name>{_DATASET_NAME})(?:\s+[a-z][\w\-]*)?(?:\s*\([^()]{{1,30}}\))?"
            # "Evaluated on the HaloQuest dataset -- a benchmark designed to ..., X achieves".
            r"(?:\s+(?:--|—|–)\s+[^,.;]{1,100}?)?"
            r"\s*,\s+(?P<rest>[^.;]{0,40})"
        ),
        "opening_elsewhere": pl.coalesce(
            # "With MDI-Benchmark, GPT-4o reaches 79%": a benchmark the sentence opens with.
            sentence_left.rx.extract(rf"^With\s+(?:the\s+)?({_BENCHMARK_SUFFIX})\s*,", 1),
            # "Notably, in a 5-screenshot setting on the AgentNetBench benchmark, ...";
            # "Applied to X on CIFAR-10, ...". Not the first of a list ("In experiments on
            # the CamVid and CityScapes datasets, ...": on neither alone).
            pl.when(~opening_within.struct.field("rest").rx.contains(r"\band\s+[A-Z]")).then(
                opening_within.struct.field("name")
            ),
            # "On the standard enwik8 benchmark, ...", "On a FinAuditing-derived FinMR sample",
            # "On the FooBench manipulation benchmark, ...". Not "Across four MHQA
            # benchmarks, ...": benchmarks counted are of a kind, which is no name.
            pl.when(~sentence_left.rx.contains(_COUNTED_OPENING)).then(
                sentence_left.rx.extract(
                    r"^(?:On|In|For|Across)\s+(?:the\s+|an?\s+)?(?:(?:[a-z]|[A-Z]\w*-[a-z])[\w\-]*\s+){0,2}?"
                    r"([\w\-.]*(?:\d|[A-Z])(?:[\w\-.]*\w)?)\s+(?:[a-z][\w\-]*\s+){0,2}?"
                    r"(?:benchmark|dataset|corpus|sample|subset|split|suite)s?"
                    # "On the recent CAMEL-Bench benchmark comprising 38 sub-domains, ...".
                    r"(?:\s+(?:comprising|containing|with|of)\b[^,.;]{0,80})?\s*,",
                    1,
                )
            ),
            # "On the challenging Text-to-SQL benchmark Spider, ...": the kind, then the name.
            sentence_left.rx.extract(
                r"^(?:On|In|For|Across)\s+(?:the\s+|an?\s+)?(?:[\w\-]+\s+){0,3}?"
                r"(?:benchmark|dataset|corpus|suite)\s+([\w\-.]*[A-Z](?:[\w\-.]*\w)?)\s*,",
                1,
            ),
        ),
        # "tested on the nested NER task ACE2005 and Genia, and got F1 score of 85.6% and
        # 76.8% respectively": the last list named before claims said to be respective.
        "respective_names": pl.when(
            pl.concat_str(sentence_left, pl.col("group_right").str.slice(0, 40)).rx.contains(
                r"\brespectively\b"
            )
            & (pl.col("group_size") > 1)
        ).then(_listed(_last_match_group(sentence_left, _RESPECTIVE_NAMES))),
        # "sets a new state of the art on WideSearch, reaching an F1 of 63.5 (...), and ...":
        # what a participle after "on X," reports is on X, until another name is scoped.
        # "on another MedVQA dataset, VQA-RAD, achieving": a name set off after its kind.
        "participle_scope": sentence_left.rx.extract_groups(
            r"\b(?:on|in|across)\s+(?:the\s+)?"
            r"(?:(?:another|an?)\s+(?:[\w\-]+\s+){0,3}?(?:dataset|benchmark),\s+)?"
            rf"(?P<name>{_DATASET_LIST})"
            r"(?:\s+(?:benchmarks?|datasets?|suites?))?\s*,\s+(?:while\s+)?"
            r"(?:reaching|achieving|attaining|obtaining|scoring|yielding|surpassing|outperforming|"
            r"improving|delivering|recording)\b(?P<rest>.*)$"
        ),
        # "Experiments on the Cityscapes dataset show that X improves ... by 2.2 pp": what the
        # sentence says it evaluates on, before the claim.
        "evaluated_here": _evaluated_name(
            _parts_as_whole(sentence_left).rx.extract(f"({_EVALUATION_DATASET})", 1)
        ),
        "clause_scope": _last_match_group(sentence_left, _CLAUSE_ON_NAMED),
        # "The K-BrowseComp-Verified subset is ... On this subset, ...": the one named before.
        "this_subset": pl.when(
            sentence_left.rx.contains(
                r"^(?:On|In|Across)\s+(?:this|that|these)\s+"
                r"(?:subset|benchmark|dataset|split|set|suite)s?\s*,"
            )
        ).then(
            pl.col("wide_left")
            .rx.extract_all(rf"({_DATASET_NAME})\s+(?:subset|benchmark|dataset|split|set|suite)\b")
            .list.last()
            # "The 300-problem K-BrowseComp-Verified subset": the name without what leads in.
            .rx.replace(r"^(?:The|This|That|Our|An?)\s+(?:\d[\w\-]*\s+)*", "")
            .rx.extract(rf"^({_DATASET_NAME})", 1)
        ),
    }
    bare = pl.col("bare_mention")
    opening_names, opening_clause = _listed(pl.col("opening_written")), pl.col("opening_clause")
    # One claim, or one range, is on every benchmark a list names ("by up to 3.7% on
    # ARC-Challenge and MMLU"), as written.
    one_claim = _one_claim()
    written_names = pl.coalesce(
        "mention",
        pl.when(
            ~bare.struct[1].fill_null("").rx.contains(rf"^(?i:{_QUALIFIED_THING})$")
            # "(8.8% improvement on SPL)": a measure is named, and the dataset is still to find.
            & ~bare.struct[0].rx.contains(rf"^(?:{metric_re})$")
        ).then(bare.struct[0]),
    )
    stage_4 = {
        # "by 9.1% on OSWorld and Qwen2.5-7B-Instruct by 18.7%": a model in the list is
        # the next claim's subject, not a second benchmark.
        "names": _listed(written_names).list.eval(
            pl.element().filter(~pl.element().rx.contains(_NOT_DATASET_NAME))
        ),
        "names_written": written_names,
        "opening": pl.coalesce(
            "this_subset",
            pl.when(opening_names.list.len() == pl.col("group_size")).then(_paired(opening_names)),
            # "On the GSM8K and HumanEval datasets, our method achieves a 2.26x speedup (9.4%
            # improvement) and 2.23x speedup (11.1% improvement), respectively": the
            # sentence's claims of one unit pair with the names in order.
            pl.when(
                (opening_names.list.len() == pl.col("same_unit_claims"))
                & (pl.col("same_unit_claims") > 1)
                & right.rx.contains(r"(?i)\brespectively\b")
            ).then(opening_names.list.get(pl.col("same_unit_rank"), null_on_oob=True)),
            # The sentence's one claim is on all the benchmarks it opens with.
            pl.when(
                (opening_names.list.len() > 1)
                & pl.col("opening_written").rx.contains(_WHOLE_LIST)
                & one_claim
                & (pl.col("group").n_unique().over("paper_key", "sentence") == 1)
            ).then(pl.col("opening_written")),
            pl.when(~opening_clause.struct.field("rest").rx.contains(_LIST_GOES_ON)).then(
                opening_clause.struct.field("name")
            ),
            "opening_elsewhere",
        ),
        # "on the SWE-Bench Lite and Verified benchmarks, achieving ... 23.3% and 30.2%,
        # respectively": a list pairs in order. Not when the numbers are followed by a list of
        # their own that "respectively" pairs them with ("on A and B, achieving 15% and 45%
        # improvements for visual appeal and text faithfulness, respectively").
        "participle": pl.when(
            ~_averaged()
            & ~pl.col("participle_scope")
            .struct.field("rest")
            .rx.contains(r"\b(?:on|in|across|for|to)\s+(?:the\s+)?[A-Z]")
            & ~pl.col("group_right").rx.contains(
                r"^[^.;]{0,80}?\b(?:for|in|of)\s+[^.;,]{1,60}?\s+and\s+[^.;,]{1,60}?,?\s+"
                r"respectively\b"
            )
        ).then(_paired(_listed(pl.col("participle_scope").struct.field("name")))),
        "before_amount": _paired(pl.col("changed_on")),
        "respective": pl.when(pl.col("respective_names").list.len() == pl.col("group_size")).then(
            _paired(pl.col("respective_names"))
        ),
        "relative_clause": _paired(pl.col("relative_names")),
        "evaluated_here_paired": _usable_dataset(_paired(_listed(pl.col("evaluated_here")))),
    }
    # A list right after one claim is written out whole when it follows closely (not "40x
    # faster training compared to X, and sets a new state of the art on A, B and C");
    # more claims than names cannot be paired.
    over_listed = (
        (pl.col("names").list.len() > 1)
        & (pl.col("until_next_claim").rx.find(pl.col("names_written"), literal=True) < 40)
        & (pl.col("names").list.len() == _listed(pl.col("names_written")).list.len())
        & pl.col("names_written").rx.contains(_WHOLE_LIST)
        & one_claim
    )
    stage_5 = {
        "after": pl.when(over_listed)
        .then(pl.col("names_written"))
        .otherwise(_paired(pl.col("names")))
    }
    stage_6 = {
        "dataset_decided": pl.coalesce(
            _decided(name, _usable_dataset(pl.col(name))) for name in DATASET_CANDIDATE_WAYS
        ),
        "dataset_unpairable": (
            (pl.col("names").list.len() > 0) & pl.col("after").is_null()
            # "76% accuracy on our test set": data the text does not name is no other's.
            | pl.col("until_next_claim").rx.contains(_UNNAMED_DATA)
            | pl.col("listed_by") & pl.col("changed_on").is_null()
        ).fill_null(False),
        # "38.0% on LLaMA-7B", "in the CVPR 2021 AI City Challenge": what the claim is said
        # to be on after it is no dataset, and no claim or benchmark elsewhere is its data.
        # Not past another number ("75.5%, which costs 0.5 ms more on mobile GPU").
        "on_no_dataset": (
            (pl.col("names").list.len() == 0)
            & (_listed(pl.col("names_written")).list.len() > 0)
            & ~until.str.slice(
                0, until.str.find(pl.col("names_written"), literal=True)
            ).rx.contains(r"\d")
        ).fill_null(False),
    }
    introduced = pl.col("introduced_benchmarks")
    evaluated = pl.when(pl.col("sentence") >= pl.col("evaluated_in_sentence")).then(
        pl.col("evaluated_datasets")
    )
    # An introduced benchmark is where a named metric was measured, when nothing else is
    # named: "solving 96.6% of the hardest Sudoku puzzles" is not on the dataset introduced
    # for another task.
    evaluated = (
        pl.when(
            (pl.col("metric_text").is_not_null() | pl.col("kind").is_in(["score", "improvement"]))
            & (
                (pl.col("sentence") > pl.col("introduced_in_sentence"))
                # "Evaluations on our benchmark, X, reveal that Y reaches 59.6%".
                | (pl.col("sentence") == pl.col("introduced_in_sentence"))
                & pl.col("group_left").rx.contains(r"(?i)\b(?:achiev|reach|obtain|attain)[a-z]*\b")
            )
        )
        # The one benchmark a paper introduces is where it evaluates, before what else it
        # says it evaluates on ("SATA-BENCH, the first benchmark for evaluating LLMs on
        # Select All That Apply questions").
        .then(
            pl.when(introduced.list.unique().list.len() == 1)
            .then(introduced.list.unique())
            .otherwise(evaluated.list.concat(introduced).list.unique())
        )
        .otherwise(evaluated)
    )
    stage_7 = {
        "evaluation_candidates": evaluated,
        "dataset_named": pl.col("dataset_text"),
    }
    evaluated = pl.col("evaluation_candidates")
    only_evaluated = pl.when(evaluated.list.len() == 1).then(evaluated.list.first())
    # "results on Voxceleb dataset ... on the trials of VoxCeleb1": a name the abstract also
    # writes with a number or a part after it names a family of data; which member a claim
    # is on, it does not say.
    names_a_family = pl.col("abstract").str.contains(
        pl.lit("(?i)") + only_evaluated.str.escape_regex() + pl.lit(r"(?:\d|-[A-Za-z0-9])")
    )
    stage_8 = {
        "evaluation_dataset": _usable_dataset(
            pl.when(~names_a_family.fill_null(False)).then(only_evaluated)
        )
    }
    working = [
        *stage_0, *stage_1, *stage_2, *stage_3, *stage_4, *stage_5, "evaluation_candidates",
        "evaluation_dataset", "evaluated_datasets", "evaluated_in_sentence",
        "introduced_benchmarks", "introduced_in_sentence",
    ]  # fmt: skip
    claims = (
        claims.with_columns(**stage_0)
        .with_columns(**stage_1)
        .with_columns(**stage_2)
        .with_columns(**stage_3)
        .with_columns(**stage_4)
        .with_columns(**stage_5)
        .with_columns(**stage_6)
        .with_columns(**_undecided(pl.col("dataset_decided")))
        .with_columns(**stage_7)
        .with_columns(**stage_8)
    )
    # Carried only between claims of one metric (or none named): "27% less compute" does
    # not take the dataset of "+8.2% accuracy on MMLU" before it.
    named_claim = pl.when(pl.col("dataset_text").is_not_null()).then(
        pl.struct(dataset="dataset_decided", start="start", metric="metric_text")
    )
    measures_speed = (
        # What a run costs in money or accelerator time is the system's too.
        pl.col("group_unit").is_in(["FPS", "ms", "$", "GPU hours", "GPU days"])
        | (pl.col("group_unit") == "x")
        & (
            pl.col("metric_text").is_null()
            | pl.col("metric_text").rx.contains(r"(?i)speed|faster|throughput|latency")
        )
    ).fill_null(False)
    # "an average +5.7% improvement across eight diverse text-processing tasks": a number
    # over several sets of data is on none of them alone.
    over_several = pl.col("group_right").rx.contains(
        rf"(?i)^[^.;]{{0,40}}?\b(?:across|on|over|in)\s+(?:\w+\s+){{0,2}}?{_COUNT}\s+(?:[\w\-]+\s+){{0,3}}?"
        r"(?:tasks|benchmarks|datasets|domains|languages|settings|environments)\b"
    )
    # "DD also excels on text-to-image generation, reducing ...": a sentence that scopes
    # its numbers to a task in words is not on the benchmark evaluated on elsewhere; a task
    # of the benchmark the paper introduces is part of it ("the multi-hop reasoning task").
    task_scoped = pl.col("sentence_left").rx.contains(
        r"\b(?:on|in|for)\s+(?:the\s+)?(?:[a-z][\w\-]*\s+){0,4}?"
        r"(?:generation|classification|segmentation|detection|recognition|translation|"
        r"summarization|retrieval|tasks?)\b(?:[^.;]|\.\d)*$"
    ) & ~pl.col("sentence_left").rx.contains(
        r"\b(?:on|in|across)\s+(?:the\s+)?[A-Z](?:[^.;]|\.\d)*$"
    )
    # "On GTSRB street signs and CelebA faces, it keeps 34.6% and 37.1% accuracy": a
    # sentence that opens on what it measures is not on an earlier sentence's benchmark.
    own_scope = pl.col("sentence_left").rx.contains(r"^\s*On\s+(?:the\s+)?[A-Z]")
    # "Evaluated on the nuScenes dataset, ... Applying it to the challenging Waymo Open
    # dataset yields ..., surpassing the previous best by 5.4%": a sentence that names
    # another dataset before its claim is not on the one the abstract evaluates on. A name
    # whose first word the evaluated one holds is the same benchmark in another setting
    # ("ImageNet-512", "ImageNet 256x256") or one of a list evaluated on.
    named_before = pl.col("sentence_left").rx.extract(
        r"^.*\b([A-Z][\w\-]*(?:\s+[A-Z][\w\-]*){0,3})\s+(?:dataset|benchmark|corpus)s?\b", 1
    )
    names_another = ~pl.col("evaluation_dataset").str.to_lowercase().str.contains(
        _first_word(named_before), literal=True
    ).fill_null(True)
    relates_measurements = (
        pl.col("metric_text")
        .rx.contains(
            r"(?i)\b(?:rho|ρ|tau|τ|kappa|κ|correlat[a-z]*|pearson|spearman|kendall)\b"
            r"|(?:^|\s)\|?r\|?$"
        )
        .fill_null(False)
    )
    # "outperforming A by 10% on SimplerEnv and 3.5x on real-robot tasks": data a claim is
    # said to be on, in words.
    scoped_in_words = pl.col("until_next_claim").rx.contains(
        r"^[^.;,]{0,30}?\b(?:on|across|for)\s+(?:the\s+)?(?:[a-z][\w\-]*\s+){0,3}?"
        r"(?:tasks?|data(?:sets?)?|benchmarks?|settings?|environments?|splits?|sets?)\b"
    )
    carrier = pl.col("carrier")
    carried = carrier.struct.field("dataset")
    close_enough = (pl.col("start") - carrier.struct.field("start")) < _NEIGHBOUR_CHARS
    same_metric = pl.col("metric_text").is_null() | (
        pl.col("metric_text").str.to_lowercase()
        == carrier.struct.field("metric").str.to_lowercase()
    )
    return (
        claims.with_columns(
            carrier=named_claim.forward_fill().over(*_IN_SENTENCE, order_by="start"),
            # The dataset of the last claim of the abstract with the same metric named:
            # "On X, A reaches 41.2% accuracy. ... B lifts accuracy to 47.5%".
            same_metric_dataset=pl.col("dataset_text")
            .forward_fill()
            .over("paper_key", pl.col("metric_text").str.to_lowercase(), order_by="start"),
        )
        .with_columns(
            dataset_decided=pl.when(pl.col("dataset_unpairable"))
            .then(None)
            .otherwise(
                pl.coalesce(
                    pl.col("dataset_decided"),
                    # A speed-up, a rate of frames or a cost is the system's, not a benchmark's,
                    # unless a dataset is named for it; a correlation or an agreement
                    # relates two measurements, it is not a score on the abstract's data.
                    pl.when(
                        ~measures_speed
                        & ~relates_measurements
                        & ~over_several
                        & ~pl.col("on_no_dataset")
                    ).then(
                        pl.coalesce(
                            pl.when(~scoped_in_words).then(
                                _decided("evaluated_here", pl.col("evaluated_here_paired"))
                            ),
                            pl.when(close_enough & same_metric & ~_averaged()).then(
                                _decided("carried", _undecided(carried)["dataset_text"])
                            ),
                            pl.when(
                                pl.col("metric_text").is_not_null() & ~task_scoped & ~own_scope
                            ).then(_decided("same_metric", pl.col("same_metric_dataset"))),
                            pl.when(
                                (
                                    ~task_scoped
                                    | pl.col("introduced_benchmarks")
                                    .list.contains(pl.col("evaluation_dataset"))
                                    .fill_null(False)
                                )
                                & ~names_another
                            ).then(_decided("evaluation_dataset", pl.col("evaluation_dataset"))),
                        )
                    ),
                )
            )
        )
        .with_columns(**_undecided(pl.col("dataset_decided")))
        .with_columns(
            # "24.05 on PickScore": a metric's name is no dataset, nor is one with the
            # operating point it is read at ("93.60 TAR (at FAR1e-6)").
            dataset_text=pl.when(
                ~pl.concat_str(
                    "dataset_text",
                    pl.col("dataset_text").rx.replace(r"(?:[@=]\s?)?\d[\w.\-]*$", ""),
                    separator="\n",
                )
                .rx.contains(rf"(?m)^(?:{metric_re})$")
                .fill_null(False)
            ).then("dataset_text")
        )
        .with_columns(dataset_way=pl.when(pl.col("dataset_text").is_not_null()).then("dataset_way"))
        .drop(
            *working,
            "dataset_unpairable",
            "on_no_dataset",
            "carrier",
            "same_metric_dataset",
            "dataset_decided",
        )
        .pipe(_respectively_paired_with_previous_list)
    )


# Between the way a dataset was decided and its text, in one string while the ways are
# tried in turn (a candidate's text is derived once, and a coalesce keeps the first).
_WAY_END = "\x1f"


def _decided(way: str, dataset: pl.Expr) -> pl.Expr:
    """The dataset with the way it was decided (null when the dataset is)."""
    return pl.concat_str(pl.lit(_way(way) + _WAY_END), dataset)


def _way(name: str) -> str:
    """`name`, a way of deciding a dataset (etl.contracts.listed_way)."""
    return listed_way(name, DATASET_WAYS, "DATASET_WAYS")


def _undecided(decided: pl.Expr) -> dict[str, pl.Expr]:
    """`dataset_text` and `dataset_way` (the rule that decided it: `after`, `opening`,
    `evaluation_dataset` ...) of a decided dataset."""
    parts = decided.str.split_exact(_WAY_END, 1)
    return {
        "dataset_way": parts.struct.field("field_0"),
        "dataset_text": parts.struct.field("field_1"),
    }


def _respectively_paired_with_previous_list(claims: pl.LazyFrame) -> pl.LazyFrame:
    """A list closed by "respectively" that names no dataset pairs, in order, with as many
    claims just before it when each of those names one: "ABSeeker achieves 37.3% on
    BrowseComp and 39.1% on BrowseComp-ZH. With context management, the scores further
    improve to 55.3% and 52.9%, respectively"."""
    in_group = ("paper_key", "group")
    claims = claims.with_columns(
        claim_index=pl.int_range(pl.len(), dtype=pl.Int64).over("paper_key", order_by="start")
    )
    earlier = claims.select(
        "paper_key", "claim_index", earlier_dataset="dataset_text", earlier_sentence="sentence"
    )
    pairs = (
        (pl.col("group_size") > 1)
        & pl.col("group_right").rx.contains(r"(?i)^[^.;]{0,40}\brespectively\b")
        # Named for the list itself, not carried to it from a claim close by.
        & pl.col("dataset_named").is_null().all().over(*in_group)
        & pl.col("earlier_dataset").is_not_null().all().over(*in_group)
        # The earlier claims stand in this sentence or the one before.
        & (pl.col("sentence") - pl.col("earlier_sentence") <= 1).all().over(*in_group)
        # Not when the sentence names a list of its own before the claims ("for X with
        # GPT-4o and Phi-3-mini reaches 84.0% and 82.08%, respectively": the models).
        & ~pl.col("group_left")
        .rx.replace(r"^(?:[^.]|\.\d)*[.!?]\s+", "")
        .rx.contains(r"\b[A-Z][\w\-.]*\s+and\s+[A-Z][\w\-.]*")
        .fill_null(False)
    )
    return (
        claims.join(
            earlier,
            left_on=["paper_key", pl.col("claim_index") - pl.col("group_size").cast(pl.Int64)],
            right_on=["paper_key", "claim_index"],
            how="left",
            maintain_order="left",
        )
        .with_columns(
            dataset_text=pl.when(pairs.fill_null(False))
            .then("earlier_dataset")
            .otherwise("dataset_text"),
            dataset_way=pl.when(pairs.fill_null(False))
            .then(pl.lit(_way("respectively_earlier")))
            .otherwise("dataset_way"),
        )
        .drop("claim_index", "earlier_dataset", "earlier_sentence", "dataset_named")
    )
