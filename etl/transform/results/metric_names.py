"""The metric a number is reported in, named from the words right after or before it."""

from __future__ import annotations

import polars as pl

from etl.contracts import METRIC_OWN_WAYS, METRIC_WAYS, listed_way
from etl.transform import word_regex  # noqa: F401  (registers the .rx namespace)
from etl.transform.results.datasets import _NOT_DATASET_NAME, _known_dataset
from etl.transform.results.metrics import metric_pattern
from etl.transform.results.patterns import (
    _APPROXIMATE,
    _BENCHMARK_SUFFIX,
    _BRACKET_ON_AMOUNT,
    _BY_AMOUNT_IN,
    _CHANGE_ON_NAMED,
    _CHANGES,
    _CHANGING_VERB,
    _COMPARATIVE,
    _DATASET_NAME,
    _GAIN_WORD,
    _IN_WHAT_GAINED,
    _LONE_COMPARATIVE,
    _METRIC_FILLER,
    _METRIC_TO_NUMBER,
    _MORE_OR_LESS,
    _NUMBER,
    _ON_DATA_THEN_VALUE,
    _OPERATION_COUNT,
    _QUALIFIED_THING,
    _QUALIFIER,
    _SPEEDING_VERB,
    _SPENT,
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
    r"additional|extra|further|total|same|similar|corresponding|respective|state-of-the-art|record|"
    r"improv[a-z]*|reduc[a-z]*|divid[a-z]*|increas[a-z]*|decreas[a-z]*|achiev[a-z]*|reach[a-z]*|"
    r"rais[a-z]*|boost[a-z]*|yield[a-z]*|obtain[a-z]*|attain[a-z]*|outperform[a-z]*|"
    r"surpass[a-z]*|lower[a-z]*|cut[a-z]*|enhanc[a-z]*|deliver[a-z]*|show[a-z]*|exhibit[a-z]*|"
    r"demonstrat[a-z]*|maintain[a-z]*|retain[a-z]*|preserv[a-z]*|keeps?|kept|keeping|"
    r"report[a-z]*|record[a-z]*|"
    r"get|gets|getting|got|respectively|giv[a-z]*|gave|gain[a-z]*|accelerat[a-z]*|speed[a-z]*\s+up|shrink[a-z]*|drop[a-z]*|"
    r"high|low|higher|lower|better|worse|more|less|lesser|fewer|up|down|fast|faster|slower|"
    r"lift[a-z]*|spans?|spanning|nonetheless|however|still|yet|even|thus|hence|"
    # Verbs that bring a measure to change: "cause jailbreak success rates to surge".
    r"caus[a-z]*|lead[a-z]*|led|push[a-z]*|driv[a-z]*|bring[a-z]*|brought)\s+"
)


# Words that compare a measure, before its name: "a faster Evaluation Time (71.28s)".
_COMPARED_QUALITY = r"(?:better|worse|higher|lower|faster|slower|shorter|smaller)"
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
    # "improve TPR at low FPR by": a measure at an operating point of another is one name.
    text = text.rx.replace(
        r"\b([A-Z][A-Z\d@\-]+)\s+at\s+((?:(?:a|the)\s+)?"
        r"(?:(?:very\s+)?(?:low|high|fixed|given)\s+)?[A-Z][A-Z\d@\-]+)$",
        "$1\x02$2",
    )
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
        .rx.replace("\x02", " at ", literal=True)
    )
    return (
        pl.when(known.is_not_null())
        .then(dropped.rx.replace("\x01", known, literal=True))
        .otherwise(dropped)
        .str.strip_chars()
        .str.strip_chars_end(".,;:")
        # "in the Arg-C F1 metric": a name or a head needs no word saying it measures.
        .rx.replace(rf"([A-Z0-9][\w\-@]*|(?i:{_METRIC_HEADS}))\s+(?i:metric|measure)s?$", "$1")
    )


# A word that opens what follows a number, never the name of its measure.
_OPENING_WORD = (
    r"(?i)^(?:on|in|at|for|of|over|across|with|without|to|from|than|by|and|or|but|while|"
    r"when|under|within|versus|vs|respectively|compared|relative|the|an?)$"
)


