"""Reported results: the quantitative claims in an abstract, each tied to its exact text span.

"achieving 73.7% hit@1 accuracy on DBP15K_FR-EN", "a 70.68x speedup", "BLEU scores of 17.79
and 28.33 on the Turkish-English and Portuguese-English" become rows with value, unit, scale,
kind, metric, dataset, comparator and the character span of the number in the clean abstract.

How, in vectorised Polars:
1. every number in an abstract, with its character offsets (the abstract is cut into
   `non-digits + number` pieces; cumulative lengths give the offsets);
2. its surroundings: sign, unit right after it (%, x, times, GMACs ...), the text before and
   after it (the "left" and "right" context, cut at sentence ends);
3. which numbers are claims: a unit, or a metric right next to them; numbers inside names
   (Qwen2.5-72B, top-10, DBP15K), sizes (22M, 3B), settings ("with only 1% pairs"),
   standard deviations and comparators' own numbers ("vs. 54.7%") are not;
4. lists and ranges ("11.48% and 11.71%", "78.4/82.1%", "10-20%") share a unit, a metric
   and, in order, a list of datasets;
5. attribution: metric (right after, else just before), dataset ("on X", "from X"),
   comparator ("vs. X", "over X", "outperforms X by"), kind (ratio, improvement, score,
   other).
Precision comes first: a number whose role is unclear is left out.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import polars as pl

from etl.transform import word_regex  # noqa: F401  (registers the .rx namespace)
from etl.vocab.measures import alias_key

LEFT_CHARS = 160
RIGHT_CHARS = 200

# 5,000 and 1,234.5 are one number each; a comma needs exactly three digits after it.
# A share may be written without its leading zero: "achieves .79 F1" (see `glued`).
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+"
# Amounts of bytes, which are sizes unless they are what memory a run takes.
_BYTES = r"GB|[GM]iB"
# "220 A100-40G GPU hours", "5 GPU-days": compute a run took, the accelerator's name optional.
_GPU_TIME = r"(?:[A-Z]\d{2,4}(?:-\d+G)?\s)?GPU[\s\-](hour|day)s?"
# Units that make a number a measurement. Order matters: longest first.
_UNIT = (
    r"%|percentage points?|percent\b|pp\b|pts\b|-?points?\b|×|x\b|times\b|-fold\b|fold\b|"
    rf"[GMT]?(?i:flops)\b|[GMT]MACs?\b|ms\b|(?:{_BYTES})\b|fps\b|FPS\b|frames[\s\-]per[\s\-]second\b|"
    r"dB\b|tokens?/s\b|"
    rf"(?:output |generated )?tokens per second\b|{_GPU_TIME}\b"
)
_UNIT_CANONICAL = {
    "%": "%", "percent": "%", "×": "x", "x": "x", "times": "x", "-fold": "x", "fold": "x",
    "pp": "pp", "pts": "pp", "point": "pp", "points": "pp", "-point": "pp", "-points": "pp",
    "percentage point": "pp",
    "percentage points": "pp", "fps": "FPS", "frames per second": "FPS",
    "frames-per-second": "FPS",
}  # fmt: skip
# Units of what a run costs or how fast it goes, whose amounts are findings, not scores.
_COST_UNIT = rf"^(?:{_BYTES}|ms|FPS|tokens?/s|.*(?i:flops)|.*MACs?|GPU (?:hours|days)|\$)$"
# Between two members of one list or range (after the first member's own unit, if any).
_LIST_SEPARATOR = r"^\s*(?:/|,|,?\s*and|,?\s*or)\s*$"
_RANGE_SEPARATOR = r"^\s*(?:--|-|–|—|~|∼|～|to)\s*$"
# "from 45.2% to 67.8%", "4.04% → 26.15%": a before and an after, not a range.
_CHANGE_SEPARATOR = r"^\s*(?:→|->|=>|⇒)\s*$"
# "of only ~66%", "(up to ≈25%": a mark that the number is approximate, right before it.
_APPROXIMATE = r"[~≈∼]?"
# Words that may stand between a metric and its number: "top-10 accuracy of 73.2%",
# "BLEU scores of 17.79", "NDCG@20 improvement rate of 11.48%", "AUC gains up to 0.9%".
_METRIC_TO_NUMBER = (
    r"(?:\s+(?:score|scores|improvement|improvements|gain|gains|rate|rates|increase|increases|"
    r"of|by|up|to|is|was|were|reaching|reached|reaches|achieving|achieves|achieved|an|average|"
    r"averaged|approximately|about|around|nearly|roughly|a|the|and|than|only|just|at|least|"
    r"even|most|absolute|relative|over|from|improves|improved|increases|increased|rises|rose|drops|"
    r"dropped|grows|grew|reduces|reduced|decreases|decreased|jumps|jumped|goes|went|that|which|"
    r"reduction|reductions|savings|saving|drop|decrease|boost|as|low|high|falls|fell|near|chance|"
    r"ranges|ranged|ranging|varies|varied|below|above|surges?|surged|climbs?|climbed|"
    r"increasing|decreasing|rising|dropping|falling|improving|reducing|growing|"
    # "success rates (JSRs) to surge by", "reconstruction FID (rFID) of": the name's
    # abbreviation in brackets.
    r"\([A-Za-z][\w\-]*[A-Z][\w\-]*\)|"
    # "a comparable FID increase from 4.11 to 11.35": the number changed from.
    r"from\s+[\d.,]+\s?%?\s+to|"
    # "the success rate of Llama-3.1-8B from", "accuracy on MATH500 increases from", "VQA
    # accuracy under direct image generation is only"
    r"(?:of|on|for|with|under)\s+(?:[\w\-.]+\s+){0,2}?[\w\-.]+"
    # "the average accuracy on the multi-hop reasoning task is only 52.1%".
    r"(?:\s+(?:tasks?|splits?|sets?|subsets?|benchmarks?|datasets?)(?:\s+test)?)?))*"
    # "area under the curve (AUC) 0.982": a name's abbreviation in brackets just before.
    r"\)?\s*[:=(]?\s*" + _APPROXIMATE + r"\s*$"
)
# Words that may stand between a number and the metric after it: "94% of fully supervised
# AUROC", "14% in accuracy", "2.15% overall accuracy improvement".
_METRIC_FILLER = (
    r"(?:in|of|on|the|overall|average|averaged|mean|relative|absolute|higher|lower|better|"
    r"improved|zero-shot|few-shot|one-shot|test|validation|val|macro|micro|weighted|fully|"
    r"supervised|unsupervised|top-\d+|an?|improvements?|gains?|increases?|reductions?|drops?|"
    r"boosts?|less|fewer|more|faster|slower|subjective|objective|"
    # "a 3.82 subjective 5-scale mean opinion score": the scale a rating is given on.
    r"\d+-(?:scale|point))"
)
# A comparative that says how much faster without naming what: "4.4x faster than A". Alone,
# it is a number's metric only when nothing names one (see _named_metric, _inherit_metrics).
_COMPARATIVE = r"faster|slower|quicker"
_LONE_COMPARATIVE = rf"(?i)^(?:{_COMPARATIVE})$"
_MORE_OR_LESS = r"fewer|less|shorter|smaller|lower|cheaper|more|higher|larger|longer|greater"
_QUALIFIER = (
    r"(?:up to|as (?:low|high|much|little|few|many) as|an? average(?: of)?|on average|"
    r"approximately|about|around|nearly|roughly|over|almost|more than|at least|only|"
    r"an? absolute|an? relative|absolute|relative)"
)
_IMPROVEMENT_BEFORE = (
    # "an increase of at least ∼16.7%": the approximate mark before the number too.
    # "by an average of more than 6 F1 points": qualifiers one after the other.
    r"(?i)(?:\bby\s+(?:" + _QUALIFIER + r"\s+){0,2}" + _APPROXIMATE + "$|"
    # "the improvement brought by DRT-o1 achieves 7.33 BLEU".
    r"\b(?:the|its|their)\s+(?:improvements?|gains?)\b[^.;,]{0,50}\b(?:achiev|reach|amount)[a-z]*"
    r"\s+(?:to\s+)?(?:" + _QUALIFIER + r"\s+)?$|"
    r"\b(?:improvements?|gains?|increases?|boosts?|reductions?|decreases?|drops?|margins?)\s+(?:rate\s+)?"
    r"(?:of|by)\s+(?:" + _QUALIFIER + r"\s+)?" + _APPROXIMATE + "$|"
    r"\b(?:gains?|improvements?)\s+(?:" + _QUALIFIER + r"\s+)?$|"
    # "the improvements are 2.4 and 0.9 BLEU points"; "an increase in average query latency
    # of only 4.3%", "improvements in pass@1 of 3 to 6 points".
    r"\b(?:gains?|improvements?)\s+(?:are|is|was|were)\s+(?:" + _QUALIFIER + r"\s+)?$|"
    r"\b(?:improvements?|gains?|increases?|boosts?|reductions?|decreases?|drops?)\s+in\s+"
    r"[^,;.()]{1,50}?\s+of\s+(?:" + _QUALIFIER + r"\s+)?" + _APPROXIMATE + "$|"
    # "improving up to 4% in ROUGE": a verb of gain with the amount right after it.
    r"\b(?:improv|boost|enhanc)(?:e?s|ed|ing)\s+" + _QUALIFIER + r"\s+$|"
    # "accuracy gains (up to 3.3%", not "improvements (45.3 vs 26.7 F1)".
    r"\b(?:gains?|improvements?)\s+\(\s*" + _QUALIFIER + r"\s+$)"
)
# In lower case: "51.0% on DROP" is a score on the DROP benchmark.
_IMPROVEMENT_AFTER = (
    r"^\s*(?:[\w@\-]+\s+){0,3}?(?:improvements?|gains?|increase|boost|better|reductions?|"
    r"decreases?|relative|absolute|drops?|savings?|increases?|margins?|leads?|"
    # "a 33% speedup", "60% performance loss": a share of speed gained or quality lost.
    r"speed-?ups?|accelerations?|(?:performance|accuracy|quality)\s+(?:loss|losses|degradation)|"
    # "61% faster than X", "32.8% shorter": a share more or less than another's is a change.
    rf"{_COMPARATIVE}|{_MORE_OR_LESS})\b"
)
# "the highest AUROC (0.688), followed by Self-Consistency (0.638)": the next of a ranking,
# a system's score on the same measure.
_NEXT_RANKED = r"\bfollowed\s+(?:closely\s+)?by\s+[^.;()]{1,40}\(\s*$"
# Word endings after a keyword are [a-z]*, not \w*: a Unicode \w* there makes the regex
# engine try every position of a long left context and ran hundreds of times slower.
_SCORE_BEFORE = (
    r"(?i)\b(?:achiev|reach|obtain|attain|scor|report|record|yield|solv|perform|recover|resolv|"
    r"complet|retain|preserv|exhibit)[a-z]*\b"
    r"[^.;]{0,40}$|\b\d+\s+(?:of|out of)\s+\d+\s*\(\s*$"
)
_COMPARATOR_NUMBER_BEFORE = (
    r"(?i)(?:\b(?:vs\.?|versus|compared (?:to|with)|as opposed to|in contrast to|unlike|against)\s+"
    r"(?:only\s+|just\s+|merely\s+)?$|"
    # "higher than 69.4%" ("more than 1.6%" only qualifies); "improving from previous
    # SFT-based models' 6.5% and 59.2%".
    r"\b(?:higher|lower|better|worse)\s+than\s+"
    r"(?:only\s+|just\s+)?$|"
    r"\b(?:improv|rais|increas|ris|climb|jump|boost)[a-z]*\s+from\s+(?:[\w\-']+\s+){1,4}$|"
    # "In contrast, state-of-the-art systems only achieve 35.4%", "where other systems
    # achieve under 13%": what other systems reach.
    r"(?:\b(?:other|existing|prior|previous|competing)\s+(?:[\w\-]+\s+){0,4}?"
    r"(?:systems?|models?|methods?|approaches|agents?)\b[^.;,]{0,40}?|^In contrast,[^.;]{0,80}?)"
    r"\b(?:achiev[a-z]*|obtain[a-z]*|reach[a-z]*|gets?|scores?|attains?)\s+"
    r"(?:only\s+|under\s+|just\s+|below\s+)?$|"
    # "surpasses Gemini 2.5 Flash Image, which scores 1.37": the number of what is surpassed.
    r"\b(?:outperform|surpass|beat|exceed)[a-z]*\b(?:[^.;]|\.\d){0,120}?,\s+which\s+"
    r"(?:scores?|achieves?|reaches?|obtains?|gets?)\s+(?:only\s+)?$|"
    # "(vs. previous SOTA 24.68%)": the compared system named before its number.
    r"\b(?:vs\.?|versus)\s+(?:[\w\-.']+\s+){1,3}?(?:only\s+)?$|"
    # "the baseline achieves", not "outperforms the baselines, achieving".
    r"\bbaselines?\b[^.;,]{0,40}?\b(?:achiev[a-z]*|obtain[a-z]*|reach[a-z]*|gets?|scores?|attains?)\s+"
    r"(?:only\s+)?$|\bbaselines?\s+[\w\-.]+\s*\(\s*$|"
    # "outperforming DreamerV3, which achieves 53.2%", "exceeds human performance of 65.0%".
    r"\b(?:surpass|outperform|beat|exceed)[a-z]*\b[^.;]{0,100},\s*which\s+(?:achiev|reach|obtain|"
    r"scor|attain|get)[a-z]*\s+(?:only\s+)?$|"
    r"\b(?:surpass|outperform|beat|exceed|match)[a-z]*\s+(?:the\s+)?(?:[\w\-]+\s+){0,3}?"
    r"(?:performance|score|accuracy)\s+(?:of\s+)?$)"
)
# "surpass GPT-4-Turbo (17.6%) and GPT-4o (13.9%)", "outperforming baselines such as E5
# (15.0%)", "(AutoWebGLM, 18.2%)": the compared systems' own numbers. (Searched apart from
# _COMPARATOR_NUMBER_BEFORE: as one of its forms it made every search of it twice as slow.)
_COMPARED_NUMBER_IN_BRACKET_BEFORE = (
    r"(?i)\b(?:surpass[a-z]*|outperform[a-z]*|than|over|compared (?:to|with)|vs\.?|versus|"
    r"beat[a-z]*|exceed[a-z]*|baselines?)\b(?:[^.;]{0,80}|"
    # The stretch may hold the earlier systems' decimals ("T2M-GPT (FID = 0.116), AttT2M ("),
    # when a system's name opens the bracket.
    # "surpassing GPT-4o (76.6%) and Claude 3.5 (71.1%)": a name may end in a version.
    # "than Mask RCNN (AP of 65.5)": the measure may be named in the bracket.
    r"(?:[^.;]|\d\.\d){0,160}(?-i:[A-Z])[\w\-.]*(?:\s+\d[\w\-.]*)?\s*)\((?:[^()]{0,40}(?:[,=:]|\sof))?\s*$"
)
# "longer than on prior benchmarks, and accuracy drops to near chance (18.97%)": a clause of
# its own, with its own verb, between a comparator's word and a bracketed number.
_NEW_CLAUSE_BRACKET = (
    r"(?i),\s*(?:and|but|while|whereas)\s+[^,;.()]*\b(?:is|are|was|were|drops?|dropped|falls?|"
    r"fell|remains?|reach[a-z]*|achiev[a-z]*|rises|rose|improv[a-z]*|decreas[a-z]*|"
    r"increas[a-z]*)\b[^,;.()]*\(\s*$"
)
# "trained on", "fine-tuning exclusively on": what follows is what a model learns from.
_TRAINED_ON_WORDS = (
    r"\b(?:train|pretrain|pre-train|fine-tun|finetun|distill|tun)(?:ed|ing)(?:\s+[a-z]+ly)?\s+on\b"
)
_TRAINED_ON = "(?i)" + _TRAINED_ON_WORDS
_SETTING_BEFORE = (
    r"(?i)(?:\b(?:with|using|use|uses|keeping|retaining|removing|masking|pruning|sampling)|"
    rf"{_TRAINED_ON_WORDS}(?:\s+the)?)\s+(?:only\s+|just\s+)?$"
)
# "scaling the amount of data for DT by 5x": how much an input of the run was scaled.
_SCALED_BY = r"(?i)\bscal(?:e|es|ed|ing)\s+(?:up\s+)?(?:the\s+)?(?:[\w\-]+\s+){0,6}?by\s+$"
_SETTING_AFTER = (
    r"(?i)^\s*(?:of\s+(?:the\s+)?)?(?:[a-z\-]+\s+){0,2}?(?:data|labels?|labeled|labelled|"
    r"pairs|samples|examples|annotations|parameters|params|weights|tokens|training|seed|"
    r"budget|queries|supervision|images|nodes|edges)\b"
)
# A multiple or share that describes a size, not a result: "(24x size)", "500% larger".
_SIZE_AFTER = (
    r"(?i)^\s*(?:of\s+)?(?:the\s+|its\s+|their\s+)?(?:model(?:'s)?\s+)?(?:size|larger|bigger|"
    r"more parameters|parameters|params|smaller|"
    r"(?:less|more|fewer)\s+(?:training\s+)?(?:data|parameters|params|samples|examples)|"
    # "a 4x reduction of training parameters", "8% new parameters": a change of the model's
    # size. (Not "a 70% reduction in model size": the model may be what a paper compresses.)
    r"(?:reduction|decrease|increase)\s+(?:in|of)\s+(?:the\s+)?"
    r"(?:(?:[a-z]+\s+)?(?:parameters|params)|parameter\s+count)|"
    r"(?:new|additional|extra)\s+(?:parameters|params)|"
    # "12 times more acoustic data".
    r"(?:less|more)\s+[a-z\-]+\s+data|"
    # "access to 2x web data".
    r"[a-z\-]+\s+data)\b"
)
# A share of a resource that a run is given, not a result: "retaining only 12% of the KV
# cache", "with only 30% of the training FLOPs", "fewer than 10% of the token budget".
_RESOURCE_SHARE_BEFORE = (
    r"(?i)\b(?:only|just|merely|fewer than|less than|retaining|keeping|using|with|which is|"
    r"which are|in)\s+"
    r"(?:only\s+|merely\s+|just\s+)?$"
)
_RESOURCE_SHARE_AFTER = (
    r"(?i)^\s*of\s+(?:the\s+|its\s+|their\s+)?(?:[\w\-'.]+\s+){0,6}?(?:KV\s+cache|cache|FLOPs|"
    r"compute|budget|tokens?|context|parameters|params|data|datasets?|memory|steps|epochs|layers|experts|"
    r"heads|CoTs?|chains|traces|trajectories|rollouts|samples|examples|demonstrations|annotations|"
    r"labels)\b"
)
_CONDITION_BEFORE = (
    r"(?i)\b(?:pruning|sparsity|compression|quantization|masking|dropout|mixing)\s+"
    r"(?:rates?|ratios?|levels?)\s+(?:of\s+|up\s+to\s+|at\s+|=\s*)?$|"
    # "quality at extremely low bit-rates of 400", "at a noise level of 0.1".
    r"(?i)\bat\s+(?:[a-z][\w\-]*\s+){0,3}?(?:bit-?rates?|ratios?|levels?)\s+of\s+$"
)
# "at 70% sparsity", "at a 6x horizon": the condition a result is measured under.
_CONDITION = (
    r"(?i)^\s*(?:[a-z\-]+\s+)?(?:sparsity|pruning|compression|horizon|context|budget|length|"
    r"resolution|noise|temperature|quantization|scale|density|coverage|variance|"
    r"(?:poisoning|learning|sampling|masking|mask|dropout|mixing|injection)\s+(?:rate|ratio))\b"
)
# A share that qualifies a statistic ("95% confidence interval"), a multiplication sign
# between dimensions ("3 x 3 convolution"), a count of repetitions ("10-fold repetition").
_NOT_A_CLAIM_AFTER = (
    r"(?i)^\s*(?:confidence|CIs?\b|credible|percentile|quantile|\d|repetitions?\b|"
    r"cross-validation|CV\b|replicates?\b)|^-[a-z]"
)
# A dataset or benchmark name: starts with a capital, may run over a few capitalised words
# ("Penn Treebank"), digits and joiners ("DBP15K_FR-EN", "WikiText-103"); a split named
# after it belongs to the name as written ("Bird development set").
_SPLIT_WORD = r"(?:development|dev|test|validation|val)"
_SPLIT = (
    rf"\s+(?:{_SPLIT_WORD}(?:-dev|-std|\d{{4}})?\s+(?:set|split)|"
    # "COCO val2017", "COCO test-dev": a split named with its year or its server.
    r"(?:val|test)(?:\d{4}|-dev|-std)\b(?:\s+(?:set|split))?)"
)
# A version or year written after a name belongs to it: "VerilogEval v2", "LCB v6 Hard",
# "AIME'25"; so does a superscript: "Skill^2-Bench", and the part of a challenge:
# "DCASE2018 Task1 Subtask B".
_NAME_TAIL = (
    r"(?:'\d{2}\b)?(?:['’]s)?(?:\s+(?:(?:Sub)?[Tt]ask\s+[A-Z0-9]\b|"
    r"(?:Track|Part|Phase|Level|Area|Fold)\s+[A-Z0-9]\b|[A-Z0-9][\w\-./+@^]*[\w+]|v\d+(?:\.\d+)*\b))*"
    rf"(?:{_SPLIT})?"
)
_DATASET_NAME = rf"[A-Z](?:[\w\-./+@^]*[\w+])?{_NAME_TAIL}"
# A benchmark may be named in lower case when its name says it is one: "xbench", "τ-bench".
# Only right after a claim ("78.0% on xbench"): a name that may start at any lower-case word
# makes every search of a longer text ten times slower.
_ANY_DATASET_NAME = (
    rf"(?:[A-Z](?:[\w\-./+@^]*[\w+])?|[a-zτ][a-z0-9\-]{{0,20}}bench(?:-[A-Za-z]+)*\b|"
    # A name in camel case after a lower-case prefix: "miniF2F-test", "nuScenes" (a one-letter
    # prefix is more often a metric: "mAP@0.5", "mIoU").
    rf"[a-z]{{2,6}}[A-Z][\w\-./+@^]*[\w+]|"
    # A digit before a name in camel case: "2WikiMultiHopQA" (not "3D", "8B").
    rf"\d[A-Z][a-z]+[A-Z](?:[\w\-./+@^]*[\w+])?){_NAME_TAIL}"
)


def _name_list(name: str) -> str:
    """A pattern of "A", "A and B", "A, B, and C", "A, and B and C", "A / B / C" for names of
    the pattern name."""
    return rf"(?:{name})(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s+/\s+)(?:{name}))*"


_DATASET_LIST = _name_list(_DATASET_NAME)
# "on X", "from X", "on the hardest part of X": a preposition, up to four lower-case words.
# The word after a name, when it shows the name only qualifies a thing that is not data:
# "in KV cache", "on ResNet50 features", "in GPT-4 outputs".
_QUALIFIED_THING = (
    r"cache|memory|models?|architectures?|backbones?|frameworks?|layers?|tokens?|features?|"
    r"encoders?|decoders?|kernels?|modules?|blocks?|heads?|weights|parameters|agents?|"
    r"polic(?:y|ies)|outputs?|embeddings?|GPUs?|hardware|devices?|chips?|pipelines?|systems?|"
    # "in ICL capabilities", "in LLM-as-judge comparisons": what is done, not data.
    r"capabilit(?:y|ies)|abilit(?:y|ies)|skills?|comparisons?|judge?ments?|"
    # "0.98 on OCR accuracy": a name that qualifies a measure names the measure.
    r"accuracy|scores?|rates?|errors?|handling"
)
_DATASET_MENTION = (
    r"\b(?:on|in|for|from|across|at)\s+((?:[a-z0-9][\w\-]*\s+){0,4}?)"
    rf"({_name_list(_ANY_DATASET_NAME)})"
    r"(?:\s+([a-zA-Z]+))?(?:[^\w\-]|$)"
)
_GAIN_WORD = r"(?i:boost|gain|improvement|increase|drop|reduction|rise|decrease)s?"
_GAIN_IN = rf"\b{_GAIN_WORD}\s+in\s+\S+"
_BARE_DATASET_MENTION = (
    rf"\b(?:on|across)\s+(?:the\s+)?({_name_list(_ANY_DATASET_NAME)})"
    r"(?:\s+([a-zA-Z]+))?(?:[^\w\-]|$)"
)
# Words that, between the preposition and the name, show the name is something else: a
# comparator ("compared to GNNs"), a second, unrelated phrase ("on average in ..."), or a
# count of things the name only qualifies ("across three VideoQA benchmarks").
_NOT_DATASET_PATH = (
    r"(?i)\b(?:compared|than|over|vs|versus|against|relative|baselines?|on|in|for|from|across|"
    # "in waveform generation and TTS": the name is one of a list whose first is no name.
    r"and|or|"
    r"at|with|by|using|\d+|two|three|four|five|six|seven|eight|nine|ten|several|multiple)\b"
)
# Data a claim is measured on that the text does not name: "on our test set", "on a held-out
# split", "on in-house data".
_UNNAMED_DATA = (
    r"^\s*(?:[^.;,]{0,40}?\s)?(?:on|in)\s+(?:(?:our|their|its|an?)\s+(?:own\s+)?(?:[\w\-]+\s+)?"
    r"(?:test|held-out|heldout|validation|evaluation|internal|private|in-house|hidden)\s+"
    r"(?:sets?|splits?|data)|in-house\s+data(?:sets?)?)\b"
)
# "on the dev-clean and test-clean subsets of LibriSpeech", "on the validation dataset of
# Spider": a part of a named dataset is measured on that dataset.
_PART_OF_NAMED = (
    r"\b(on|in|from|across)\s+(?:the\s+)?(?:(?:[a-z][\w\-]*|and)\s+){0,5}?"
    r"(?:data)?(?:sets?|splits?|subsets?|partitions?|portions?)\s+of\s+(?:the\s+)?([A-Z])"
)
_NOT_DATASETS = (
    "Table", "Tables", "Figure", "Fig", "Section", "Appendix", "Eq", "The", "This", "Our",
    "We", "It", "In", "On", "A", "An",
    # Languages, which a result is reported in, not on.
    "English", "Chinese", "Arabic", "French", "German", "Spanish", "Japanese", "Korean",
    "Hindi", "Russian", "Portuguese", "Italian", "Vietnamese", "Turkish", "Indonesian",
    # General technical terms written in capitals, never a benchmark's name.
    "LLM", "LLMs", "VLM", "VLMs", "MLLM", "MLLMs", "LM", "LMs", "SLM", "SLMs", "LVLM", "LVLMs",
    "LRM", "LRMs", "VLA", "VLAs", "RL", "NLP", "CV", "GPU", "GPUs", "CPU",
    "API", "AI", "ML", "DNN", "DNNs", "CNN", "CNNs", "RNN", "RNNs", "GNN", "GNNs", "MLP",
    "MLPs", "SOTA", "MoE", "LoRA", "Transformer", "Transformers", "BERT", "GPT",
    "OOD", "IID",
    # A field a result is reported in, not data: "by 10% on STEM".
    "STEM",
    # Units and hardware.
    "MB", "GB", "KB", "TB", "FPS", "NVIDIA", "iPhone", "TPU", "TPUs", "A100", "H100", "V100",
    # Families of models, which results are reported for, not on.
    "Qwen", "Llama", "LLaMA", "Mistral", "Mixtral", "Gemma", "Gemini", "Claude", "DeepSeek",
    "ChatGPT", "Vicuna", "Phi", "Falcon", "OPT", "T5", "ResNet", "ViT", "CLIP",
)  # fmt: skip
_COMPARATOR_END = r"(?:\s+(?:on|in|across|with|while|and|at|by)\b|\s\(|[;:,)]|\.(?:\s|$)|$)"
_COMPARATOR_AFTER = (
    r"(?i)^\s*\(?\s*(?:[\w@\-]+,?\s+){0,8}?\(?\s*(?:vs\.?|versus|compared (?:to|with)|relative to|"
    r"with respect to|"
    r"over|than|against)\s+(?:only\s+|just\s+|merely\s+)?(.{1,80}?)" + _COMPARATOR_END
)
_COMPARATOR_OUTPERFORMED_AFTER = (
    r"(?i)^[\s,]*(?:[\w@\-]+\s+){0,3}?(?:outperform|surpass|beat|exceed)[a-z]*\s+(.{1,80}?)"
    + _COMPARATOR_END
)
_COMPARATOR_BASELINE_AFTER = (
    r"(?i)\b(?:while|whereas)\s+(the\s+(?:[\w\-]+\s+){0,3}?baselines?\s+(?:achiev[a-z]*|obtain[a-z]*|"
    r"reach[a-z]*|gets?|scores?)\s+(?:only\s+)?\d+(?:\.\d+)?\s?%?)"
)
_COMPARATOR_BEFORE = (
    r"(?i)\b(?:outperform|surpass|beat|exceed)[a-z]*\s+(.{1,80}?)\s+(?:by|with)\b[^.;]{0,40}$"
)
# "over the baseline (+7.5% on X)": a gain in brackets after what it is measured over.
_COMPARATOR_BRACKETED_GAIN_BEFORE = (
    r"(?i)\b(?:over|than|compared (?:to|with)|relative to|vs\.?|versus)\s+(.{1,60}?)\s*\(\s*$"
)
# "raises throughput over the baseline by 6.4%": what the change is measured over.
_COMPARATOR_OVER_BEFORE = (
    r"(?i)\b(?:over|compared (?:to|with)|relative to)\s+(.{1,50}?)\s+by\s+(?:"
    + _QUALIFIER
    + r"\s+)?$"
)
# "outperforms A by 14%, and B by 3%": the second comparator of an elliptical list.
_COMPARATOR_ELLIPSIS_BEFORE = (
    r"(?i)\b(?:outperform|surpass|beat|exceed)[a-z]*\b.*\band\s+(.{1,60}?)\s+by\s+"
    r"(?:" + _QUALIFIER + r"\s+)?$"
)


def metric_pattern(metrics: pl.DataFrame) -> str:
    """One alternation over every alias of the metrics searched for in abstracts; short
    all-capital aliases (EM, IS, AP) only in that case, the rest in any case; parametrised
    families (Hits@k, top-k accuracy) too."""
    searched = metrics.filter(pl.col("in_abstracts"))
    aliases = sorted(
        {a for row in searched["aliases"].to_list() for a in row}, key=len, reverse=True
    )
    exact = [a for a in aliases if a.isupper() and len(a) <= 3]
    folded = [a for a in aliases if a not in exact]
    families = [
        # Any measure at a cut-off: "Recall@10", "pass@1", "ILD@10", "F1@5".
        r"[a-z][a-z0-9\-]{0,9}\s?@\s?\d+(?:\.\d+)?",
        r"top-?\d+\s+(?:accuracy|acc|error|err)",
    ]
    alternation = "|".join(
        # A name may be written in the plural: "FPRs", "BLEU scores", "record FIDs of 1.01".
        [*families, "(?i:(?:" + "|".join(re.escape(a) for a in folded) + ")s?)",
         *(re.escape(a) + "s?" for a in exact)]
    )  # fmt: skip
    return rf"\b(?:(?i:{families[0]})|(?i:{families[1]})|{alternation})(?:\b|$)"


def _number_offsets(papers: pl.LazyFrame) -> pl.LazyFrame:
    """One row per number in each abstract: its text and [start, end) character offsets."""
    pieces = papers.select(
        "paper_key", piece=pl.col("abstract").rx.extract_all(rf"(?s)\D*?(?:{_NUMBER})")
    ).explode("piece")
    return (
        pieces.drop_nulls("piece")
        .with_columns(
            end=pl.col("piece").str.len_chars().cum_sum().over("paper_key").cast(pl.Int32),
            number=pl.col("piece").rx.extract(rf"((?:{_NUMBER}))$", 1),
        )
        .with_columns(start=pl.col("end") - pl.col("number").str.len_chars().cast(pl.Int32))
        .drop("piece")
    )


_SENTENCE_END = r"[.!?]\s+[A-Z(]|;\s"
# "surpassing X by 19.3% in Dynamic Degree, 8.7% in VisionReward": after a gain's amount,
# "in" names what gained (matched on the text before each amount of the chain).
_BY_AMOUNT_IN = (
    r"\bby\s+(?:" + _QUALIFIER + r"\s+)?"
    r"(?:[+\-]?[\d.]+\s?(?:%|pp|points?|percentage\s+points?)?(?:\s*\(\w+\))?\s+in\s+"
    r"[^,;.]{1,40}?(?:,\s*(?:and\s+)?|\s+and\s+))*$"
)
_IN_WHAT_GAINED = r"^\s*in\s+([A-Z][\w\-]*(?:\s+[A-Z][\w\-]*){0,2})(?:\s*[,;.)]|\s+and\b|\s*$)"
# What a run spends, a share of which is a finding, not a score: "20% of the GPU resources".
_SPENT = r"(?i:tokens|resources|steps|compute|flops|memory|time|costs?|budget|energy|annotations?)"
# "the repair rate on RepoBugs is only 22.58%": the data between a measure and its value
# (the name its group 1).
_ON_DATA_THEN_VALUE = (
    rf"\s+(?:on|in)\s+(?:the\s+)?({_DATASET_NAME})(?:\s+(?:benchmark|dataset))?\s+"
    rf"(?:is|was|are|were|of|reaches|reached|stands\s+at|remains)\s+(?:{_QUALIFIER}\s+)?"
    rf"{_APPROXIMATE}$"
)
# "improves accuracy on Sintel Clean by 23.3%, ...": a change on a named dataset.
_CHANGE_ON_NAMED = rf"\b(?:on|in)\s+(?:the\s+)?{_DATASET_NAME}\s+by\s+[+\-]?\d"
# How close a claim must follow another to share its dataset when it names none.
_NEIGHBOUR_CHARS = 120
# A clause of a sentence that opens with the data it reports on: "..., on the WHU dataset, the
# scores were ...", "; in Hadoop, ...".
_CLAUSE_ON_NAMED = (
    rf"[,;]\s+(?:and\s+)?(?:on|in)\s+(?:the\s+)?({_DATASET_NAME})"
    r"(?:\s+(?:dataset|benchmark|corpus))?\s*,\s"
)
# A list of names the claims after it may pair with: "in HDFS, Hadoop, and BGL datasets".
_RESPECTIVE_NAMES = (
    rf"\b(?:on|in|across|for)\s+(?:the\s+)?(?:[a-z][\w\-]*\s+){{0,5}}?({_DATASET_LIST})"
    r"(?:\s+(?:datasets|benchmarks|tasks|sets))?\b"
)
# How a sentence opens on where it was measured: "On X, ...", "Evaluated on X, ...".
_OPENING_ON = r"(?:On|In|Across|(?:Evaluated|Tested|Evaluating|Testing)\s+on)"
# After an opening "On X, ", the start of a list rather than of the main clause: "On GSM8K,
# MATH, and AIME24 ...", "Across GUI control, open-ended gameplay, and ...".
_LIST_GOES_ON = r"^(?:[\w\-]+\s+){0,2}?[\w\-]+\s*(?:,|\band\b)"
# "... by 16.9%"; "on MATH and ARC-Challenge benchmark, with accuracy of 55.89 and 95.8".
_TO_AMOUNT = (
    rf"(?:\s+\([^()]{{0,40}}\))?(?:\s+(?:[^.;]{{0,30}}?\s)?by|,?\s+with\s+(?:[^.;]{{0,30}}?\s)?of)"
    rf"\s+(?:{_QUALIFIER}\s+)?$"
)
# "accuracy on MATH500 increases from 83.2% to": a measure on a benchmark that moves.
_TO_MOVED_AMOUNT = (
    r"\s+(?:increas|improv|rais|ris|rose|grow|grew|jump|climb|drop|decreas|fall|fell|declin)[a-z]*"
    # The claim of "from 83.2% to 89.4%" starts at its first number.
    rf"\s+(?:(?:from\s+(?:[^.;]|\.\d){{0,30}}?\s+)?to\s+|from\s+)?(?:{_QUALIFIER}\s+)?$"
)
_DATASET_BEFORE_AMOUNT = (
    rf"\b(?:on|in)\s+(?:the\s+)?({_DATASET_LIST})(?:\s+([a-zA-Z]+)\b)?"
    rf"(?:{_TO_AMOUNT}|{_TO_MOVED_AMOUNT})"
)
# "on the complex BLINK benchmark by": a word or two may describe the name (dropped before
# the search: in the pattern itself they made every claim's search a third slower).
_DESCRIBED_NAME = r"\b(on|in)\s+the\s+(?:[a-z][\w\-]*\s+){1,2}([A-Z])"
# Stems of the verbs that change a measure, up ("improves X by") or down ("cuts X by"), and
# of those that change a process's speed, whose object is the process, not a measure
# ("accelerates inference by 3x").
_RAISING_VERB = r"improv|boost|rais|increas|enhanc|lift|elevat"
_CHANGING_VERB = _RAISING_VERB + r"|reduc|cut|lower|decreas|mitigat"
# "reduces hallucinations (up to ~25%)": a verb changing what follows it, and a bracket
# opening on how much.
_CHANGES = rf"\b(?i:{_CHANGING_VERB})(?:e?s|ing)\s+"
_BRACKET_ON_AMOUNT = rf"\(\s*(?:{_QUALIFIER}\s*)?{_APPROXIMATE}\s*$"
_SPEEDING_VERB = r"accelerat|shrink|trim|shorten|compress|sav|halv"
# "improves MMLU and GPQA by 6.4% and 22.6%": what a verb improves may be a metric too
# ("improves ADVV by 2.1%"), so only names the dataset vocabulary knows count.
# "improves MMLU from 60.1 to 65.3", "raises GSM8K accuracy from": the changed number's
# benchmark, a measure of it written after it.
_OBJECT_BEFORE_AMOUNT = (
    rf"\b(?:{_RAISING_VERB})[a-z]*\s+({_DATASET_LIST})(?:{_TO_AMOUNT}|"
    r"(?:\s+[A-Za-z][\w\-@]*)?\s+from\s*$)"
)
# The one benchmark an abstract says it evaluates on: "we evaluate X on the GAIA benchmark",
# "Extensive experiments on the LongBench-T2I dataset".
# Words praising a benchmark before its name: "the popular SWE-bench Lite benchmark".
_PRAISE = (
    r"(?:popular|standard|widely[\s\-]used|challenging|well-known|(?:well-)?established|public|"
    r"recent|new)"
)
_EVALUATION_DATASET = (
    r"\b(?i:evaluat[a-z]*|experiments?|benchmarks?|tested|tests?|results?|performance)\b[^.;]{0,60}?"
    # "Our results on the popular SWE-bench Lite benchmark": a word or two praising it.
    rf"\b(?:on|in)\s+(?:the\s+)?(?:{_PRAISE}\s+)?(?:"
    # The name ends in a word character: "on ImageNet-256." is ImageNet-256, not its period.
    # The word after it shows when the name only qualifies something else ("results in MSA
    # handling").
    # A list is kept as written: "Experiments on AppWorld, OfficeBench, and Multi-objective QA".
    rf"({_DATASET_LIST})"
    r"(?:(?:\s+[a-z\-]+)?\s*(?:benchmarks?|datasets?|suites?)\b|\s+([a-z]+))?|"
    # A name in lower case with a word that says what it is: "the challenging Craftax-classic
    # benchmark", "the standard enwik8 benchmark".
    r"(?:[a-z][\w\-]*\s+){0,2}?([\w\-.]*(?:\d|[A-Z])(?:[\w\-.]*\w)?)\s+(?:benchmark|dataset|corpus))|"
    # "We evaluate our framework using the BIV-Priv-Seg dataset", "results on four reasoning
    # datasets from SciBench": a benchmark said to be one, or the source of the data.
    r"\b(?i:evaluat[a-z]*|experiments?|tested|tests?|results?)\b[^.;]{0,60}?"
    rf"\b(?:using\s+(?:the\s+)?(?:{_PRAISE}\s+)?({_DATASET_LIST})\s+(?:benchmarks?|datasets?)\b|"
    rf"(?:datasets|benchmarks|tasks)\s+from\s+(?:the\s+)?({_DATASET_NAME})\b)"
)
# The benchmark a sentence opens with before saying it evaluates on it: "Based on MME-CC, we
# conduct extensive experiments", "Using GDPevo, we evaluate four agents".
_EVALUATED_WITH = (
    # "Using the MIMIC-III database, we analyzed ...": the data a study is done on.
    # Not "Using Poplar, we construct Poplar-9K": a tool.
    rf"\b(?:[Bb]ased\s+on|[Uu]sing)\s+(?:the\s+)?({_DATASET_NAME})"
    r"(?:\s+(?:benchmark|dataset|database|corpus),\s+we\s+[a-z]+|"
    r",\s+we\s+(?:conduct|perform|run|carry\s+out|evaluate|benchmark|test|assess|analy[sz]e|"
    r"stud(?:y|ied))[a-z]*)\b|"
    # "We use the Cornell Grasp Dataset to train and evaluate the model".
    rf"\b(?:use|uses|used|employ|employs|adopt|adopts)\s+(?:the\s+)?({_DATASET_NAME})"
    r"(?:\s+(?:benchmark|dataset))?\s+to\s+(?:train\s+and\s+)?(?:evaluate|test|assess|benchmark)\b|"
    # "Benchmarking with LEGO-Bench reveals ...".
    rf"\b[Bb]enchmarking\s+(?:\w+\s+){{0,3}}?(?:with|on)\s+(?:the\s+)?({_DATASET_NAME})\s+"
    r"(?:reveals|shows|demonstrates|finds|indicates)\b"
)
# A benchmark the paper introduces, which its numbers are measured on unless they say
# otherwise: "we introduce UniKE, the first benchmark for ...", "TVRBench, an
# indoor-simulation benchmark", "our open-source benchmark, CognitiveDroneBench".
# A dataset the paper introduces is as often training data ("VaPR, a preference dataset"):
# only a benchmark is where its numbers are measured.
_BENCHMARK_WORD = r"(?:benchmark|testbed|test suite|evaluation suite|leaderboard)"
# A name is written with its markup and short form: "**LongCodeBench** (**LCB**), a ...".
_INTRODUCED_NAME = (
    rf"(?:\*{{1,2}}({_DATASET_NAME})\*{{1,2}}|({_DATASET_NAME}))(?:\s*\([^()]{{1,80}}\))?"
)
# A name that says it is a benchmark needs no description: "we introduce MMG2Skill-Bench".
_BENCHMARK_SUFFIX = r"[A-Z][\w\-]*(?:Bench|Benchmark|Arena)(?:-[\w]+)?(?:\s+v\d+(?:\.\d+)*\b)?"
# What each form of _INTRODUCED_BENCHMARK needs (a part of each, in its order), searched
# alone: an abstract that holds none of them introduces no benchmark. Each is a fast search;
# all of _INTRODUCED_BENCHMARK's forms at once are a slow one.
_INTRODUCING_VERB = r"\b(?:introduc|present|propos|releas|construct|buil|develop|curat)[a-z]*\s+"
_MAY_INTRODUCE_BENCHMARK = (
    rf",\s+(?:a|an|the)\s+(?:[\w\-]+\s+){{0,4}}?{_BENCHMARK_WORD}\b",
    rf"\bour\s+(?:[\w\-]+\s+){{0,3}}?{_BENCHMARK_WORD},",
    _INTRODUCING_VERB + r"\**[A-Z][\w\-]*(?:Bench|Benchmark|Arena)",
    _INTRODUCING_VERB + r"the\s+[A-Z]",
    r"(?:evaluation framework|framework for evaluating)\b",
    rf"{_BENCHMARK_WORD}\s+(?:includes|contains|consists|comprises|covers|spans|features)\b",
    rf":\s+(?:A|An|The)\s+(?:[\w\-]+\s+){{0,4}}?(?i:{_BENCHMARK_WORD})\b",
)
_INTRODUCED_BENCHMARK = (
    rf"\b{_INTRODUCED_NAME},\s+(?:a|an|the)\s+(?:[\w\-]+\s+){{0,4}}?{_BENCHMARK_WORD}\b|"
    rf"\bour\s+(?:[\w\-]+\s+){{0,3}}?{_BENCHMARK_WORD},\s+({_DATASET_NAME})\s*[,.]|"
    rf"{_INTRODUCING_VERB}\**({_BENCHMARK_SUFFIX})\b|"
    # "we introduce the PERSONAMEM benchmark".
    rf"{_INTRODUCING_VERB}the\s+"
    rf"({_DATASET_NAME})\s+{_BENCHMARK_WORD}\b|"
    # "We propose CodeARC, the Code Abstraction and Reasoning Challenge, a new evaluation
    # framework": a framework is a benchmark only when it is said to evaluate.
    rf"\b(?:introduc|present|propos)[a-z]*\s+({_DATASET_NAME})(?:\s*\([^()]{{1,80}}\))?"
    r"(?:,\s+the\s+[^,;.]{1,60})?,\s+(?:a|an|the)\s+(?:[\w\-]+\s+){0,3}?"
    r"(?:evaluation framework|framework for evaluating)\b|"
    # "AndroidLab benchmark includes 138 tasks": a sentence that describes a benchmark.
    # (A name with a capital or digit inside it: not "The benchmark comprises".)
    rf"(?:^|[.!?]\s+)(?:The\s+)?([A-Z][\w\-]*[A-Z0-9][\w\-]*)\s+{_BENCHMARK_WORD}\s+"
    r"(?:includes|contains|consists|comprises|covers|spans|features)\b|"
    # "we propose MMR-V: A Benchmark for Multimodal Deep Reasoning in Videos".
    rf"{_INTRODUCING_VERB}({_DATASET_NAME}):\s+"
    rf"(?:A|An|The)\s+(?:[\w\-]+\s+){{0,4}}?(?i:{_BENCHMARK_WORD})\b"
)


def _context(abstract: pl.Expr, start: pl.Expr, end: pl.Expr) -> dict[str, pl.Expr]:
    left_from = pl.max_horizontal(start - LEFT_CHARS, pl.lit(0))
    left = abstract.str.slice(left_from, start - left_from)
    right = abstract.str.slice(end, RIGHT_CHARS)
    # Context stops at a sentence end: ". " followed by a capital, or ";". Markup around
    # the number is no part of either side ("a **60.29%** win rate"), nor is the mark of an
    # example before it ("speedups (e.g. up to 4.7x").
    return {
        "left": left.rx.replace(r"^.*(?:[.!?]\s+([A-Z(])|;\s+)", "$1")
        .rx.replace(r"\*{1,2}$", "")
        .rx.replace(r"\(\s*(?:e\.\s?g\.|i\.\s?e\.),?\s+([^()]{0,20})$", "(${1}"),
        # "90% (on average) of memory bandwidth", "3.7% on average on ARC-Challenge": how
        # it was averaged is no part of what follows.
        "right": right.rx.replace(r"(?:[.!?]\s+[A-Z(]|;\s).*$", "")
        .rx.replace(r"^\*{1,2}", "")
        .rx.replace(r"^(\s*)(?:\(on\s+average\)|on\s+average\b,?)", "$1"),
    }


def _slice_before(text: pl.Expr, end: pl.Expr, chars: int) -> pl.Expr:
    start = pl.max_horizontal(end - chars, pl.lit(0))
    return text.str.slice(start, end - start)


def _candidates(numbers: pl.LazyFrame, papers: pl.LazyFrame, metric_re: str) -> pl.LazyFrame:
    """Numbers that may be claims, with sign, unit and the text around them.

    A cheap look at a few characters next to every number comes first; only numbers with a
    unit, a decimal point, or a list or range continuing after them get the costlier full
    context (most numbers in abstracts are years, counts and parts of names).
    """
    abstract = pl.col("abstract")
    just_before = _slice_before(abstract, pl.col("start"), 3)
    just_after = abstract.str.slice(pl.col("end"), 40)
    # "averaging 4.92/5", "scores 3.98 out of 5": a rating out of a scale's top, for a
    # decimal (whole numbers over a number are counts: "20/20 tasks", "8 out of 9").
    rating_scale = pl.when(pl.col("number").rx.contains(".", literal=True)).then(
        just_after.rx.extract(
            r"^((?:/|\s+out\s+of\s+)(?:5|7|10|20|25|50|100))(?:[^\d.,]|[.,](?:\D|$)|$)", 1
        )
    )
    # "by 10+ points": a "+" before the unit means at least; it is kept in the claim's span.
    unit_text = pl.coalesce(just_after.rx.extract(rf"^(\+?\s?(?:{_UNIT}))", 1), rating_scale)
    # "up to 2.5 speedup": a speed-up is a multiple, written or not.
    bare_speedup = unit_text.is_null() & just_after.rx.contains(r"^\s(?i:speed-?ups?)\b")
    sign = just_before.rx.extract(r"(?:^|[\s(\[:=])([+\-−±])\s?$", 1)
    # "lowest cost ($0.34)": an amount of money, its unit before it.
    dollars = just_before.str.ends_with("$")
    sign_chars = (
        pl.when(sign.is_in(["+", "-", "−"]))
        .then(just_before.rx.extract(r"([+\-−]\s?)$", 1).str.len_chars())
        .otherwise(0)
        .cast(pl.Int32)
    )
    # "(FID 12, IS 210)": a whole number right after a metric's name is its value.
    after_metric = _slice_before(abstract, pl.col("start"), 30).rx.contains(
        rf"(?:{metric_re})\)?\s*[=:]?\s*$"
    )
    # "gains of 9 BLEU points": a whole number of a measure's points.
    metric_points = just_after.rx.contains(rf"^\s(?:{metric_re})\s+points?\b")
    # "reduces memory by a factor of 2.6": a multiple written out in words before it.
    # Not a bound ("within a factor of 5") nor a fraction ("a factor of 1/α").
    factor_of = _slice_before(abstract, pl.col("start"), 30).rx.contains(
        rf"\bfactor\s+of\s+(?:{_QUALIFIER}\s+)?(?:\d[\d.]*\s?(?:-|–|to)\s?)?$"
    ) & ~(
        _slice_before(abstract, pl.col("start"), 60).rx.contains(r"(?i)\bwithin\s+an?\s[^.;]*$")
        | just_after.str.starts_with("/")
    )
    # "81. 5%": a decimal the source broke with a space; its whole part is read with it.
    broken_whole = _slice_before(abstract, pl.col("start"), 6).rx.extract(
        r"(?:^|[^\d.,])(\d{1,3})\.\s$", 1
    )
    mends_decimal = (
        broken_whole.is_not_null()
        & unit_text.is_not_null()
        & ~pl.col("number").rx.contains(".", literal=True)
    )
    may_be_claim = (
        unit_text.is_not_null()
        | dollars
        | factor_of
        | bare_speedup
        | pl.col("number").rx.contains(".", literal=True)
        | just_after.rx.contains(r"^\s*(?:/|,|and|or|-|–|to)\s*[+\-−]?\d")
        | after_metric
        | metric_points
    )
    with_text = numbers.join(
        papers.select("paper_key", "abstract"), on="paper_key", how="left", maintain_order="left"
    )
    # Glued to letters, a number is part of a name or a size: Qwen2.5-72B, top-10, 22M, 3-tensor.
    after_unit_dash = _slice_before(abstract, pl.col("start"), 6).rx.contains(
        r"\d\s?(?:x|×)\s?[\-–]\s?$"
    )
    # "(Δ11%)", cleaned to "(Delta11%)": the sign of a difference, not a name.
    after_delta = _slice_before(abstract, pl.col("start"), 6).rx.contains(r"(?:Delta|Δ)$")
    glued = (
        (
            just_before.rx.contains(r"(?:[A-Za-z_@^]|[A-Za-z][\-.])$")
            & ~after_unit_dash
            & ~after_delta
        )
        | (just_after.rx.contains(r"^(?:[A-Za-z]|-[A-Za-z])") & unit_text.is_null())
        # ".3" of "1.2.3", "...": a decimal without its whole part stands on its own.
        | pl.col("number").str.starts_with(".") & ~just_before.rx.contains(r"(?:^|[\s(=])$")
    )
    # "on a 5-point Likert scale", "a 3.8 subjective 5-point mean opinion score": the size
    # of a rating scale is a setting (not "a 5-point margin").
    scale_size = just_after.rx.contains(
        r"^-points?\s+(?:[\w\-]+\s+){0,3}?(?i:scales?|likert|ratings?|rubrics?|mean\s+opinion|MOS)\b"
    )
    # "256 x 256": the second factor of a product of sizes.
    second_factor = _slice_before(abstract, pl.col("start"), 4).rx.contains(r"\d\s?[x×]\s?$")
    # A bare decimal right after a capitalised name is its version: SQuAD 2.0, Claude Opus
    # 4.7. After a metric's name it is a value: BLEU 28.3.
    word_before = _slice_before(abstract, pl.col("start"), 24).rx.extract(r"(\S+)\s$", 1)
    # "on S3DIS 6 fold", "5-fold cross-validation": folds of an evaluation are a setting.
    folds = just_after.rx.contains(r"^[\s\-]fold\b") & (
        word_before.rx.contains(r"^[A-Z0-9][\w\-]*$").fill_null(False)
        | just_after.rx.contains(r"^[\s\-]fold\s+(?:cross|CV\b)")
    )
    version = (
        unit_text.is_null()
        & word_before.rx.contains(r"^[A-Z][\w\-]*$")
        & ~word_before.rx.contains(rf"^(?:{metric_re})$")
    )
    return (
        with_text.filter(
            may_be_claim
            & ~glued
            & ~second_factor
            & ~version.fill_null(False)
            & ~scale_size
            & ~folds
        )
        .with_columns(
            number=pl.when(mends_decimal)
            .then(pl.concat_str(broken_whole, pl.lit("."), pl.col("number")))
            .otherwise("number"),
            start=pl.when(mends_decimal)
            .then(pl.col("start") - broken_whole.str.len_chars().cast(pl.Int32) - 2)
            .otherwise("start"),
        )
        .with_columns(
            sign=sign,
            unit=pl.when(dollars)
            .then(pl.lit("$"))
            .when(factor_of & unit_text.is_null() | bare_speedup)
            .then(pl.lit("x"))
            .otherwise(
                unit_text.str.strip_chars_start("+")
                .str.strip_chars()
                .rx.replace(r"^out\s+of\s+", "/")
                .replace(_UNIT_CANONICAL)
                # In one spelling, without the accelerator's name.
                .rx.replace(rf"^{_GPU_TIME}$", "GPU ${1}s")
            ),
            claim_start=pl.col("start") - sign_chars - dollars.cast(pl.Int32),
            # "50%+ and 100%+ increases": a "+" after the unit means at least; the claim
            # ends after it.
            unit_end=pl.col("end")
            + unit_text.str.len_chars().fill_null(0).cast(pl.Int32)
            + (
                unit_text.is_not_null()
                & abstract.str.slice(pl.col("end") + unit_text.str.len_chars(), 2).rx.contains(
                    r"^\+(?:[\s,;.)]|$)"
                )
            ).cast(pl.Int32),
        )
        .with_columns(
            **_context(abstract, pl.col("claim_start"), pl.col("unit_end")),
            sentence=abstract.str.slice(0, pl.col("start")).rx.count_matches(_SENTENCE_END),
        )
    )


def _lists(numbers: pl.LazyFrame) -> pl.LazyFrame:
    """Group numbers of one list, range or change; members inherit the unit of the last one.

    A unit-less whole number joins a list only through "/" ("20/20"): in "23.6 FPS on iPhone
    8 and 125 FPS" the 8 is part of a name, not a second measurement in FPS.
    """

    def previous(column: str) -> pl.Expr:
        return pl.col(column).shift(1).over("paper_key")

    gap = pl.col("abstract").str.slice(
        previous("unit_end"), pl.col("claim_start") - previous("unit_end")
    )
    bare_whole_before = previous("unit").is_null() & ~previous("number").rx.contains(
        ".", literal=True
    )
    in_list = gap.rx.contains(_LIST_SEPARATOR) & (
        ~bare_whole_before | gap.rx.contains(r"^\s*/\s*$")
    )
    in_change = gap.rx.contains(_CHANGE_SEPARATOR) | (
        # "from 9%-36% to within 5%", "from 45.2% to about 67.8%".
        # "dropping from 100% in the initial stage to only 20%": with where each was.
        gap.rx.contains(
            r"^\s*(?:(?:in|at|on|for|after|during)\s+(?:[\w\-]+\s+){0,3})?"
            r"to(?:\s+(?:within|about|around|approximately|only|just|nearly|roughly))?\s*$"
        )
        # "from 9%-36% to within 5%": what changed may be a range.
        & previous("left").rx.contains(
            r"(?i)\bfrom\s*(?:[+\-−]?\d+(?:\.\d+)?\s?%?\s*(?:-|–|—|to)\s*)?$"
        )
        # "Pass@1 ranges from 27.5% to 62.6%": the bounds of a range, not a change.
        & ~previous("left").rx.contains(r"(?i)\b(?:rang|var)(?:e|es|ed|ing|ies|ied|y)\s+from\s*$")
    )
    in_range = gap.rx.contains(_RANGE_SEPARATOR) & ~in_change
    return (
        numbers.with_columns(
            gap=gap,
            joins_previous=(in_list | in_range | in_change).fill_null(False),
            in_range=in_range.fill_null(False),
            in_change=in_change.fill_null(False),
        )
        .with_columns(group=(~pl.col("joins_previous")).cum_sum().over("paper_key"))
        .with_columns(
            group_unit=pl.col("unit").drop_nulls().last().over("paper_key", "group"),
            group_size=pl.len().over("paper_key", "group"),
            member=pl.int_range(pl.len()).over("paper_key", "group"),
            group_left=pl.col("left").first().over("paper_key", "group"),
            group_right=pl.col("right").last().over("paper_key", "group"),
        )
    )


# The head nouns that make a phrase a metric when the vocabulary does not know it ("text-side
# efficacy", "decoding throughput", "cross-script speaker recall"). A head in the first group
# names a metric alone; one in the second only with a word before it ("quality score",
# "peak memory" but not "score" or "memory" alone).
_METRIC_HEADS = (
    r"accuracy|accuracies|throughput|latency|similarity|recall|precision|efficacy|reward|"
    r"fidelity|fluency|coherence|correctness|groundedness|faithfulness|perplexity|speed-?ups?|"
    r"overhead|robustness|consistency|coverage|diversity|realism|naturalness|helpfulness|"
    r"harmlessness|truthfulness|agreement|validity|adherence|compliance|F1|F1-score|"
    r"GPU[\s\-]?(?:hours|days)"
)
_QUALIFIED_HEADS = (
    r"scores?|rates?|errors?|ratio|loss|gap|time|cost|costs|consumption|usage|use|"
    r"memory|compute|quality|speed|speeds|length|footprint|utili[sz]ation|efficiency|success|"
    r"queries|calls|drop|savings?|metric|measure|coefficients?|bandwidth"
)
# A word of a metric's name: lower-case, an acronym (VQA, KV) or hyphenated (Text-side); a
# capitalised word alone is more often a system's name ("ScholarCopilot scores 16.2").
# Its abbreviation in brackets is part of it: "Fail-to-Pass (F2P) rates".
_PHRASE_WORD = (
    r"(?:[a-z][\w\-/@.'^]*|[A-Z]{2,}[\w\-]*|[A-Z][a-z]*-[\w\-]+|[A-Z]\d[\w\-]*|\([A-Z][\w\-]*\))"
)
# Between a phrase the vocabulary does not know and its number, fewer words than between a
# known metric and its number: "efficacy can reach approximately 92%", "recall of 0.79".
_PHRASE_TO_NUMBER = (
    r"(?:\s*\((?:[A-Z][\w\-]*|rho|ρ|tau|τ|kappa|κ)\))?"
    r"(?:\s+(?:(?:can|could|may|to)\s+)?(?:reach|reaches|reached|reaching|achieves|achieved|"
    r"achieving|increases|increased|improves|improved|rises|rose|drops|dropped|falls|fell|"
    r"goes|went|grows|grew|decreases|decreased|surge|surges|surged|climb|climbs|climbed|"
    r"rise|drop|fall|grow|jump|jumps|jumped|exceeds|exceeding|exceeded)\b(?:\s+(?:of|from|by|to|at)\b)?|"
    # A value a name is set "to" is a setting: "learning rate to 0.001".
    r"\s+(?:of|is|was|were|at|from|by|above|below)\b)?\s*(?:\(\s*)?(?:"
    + _QUALIFIER
    + r"\s+)?[:=(]?\s*"
    + _APPROXIMATE
    + r"\s*$"
)
# What may open the words before a head but is not part of the metric's name: articles,
# pronouns, prepositions, verbs that report a result, praise.
_NOT_METRIC_WORDS = (
    r"(?i)^(?:.*\s)?(?:the|a|an|its|their|our|his|her|this|that|these|those|which|who|it|we|"
    r"they|of|by|and|or|in|on|with|to|for|from|over|than|at|as|into|via|while|whereas|is|are|no|"
    r"was|were|be|been|has|have|had|can|could|may|might|will|would|only|just|also|both|all|"
    r"best|highest|lowest|strongest|new|strong|superior|competitive|comparable|significant|"
    r"significantly|substantial|substantially|remarkable|impressive|notable|consistent|"
    r"dramatic|dramatically|large|huge|great|greater|big|small|slight|marginal|considerable|"
    r"additional|extra|further|total|same|similar|state-of-the-art|record|"
    r"improv[a-z]*|reduc[a-z]*|increas[a-z]*|decreas[a-z]*|achiev[a-z]*|reach[a-z]*|"
    r"rais[a-z]*|boost[a-z]*|yield[a-z]*|obtain[a-z]*|attain[a-z]*|outperform[a-z]*|"
    r"surpass[a-z]*|lower[a-z]*|cut[a-z]*|enhanc[a-z]*|deliver[a-z]*|show[a-z]*|exhibit[a-z]*|"
    r"demonstrat[a-z]*|maintain[a-z]*|retain[a-z]*|preserv[a-z]*|report[a-z]*|record[a-z]*|"
    r"get|gets|getting|got|respectively|giv[a-z]*|gave|gain[a-z]*|accelerat[a-z]*|speed[a-z]*\s+up|shrink[a-z]*|drop[a-z]*|"
    r"high|low|higher|lower|better|worse|more|less|lesser|fewer|up|fast|faster|slower|"
    r"lift[a-z]*|spans?|spanning|nonetheless|however|still|yet|even|thus|hence|"
    # Verbs that bring a measure to change: "cause jailbreak success rates to surge".
    r"caus[a-z]*|lead[a-z]*|led|push[a-z]*|driv[a-z]*|bring[a-z]*|brought)\s+"
)


# A word of what a verb improves: any word, a name included ("improves Revenue by 0.5%").
_OBJECT_WORD = r"[A-Za-z][\w\-/@.']*"
# What a verb may improve that is no measure: "improves performance by 5%", "improves the
# baseline by 3 points".
_NOT_MEASURES = (
    r"(?:(?:the|its|their|our|overall|average)\s+)?(?:performance|results?|it|them|this|that|"
    r"models?|baselines?|methods?|approach|system|quality|outcomes?|capabilit(?:y|ies)|"
    r"fraction|share|proportion|percentage|portion|number|amount|total|margins?|magnitude|"
    # "improving up to 4%": the particle of "up to".
    r"up)"
)


# What a number in brackets after it is measured on or for, not what it measures: "on the
# held-out test (17x over ...)", "for 12 languages (...)".
_NOT_MEASURED_THINGS = (
    r"tests?|sets?|splits?|data|datasets?|benchmarks?|tasks?|models?|methods?|baselines?|"
    r"settings?|cases?|languages?|domains?|subsets?|examples?|samples?"
)


# A count of something names a measure with what it counts: "the number of forward passes".
_COUNTING_WORDS = r"number|amount"


def _names_with_small_words(metrics: pl.DataFrame) -> str:
    """metric_pattern over the aliases that hold a word that only leads into a name
    elsewhere: "mean intersection over union", "area under the curve", "normalized discounted
    cumulative gain"."""
    return metric_pattern(
        metrics.with_columns(
            pl.col("aliases").list.eval(
                pl.element().filter(pl.element().rx.contains(_NOT_METRIC_WORDS))
            )
        )
    )