def metric_way(name: str) -> pl.Expr:
    """`name`, a way of deciding a metric (etl.contracts.listed_way), as a literal."""
    return pl.lit(listed_way(name, METRIC_WAYS, "METRIC_WAYS"))


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
    # "by 2.2 percentage points (pp) in mIoU": the unit's short form in brackets. "600x
    # compression without losing accuracy", "8x without degrading perplexity": what is kept
    # is not what the number measures, so no measure is read past "without".
    right = (
        pl.col("group_right")
        .rx.replace(r"^\s*\((?:pp|pts?|p\.p\.)\)", "")
        .rx.replace(r"\bwithout\b.*$", "")
    )
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
    # So is one after the amount the number before is of: "64 GB of CPU memory and 48 GB".
    # "4.5% lower F1-score and 2.8% higher LogD": the measure a comparative after the number
    # before names is that number's.
    previous_numbers = left.rx.contains(
        rf"\d\s?%?\s*(?:[A-Za-z]{{1,4}}\s+of\s+(?:[\w\-]+\s+)?|(?:{_MORE_OR_LESS}|better|worse)\s+)?"
        rf"(?:{metric_re})\s*,?\s+(?:and\s+)?$"
    )
    # "a 217.8x speed-up with a comparable FID increase from 4.11 to": of two metrics that
    # may lead to the number, the nearer one is its.
    # (The capture from the text's start is slow: only where a name leads to the number.)
    nearest_alias = left.rx.where_contains(rf"(?:{metric_re}){_METRIC_TO_NUMBER}").rx.extract(
        rf"^.*({metric_re}){_METRIC_TO_NUMBER}", 1
    )
    # "SLNet-M with 1.22 GFLOPs reaches 93.92%": a count of operations is the unit of the
    # number it follows, not the measure of the next one.
    numbers_own = left.rx.contains(rf"\d\s?(?:{_OPERATION_COUNT}){_METRIC_TO_NUMBER}$")
    alias_before = pl.when(~previous_numbers & ~numbers_own).then(nearest_alias)
    changed = rf"\b(?i:{_CHANGING_VERB}|{_SPEEDING_VERB})[a-z]*\s+(?:the\s+|its\s+|their\s+)?"
    # What every "changes X ... by" needs, checked first: about one context in nine has it.
    changed_by = left.rx.where_contains(
        rf"\b(?i:{_CHANGING_VERB}|{_SPEEDING_VERB})[a-z]*\s[\s\S]*\sby\s"
    )
    # "improves training efficiency by converging 4.4x faster": what changes it, then how much.
    # Not across another amount: in "improves test accuracy by up to 12%, while reducing
    # communication rounds by 22%" the accuracy is the 12%'s.
    by_amount = (
        rf"\s+(?:[^.;%×]{{0,60}}?\s)?by\s+(?:[a-z]+ing\s+)?(?:a\s+factor\s+of\s+)?"
        rf"(?:{_QUALIFIER}\s+)?$"
    )
    # "improves retrieval performance (nDCG@10) by 3.4%": the measure in brackets.
    alias_changed = changed_by.rx.extract(
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
        # measures is its name, whatever it is, but a word that opens what follows ("by
        # 2.1 BLEU and 0.9 on IWSLT").
        pl.when(previous_numbers)
        .then(right.rx.extract(rf"^\s+((?:{metric_re})|[A-Za-z][\w\-@^]*)(?:[\s,;.)]|$)", 1))
        .pipe(lambda word: pl.when(~word.rx.contains(_OPENING_WORD)).then(word)),
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
    # number is for, with or compared to is no measure of it, nor what it is read at ("a
    # TPR of 45% at an FPR of 0.1%").
    written_after = pl.when(
        ~written_after.rx.contains(
            r"(?i)^(?:and|or|but|while|whereas|for|to|with|by|from|than|over|using|via|at)\s"
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
        # "a faster Evaluation Time (71.28s", "a better ND Score (0.485": after a word that
        # compares it, a phrase in capitals names a measure too.
        left.rx.extract(
            rf"\b(?:a|an|the|its|their|our)\s+{_COMPARED_QUALITY}\s+"
            rf"((?:[A-Za-z][\w\-@]*\s+)?[A-Za-z][\w\-@]*)\s*{_BRACKET_ON_AMOUNT}",
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
    # "the repair rate on RepoBugs is only 22.58%": a measure, the data, then its value.
    written_on_data = left.rx.extract(
        rf"(\b{words}(?:{metric_re}|{heads})){_ON_DATA_THEN_VALUE}", 1
    )
    written_before = pl.coalesce(
        written_on_data,
        pl.when(title_qualified.rx.replace(r"^\S+\s+", "").rx.contains(rf"^(?:{metric_re})$")).then(
            title_qualified
        ),
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
        pl.when(~previous_numbers & ~numbers_own).then(
            pl.when(
                written_phrase.str.to_lowercase().str.ends_with(nearest_alias.str.to_lowercase())
            )
            .then(written_phrase)
            .otherwise(nearest_alias)
        ),
        # Not the end of a hyphenated name: "followed by Self-Consistency (0.638)".
        left.rx.extract(rf"(?:^|[^\w\-])({words}{heads}){_PHRASE_TO_NUMBER}", 1),
    )
    written_changed = pl.coalesce(
        # "with higher accuracy, by 1% and 0.3%": a measure said to be higher, then by how much.
        left.rx.extract(
            rf"\b(?i:higher|lower|better|greater|improved)\s+({words}(?:{metric_re}))\s*,?\s+by\s+"
            rf"(?:{_QUALIFIER}\s+)?$",
            1,
        ),
        changed_by.rx.extract(rf"{changed}({words}(?:{metric_re}|{heads})){by_amount}", 1),
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
        r"(?i)\b(?P<first>[a-z][\w\-]*)\s?/\s?(?P<second>[a-z][\w\-]*)(?:\s+(?P<head>[a-z][\w\-]*))??"
        r"\s*(?:of|is|are|was|were|reach|reaches|reached|:|=)?\s*$"
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
        rf"^\s*(?:in|on|for|of)\s+(?:terms\s+of\s+)?(?P<first>{metric_re})\s+and\s+"
        rf"(?P<second>{metric_re})(?:\s|[,;.]|$)"
    )

    def in_order(pair: pl.Expr) -> pl.Expr:
        return (
            pl.when(pl.col("member") == 0)
            .then(pair.struct.field("first"))
            .otherwise(pair.struct.field("second"))
        )

    # "AUROC/AUPRC and 1.1-1.7%": a word that joins clauses is no head.
    paired_head = paired.struct.field("head")
    paired_measure = pl.when(pl.col("group_size") == 2).then(
        pl.coalesce(
            pl.when(
                paired.struct.field("first").is_not_null()
                & ~paired_head.rx.contains(_OPENING_WORD).fill_null(False)
            ).then(pl.concat_str(in_order(paired), paired_head, separator=" ", ignore_nulls=True)),
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
    # "0.91/0.88 AUROC/AUPRC": numbers written with a slash take the measures written with
    # one right after them, in order; one number (or a range) "in AUROC/AUPRC" measures both,
    # and no one name is its measure. One of the two must be a measure, not "train/test".
    slashed = right.rx.extract_groups(
        r"^\s*(?:(?:in|on|for)\s+(?:terms\s+of\s+)?)?(?:the\s+)?"
        r"(?P<first>[A-Za-z][\w\-@+]*)\s?/\s?(?P<second>[A-Za-z][\w\-@+]*)"
        # "0.587/0.812 PSDS1/PSDS2 scores": the word they are scores of may follow.
        r"(?:\s+(?i:scores?|values?))?" + phrase_end
    )
    slashed_numbers = (pl.col("group_size") == 2) & (
        pl.col("gap").rx.contains(r"^\s*/\s*$") & (pl.col("member") == 1)
    ).any().over("paper_key", "group")
    slashed_measure = pl.when(
        pl.concat_str(
            slashed.struct.field("first"), slashed.struct.field("second"), separator=" "
        ).rx.contains(rf"(?i)(?:^|\s)(?:{metric_re}|{heads})(?:\s|$)")
    ).then(
        pl.when(slashed_numbers)
        .then(in_order(slashed))
        .otherwise(
            pl.concat_str(
                slashed.struct.field("first"), slashed.struct.field("second"), separator="/"
            )
        )
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
    # Each way's phrase, in the order they are tried; computed once as a column, read twice:
    # for the first phrase found and for its way. Where no phrase measures, the vocabulary's
    # name found after, before or as what changed (the `_known` ways).
    phrases = {
        "statistic": statistic,
        # "nDCG@10 = 0.678 on expert queries": a known name the number is equated to.
        # (Searched in the last words only, where it can end the context.)
        "equated": left.str.slice(-60).rx.extract(rf"(?:^|[\s(,;])({metric_re})\s*=\s*$", 1),
        "slashed": slashed_measure,
        "paired": pl.col("paired_phrase"),
        "general_measure": pl.when(in_general_measure != "").then(in_general_measure),
        "comparative": faster_what,
        **{name.removeprefix("written_"): _named_metric(pl.col(name)) for name in found},
        **{f"{name.removeprefix('alias_')}_known": pl.col(name) for name in aliases},
        "defined_acronym": defined_measure,
    }
    if tuple(phrases) != METRIC_OWN_WAYS:
        raise ValueError(f"metric ways {tuple(phrases)} are not etl.contracts.METRIC_OWN_WAYS")
    by_way = phrases.items()
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
        .with_columns(**{f"metric_by_{way}": phrase for way, phrase in by_way})
        .with_columns(
            metric_text=pl.coalesce(pl.col(f"metric_by_{way}") for way, _ in by_way),
            metric_way=pl.coalesce(
                pl.when(pl.col(f"metric_by_{way}").is_not_null()).then(metric_way(way))
                for way, _ in by_way
            ),
        )
        .drop(*(f"metric_by_{way}" for way, _ in by_way))
        .with_columns(
            # The first known name in the phrase: "pass@16 accuracy" is pass@16. A phrase
            # that holds none names no known metric, whatever was named before it ("a higher
            # accuracy and 1.8 times faster speed").
            # Two measures written with a slash name no one of them.
            metric_alias=pl.when(
                (pl.col("metric_way") != "slashed")
                | ~pl.col("metric_text").str.contains("/", literal=True)
            ).then(pl.col("metric_text").rx.extract(f"({metric_re})", 1))
        )
        .drop(*found, *aliases, "changed_object", "paired_phrase")
    )