def _leading_words_dropped(text: pl.Expr, kept_names: str) -> pl.Expr:
    """A phrase without what only leads into it; "the model's accuracy" starts after the
    possessive. A name of `kept_names` (_names_with_small_words) that ends the phrase keeps
    its own small words."""
    # "of" after a count or a length joins the words of one name ("number of forward
    # passes", "average length of reasoning"); elsewhere it leads into the name.
    kept_of = rf"\b((?i:{_COUNTING_WORDS}|length))\s+of\s+"
    known = text.rx.extract(rf"(?:^|\s)({kept_names})\s*$", 1)
    lead = pl.when(known.is_not_null()).then(
        text.str.head(text.str.len_chars() - known.str.len_chars()) + "\x01"
    )
    dropped = (
        pl.coalesce(lead, text)
        .rx.replace(kept_of, "${1}\x00")
        .rx.replace(_NOT_METRIC_WORDS, "")
        .rx.replace("\x00", " of ", literal=True)
        .rx.replace(r"^'?s\s+", "")
        # "the small model's accuracy": what a thing has is its measure ("Cohen's kappa" is a
        # name of its own).
        .rx.replace(r"^(?:.*\s)?[a-z][\w\-]*['’]s\s+", "")
    )
    return (
        pl.when(known.is_not_null())
        .then(dropped.rx.replace("\x01", known, literal=True))
        .otherwise(dropped)
        .str.strip_chars()
        .str.strip_chars_end(".,;:")
    )


def _named_metric(phrase: pl.Expr) -> pl.Expr:
    """The phrase, or null when it names no metric: one word with a qualified head
    ("score", "memory") is too general."""
    # "average length", "mean time" name a measure; "average score", "overall rate" do not.
    lone_general = (
        phrase.rx.contains(rf"(?i)^(?:{_QUALIFIED_HEADS})$")
        | phrase.rx.contains(
            r"(?i)^(?:average|avg|mean|overall|total|final|aggregate|benchmark)\s+"
            r"(?:scores?|rates?|ratio|quality|metric|measure|gap|drop|savings?|use|usage)$"
        )
        | phrase.rx.contains(r"^\S+\s+benchmark\s+(?:scores?|results?)$")
        # "4.4x faster": a comparative alone names a measure only when nothing else does
        # ("improves training efficiency by converging 4.4x faster").
        | phrase.rx.contains(_LONE_COMPARATIVE)
    )
    return pl.when(phrase.rx.contains(r"\S") & ~lone_general).then(phrase)


def _name_metrics(
    numbers: pl.LazyFrame, metric_re: str, kept_names: str, datasets: pl.DataFrame
) -> pl.LazyFrame:
    """metric_alias (a vocabulary spelling, the metric's identity) and metric_text (the
    phrase as written, with the words before the alias that belong to it: "overall VQA
    accuracy", or a phrase the vocabulary does not know) of each number, first found of:
    1. right after the number: "64% win rate", "0.79 cross-script speaker recall";
    2. right before it: "win rate of 64%", "text-side efficacy can reach approximately 92%";
    3. the object of a verb that changes it: "raises decoding throughput over the
       baseline by an average of 8.2%".
    """
    left = pl.col("group_left")
    # "by 2.2 percentage points (pp) in mIoU": the unit's short form in brackets.
    right = pl.col("group_right").rx.replace(r"^\s*\((?:pp|pts?|p\.p\.)\)", "")
    # A head may end a hyphenated word: "win-rate", "pass-rate", "mF-score".
    heads = rf"(?:[a-z][A-Za-z]*-)?(?i:{_METRIC_HEADS}|{_QUALIFIED_HEADS})"
    words = rf"(?:{_PHRASE_WORD}\s+){{0,3}}"
    # "an 80.1% agreement rate using Gemini", "an 8% perception deficit between": the phrase
    # ends where a preposition or conjunction opens what follows.
    phrase_end = (
        r"(?:\s+(?:on|in|for|over|than|compared|with|across|of|at|vs|while|and|when|using|"
        r"between|among|under|within|via|after|from|against|relative|respectively)\b|"
        r"\s*(?:[,;.):(–—]|--)|\s*$)"
    )
    # "65.07% (vs. previous SOTA 24.68%) recall", "45.3 vs 26.7 F1": past a comparison.
    alias_after = right.rx.extract(
        rf"^\s*(?:\((?i:vs\.?|versus|compared|from|up from|over)\s[^()]{{1,60}}\)\s*|"
        rf"(?i:vs\.?|versus)\s+(?:{_NUMBER})\s?%?\s+)?"
        rf"(?:{_METRIC_FILLER}\s+){{0,3}}?({metric_re})",
        1,
    )
    # "90% of memory bandwidth", "a 10% accuracy gap": a known name that a general head
    # follows names a longer measure.
    alias_headed_after = right.rx.extract(
        rf"^\s*(?:{_METRIC_FILLER}\s+){{0,3}}?((?:{metric_re})\s+(?i:{_QUALIFIED_HEADS}))"
        rf"(?:\s+(?:on|in|for|over|than|compared|with|across|of|at|vs|while|and|when)\b|\s*[,;.):(]|\s*$)",
        1,
    )
    # "by 7.82 BLEU and 1.46 CometScore": a name right after the number before is that
    # number's.
    previous_numbers = left.rx.contains(rf"\d\s?%?\s*(?:{metric_re})\s*,?\s+(?:and\s+)?$")
    # "a 217.8x speed-up with a comparable FID increase from 4.11 to": of two metrics that
    # may lead to the number, the nearer one is its.
    nearest_alias = left.rx.extract(rf"^.*({metric_re}){_METRIC_TO_NUMBER}", 1)
    alias_before = pl.when(~previous_numbers).then(nearest_alias)
    changed = rf"\b(?i:{_CHANGING_VERB}|{_SPEEDING_VERB})[a-z]*\s+(?:the\s+|its\s+|their\s+)?"
    # "improves training efficiency by converging 4.4x faster": what changes it, then how much.
    by_amount = (
        rf"\s+(?:[^.;]{{0,60}}?\s)?by\s+(?:[a-z]+ing\s+)?(?:a\s+factor\s+of\s+)?"
        rf"(?:{_QUALIFIER}\s+)?$"
    )
    # "improves retrieval performance (nDCG@10) by 3.4%": the measure in brackets.
    alias_changed = left.rx.extract(
        rf"{changed}(?:{words})?(?:\(\s*)?({metric_re})(?:\s*\))?{by_amount}", 1
    )
    # Not a gain in another clause: "a gain of 3.74% with substantial improvements in
    # overall efficiency".
    gain_in = pl.when(~right.rx.contains(r"^\s*(?:with|and|while|whereas|but)\s")).then(
        right.rx.extract(
            rf"^\s*(?:[a-z\-]+\s+){{0,2}}?{_GAIN_WORD}"
            rf"\s+in\s+((?:{_OBJECT_WORD}\s+){{0,2}}?{_OBJECT_WORD}){phrase_end}",
            1,
        )
    )
    measured_by = right.rx.extract(
        r"^\s*(?:[a-z\-]+\s+){0,2}?,?\s*(?:as\s+)?(?:measured|evaluated|assessed|quantified)"
        r"\s+(?:by|with|using|in)\s+(?:the\s+)?((?:[\w\-@]+\s+){0,3}?[\w\-@]+)" + phrase_end,
        1,
    )
    comparative_object = right.rx.extract(
        rf"^\s*(?i:{_MORE_OR_LESS})\s+"
        rf"((?:{_PHRASE_WORD}\s+){{0,2}}?{_PHRASE_WORD}){phrase_end}",
        1,
    )
    measure_on_benchmark = right.rx.extract_groups(
        rf"^\s*(?:points?\s+)?on\s+(?:the\s+)?(?P<name>{_DATASET_NAME})\s+(?P<metric>{metric_re})"
        + phrase_end
    )
    # "by 9.4% (68.3% vs 58.9%) in terms of classification accuracy": what a number is in
    # terms of, past the numbers it is compared with.
    in_terms_of = right.rx.extract(
        rf"^\s*(?:\([^()]{{0,60}}\)\s*|(?i:vs\.?|versus)\s+(?:{_NUMBER})\s?%?\s*\)?\s*)?,?\s*"
        rf"in\s+terms\s+of\s+(?:the\s+)?((?:{_PHRASE_WORD}\s+){{0,3}}?(?:{metric_re}|{heads}))"
        + phrase_end,
        1,
    )
    # "4.17 mean score in MOS test": the test a score was given in names its measure.
    score_in_test = right.rx.extract(
        rf"^\s*(?:(?:mean|average)\s+)?scores?\s+(?:in|on)\s+(?:the\s+|an?\s+)?({metric_re})\s+"
        r"(?:tests?|evaluations?|ratings?)\b",
        1,
    )
    # "retaining 96% of the original model's accuracy": a share of a reference's measure.
    share_of_reference = right.rx.extract(
        rf"^\s*of\s+(?:the\s+|its\s+|their\s+)?(?:[\w\-]+\s+){{0,3}}?[\w\-]+['’]s\s+"
        rf"((?:{_PHRASE_WORD}\s+){{0,2}}?(?:{metric_re}|{heads})){phrase_end}",
        1,
    )
    # "with about 30% of its average thinking tokens", "about 2x the computational
    # resources": a share or multiple of what a run spends names what is measured.
    share_of_spent = right.rx.extract(
        r"^\s*(?:of\s+(?:the\s+|its\s+|their\s+)?|(?:the|its|their)\s+)"
        rf"((?:{_PHRASE_WORD}\s+){{0,2}}?(?:{heads}|{metric_re}|{_SPENT}))"
        rf"(?:{phrase_end}|\s+(?:required|needed|used|spent)\b)",
        1,
    )
    # "a 25% relative meanIoU improvement", "a 33% speed improvement": what the gain right
    # after the number is in, named by the word or two before it.
    gain_named_after = right.rx.extract(
        r"^\s*(?:(?:relative|absolute|average|overall)\s+)?"
        rf"((?:{_PHRASE_WORD}\s+)?{_PHRASE_WORD})\s+{_GAIN_WORD}\b",
        1,
    )
    gained_after = pl.when(
        ~gain_named_after.rx.contains(
            rf"(?i)(?:^|\s)(?:{_NOT_MEASURES}|and|or|the|an?|of|in|on|for|to|with|by|at|"
            r"relative|absolute|average|overall)(?:\s|$)"
        )
    ).then(gain_named_after)
    written_after = pl.coalesce(
        in_terms_of,
        share_of_reference,
        share_of_spent,
        score_in_test,
        # "an 87% improvement as measured by Wasserstein Distance": what it is measured by,
        # when that names a measure ("as measured by keyword matching" names a method).
        pl.when(measured_by.rx.contains(rf"[A-Z]|(?i:{heads}|{metric_re})$")).then(measured_by),
        pl.when(left.rx.contains(_BY_AMOUNT_IN)).then(right.rx.extract(_IN_WHAT_GAINED, 1)),
        # "8.8% improvement in engagement breadth and 19.4% in engagement depth": the second
        # of two parallel gains names what it is in, whatever the words, but not a part of
        # the data ("in the hardest split").
        pl.when(
            left.rx.contains(rf"\d\s?%?\s+{_GAIN_WORD}\s+in\s+[^.;,]{{1,60}}?\s+and\s+$")
            & ~right.rx.contains(r"^\s*in\s+(?i:the|an?|its|their|each|every|all)\s")
            & ~right.rx.contains(rf"^\s*in\s+(?:\S+\s+){{0,2}}?(?i:{_NOT_MEASURED_THINGS})\b")
        ).then(
            right.rx.extract(
                rf"^\s*in\s+((?:{_OBJECT_WORD}\s+){{0,2}}?{_OBJECT_WORD}){phrase_end}", 1
            )
        ),
        # "by 7.82 BLEU and 1.46 CometScore": the word after the second of two named
        # measures is its name, whatever it is.
        pl.when(previous_numbers).then(
            right.rx.extract(rf"^\s+((?:{metric_re})|[A-Za-z][\w\-@^]*)(?:[\s,;.)]|$)", 1)
        ),
        # "+1.7 on WebShop success rate": the measure written after a benchmark's name; a
        # name a general measure follows qualifies it ("0.98 on OCR accuracy" is one measure).
        pl.when(
            ~measure_on_benchmark.struct.field("metric").rx.contains(rf"^(?i:{_QUALIFIED_THING})\b")
        ).then(measure_on_benchmark.struct.field("metric")),
        # "in relative accuracy on", "2% additional training FLOPs": with its modifiers.
        right.rx.extract(
            rf"^\s*(?i:(?:in|of|on|the|an?)\s+){{0,2}}((?:{_PHRASE_WORD}\s+){{0,2}}?(?:{metric_re})){phrase_end}",
            1,
        ),
        # "32.8% shorter reasoning chains", "4-5x fewer denoising steps": what a comparative
        # after the number compares is its measure, whatever the words.
        # Not how often or how much ("6x more frequently").
        # Not where ("0.5 ms more on mobile GPU").
        pl.when(
            ~comparative_object.rx.contains(rf"(?i)(?:^|\s)(?:{_NOT_MEASURES})$")
            & ~comparative_object.rx.contains(r"^\S+ly\b")
            & ~comparative_object.rx.contains(r"^(?:on|in|at|for|across|under|with|per)\s")
        ).then(comparative_object),
        # "by 10 points on a Joint Score": a measure named in capitals after "on a".
        right.rx.extract(
            r"^\s*on\s+(?:an?|the)\s+((?:[A-Z][\w\-]*\s+){1,2}(?:Scores?|Rates?|Accuracy))"
            + phrase_end,
            1,
        ),
        # "a 19.0% relative improvement in error identification F1-score": the whole of what
        # a gain is in, before a known name inside it ("error").
        # "24.89x throughput improvement in cloud": a measure named before the gain is it.
        pl.when(
            ~gain_in.rx.contains(rf"(?i)(?:^|\s)(?:{_NOT_MEASURES})$")
            & ~right.rx.contains(rf"^\s*(?:[a-z\-]+\s+){{0,2}}?(?:{metric_re})\s+{_GAIN_WORD}")
        ).then(gain_in),
        alias_headed_after,
        pl.when(~alias_after.rx.contains(_LONE_COMPARATIVE)).then(alias_after),
        right.rx.extract(
            rf"^\s*(?i:{_METRIC_FILLER}\s+){{0,2}}?((?:{_PHRASE_WORD}\s+){{0,3}}?{heads}){phrase_end}",
            1,
        ),
        gained_after,
        # "82% solvability": a quality named right after the number (not how likely).
        pl.when(~right.rx.contains(r"^\s*(?i:probability|capability|ability)\b")).then(
            right.rx.extract(r"^\s*([a-z]+(?:ability|ibility))" + phrase_end, 1)
        ),
        # "by 16.1%, 12.7%, and 19.1%, respectively, in overall pass^5 scores".
        right.rx.extract(
            rf"^\s*,?\s*respectively\s*,?\s+(?:in|on|for)\s+(?:the\s+)?"
            rf"((?:{_PHRASE_WORD}\s+){{0,3}}?(?:{metric_re}|{heads})){phrase_end}",
            1,
        ),
    )
    # "an F1 of 71.2 and a top-1 accuracy of 80.1": a measure after "and" opens the next
    # member, it is not this number's; "F_1 scores of 0.68 for detecting errors": what a
    # number is for, with or compared to is no measure of it.
    written_after = pl.when(
        ~written_after.rx.contains(
            r"(?i)^(?:and|or|but|while|whereas|for|to|with|by|from|than|over|using|via)\s"
        )
    ).then(written_after)
    # "readability (68.5%)": the words before a bracketed number name it, whatever they are.
    # Only for a number with a unit, and not after a word that brings in a comparator
    # ("over greedy search (+4.1%", "such as E5 (15.0%").
    # "reduces hallucinations (up to ~25%)": what a verb changes, too.
    bracketed = pl.coalesce(
        left.rx.extract(
            rf"(?:^|[,;:]\s*|\b(?:and|a|an|the|its|their|our|of|in)\s+|{_CHANGES})"
            rf"((?:{_PHRASE_WORD}\s+)?{_PHRASE_WORD})\s*{_BRACKET_ON_AMOUNT}",
            1,
        ),
        # "achieves significant accuracy gains (up to 3.3%": after a verb that reports it,
        # the praise dropped with the other leading words.
        left.rx.extract(
            r"\b(?:achiev|show|yield|deliver|obtain|bring|provid)[a-z]*\s+"
            rf"((?:{_PHRASE_WORD}\s+){{1,2}}{_PHRASE_WORD})\s*{_BRACKET_ON_AMOUNT}",
            1,
        ),
    )
    # "an Avg@4 Success Rate of 38.50", "Row F1 of 63.53": a capitalised word (or one
    # averaged "@k") before a known metric written in capitals qualifies it.
    title_qualified = left.rx.extract(
        r"(?:^|[,;(]\s*|\b(?:a|an|the|and|of|with|its|their)\s+)"
        r"((?:[A-Z][a-z]+|[A-Za-z][a-z]*@\w+)\s+[A-Z][\w\-@]*(?:\s+[A-Z][\w\-@]*)?)"
        + _METRIC_TO_NUMBER,
        1,
    )
    written_phrase = left.rx.extract(rf"(\b{words}(?:{metric_re})){_METRIC_TO_NUMBER}", 1)
    # "a higher accuracy and 1.8 times faster speed": what a comparative after the number
    # measures is named after it or by the verb that changes it, not before it.
    comparative_after = right.rx.contains(rf"(?i)^\s*(?:{_COMPARATIVE})\b")
    # "the repair rate on RepoBugs is only 22.58%": a measure, the data, then its value.
    written_on_data = left.rx.extract(
        rf"(\b{words}(?:{metric_re}|{heads})){_ON_DATA_THEN_VALUE}", 1
    )
    written_before = pl.when(~comparative_after).then(
        pl.coalesce(
            written_on_data,
            pl.when(
                title_qualified.rx.replace(r"^\S+\s+", "").rx.contains(rf"^(?:{metric_re})$")
            ).then(title_qualified),
            pl.when(
                pl.col("group_unit").is_not_null()
                & ~bracketed.rx.contains(rf"(?i)(?:^|\s)(?:{_NOT_MEASURES})$")
                & ~left.rx.contains(
                    r"(?i)\b(?:outperform\w*|surpass\w*|beat\w*|exceed\w*|than|over|vs\.?|versus|"
                    r"compared)\b[^()]{0,60}\(\s*$"
                )
                & ~bracketed.rx.contains(r"^\S+(?:ing|ly)\b")
                & ~bracketed.rx.contains(rf"(?i)\b(?:{_NOT_MEASURED_THINGS})$")
                # "on ProcessBench (75.0%) and PRMBench (65.5%)": a benchmark's name before
                # its number is where it was measured, not what.
                & ~bracketed.rx.contains(rf"^{_BENCHMARK_SUFFIX}$")
                & ~_known_dataset(bracketed, datasets)
            ).then(bracketed),
            pl.when(~previous_numbers).then(
                pl.when(
                    written_phrase.str.to_lowercase().str.ends_with(
                        nearest_alias.str.to_lowercase()
                    )
                )
                .then(written_phrase)
                .otherwise(nearest_alias)
            ),
            # Not the end of a hyphenated name: "followed by Self-Consistency (0.638)".
            left.rx.extract(rf"(?:^|[^\w\-])({words}{heads}){_PHRASE_TO_NUMBER}", 1),
        )
    )
    written_changed = pl.coalesce(
        # "with higher accuracy, by 1% and 0.3%": a measure said to be higher, then by how much.
        left.rx.extract(
            rf"\b(?i:higher|lower|better|greater|improved)\s+({words}(?:{metric_re}))\s*,?\s+by\s+"
            rf"(?:{_QUALIFIER}\s+)?$",
            1,
        ),
        left.rx.extract(rf"{changed}({words}(?:{metric_re}|{heads})){by_amount}", 1),
        # "outperforms CLIPScore in accuracy by a large margin of 39.6%": what one beats the
        # other in.
        left.rx.extract(
            rf"\b(?i:outperform|surpass|beat|exceed)[a-z]*\s+[^.;]{{1,80}}?\s+in\s+"
            rf"((?:{_PHRASE_WORD}\s+){{0,2}}?(?:{metric_re}))\s+by\s+"
            rf"(?:an?\s+(?:[a-z]+\s+)?margin\s+of\s+)?(?:{_QUALIFIER}\s+)?{_APPROXIMATE}$",
            1,
        ),
    )
    # "with instruction following increasing from 59.2% to 84.8%": what changes from one
    # number to the other is a measure, named by any lower-case words.
    written_subject = pl.coalesce(
        left.rx.extract(
            rf"(?:^|[,;:]\s*|\b(?:with|and|while|whereas)\s+)((?:{_PHRASE_WORD}\s+){{0,2}}?{_PHRASE_WORD})"
            r"\s+(?:increas|decreas|ris|drop|fall|improv|declin|grow|climb|jump)(?:ing|es|ed|s)?"
            r"\s+from\s*$",
            1,
        ),
        # "the average length of reasoning is reduced by more than 50%": what is changed, in
        # the passive.
        left.rx.extract(
            rf"(?:^|[,;:]\s*|\b(?:with|and|while|whereas)\s+)((?:{_PHRASE_WORD}\s+){{0,4}}?{_PHRASE_WORD})"
            rf"\s+(?:is|are|was|were|can\s+be)\s+(?:[a-z]+ly\s+)?(?i:{_CHANGING_VERB})[a-z]*"
            rf"\s+by\s+(?:{_QUALIFIER}\s+)?$",
            1,
        ),
    )
    # "improves ADVV by 2.1%, Revenue by 0.5%": what the verb changes, named by any words,
    # and the members of the list it opens; never a benchmark the vocabulary knows, a
    # model, or a word that names no measure.
    just_by = rf"\s+by\s+(?:a\s+factor\s+of\s+)?(?:{_QUALIFIER}\s+)?$"
    object_words = rf"((?:{_OBJECT_WORD}\s+){{0,2}}{_OBJECT_WORD})"
    # What is accelerated is a process, not a measure; what follows "outperforms A by 14%,"
    # in a list is a compared system.
    measured_change = rf"\b(?i:{_CHANGING_VERB})[a-z]*\s+"
    changed_object_found = pl.coalesce(
        # "reduce the number of model forward passes by 91%": a count of something.
        left.rx.extract(
            rf"{measured_change}(?:the\s+|its\s+|their\s+)?((?:{_COUNTING_WORDS})\s+of\s+"
            rf"(?:{_OBJECT_WORD}\s+){{0,3}}{_OBJECT_WORD}){just_by}",
            1,
        ),
        left.rx.extract(rf"{measured_change}(?:the\s+|its\s+|their\s+)?{object_words}{just_by}", 1),
        # "raising the overall pass rate to 95%", "reducing TTFT to 83% of": a share a
        # measure is brought to.
        pl.when(pl.col("group_unit") == "%").then(
            left.rx.extract(
                rf"{measured_change}(?:the\s+|its\s+|their\s+)?(?:overall\s+)?{object_words}"
                rf"\s+to\s+(?:{_QUALIFIER}\s+)?$",
                1,
            )
        ),
        # "improving the EditReward of FLUX.1-Kontext from 1.19 to 1.43".
        left.rx.extract(
            rf"{measured_change}(?:the\s+|its\s+|their\s+)?{object_words}"
            r"(?:\s+of\s+[^,;.]{1,40}?)?\s+from\s*$",
            1,
        ),
        pl.when(
            left.rx.contains(rf"{measured_change}[^.;]*\bby\b")
            & ~left.rx.contains(r"(?i)\b(?:outperform|surpass|beat|exceed)[a-z]*\b[^.;]*\bby\b")
        ).then(
            left.rx.extract(
                # Only when the amount before names no measure of its own: in "improves
                # Mini by 8.2 accuracy points and Flash by 5.6%", Flash is a model.
                rf"\bby\s+[^,;]*?\d[\d.,]*\s?(?:%|x|×|times|pp|points?|percentage points)?"
                r"(?:\s+(?:compared\s+(?:to|with)|over|than|vs\.?|relative\s+to)\s+[^,;]*?)?"
                rf"(?:,\s*(?:and\s+)?|\s+and\s+){object_words}{just_by}",
                1,
            )
        ),
    )
    # "enhances performance on AndroidWorld by": the measure is what stands before "on".
    # "the MathVista benchmark score": a benchmark's score names no measure of its own.
    counted = pl.col("changed_object").rx.contains(rf"^(?:{_COUNTING_WORDS})\s+of\s")
    changed_object = (
        pl.when(counted)
        .then(pl.col("changed_object").rx.replace(r"\s+(?:on|in|for|across)\s+.*$", ""))
        .otherwise(pl.col("changed_object").rx.replace(r"\s+(?:on|in|for|across|of)\s+.*$", ""))
        .rx.replace(r"^[A-Z][\w\-.]*\s+benchmark\s+(scores?|results?)$", "$1")
    )
    written_object = pl.when(
        ~changed_object.rx.contains(rf"(?i)(?:^|\s)(?:{_NOT_MEASURES})$")
        & (
            counted
            | ~changed_object.rx.contains(r"(?i)\b(?:models?|baselines?|methods?|systems?)\b")
        )
        & ~_known_dataset(changed_object, datasets)
        # "improves MMLU and GPQA by 6.4%": benchmarks listed, not a measure.
        & ~_known_dataset(
            changed_object.rx.extract(r"\s(?:and|or)\s+(\S+)$", 1), datasets
        ).fill_null(False)
        & ~changed_object.rx.contains(_NOT_DATASET_NAME)
        # "improves accuracy on Sintel Clean by 23.3%, Sintel Final by 12.8%": after a
        # change on one named dataset, the next name changed by an amount is another.
        & ~left.rx.contains(_CHANGE_ON_NAMED)
    ).then(changed_object)
    # "Pearson/Spearman correlations of 77.55%/77.45%": one metric per member, in order.
    paired = left.rx.extract_groups(
        r"(?i)\b(?P<first>[a-z][\w\-]*)/(?P<second>[a-z][\w\-]*)\s+(?P<head>[a-z][\w\-]*)\s+"
        r"(?:of|is|are|was|were|reach|reaches|reached|:|=)?\s*$"
    )
    # "reducing ViT latency and LLM pre-filling latency by 24.5% and 45.3%", "2.0x and 1.4x
    # improvements in TTFT and throughput, respectively": two measures, two numbers, in order.
    # The frame says what the phrases are; any words: "ViT encoding latency", "TTFT".
    measure = r"(?:[\w\-@/]+\s+){0,3}?[\w\-@/]+"
    # "improving over EAGLE-3 and DFlash by 23% and 13%": what is improved over is compared
    # systems, not measures.
    two_changed = (
        pl.when(
            ~left.rx.contains(rf"{changed}(?:over|upon|against|on|from)\s+[^.;]*\s+by\s+[^.;]*$")
        )
        .then(left)
        .rx.extract_groups(
            rf"{changed}(?P<first>{measure})\s+and\s+(?:the\s+|its\s+)?(?P<second>{measure})"
            rf"\s+by\s+(?:{_QUALIFIER}\s+)?$"
        )
    )
    two_gained = right.rx.extract_groups(
        rf"^\s*(?:[a-z\-]+\s+){{0,2}}?{_GAIN_WORD}\s+in\s+(?P<first>{measure})(?:\s*\([^()]*\))?"
        rf"\s+and\s+(?P<second>{measure})(?:\s*\([^()]*\))?\s*,?\s*respectively\b"
    )
    # "improvements of up to 24.43% and 29.26% in Recall@10 and NDCG@10": two known measures
    # right after two numbers are theirs in order, "respectively" or not.
    two_named_after = right.rx.extract_groups(
        rf"^\s*(?:in|on|for)\s+(?:terms\s+of\s+)?(?P<first>{metric_re})\s+and\s+"
        rf"(?P<second>{metric_re})(?:\s|[,;.]|$)"
    )

    def in_order(pair: pl.Expr) -> pl.Expr:
        return (
            pl.when(pl.col("member") == 0)
            .then(pair.struct.field("first"))
            .otherwise(pair.struct.field("second"))
        )

    paired_measure = pl.when(pl.col("group_size") == 2).then(
        pl.coalesce(
            pl.concat_str(in_order(paired), paired.struct.field("head"), separator=" "),
            _leading_words_dropped(in_order(two_changed), kept_names),
            _leading_words_dropped(in_order(two_gained), kept_names),
            in_order(two_named_after),
        )
    )
    # "improves MMLU and GPQA performance by 6.4% and 22.6%": the benchmarks improved are
    # the numbers' datasets; what is left of each member is its measure, if anything.
    first_word = paired_measure.rx.extract(r"^(\S+)", 1)
    paired_phrase = (
        pl.when(_known_dataset(first_word, datasets))
        .then(paired_measure.rx.replace(r"^\S+\s*", ""))
        .otherwise(paired_measure)
        .replace("", None)
    )
    # "26.9% increase in correctness and 42.2% in efficiency": a general measure is this
    # number's when "in" brings it right after it.
    in_general_measure = right.rx.extract(
        rf"^\s*in\s+((?i:{_QUALIFIED_HEADS}))(?:{phrase_end})", 1
    ).rx.replace(r"(?i)^(?:scores?|rates?|metric|measure|quality|use|usage)$", "")
    # "partial r=0.75", "|r| > 0.90": a correlation written as an equation names its number
    # (a p-value beside it is how significant the finding is, not a finding).
    statistic = pl.col("left").rx.extract(
        r"(?:^|[\s(,;])((?:partial\s+)?r|\|r\||ρ)\s*(?:=|<|>|≤|≥)\s*$", 1
    )
    # "AI Win-Rate (WR) ... achieving WR of 90%", "under 13% VIP": an acronym the abstract
    # defines for a score-like measure ("valid information proportion (VIP)"; not a gap).
    acronym = pl.coalesce(
        left.rx.extract(r"(?:^|[\s(])([A-Z]{2,6})\s+(?:of\s+)?$", 1),
        right.rx.extract(r"^\s*([A-Z]{2,6})\b", 1),
    )
    defined_measure = pl.when(
        pl.col("abstract").rx.contains(
            pl.concat_str(
                pl.lit(
                    r"(?i:rates?|scores?|accuracy|precision|recall|errors?|proportion|percentage)"
                    r"\s*\("
                ),
                acronym,
                pl.lit(r"\)"),
            )
        )
    ).then(acronym)
    # "2.1x faster execution", "3.1 times faster in the running speed": what is faster.
    not_measured = (
        r"(?:than|and|or|but|while|whereas|with|without|at|on|in|to|for|by|when|using|per|"
        r"over|compared|relative|vs|versus|respectively|overall|the|an?)"
    )
    faster_what = pl.coalesce(
        right.rx.extract(
            rf"^\s*(?i:{_COMPARATIVE})\s+in\s+(?:the\s+|terms\s+of\s+)?"
            rf"((?:{_PHRASE_WORD}\s+){{0,2}}?{_PHRASE_WORD}){phrase_end}",
            1,
        ),
        pl.when(~right.rx.contains(rf"(?i)^\s*(?:{_COMPARATIVE})\s+{not_measured}\b")).then(
            right.rx.extract(
                rf"^\s*((?i:{_COMPARATIVE})\s+(?:{_PHRASE_WORD}\s+)?[a-z][\w\-]*){phrase_end}",
                1,
            )
        ),
    ).str.strip_chars_end(".")
    # "40x faster training speed": a measure after the comparative is what is faster; a
    # process ("faster inference") is named with it.
    # "faster speed": a general word alone names nothing the comparative does not.
    what_is_faster = faster_what.rx.replace(rf"(?i)^(?:{_COMPARATIVE})\s+", "")
    faster_what = (
        pl.when(
            what_is_faster.rx.contains(rf"(?i)(?:{heads}|{metric_re})$")
            & _named_metric(what_is_faster).is_not_null()
        )
        .then(what_is_faster)
        .otherwise(faster_what)
    )
    # In stages, each expression computed once: a column used twice in one stage would be
    # extracted twice.
    found = [
        "written_after", "written_before", "written_changed", "written_object", "written_subject"
    ]  # fmt: skip
    aliases = ["alias_after", "alias_before", "alias_changed"]
    return (
        numbers.with_columns(
            alias_after=alias_after,
            alias_before=alias_before,
            alias_changed=alias_changed,
            written_after=written_after,
            written_before=written_before,
            written_changed=written_changed,
            # In lower-case words: "Gemma-2-2B-Instruct rises from" is a model.
            written_subject=pl.when(
                written_subject.rx.contains(r"^[a-z][a-z\-\s]*$")
                & ~written_subject.rx.contains(rf"(?i)(?:^|\s)(?:{_NOT_MEASURES})$")
            ).then(written_subject),
            changed_object=changed_object_found,
            paired_phrase=paired_phrase,
        )
        .with_columns(written_object=written_object)
        .with_columns(
            _leading_words_dropped(pl.col(name), kept_names).alias(name) for name in found
        )
        .with_columns(
            metric_text=pl.coalesce(
                statistic,
                # "nDCG@10 = 0.678 on expert queries": a known name the number is equated to.
                # (Searched in the last words only, where it can end the context.)
                left.str.slice(-60).rx.extract(rf"(?:^|[\s(,;])({metric_re})\s*=\s*$", 1),
                "paired_phrase",
                pl.when(in_general_measure != "").then(in_general_measure),
                faster_what,
                *(_named_metric(pl.col(name)) for name in found),
                *aliases,
                defined_measure,
            )
        )
        .with_columns(
            # The first known name in the phrase: "pass@16 accuracy" is pass@16. A phrase
            # that holds none names no known metric, whatever was named before it ("a higher
            # accuracy and 1.8 times faster speed").
            metric_alias=pl.col("metric_text").rx.extract(f"({metric_re})", 1)
        )
        .drop(*found, *aliases, "changed_object", "paired_phrase")
    )


def extract_results(
    papers: pl.LazyFrame, metrics: pl.DataFrame, datasets: pl.DataFrame
) -> pl.LazyFrame:
    """Result rows for every paper (`paper_key`, clean `abstract`); see the module doc."""
    # Built once: two long alternations over the vocabulary, searched by every stage below.
    metric_re, kept_names = metric_pattern(metrics), _names_with_small_words(metrics)
    numbers = _lists(_candidates(_number_offsets(papers), papers, metric_re))
    unit = pl.col("group_unit")
    left = pl.col("group_left")
    after_unit_right = pl.col("right")
    plain_score_before = left.rx.contains(r"(?i)\bscores?\s+(?:of|=|:)\s*$")

    flags = {
        "is_measurement": unit.is_not_null()
        | pl.col("metric_text").is_not_null()
        | plain_score_before
        # "achieves 77.5 on AIME, 96.2 on MATH 500": a decimal on a named benchmark;
        # "26.94 average score", "+6.8 on the challenging EgoSchema dataset": a decimal that
        # is called a score or written as a gain; "from 12.13 to 19.58": a decimal's change.
        | pl.col("number").rx.contains(".", literal=True)
        & (
            # After the number, or after the list it ends: "for 8.43, 5.96 and 10.60 on X".
            pl.concat_str(after_unit_right, pl.lit("\n"), pl.col("group_right")).rx.contains(
                r"(?m)^\s*(?:(?:(?:average|overall|mean|total|final|absolute|relative)\s+)?"
                r"(?:scores?|gains?|improvements?)\b|"
                r"on\s+(?:the\s+)?[A-Z][\w\-]*[A-Z0-9]|"
                # "0.15-0.30 higher correlation coefficients".
                r"(?:higher|lower|better|worse)\s+[a-z])"
            )
            # "improves the average performance ... by up to 2.04".
            | left.rx.contains(
                rf"(?i)\b(?:{_CHANGING_VERB})[a-z]*\b[^.;]{{0,120}}\bby\s+(?:{_QUALIFIER}\s+)?$"
            )
            | (pl.col("sign") == "+")
            # "the best baseline reaches 37.2", "a new record of 85.5": said to be reached.
            | left.rx.contains(
                r"(?i)\b(?:reach(?:es|ed|ing)?|achiev(?:es|ed|ing)|attain(?:s|ed|ing)?|"
                r"scor(?:es|ed|ing)|records?\s+of)\s+(?:only\s+|just\s+|an?\s+)?$"
            )
            | pl.col("in_change").any().over("paper_key", "group")
            | left.rx.contains(_NEXT_RANKED)
            # "by 7.82 BLEU and 1.46 CometScore": the second of two measures, each named.
            | left.rx.contains(r"\d\s?%?\s+[A-Za-z][\w\-@^]*\s+and\s+$")
            & after_unit_right.rx.contains(r"^\s+[A-Za-z]")
        ),
        "is_deviation": pl.col("sign") == "±",
        # "over the baseline (+7.5% on X)": a signed number is the gain, not the baseline's.
        # "surpasses PPO on AIME 2024 (46.28% vs. 45.25%)": the first number of a bracketed
        # comparison is the paper's own.
        "is_comparator": (
            left.rx.contains(_COMPARATOR_NUMBER_BEFORE)
            | left.rx.contains(_COMPARED_NUMBER_IN_BRACKET_BEFORE)
            # "..., whereas the logistic loss counterpart has accuracies of 63.5%, 19.3%": what
            # the compared system reaches, in a clause of its own.
            | left.rx.contains(
                r"(?i)\b(?:whereas|while)\s+(?:the|its|their)\s+(?:[\w\-]+\s+){0,5}?"
                r"(?:counterparts?|baselines?)\s+(?:has|have|had|achiev[a-z]*|obtain[a-z]*|"
                r"reach[a-z]*|gets?|got|scores?|scored)\b(?:[^.;]|\.\d)*$"
            )
            # "X predicts accuracy (r=0.69), while model size does not (r=0.07)": the
            # statistic of what does not is the contrast.
            | pl.col("left").rx.contains(
                r"(?i)\b(?:while|whereas|but)\b[^.;()]{0,60}\b(?:does|do|did|is|are|was|were)"
                r"\s+not\s*\(\s*(?:(?:partial\s+)?r|ρ)\s*[=<>]\s*$"
            )
            # "lag human performance (56%) by 10 points": the reference a gap is measured from.
            | left.rx.contains(r"\(\s*$")
            & after_unit_right.rx.contains(rf"^\s*\)\s+by\s+(?:{_QUALIFIER}\s+)?[+\-]?\d")
        )
        & ~pl.col("sign").is_in(["+", "-", "−"]).fill_null(False)
        # "X outperforms all baselines and scores 3.98": what X, not the baselines, reaches.
        & ~left.rx.contains(
            r"(?i)\b(?:outperform|surpass|beat|exceed)[a-z]*\s+[^.;,]{0,30}?\bbaselines?\b"
            r"[^.;,]{0,40}?\band\s+(?:achiev|reach|obtain|scor|attain|get)[a-z]*\s+(?:only\s+)?$"
        )
        & ~after_unit_right.rx.contains(r"(?i)^\s*(?:vs\.?|versus)\s")
        # "outperform o1-preview at our task (11% higher)": the margin, not its number.
        & ~after_unit_right.rx.contains(
            rf"(?i)^\s*(?:{_MORE_OR_LESS}|{_COMPARATIVE}|better|worse)\b"
        )
        & ~left.rx.contains(_NEW_CLAUSE_BRACKET),
        "is_setting": left.rx.contains(_SCALED_BY)
        | (
            left.rx.contains(_SETTING_BEFORE)
            & after_unit_right.rx.contains(_SETTING_AFTER)
            # "while using 79.1% fewer tokens": how much less a run needs is a result.
            & ~after_unit_right.rx.contains(rf"(?i)^\s*(?:{_MORE_OR_LESS})\b")
        )
        | (
            (unit == "%")
            & left.rx.contains(_RESOURCE_SHARE_BEFORE)
            & after_unit_right.rx.contains(_RESOURCE_SHARE_AFTER)
        )
        | (
            pl.col("left").rx.contains(r"(?i)\b(?:at|under)\s+(?:an?\s+)?$")
            & (
                after_unit_right.rx.contains(_CONDITION)
                # "recovers 93% of the model at 0.02% pre-training tokens".
                | (unit == "%") & after_unit_right.rx.contains(_SETTING_AFTER)
            )
        )
        # "trained on 10x more forward reasoning": how much a compared run was given.
        | left.rx.contains(_TRAINED_ON + r"\s+$") & (unit == "x")
        # "at approximately 5,000ms", "within 80 GB": a budget a result is compared at.
        | (
            pl.col("left").rx.contains(rf"(?i)\b(?:at|within)\s+(?:{_QUALIFIER}\s+)?$")
            & unit.rx.contains(rf"^(?:ms|{_BYTES})$")
        )
        # "(0.25% poisoning rate)": a rate the experiment sets.
        | (unit == "%")
        & after_unit_right.rx.contains(
            r"(?i)^\s*(?:poisoning|injection|masking|mask|dropout|mixing)\s+(?:rates?|ratios?)\b"
        )
        # "configurable pruning rates up to 35%", "at a sparsity ratio of 50%".
        # "achieves a state-of-the-art compression ratio of 18%" is a result.
        | left.rx.contains(_CONDITION_BEFORE)
        & ~left.rx.contains(
            r"(?i)\b(?:achiev|attain|reach|yield|obtain|deliver)[a-z]*\s+(?:an?\s+|the\s+)?"
            r"(?:[\w\-]+\s+){0,3}?(?:pruning|sparsity|compression|quantization)\s"
        )
        # "above a 3% overall-accuracy floor", "within a +/- 10 pp margin": a bound the
        # evaluation sets ("wins by a 5% margin" is a result).
        | (
            left.rx.contains(r"(?i)\b(?:a|an|the)\s+(?:\+/-\s*)?$")
            & ~left.rx.contains(r"(?i)\bby\s+(?:a|an|the)\s+(?:\+/-\s*)?$")
            & after_unit_right.rx.contains(
                r"(?i)^\s*(?:[\w\-]+\s+){0,2}?(?:floor|threshold|cut-?off|margin|tolerance)\b"
            )
        ),
        "is_size": unit.is_in(["x", "%"]) & after_unit_right.rx.contains(_SIZE_AFTER)
        # "42.4 GB of data", "20,476 files (up to 20GB)": an amount of bytes is a size unless
        # it is what memory a run takes.
        | unit.rx.contains(rf"^(?:{_BYTES})$").fill_null(False)
        & ~left.rx.contains(r"(?i)\b(?:memory|VRAM|RAM|footprint|usage|cache|peak)\b")
        & ~after_unit_right.rx.contains(r"(?i)^\s*(?:of\s+)?(?:memory|VRAM|RAM|peak|GPU)\b"),
        "is_qualifier": pl.col("unit").is_in(["x", "%"])
        & after_unit_right.rx.contains(_NOT_A_CLAIM_AFTER)
        # "bootstrap CI [-0.90, +0.06]": the bounds of an interval.
        | left.rx.contains(r"(?i)\b(?:CIs?|intervals?)\s*[\[(][^\[\]()]*$"),
    }
    claims = (
        numbers.pipe(_name_metrics, metric_re, kept_names, datasets)
        .with_columns(**{name: flag.fill_null(False) for name, flag in flags.items()})
        # "2-3x fewer parameters": a range is a size when its upper end says so.
        .with_columns(
            is_size=pl.col("is_size")
            | pl.col("is_size").any().over("paper_key", "group")
            & pl.col("in_range").any().over("paper_key", "group")
        )
        .pipe(_bracketed_after_comparators)
        .filter(
            pl.col("is_measurement")
            & ~pl.col("is_deviation")
            & ~pl.col("is_comparator")
            & ~pl.col("is_setting")
            & ~pl.col("is_size")
            & ~pl.col("is_qualifier")
        )
    )
    # Computed once, read twice: the claims, and which abstracts hold one.
    claims = claims.cache()
    # Found once per abstract, only of the abstracts that hold a claim (a third of them).
    abstract_datasets = _abstract_datasets(
        papers.select("paper_key", "abstract")
        .unique("paper_key")
        .join(claims.select("paper_key"), on="paper_key", how="semi")
    )
    return (
        claims.join(abstract_datasets, on="paper_key", how="left", maintain_order="left")
        .pipe(_attribute, metrics, datasets, metric_re, kept_names)
        .pipe(_finish, metrics)
    )


_IN_SENTENCE = ("paper_key", "sentence")


def _number_written(number: pl.Expr) -> pl.Expr:
    """The amount a number written with thousands separators ("1,204.5") stands for."""
    return number.rx.replace_all(",", "", literal=True).cast(pl.Float64)


def _last_match_group(text: pl.Expr, pattern: str) -> pl.Expr:
    """The first group of pattern's last match in text (null when none)."""
    return text.rx.extract_all(pattern).list.last().rx.extract(pattern, 1)


def _previous_in_sentence(column: str) -> pl.Expr:
    return pl.col(column).shift(1).over(*_IN_SENTENCE, order_by="start")


def _next_in_sentence(column: str) -> pl.Expr:
    return pl.col(column).shift(-1).over(*_IN_SENTENCE, order_by="start")


def _since_previous_claim() -> pl.Expr:
    """The text between the number before in the sentence and this one (null for the
    first)."""
    previous_end = _previous_in_sentence("unit_end")
    return pl.col("abstract").str.slice(previous_end, pl.col("claim_start") - previous_end)


def _until_next_claim() -> pl.Expr:
    """The text between this number and the next in the sentence (null for the last)."""
    next_start = _next_in_sentence("claim_start")
    return pl.col("abstract").str.slice(pl.col("unit_end"), next_start - pl.col("unit_end"))


def _bracketed_after_comparators(numbers: pl.LazyFrame) -> pl.LazyFrame:
    """Numbers in the brackets after a comparator's number detail the comparator: "which
    achieves 3x overall FLOPs savings (3x for text, 2.8x for image)". The number before a
    bracket and those inside it form a run; the run's first number decides for all."""
    gap = _since_previous_claim()
    opens_bracket = gap.rx.contains(r"^[^()]{0,60}\([^()]*$")
    stays_inside = gap.rx.contains(r"^[^()]{0,40}$") & pl.col("left").rx.contains(r"\([^()]*$")
    joins_run = (opens_bracket | stays_inside).fill_null(False)
    return (
        numbers.with_columns(run=(~joins_run).cum_sum().over(*_IN_SENTENCE, order_by="start"))
        .with_columns(
            is_comparator=pl.col("is_comparator")
            | pl.col("is_comparator").sort_by("start").first().over(*_IN_SENTENCE, "run")
        )
        .drop("run")
    )


# Parametrised metric families: pattern (case-insensitive, whole alias) -> canonical name.
METRIC_FAMILIES = {
    r"^(?:hits?|h)\s?@\s?(\d+(?:\.\d+)?)$": "Hits@${1}",
    r"^(?:recall|r)\s?@\s?(\d+(?:\.\d+)?)$": "Recall@${1}",
    r"^(?:precision|p)\s?@\s?(\d+(?:\.\d+)?)$": "Precision@${1}",
    r"^ndcg\s?@\s?(\d+(?:\.\d+)?)$": "NDCG@${1}",
    r"^map\s?@\s?(\d+(?:\.\d+)?)$": "MAP@${1}",
    r"^mrr\s?@\s?(\d+(?:\.\d+)?)$": "MRR@${1}",
    r"^acc\s?@\s?(\d+(?:\.\d+)?)$": "Accuracy@${1}",
    r"^success\s?@\s?(\d+(?:\.\d+)?)$": "Success@${1}",
    r"^pass\s?@\s?(\d+(?:\.\d+)?)$": "pass@${1}",
    r"^pass\s?\^\s?(\d+)$": "pass^${1}",
    r"^top[-\s]?(\d+)\s+(?:accuracy|acc)$": "Top-${1} Accuracy",
    r"^top[-\s]?(\d+)\s+(?:error|err)$": "Top-${1} Error",
}
# The prefix of a family's canonical name: "Top-", "pass@", "pass^".
FAMILY_PREFIX = r"^(Top-|[A-Za-z]+[@^])"
# Direction and share-ness of each family, keyed by the canonical name's prefix.
FAMILY_FACTS = {"Top-": None, "Hits@": "higher", "Recall@": "higher", "Precision@": "higher",
                "NDCG@": "higher", "MAP@": "higher", "MRR@": "higher", "Accuracy@": "higher",
                "Success@": "higher", "pass@": "higher", "pass^": "higher"}  # fmt: skip

# A metric name (a leaderboard's column) that says its values are percentages: "% Test
# Accuracy", "Percentage error", "Accuracy (%)", "F1 in %". A % right after a digit belongs
# to the name ("P@10%": precision at the top 10%), not to the values.
PERCENT_MARK = r"(?i)^\s*%\s*|\s*\(\s*%\s*\)|\s+(?:in\s+)?%\s*$|\bper\s?cent(?:age)?\b\s*"
# Marks a table puts after a column's name to point at a note: "ROUGE-2*".
_NOTE_MARK = r"\s*[*†‡]+$"
# The test split is what a result is reported on unless said otherwise ("Test perplexity"
# is perplexity); a validation or training figure is another metric.
_TEST_SPLIT = r"(?i)^test\s+"
# "Avg accuracy", "Overall F1": a summary over parts of the data is the metric itself.
_SUMMARY = r"(?i)^(?:average|avg\.?|overall|relative|absolute)\s+"
# "AUC on 14 labels": what the metric was measured on is the dataset's business.
_MEASURED_ON = r"(?i)\s+on\s+\S.*$"
# "Bit per Character (BPC)", "EM (Quasar-T)": a name and, in parentheses, its abbreviation
# or the part of the data it was measured on.
_PARENTHESIS = r"^(.+?)\s*\(([^()]+)\)$"


def _metric_family(metric_text: pl.Expr) -> pl.Expr:
    lowered = metric_text.str.to_lowercase().str.strip_chars()
    family = pl.lit(None, dtype=pl.String)
    for pattern, name in reversed(METRIC_FAMILIES.items()):
        family = (
            pl.when(lowered.rx.contains(pattern))
            .then(lowered.rx.replace(pattern, name))
            .otherwise(family)
        )
    return family


def _by_alias(vocabulary: pl.DataFrame, name_column: str) -> Callable[[pl.Expr], pl.Expr]:
    """A lookup from text to the vocabulary name it is a spelling of (null when none)."""
    aliases = (
        vocabulary.explode("aliases")
        .select(key=alias_key(pl.col("aliases")), name=name_column)
        .unique("key", keep="first", maintain_order=True)
    )

    def by_alias(text: pl.Expr) -> pl.Expr:
        return alias_key(text).replace_strict(
            aliases["key"], aliases["name"], default=None, return_dtype=pl.String
        )

    return by_alias


def canonical_metric(metric_text: pl.Expr, metrics: pl.DataFrame) -> pl.Expr:
    """The vocabulary name of a metric as written, or its family's name, else null.

    A name not known as written is looked up again without what only decorates it: a note
    mark, a percent mark, the test split, a summary word ("Avg accuracy"), what it was
    measured on ("AUC on 14 labels"); then, for "name (text)", the name and then the text
    in parentheses.
    """
    by_alias = _by_alias(metrics, "metric_name")
    bare = (
        metric_text.rx.replace(_NOTE_MARK, "")
        .rx.replace_all(PERCENT_MARK, " ")
        .str.strip_chars()
        .rx.replace(_TEST_SPLIT, "")
        .rx.replace(_SUMMARY, "")
        .rx.replace(_MEASURED_ON, "")
    )
    return pl.coalesce(
        _metric_family(metric_text),
        by_alias(metric_text),
        _metric_family(bare),
        by_alias(bare),
        by_alias(bare.rx.extract(_PARENTHESIS, 1)),
        by_alias(bare.rx.extract(_PARENTHESIS, 2)),
        # "F1 scores", "FPRs": a plural of a known name.
        by_alias(bare.rx.replace(r"(?i)(?:es|s)$", "")),
        by_alias(bare.rx.replace(r"(?i)s$", "")),
        # "pass^5 scores": a known name called a score.
        _metric_family(bare.rx.replace(r"(?i)\s+scores?$", "")),
        by_alias(bare.rx.replace(r"(?i)\s+scores?$", "")),
    )


def percent_as_share(value: pl.Expr) -> pl.Expr:
    """A value in percent as a share of one: 81.5 as 0.815, the decimal the paper wrote
    moved two places. Not `value / 100`: Polars divides a column of several rows by a
    constant through its reciprocal and a single value exactly, so 81.5 became 0.815 or
    0.8150000000000001 by how many rows were computed together. The product's last bit
    of error is rounded away at ten decimals, far below any share's precision."""
    return (value * 0.01).round(10)


def is_share_metric(metric_name: pl.Expr, metrics: pl.DataFrame) -> pl.Expr:
    """Whether a canonical metric name is a share (accuracy, F1, Hits@k ...): by the
    vocabulary, or by its family."""
    shares = metrics.filter(pl.col("is_share"))["metric_name"].implode()
    family = metric_name.rx.extract(FAMILY_PREFIX, 1)
    return metric_name.is_in(shares) | family.is_in(list(FAMILY_FACTS)).fill_null(False)


def _measure_cost_after(right: pl.Expr) -> pl.Expr:
    """Whether a share is what a measure loses or saves: "at a 20% nDCG@10 cost", "saving
    60% inference cost"; not "at half the cost", where the words before "cost" are no
    measure's."""
    measure = right.rx.extract(r"(?i)^\s*((?:[\w@\-]+\s+){0,3}?)(?:costs?|penalt(?:y|ies))\b", 1)
    return measure.is_not_null() & ~measure.rx.contains(
        r"(?i)\b(?:at|of|the|an?|half|in|for|with|to)\b"
    )


def _attribute(
    claims: pl.LazyFrame,
    metrics: pl.DataFrame,
    datasets: pl.DataFrame,
    metric_re: str,
    kept_names: str,
) -> pl.LazyFrame:
    """Dataset, comparator and kind of each claim, from its group's context; `metric_re`
    and `kept_names` are metric_pattern and _names_with_small_words of `metrics`."""
    left, right = pl.col("group_left"), pl.col("group_right")
    comparator = pl.coalesce(
        right.rx.extract(_COMPARATOR_AFTER, 1),
        right.rx.extract(_COMPARATOR_OUTPERFORMED_AFTER, 1),
        right.rx.extract(_COMPARATOR_BASELINE_AFTER, 1),
        left.rx.extract(_COMPARATOR_ELLIPSIS_BEFORE, 1),
        left.rx.extract(_COMPARATOR_BEFORE, 1),
        pl.when(~left.rx.contains(_NEW_CLAUSE_BRACKET)).then(
            # "over the base model with negligible (-0.05%": what follows "with" is no part
            # of the compared system.
            left.rx.extract(_COMPARATOR_BRACKETED_GAIN_BEFORE, 1).rx.replace(r"\s+with\b.*$", "")
        ),
        left.rx.extract(_COMPARATOR_OVER_BEFORE, 1),
    )
    # "outperforms all baselines, surpassing Self Forcing by 19.3%": the nearest verb's.
    # "outperforms baselines, improving F2P rates by 8.6%": a participle clause after the
    # compared system says what improved, it is no part of the system's name; "compared to
    # fine-tuning and accelerating inference by 3.7x": the comparison was the claim before's.
    comparator = (
        comparator.rx.replace(r"^.*\b(?:outperform|surpass|beat|exceed)[a-z]*\s+", "")
        .rx.replace(r",\s+[a-z]+ing\s+[a-z].*$", "")
        # "outperforms CLIPScore in accuracy by": what it is beaten in is no part of it.
        .rx.replace(r"\s+in\s+(?:[a-z][\w\-@]*\s+){0,2}[a-z][\w\-@]*$", "")
        # "over the baseline by 5.1% for A and by 4.0% for B": the second amount's comparator
        # is the first's, not the words up to it.
        .rx.replace(r"\s+by\s+(?:[a-z]+\s+){0,2}?[+\-]?\d.*$", "")
        .str.strip_chars()
    )
    comparator = pl.when(~comparator.rx.contains(r"\s+and\s+[a-z]+ing\s+[a-z]+")).then(comparator)
    # "89.5% intersection over union": the "over" inside a measure's name compares nothing.
    in_metric_name = (
        pl.col("metric_text")
        .str.to_lowercase()
        .str.ends_with(pl.concat_str(pl.lit(" over "), comparator.str.to_lowercase()))
    )
    comparator = pl.when(~in_metric_name.fill_null(False)).then(comparator)
    # "+2.89 outperforming the MAE of competing methods": a name the comparator opens with
    # is what is compared (here a model), not the number's measure.
    metric_in_comparator = (
        comparator.str.to_lowercase()
        .str.strip_prefix("the ")
        .str.starts_with(pl.col("metric_text").str.to_lowercase())
        .fill_null(False)
    )
    # "on average over 3 runs", "over 12 benchmarks": what a number is averaged over.
    comparator = pl.when(
        ~comparator.rx.contains(
            r"^\d[\d,]*\s+(?:\w+\s+)?(?:runs?|seeds?|trials?|episodes?|samples?|tasks?|datasets?|"
            r"benchmarks?|languages?|domains?|settings?)$"
        )
    ).then(comparator)
    improvement = (
        (pl.col("sign") == "+")
        | left.rx.contains(r"(?:Delta|Δ)\s?$")
        | left.rx.contains(_IMPROVEMENT_BEFORE)
        | right.rx.contains(_IMPROVEMENT_AFTER)
        | pl.col("group_unit").is_in(["%", "pp"]) & _measure_cost_after(right)
        # "achieves a higher mIoU of 3.1% than the best network": by how much it is higher.
        | left.rx.contains(
            rf"(?i)\b(?:higher|lower|better|greater)\s+(?:[\w\-@]+\s+){{0,3}}?of\s+(?:{_QUALIFIER}\s+)?$"
        )
        & right.rx.contains(r"^\s*than\b")
        # "reduces hallucinations (up to ~25%)": how much a verb changed it, in brackets.
        | left.rx.contains(rf"{_CHANGES}(?:[\w\-]+\s+){{0,3}}{_BRACKET_ON_AMOUNT}")
    )
    # "performance can fluctuate by up to 20%": a spread, not a gain; "recovering over 99% of
    # performance gains": a share of a gain.
    not_a_gain = left.rx.contains(
        rf"(?i)\b(?:fluctuat|var(?:y|ies|ied)|differ|deviat)[a-z]*\s+by\s+(?:{_QUALIFIER}\s+)?"
        + _APPROXIMATE
        + "$"
    ) | right.rx.contains(
        r"(?i)^\s*of\s+(?:the\s+|its\s+|their\s+)?(?:[\w\-]+\s+){0,2}?(?:gains?|improvements?)\b"
    )
    kind = (
        pl.when(pl.col("group_unit") == "x").then(pl.lit("ratio"))
        .when(pl.col("group_unit").str.starts_with("/")).then(pl.lit("score"))
        .when(improvement).then(pl.lit("improvement"))
        # "peak memory drops to 3.5 GB", "runs at 23.6 FPS": a cost or a rate, not a score.
        .when(pl.col("group_unit").rx.contains(_COST_UNIT).fill_null(False)).then(pl.lit("other"))
        .when((pl.col("group_unit") == "%") & right.rx.contains(
            rf"^\s*of\s+(?:the\s+|its\s+|their\s+)?(?:[\w\-]+\s+){{0,2}}?{_SPENT}"
            r"(?:\s*[,;.)]|\s+(?:required|needed|used|spent|of|for|compared|than)\b|\s*$)"
        )).then(pl.lit("other"))
        .when(pl.col("metric_text").is_not_null() | left.rx.contains(_SCORE_BEFORE)
              | left.rx.contains(_NEXT_RANKED)
              | right.rx.contains(r"(?i)^\s*(?:vs\.?|versus)\s*\d"))
        .then(pl.lit("score"))
        .otherwise(pl.lit("other"))
    )  # fmt: skip
    return (
        claims.with_columns(
            comparator=comparator,
            kind=kind,
            metric_text=pl.when(~metric_in_comparator).then("metric_text"),
            metric_alias=pl.when(~metric_in_comparator).then("metric_alias"),
            # "46.0% on BrowseComp", "PRMBench (65.5%)": a share on a named benchmark is what
            # was scored there, unless the list it stands in says otherwise.
            on_benchmark=(
                (pl.col("group_unit") == "%")
                | pl.col("group_unit").is_null() & pl.col("number").rx.contains(".", literal=True)
            )
            & (
                right.rx.contains(r"^\s*on\s+(?:the\s+)?[A-Z]")
                | left.rx.contains(rf"\b{_BENCHMARK_SUFFIX}\s*\(\s*$")
            ),
        )
        .pipe(_inherit_metrics, metric_re, kept_names)
        .pipe(_respective_metrics, metric_re)
        .pipe(_attribute_datasets, metric_re, datasets)
        .pipe(_inherit_kinds)
        # Where a spread or a share of a gain was measured is found as for any claim.
        .with_columns(kind=pl.when(not_a_gain).then(pl.lit("other")).otherwise("kind"))
        .with_columns(
            metric_name=pl.coalesce(
                canonical_metric(pl.col("metric_alias"), metrics),
                canonical_metric(pl.col("metric_text"), metrics),
            ),
        )
        .pipe(_split_as_written)
        .with_columns(
            # A name the vocabulary does not know, without the split it was written with; a
            # split written alone is of the dataset found for it.
            dataset_name=pl.coalesce(
                canonical_dataset(pl.col("dataset_text"), datasets),
                canonical_dataset(pl.col("split_of"), datasets),
                pl.col("split_of"),
                pl.col("dataset_text").rx.replace(_SPLIT + "$", ""),
            ),
        )
        .drop("split_of")
    )


# A split written alone right after a claim: "4% on test-clean", "81.2% accuracy on the dev
# set".
_SPLIT_AFTER = (
    r"^\s*(?:[\w\-@]+\s+){0,2}?on\s+(?:the\s+)?"
    rf"({_SPLIT_WORD}(?:-(?:clean|other|std|dev))?"
    r"(?:\s+(?:set|split))?)\b(\s+of\b)?"
)


def _split_as_written(claims: pl.LazyFrame) -> pl.LazyFrame:
    """A claim on a split written alone ("WERs of 1.75% on test-clean") keeps the split as
    its dataset text, and the dataset found for it (the one the abstract evaluates on) in
    `split_of`, for its name."""
    written = pl.col("group_right").rx.extract_groups(_SPLIT_AFTER)
    # "on the test split of Foo-2": the split's dataset is named, and is the dataset text.
    split = pl.when((pl.col("group_size") == 1) & written.struct[1].is_null()).then(
        written.struct[0]
    )
    on_split = split.is_not_null() & pl.col("dataset_text").is_not_null()
    return claims.with_columns(
        split_of=pl.when(on_split).then("dataset_text"),
        dataset_text=pl.when(on_split).then(split).otherwise("dataset_text"),
    )


# After a dataset's name, the task or the kind of collection, in up to three words:
# "CIFAR-10 Image Recognition", "MNIST handwritten digit recognition", "COCO dataset".
_TASK_WORD = (
    r"(?:recognition|classification|detection|segmentation|comprehension|generation|dataset|"
    r"benchmark|corpus|set|split)"
)
_TASK_PHRASES = [rf"(?i)(?:\s+[a-z]+){{{words}}}\s+{_TASK_WORD}$" for words in range(3)]
# An image resolution after the name: "ImageNet 256x256", "ImageNet-256", "ImageNet
# 512times512" (a `\times` whose backslash the source lost). Results have no column for a
# resolution: the dataset is the dataset, and dataset_text keeps the resolution as written.
_RESOLUTION = (
    r"(?i)(?:[\s\-_]*\d+\s*(?:x|×|times)\s*\d+|[\s\-_]+(?:32|64|128|256|512|1024))(?:\s*px)?$"
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
        # "COCO val2017", "Bird development set": a split is of its dataset.
        by_alias(dataset_text.rx.replace(_SPLIT + "$", "")),
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


# What a name is when it is no dataset: a model's size (`GLM-4-9B`), an accelerator named by
# a letter and a number (A100, B200), a plural acronym naming a kind of system (UMMs, CUAs),
# a model of a known family; one regex, as it runs on every candidate name.
_NOT_DATASET_NAME = (
    r"(?i:\d(?:\.\d+)?[bm]\b)|^(?:[A-Z]\d{2,4}|[A-Z]{2,}s|[A-Z])$|"
    # "on 13 benchmarks": a count; "on W4A4KV4": the bit-widths of a quantized model.
    r"^[\d.,]+$|^W\d+A\d+|"
    # "on Level-3": a level of difficulty of some benchmark.
    r"^Level[\s\-]?\d+$|"
    # "on Top-K recommendation": a cut-off of a ranking.
    r"^Top-?(?:[KkNn]|\d+)$|"
    # "on US English": a language as spoken somewhere.
    r"^[A-Z][A-Za-z]+\s+(?:English|Chinese|Spanish|French|Portuguese|German|Arabic)$|"
    # "Chinese-to-English", "Text-to-Image": a direction or a task.
    r"^[A-Z][a-z]+-to-[A-Z][a-z]+$|"
    # "on Intel CPUs": hardware; "in Reinforcement Learning": a field; "Mixture-of-Experts",
    # "Chain-of-Thought": a technique.
    r"\b(?:[CGTN]PUs?|Learning)$|^[A-Z][a-z]+-of-[A-Z][a-z]+$|"
    # "on a Joint Score", "on Success Rate": a measure written in capitals (not "PinchBench
    # Avg Score", a benchmark's measure).
    r"^[A-Z][a-z]+\s(?:Scores?|Rates?|Accuracy|Errors?)$|"
    # "on AMD MI300": an accelerator named by its maker.
    r"^(?:AMD|NVIDIA|Nvidia|Intel|Apple|Qualcomm|Huawei|Ascend)\b|"
    # "on a Jetson Orin Nano", "on a Raspberry Pi 4": a device.
    r"^(?:Jetson|Raspberry|Snapdragon|Pixel|iPhone|Galaxy|Arduino)\b|" + _MODEL_FAMILY
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
            # "performance gains on SWE tasks": a kind of task, not a benchmark.
            pl.when(
                ~statement.rx.extract(_EVALUATION_DATASET, 2)
                .fill_null("")
                .rx.contains(rf"^(?i:{_QUALIFIED_THING}|tasks?|problems?|domains?)$")
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
    evaluated = abstracts.select(
        "paper_key",
        # Numbers reported before the evaluation is stated are not scoped by it ("... with
        # 140x more compute. Experiments on IF_Eval and MT-Bench further show ...").
        # (Each pattern searched alone: one search for either is several times slower.)
        evaluated_in_sentence=pl.min_horizontal(
            _sentence_of_first(_EVALUATION_DATASET, parts_named),
            _sentence_of_first(_EVALUATED_WITH, parts_named),
        ),
        evaluated_datasets=parts_named.rx.extract_all(_EVALUATION_DATASET)
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
    return (
        pl.when(names.list.len() == 1)
        .then(names.list.first())
        .when((names.list.len() == pl.col("group_size")) & ~_one_claim())
        .then(names.list.get(pl.col("member"), null_on_oob=True))
    )


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
        _parts_as_whole(right.str.slice(0, 120))
        .rx.replace(
            r"(?:^|[,;(]|\band\b|\bincluding\b)(?:\s+[a-z]+){0,4}\s*[+\-−]?\d+(?:\.\d+)?\s?"
            r"(?:%|x\b|×|times\b).*$",
            "",
        )
        # "75.9% on ImageNet, MoGA-B meets 75.5%": a clause with its own subject and number.
        .rx.replace(
            r"[,;]\s+[A-Z][\w\-.]*\s+(?:[a-z]+\s+){1,3}[+\-−]?\d+(?:\.\d+)?\s?(?:%|x\b|×|times\b).*$",
            "",
        )
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
        "bracketed": pl.when(~left.rx.contains(_NEXT_RANKED)).then(
            left.rx.extract(rf"(?:^|[\s,;:])({_DATASET_NAME})\s*\(\s*$", 1)
        ),
        # "(-0.07% Vbench score)": the benchmark whose score the number is.
        "name_score_after": right.rx.extract(
            rf"^\s*({_DATASET_NAME})\s+(?:benchmark\s+)?scores?\b", 1
        ),
        # "state-of-the-art on SWE-bench Verified with 93.7% Acc@5".
        "scoped_with": left.rx.extract(
            # "on the standard KITTI dataset with 93.92% accuracy".
            rf"\b(?:on|in)\s+(?:the\s+)?(?:{_PRAISE}\s+)?({_DATASET_NAME})"
            r"(?:\s+(?:benchmark|dataset))?\s+"
            rf"with\s+(?:an?\s+)?(?:{_QUALIFIER}\s+)?$",
            1,
        ),
        "objects": _listed(left.rx.extract(_OBJECT_BEFORE_AMOUNT, 1)),
        "changed_on_found": pl.when(
            ~found_before_amount.struct[1].fill_null("").rx.contains(rf"^(?i:{_QUALIFIED_THING})$")
        ).then(_listed(found_before_amount.struct[0])),
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
            sentence_left.rx.extract(
                # "Notably, in a 5-screenshot setting on the AgentNetBench benchmark, ...";
                # "Applied to X on CIFAR-10, ...".
                r"^(?:[A-Z][a-z]+,\s+(?:on|in|for|across)|On|In|For|Across|"
                r"(?:Applied|Evaluated|Tested)\s+(?:to|on|with))"
                rf"\s+[^,.;]{{0,60}}?"
                rf"\b(?:on|in)\s+(?:the\s+)?({_DATASET_NAME})\b"
                r"[^,.;]{0,40},",
                1,
            ),
            # "On the standard enwik8 benchmark, ...", "On a FinAuditing-derived FinMR sample".
            sentence_left.rx.extract(
                r"^(?:On|In|For|Across)\s+(?:the\s+|an?\s+)?(?:(?:[a-z]|[A-Z]\w*-[a-z])[\w\-]*\s+){0,2}?"
                r"([\w\-.]*(?:\d|[A-Z])(?:[\w\-.]*\w)?)\s+"
                r"(?:benchmark|dataset|corpus|sample|subset|split|suite)s?"
                # "On the recent CAMEL-Bench benchmark comprising 38 sub-domains, ...".
                r"(?:\s+(?:comprising|containing|with|of)\b[^,.;]{0,80})?\s*,",
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
        "participle_scope": sentence_left.rx.extract_groups(
            rf"\b(?:on|in|across)\s+(?:the\s+)?(?P<name>{_DATASET_LIST})"
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
        # respectively": a list pairs in order.
        "participle": pl.when(
            ~pl.col("participle_scope")
            .struct.field("rest")
            .rx.contains(r"\b(?:on|in|across|for|to)\s+(?:the\s+)?[A-Z]")
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
    candidates = (
        "labelled_with", "inside_parenthesis", "scoped_with", "relative_clause", "after",
        "before_amount", "parallel_change", "measure_of", "measure_on_name", "score_of",
        "bracketed", "name_score_after", "participle", "respective", "clause_scope", "opening",
    )  # fmt: skip
    stage_6 = {
        "dataset_text": pl.coalesce(_usable_dataset(pl.col(name)) for name in candidates),
        "dataset_unpairable": (
            (pl.col("names").list.len() > 0) & pl.col("after").is_null()
            # "76% accuracy on our test set": data the text does not name is no other's.
            | pl.col("until_next_claim").rx.contains(_UNNAMED_DATA)
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
    stage_8 = {
        "evaluation_dataset": _usable_dataset(
            pl.when(evaluated.list.len() == 1).then(evaluated.list.first())
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
        .with_columns(**stage_7)
        .with_columns(**stage_8)
    )
    # Carried only between claims of one metric (or none named): "27% less compute" does
    # not take the dataset of "+8.2% accuracy on MMLU" before it.
    named_claim = pl.when(pl.col("dataset_text").is_not_null()).then(
        pl.struct(dataset="dataset_text", start="start", metric="metric_text")
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
        r"(?i)^[^.;]{0,40}?\b(?:across|on|over|in)\s+(?:\w+\s+){0,2}?(?:\d+|two|three|four|five|six|"
        r"seven|eight|nine|ten|several|multiple|various|diverse|all)\s+(?:[\w\-]+\s+){0,3}?"
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
            dataset_text=pl.when(pl.col("dataset_unpairable"))
            .then(None)
            .otherwise(
                pl.coalesce(
                    pl.col("dataset_text"),
                    # A speed-up, a rate of frames or a cost is the system's, not a benchmark's,
                    # unless a dataset is named for it; a correlation or an agreement
                    # relates two measurements, it is not a score on the abstract's data.
                    pl.when(~measures_speed & ~relates_measurements & ~over_several).then(
                        pl.coalesce(
                            pl.when(~scoped_in_words).then("evaluated_here_paired"),
                            pl.when(close_enough & same_metric).then(carried),
                            pl.when(
                                pl.col("metric_text").is_not_null() & ~task_scoped & ~own_scope
                            ).then("same_metric_dataset"),
                            pl.when(
                                ~task_scoped
                                | pl.col("introduced_benchmarks")
                                .list.contains(pl.col("evaluation_dataset"))
                                .fill_null(False)
                            ).then("evaluation_dataset"),
                        )
                    ),
                )
            )
        )
        .with_columns(
            # "24.05 on PickScore": a metric's name is no dataset.
            dataset_text=pl.when(
                ~pl.col("dataset_text").rx.contains(rf"^(?:{metric_re})$").fill_null(False)
            ).then("dataset_text")
        )
        .drop(*working, "dataset_unpairable", "carrier", "same_metric_dataset")
        .pipe(_respectively_paired_with_previous_list)
    )


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
            .otherwise("dataset_text")
        )
        .drop("claim_index", "earlier_dataset", "earlier_sentence", "dataset_named")
    )


# Between two members of a list whose members each name their dataset: "by up to 77% on
# LIBERO-Pro manipulation, 72% on Robosuite, and 32% on ...", "gains of 8.0% on WebArena and".
_LIST_MEMBER_GAP = (
    # "by 7.82 BLEU and 1.46 CometScore": the measure's name may stand in the gap; "gains of
    # 9 BLEU points over A and up to 2.08 BLEU over B": and what each member is over or
    # with ("3.69% without EOS and 4.78% with EOS").
    r"^\s*(?:[A-Za-z][\w\-@^]*\s+)?(?:points?\s+)?(?:\([^()]{1,40}\)\s*)?"
    r"(?:(?:on|in|for|across|over|than|with|without|under)\s+[^.;,]{1,60}?)?\s*"
    r"(?:,\s*(?:and\s+)?|\band\s+)(?:up\s+to\s+|about\s+|around\s+|nearly\s+)?"
    # "(AID: 95.85% and NWPU: 94.09%)": the next member's label.
    r"(?:[A-Z][\w\-]*\s*:\s*)?$"
)


# "error metrics (EPE and Fl-all)": the measures a general name stands for, in brackets.
_NAMED_MEASURES = r"\b(?:metrics|measures|scores)\s*\(([^()]{1,60})\)"


def _respective_metrics(claims: pl.LazyFrame, metric_re: str) -> pl.LazyFrame:
    """A list of claims said to be respective takes, in order, the measures named in brackets
    before it: "reduces the error metrics (EPE and Fl-all) by 6.3% and 10.5% ...,
    respectively"."""
    measures = _listed(_last_match_group(pl.col("group_left"), _NAMED_MEASURES))
    member = pl.when(
        (measures.list.len() == pl.col("group_size"))
        & ~_one_claim()
        & pl.col("group_right").rx.contains(r"(?i)^(?:[^.;]|\.\d)*\brespectively\b")
    ).then(measures.list.get(pl.col("member"), null_on_oob=True))
    return (
        claims.with_columns(respective_measure=member)
        .with_columns(
            metric_text=pl.coalesce("respective_measure", "metric_text"),
            metric_alias=pl.when(pl.col("respective_measure").is_null())
            .then("metric_alias")
            .when(pl.col("respective_measure").rx.contains(rf"^(?:{metric_re})$"))
            .then("respective_measure"),
        )
        .drop("respective_measure")
    )


def _inherit_kinds(claims: pl.LazyFrame) -> pl.LazyFrame:
    """A list member with no cue of its own takes the kind of the members before it, when
    they have one unit: in "12.1% accuracy on A, 20.3% on B" both are scores; after a gain,
    members are gains. A share still without a kind is a score when it was measured on
    named data."""
    continues_list = (
        _previous_in_sentence("group_unit").eq_missing(pl.col("group_unit"))
    ) & _since_previous_claim().rx.contains(_LIST_MEMBER_GAP)
    cued = pl.when(pl.col("kind") != "other").then(pl.col("kind"))
    return (
        claims.with_columns(
            member_run=(~continues_list.fill_null(False))
            .cum_sum()
            .over(*_IN_SENTENCE, order_by="start")
        )
        .with_columns(
            # After a gain ("gains of 8.0% on WebArena and 12.2% on AndroidWorld") the
            # members are gains too, though the clause's verb reads as a score's.
            kind=pl.when(
                pl.col("kind").is_in(["score", "other"])
                & (pl.col("kind") == "improvement")
                .cum_max()
                .over(*_IN_SENTENCE, "member_run", order_by="start")
            )
            .then(pl.lit("improvement"))
            .otherwise(
                pl.coalesce(
                    cued,
                    cued.forward_fill().over(*_IN_SENTENCE, "member_run", order_by="start"),
                    "kind",
                )
            )
        )
        .with_columns(
            kind=pl.when(
                (pl.col("kind") == "other")
                & (
                    pl.col("on_benchmark")
                    # "in terms of MAP, 92.9%, on WikiQA": a share measured on named data is
                    # a score there.
                    | pl.col("dataset_text").is_not_null()
                    & (pl.col("group_unit") == "%")
                    & pl.col("sign").is_null()
                    # "72.7% of long-term users favoring X": a share of a population.
                    & ~pl.col("group_right").rx.contains(r"^\s*of\s")
                    & (_number_written(pl.col("number")) <= 100)
                )
            )
            .then(pl.lit("score"))
            .otherwise("kind")
        )
        .drop("member_run", "on_benchmark")
    )


def _inherit_metrics(claims: pl.LazyFrame, metric_re: str, kept_names: str) -> pl.LazyFrame:
    """A claim that names no metric takes the one an earlier claim of its sentence with the
    same unit names: "from 4.8% to 42.4% success rate, and from 6.1% to 43%", "FLOPs savings
    of 3.7x overall, 2.6x for text"; percentage points are points of a percentage ("accuracy
    of 64.5%, outperforming X by 6.6 percentage points"). Else the known metric its sentence
    says is changed before it: "SPOC boosts the accuracy of Llama-3.1-8B ..., achieving
    absolute gains of 8.8%". A comparative alone ("1.7x faster") is the metric only when no
    earlier claim names one: "improves training efficiency by converging 4.4x faster than A
    and 1.7x faster than B"."""
    comparative = pl.col("metric_text").rx.contains(_LONE_COMPARATIVE).fill_null(False)
    written = pl.struct("metric_alias", "metric_text")
    named = pl.when(pl.col("metric_text").is_not_null() & ~comparative).then(written)
    unit = pl.col("group_unit").replace("pp", "%").fill_null("")
    inherited = named.forward_fill().over(*_IN_SENTENCE, unit, order_by="start")
    # "raises accuracy to 69.3% and improves average performance ... by 5.7 points": a
    # measure named since the claim before, however general, is not the earlier metric.
    inherited = pl.when(
        ~_since_previous_claim()
        .rx.contains(r"(?i)\b(?:performance|results?|scores?)\b")
        .fill_null(False)
    ).then(inherited)
    # "a 27.5% reduction in regurgitation (from 8.7 to 6.3)": numbers in the bracket right
    # after a claim detail it, in whatever unit.
    detailing = pl.when(
        _since_previous_claim()
        .rx.contains(r"^[^()]{0,40}\(\s*(?:from\s+(?:[\d.,]+\s?%?\s+to\s+)?)?$")
        .fill_null(False)
    ).then(_previous_in_sentence("metric_struct"))
    changed_metric = pl.col("group_left").rx.extract(
        rf"\b(?i:{_CHANGING_VERB})[a-z]*\s+(?:the\s+|its\s+|their\s+)?"
        rf"((?:{_PHRASE_WORD}\s+){{0,2}}?(?:{metric_re}))(?:\s+(?:of|on|for|in|across|by)\b|[,;]|$)",
        1,
    )
    # "achieves a higher rate of satisfying user preferences, outperforming X by 6.1%",
    # "substantial gains in the overall score, outperforming baselines by up to 41.5%": the
    # measure the sentence says is higher is the one the margin is in.
    higher_measure = pl.col("group_left").rx.extract(
        r"\b(?:higher|lower|(?:gains?|improvements?)\s+in(?:\s+the)?)\s+"
        r"([a-z][\w\-]*(?:\s+[a-z][\w\-@]*){0,4}?)\s*,\s+(?:outperform|surpass|beat|exceed)[a-z]*"
        rf"\b[^.;]{{0,80}}\bby\s+(?:{_QUALIFIER}\s+)?$",
        1,
    )
    # "achieves competitive success rates, with up to a 10% improvement".
    with_gain = pl.col("group_left").rx.extract(
        rf"\b((?:{_PHRASE_WORD}\s+){{0,2}}?(?:{metric_re}))\s*,\s+with\s+(?:{_QUALIFIER}\s+)?(?:an?\s+)?$",
        1,
    )
    higher_measure = pl.coalesce(
        higher_measure,
        pl.when(pl.col("kind") == "improvement").then(
            _leading_words_dropped(with_gain, kept_names)
        ),
    )
    higher = pl.when(
        higher_measure.is_not_null() & ~higher_measure.rx.contains(rf"(?i)^(?:{_NOT_MEASURES})$")
    ).then(
        pl.struct(
            metric_alias=higher_measure.rx.extract(f"({metric_re})", 1),
            metric_text=higher_measure,
        )
    )
    # "with lower extra computational cost, such as 90.7% on X": a number given as an example
    # illustrates the claim (its performance), not the measure changed before it.
    example = pl.col("group_left").rx.contains(
        r"(?i)\b(?:such\s+as|e\.g\.,?|for\s+example|for\s+instance)\s+(?:[^.;]|\.\d)*$"
    )
    changed = pl.when(
        changed_metric.is_not_null() & (pl.col("kind") != "ratio") & ~example
    ).then(
        pl.struct(metric_alias=changed_metric.rx.extract(f"({metric_re})", 1),
                  metric_text=_leading_words_dropped(changed_metric, kept_names))
    )  # fmt: skip
    # "surpasses A by 5.74% and B by 20.84% F1 score": in two parallel changes, the measure
    # written after the second is the first's too.
    parallel = pl.when(
        _until_next_claim()
        .rx.contains(r"^\s*,?\s*and\s+(?:[\w\-.+]+\s+){1,6}?by\s+$")
        .fill_null(False)
        & pl.col("group_left").rx.contains(r"\bby\s+$")
    ).then(_next_in_sentence("metric_struct"))
    # "improves A by 8.2 accuracy points and B by 5.6%": and the first's is the second's.
    parallel_before = pl.when(
        _since_previous_claim()
        .rx.contains(r"^\s+[A-Za-z][\w\-]*(?:\s+[a-z]+)?\s*,?\s*and\s+(?:[\w\-.+]+\s+){1,6}?by\s+$")
        .fill_null(False)
        & pl.col("group_left").rx.contains(r"\bby\s+$")
    ).then(_previous_in_sentence("metric_struct"))
    # "nDCG@10 = 0.828, outperforming dense-only by 6.1%": a share by which a score without a
    # unit beats another is a change of that score.
    unitless_named = pl.when(pl.col("group_unit").is_null()).then(named)
    relative_change = pl.when(
        (pl.col("kind") == "improvement") & (pl.col("group_unit") == "%") & ~comparative
    ).then(unitless_named.forward_fill().over(*_IN_SENTENCE, order_by="start"))
    found = pl.coalesce(
        named,
        parallel,
        parallel_before,
        higher,
        inherited,
        detailing,
        relative_change,
        changed,
        pl.when(comparative).then(written),
    )
    return (
        claims.with_columns(metric_struct=named)
        .with_columns(
            metric_alias=found.struct.field("metric_alias"),
            metric_text=found.struct.field("metric_text"),
        )
        # "(from 12.9 to 8.9)": the after of a change measures what its before does.
        .with_columns(
            pl.coalesce(name, pl.col(name).first().over("paper_key", "group", order_by="start"))
            for name in ("metric_alias", "metric_text")
        )
        .drop("metric_struct")
    )


def _collapse_ranges(claims: pl.LazyFrame) -> pl.LazyFrame:
    """`10-20%` is one claim: value 20, value_low 10, one span over both numbers.
    `from 45.2% to 67.8%` and `45.2% → 67.8%` are a change: the claim is the 67.8% (a score
    unless said otherwise), compared with 45.2%."""

    def previous(column: str) -> pl.Expr:
        return pl.col(column).shift(1).over("paper_key", "group")

    opens = (pl.col("in_range") | pl.col("in_change")).shift(-1).over("paper_key", "group")
    return claims.with_columns(
        value_low=pl.when(pl.col("in_range")).then(previous("value")),
        span_start=pl.when(pl.col("in_range"))
        .then(previous("span_start"))
        .otherwise(pl.col("span_start")),
        comparator=pl.when(pl.col("in_change"))
        .then(previous("raw_text"))
        .otherwise(pl.col("comparator")),
        kind=pl.when(
            pl.col("in_change")
            & (pl.col("kind") == "other")
            & ~pl.col("group_unit").rx.contains(_COST_UNIT).fill_null(False)
        )
        .then(pl.lit("score"))
        .otherwise(pl.col("kind")),
    ).filter(~opens.fill_null(False))


def _span_text() -> pl.Expr:
    return pl.col("abstract").str.slice(
        pl.col("span_start"), pl.col("span_end") - pl.col("span_start")
    )


# A comparator that opens with its number ("54.7% by TransE", "41.2", "(3.1x)"); a number
# inside a name ("GPT-4o", "Llama 3 8B") is not one.
_COMPARATOR_NUMBER = (
    rf"^[\s(~<>≈]*([+\-−]?(?:{_NUMBER}))\s*(%|×|x|times|-fold|pp|percentage points?)?(?:$|[^\w.])"
)


def _comparator_number(unit: pl.Expr, kind: pl.Expr) -> dict[str, pl.Expr]:
    """comparator_value and comparator_unit from the `comparator` column: the number it opens
    with, in the unit written with it, else in the result's own unit when the result is a
    score (a score is compared with another score of the same measure)."""
    number = pl.col("comparator").rx.extract(_COMPARATOR_NUMBER, 1)
    written = pl.col("comparator").rx.extract(_COMPARATOR_NUMBER, 2)
    return {
        "comparator_value": _number_written(number.rx.replace("−", "-", literal=True)),
        "comparator_unit": pl.when(number.is_null())
        .then(None)
        .when(written.is_not_null())
        .then(written.replace_strict(_UNIT_CANONICAL, default=written))
        .when(kind == "score")
        .then(unit),
    }


def _finish(claims: pl.LazyFrame, metrics: pl.DataFrame) -> pl.LazyFrame:
    number = _number_written(pl.col("number"))
    value = pl.when(pl.col("sign").is_in(["-", "−"])).then(-number).otherwise(number)
    unit = pl.col("group_unit")
    share_metric = is_share_metric(pl.col("metric_name"), metrics)
    scale = (
        pl.when(unit.is_in(["%", "pp"])).then(percent_as_share(pl.col("value")))
        .when(unit.is_null() & share_metric & pl.col("value").abs().le(1)).then(pl.col("value"))
        .when(unit.is_null() & share_metric & pl.col("value").abs().le(100))
        .then(percent_as_share(pl.col("value")))
    )  # fmt: skip
    return (
        claims.with_columns(
            value=value,
            span_start=pl.col("claim_start"),
            span_end=pl.col("unit_end"),
        )
        .with_columns(raw_text=_span_text())
        .pipe(_collapse_ranges)
        .with_columns(scale=scale, raw_text=_span_text())
        .with_columns(**_comparator_number(pl.col("group_unit"), pl.col("kind")))
        # A score in % outside 0-100 is not a share at all: the reading is wrong.
        .filter(
            ~(
                (pl.col("kind") == "score")
                & (pl.col("group_unit") == "%").fill_null(False)
                & ~pl.col("value").is_between(0, 100)
            )
        )
        .select(
            "paper_key",
            "span_start",
            "span_end",
            "raw_text",
            "value",
            "value_low",
            pl.col("group_unit").alias("unit"),
            "scale",
            "kind",
            "metric_name",
            "metric_text",
            "dataset_name",
            "dataset_text",
            "comparator",
            "comparator_value",
            "comparator_unit",
        )  # fmt: skip
    )
