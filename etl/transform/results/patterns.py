"""The shared regular-expression building blocks of results extraction: numbers and
units, the words around a claim (improvements, comparators, settings, sizes), dataset names
and mentions, and the phrases that tie an amount to a dataset or a benchmark."""

from __future__ import annotations

LEFT_CHARS = 160
RIGHT_CHARS = 200

# 5,000 and 1,234.5 are one number each; a comma needs exactly three digits after it.
# A share may be written without its leading zero: "achieves .79 F1" (see `glued`).
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+"
# Amounts of bytes, which are sizes unless they are what memory a run takes.
_BYTES = r"GB|[GM]iB"
# "220 A100-40G GPU hours", "5 GPU-days": compute a run took, the accelerator's name optional.
_GPU_TIME = r"(?:[A-Z]\d{2,4}(?:-\d+G)?\s)?GPU[\s\-](hour|day)s?"
# "1.22 GFLOPs", "4.1 GMACs": counts of operations, a number's unit.
_OPERATION_COUNT = r"[GMT]?(?i:flops)\b|[GMT]MACs?\b"
# Units that make a number a measurement. Order matters: longest first. "by 14.1 absolute
# percentage points": points said to be absolute are points.
# Lengths and angles: errors of poses, gazes and positions ("an MPJPE of 45.0 mm", "angular
# errors of 2.49°"), and as often what a run is given ("360° videos", "at 3.5 mm"); an amount in
# them is a result only when a measure names it.
_LENGTH_OR_ANGLE = r"mm\b|cm\b|°"
_LENGTH_OR_ANGLE_UNITS = ["mm", "cm", "°"]
_UNIT = (
    r"%|absolute\s+(?:percentage\s+points?|points?\b|pp\b)|"
    r"percentage points?|percent\b|pp\b|pts\b|-?points?\b|×|[xX]\b|times\b|-fold\b|fold\b|"
    rf"{_OPERATION_COUNT}|ms\b|milliseconds?\b|(?:{_BYTES})\b|fps\b|FPS\b|frames[\s\-]per[\s\-]second\b|"
    r"frames/s(?:ec)?\b|orders?\s+of\s+magnitude\b|dB\b|tokens?/s\b|"
    rf"(?:output |generated )?tokens per second\b|{_GPU_TIME}\b|{_LENGTH_OR_ANGLE}"
)
_UNIT_CANONICAL = {
    "%": "%", "percent": "%", "×": "x", "x": "x", "X": "x", "times": "x", "-fold": "x",
    "fold": "x",
    "pp": "pp", "pts": "pp", "point": "pp", "points": "pp", "-point": "pp", "-points": "pp",
    "percentage point": "pp",
    "percentage points": "pp", "fps": "FPS", "frames per second": "FPS",
    "frames-per-second": "FPS", "frames/sec": "FPS", "frames/s": "FPS",
    "order of magnitude": "orders of magnitude", "sec": "s", "secs": "s", "second": "s",
    "seconds": "s", "millisecond": "ms", "milliseconds": "ms",
    "min": "minutes", "mins": "minutes", "minute": "minutes", "minutes": "minutes",
    "hour": "hours", "hours": "hours", "hr": "hours", "hrs": "hours", "day": "days",
    "days": "days",
}  # fmt: skip
# Units of what a run costs or how fast it goes, whose amounts are findings, not scores.
_COST_UNIT = (
    rf"^(?:{_BYTES}|s|ms|minutes|hours|days|FPS|tokens?/s|.*(?i:flops)|.*MACs?|GPU (?:hours|days)|"
    r"\$)$"
)
# Seconds are what a run takes only after a word of taking or timing ("generates an image in
# 0.8 seconds", "takes around 0.4 s", "an inference latency of 0.06s", "Evaluation Time
# (71.28s"); elsewhere they are mostly lengths of media ("videos of 10-20 seconds", "as short as
# 10 seconds"), settings.
_TIME_TAKEN_BEFORE = (
    r"(?i)(?:\b(?:in|takes?|took|taking|requires?|required|needs?|needed|within)|"
    r"\b(?:time|latency|runtime|run-time|duration)s?\s*(?:of|is|was|:|=|\()?)\s*"
    r"(?:(?:just|only|about|around|approximately|roughly|nearly|less\s+than|under|below)\s+)*"
    r"[~≈∼]?\s?$"
)
_SECONDS = r"\s?(?:secs?|seconds?|s)\b"
# "trains in only 12 hours", "it takes 30 minutes to process", "requires 1 hour of training":
# minutes, hours and days a run takes, after a word of taking, never "within" (a window a
# prediction is made for: "readmission within 30 days") nor a length of media.
_LONG_TIME = r"\s(?:mins?|minutes?|hrs?|hours?|days?)\b"
_LONG_TIME_TAKEN_BEFORE = (
    r"(?i)\b(?:in|takes?|took|taking|requires?|required|needs?|needed)\s+"
    r"(?:(?:just|only|about|around|approximately|roughly|nearly|less\s+than|under|below)\s+)*$"
)
# "0.56 s algorithmic latency": seconds the words after call a time taken. (Not "2-4 seconds
# per image", as often as not what the systems a paper improves on take.)
_TIME_TAKEN_AFTER = rf"^{_SECONDS}\s+(?:[\w\-]+\s+)?(?:latency|runtime|run-time|inference\s+time)\b"
# "30 seconds long", "68s video", "10 s of audio": after the seconds, a length of what is
# made or given.
_MEDIA_LENGTH_AFTER = (
    r"[\s\-]*(?:long\b|length|durations?\b|of\s+(?:audio|speech|video|footage)|"
    r"(?:audio|speech|video|clip|segment|sequence|utterance|recording)s?\b)"
)
# Between two members of one list or range (after the first member's own unit, if any).
_LIST_SEPARATOR = r"^\s*(?:/|,|&|,?\s*and|,?\s*or)\s*$"
_RANGE_SEPARATOR = r"^\s*(?:--|-|–|—|~|∼|～|to)\s*$"
# "from 45.2% to 67.8%", "4.04% → 26.15%": a before and an after, not a range.
_CHANGE_SEPARATOR = r"^\s*(?:→|->|=>|⇒)\s*$"
# "from the initial 85.9% to 91.9%", "from the baseline 70.1% to": what a change's start
# may be called.
_CHANGE_START = r"(?:initial|original|baseline|base|previous|prior|default|starting)"
# "of only ~66%", "(up to ≈25%": a mark that the number is approximate, right before it.
_APPROXIMATE = r"[~≈∼]?"
# Words that may stand between a metric and its number: "top-10 accuracy of 73.2%",
# "BLEU scores of 17.79", "NDCG@20 improvement rate of 11.48%", "AUC gains up to 0.9%".
_METRIC_TO_NUMBER = (
    r"(?:\s+(?:score|scores|improvement|improvements|gain|gains|rate|rates|increase|increases|"
    r"of|by|up|to|is|are|was|were|reaching|reached|reaches|achieving|achieves|achieved|an|average|"
    # "RMSE values of 16.22, 19.29", "F1 score ... increased from the initial 85.9%" (not
    # all of _CHANGE_START: "accuracy of the baseline 70%" is the baseline's).
    r"values?|initial|original|"
    r"averaged|approximately|about|around|nearly|roughly|a|the|and|than|only|just|at|least|"
    r"even|most|absolute|relative|over|from|improves|improved|increases|increased|rises|rose|drops|"
    r"dropped|grows|grew|reduces|reduced|decreases|decreased|jumps|jumped|goes|went|that|which|"
    r"reduction|reductions|savings|saving|drop|decrease|boost|as|low|high|falls|fell|near|chance|"
    r"ranges|ranged|ranging|varies|varied|below|above|under|within|surges?|surged|climbs?|climbed|"
    r"increasing|decreasing|rising|dropping|falling|improving|reducing|growing|"
    # "the BLEU score is further improved to 1.08": how the verb changes it.
    r"further|significantly|substantially|considerably|greatly|markedly|"
    # "success rates (JSRs) to surge by", "reconstruction FID (rFID) of", "coefficient of
    # determination (R2) of": the name's abbreviation in brackets.
    r"\([A-Za-z][\w\-]*[A-Z\d][\w\-]*\)|"
    # "the success rate of Llama-3.1-8B from", "accuracy on MATH500 increases from", "VQA
    # accuracy under direct image generation is only"
    # "F1-score on DeepGlobe's challenging dataset is 0.745".
    r"(?:of|on|for|with|under)\s+(?:[\w\-.'’]+\s+){0,2}?[\w\-.]+"
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
    # "a reduction of the computational time of up to 90%": what changes, then by how much.
    r"\b(?:improvements?|gains?|increases?|boosts?|reductions?|decreases?|drops?)\s+(?:in|of)\s+"
    r"[^,;.()]{1,50}?\s+of\s+(?:" + _QUALIFIER + r"\s+)?" + _APPROXIMATE + "$|"
    # "outperforms 2.6% and 0.4% in Ja-En and Fr-En": a verb of beating with the margin
    # right after it (what one exceeds or surpasses is a level: "exceeds 90% accuracy").
    r"\boutperform(?:s|ed|ing)?\s+(?:" + _QUALIFIER + r"\s+)?$|"
    # "improving up to 4% in ROUGE": a verb of gain with the amount right after it.
    r"\b(?:improv|boost|enhanc)(?:e?s|ed|ing)\s+" + _QUALIFIER + r"\s+$|"
    # "while saving more than 20% rollout tokens", "cuts 35% of the FLOPs": a verb of saving
    # right before the amount; what follows is reduced by it, not scored at it.
    r"\b(?:sav(?:e|es|ed|ing)|cut(?:s|ting)?|reduc(?:e|es|ed|ing)|lower(?:s|ed|ing)|"
    r"decreas(?:e|es|ed|ing)|trim(?:s|med|ming)?)\s+(?:"
    + _QUALIFIER
    + r"\s+){0,2}"
    + _APPROXIMATE
    + "$|"
    # "accuracy drops 11%", "falls by up to 2.3 points": a verb of change with the amount
    # right after it ("drops to 32.9%", "falls as low as 3%" is the level it reaches).
    r"\b(?:drop(?:s|ped|ping)?|fall(?:s|ing)?|fell|declin(?:e|es|ed|ing)|ris(?:e|es|ing)|rose|"
    r"jump(?:s|ed|ing)?|climb(?:s|ed|ing)?)\s+(?:up to\s+|as much as\s+|about\s+|around\s+|"
    r"nearly\s+|roughly\s+|approximately\s+|over\s+|more than\s+|almost\s+)?" + _APPROXIMATE + "$|"
    # "accuracy gains (up to 3.3%", not "improvements (45.3 vs 26.7 F1)".
    r"\b(?:gains?|improvements?)\s+\(\s*" + _QUALIFIER + r"\s+$)"
)
# In lower case: "51.0% on DROP" is a score on the DROP benchmark.
_IMPROVEMENT_AFTER = (
    # "1 to 4 Exact Match (EM) gains": a measure's abbreviation in brackets may come between.
    r"^\s*(?:[\w@\-]+\s+|\([\w@\-]+\)\s+){0,3}?(?:improvements?|gains?|increase|boost|better|reductions?|"
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
# "our model reaches 81.2%, whereas ResNet-50 obtains 76.1%", "In contrast, the base model
# achieves only a 3.5% reduction", "Comparatively, the state-of-the-art tool completed only
# 13.5%": what the other side of a contrast reaches, in its clause, when the contrast is with
# the paper's own (named before it in the sentence) or that side is a baseline. Two other
# systems contrasted ("GPT-4 achieves 86.4% while LLaMA-2 reaches 68.9%") are what an
# evaluation found, and stay. A finite verb, so that "while still achieving 95%" stays the
# paper's; and not when that side is the paper's own ("while ours achieves") or does best
# (_OWN_SIDE_OF_CONTRAST).
_CONTRAST = (
    r"(?:\b(?:whereas|while)|\b(?:by|in)\s+comparison,?|\bin\s+contrast,?|\bcomparatively,?)\s+"
)
# Unbounded: the left context is bounded already, and a counted gap before the anchored end
# makes the search track every place in it (several times slower).
_CLAUSE = r"(?:[^.;,]|\.\d)"
# A finite verb of reaching a figure, third person.
_REACHES = r"achieves|achieved|obtains|obtained|reaches|reached|attains|attained"
_REACHED = (
    rf"\s(?:{_REACHES}|scores|scored|completes|completed|yields|yielded|gets|got|"
    r"(?:can|could)\s+(?:only\s+)?(?:achieve|reach|obtain|attain|get|accomplish|solve))\b"
    + _CLAUSE
    + "*$"
)
_CONTRAST_NUMBER_BEFORE = (
    rf"(?i)\b(?:our|ours|we)\b(?:[^.]|\.\d)*?{_CONTRAST}{_CLAUSE}+?{_REACHED}|"
    # "While humans can accomplish over 72.36% of the tasks, the best model achieves": people
    # are the reference a contrast sets the systems against.
    rf"(?i){_CONTRAST}{_CLAUSE}*?\b(?:baselines?|base|prior|existing|previous|humans?|people|"
    # "while the state-of-the-art, Token Merging, achieves": the baseline may be named.
    rf"state-of-the-art|sota|competing|other|conventional)\b(?:,[^.;,]{{1,40}},)?{_CLAUSE}*?"
    rf"{_REACHED}|"
    # "other methods may increase latency by 2-30%": what other systems do, in a clause whose
    # subject they are.
    r"(?i)\b(?:other|existing|prior|previous|competing|conventional)\s+(?:[\w\-]+\s+)?"
    r"(?:methods|approaches|models|systems|works|baselines)\s+(?:may\s+|can\s+|often\s+|"
    r"typically\s+|only\s+|still\s+)?(?:increase|reduce|improve|achieve|reach|obtain|"
    r"degrade|lose|drop)s?\b[^.;,]*$"
)
_OWN_SIDE_OF_CONTRAST = (
    rf"(?i){_CONTRAST}{_CLAUSE}*?\b(?:ours?|we|its?|this|these|the\s+proposed)\b"
    rf"{_CLAUSE}*?{_REACHED}"
    # "while HHEM with checking achieves the highest accuracy 82.2%": the side that does
    # best is the one the paper reports on.
    rf"|(?i)\b(?:{_REACHES})\s+(?:the\s+)?"
    r"(?:highest|best|top|new\s+state[- ]of[- ]the[- ]art)\b" + _CLAUSE + "*$"
)
# What a figure is set beside: "comparable to", "on par with".
_SET_BESIDE = r"(?:comparable|close|similar|equivalent)\s+to|on\s+par\s+with"
_COMPARATOR_NUMBER_BEFORE = (
    r"(?i)(?:\b(?:vs\.?|versus|compared (?:to|with)|as opposed to|in contrast to|unlike|against)\s+"
    # "compared to LoRA's 80.8%": the compared system's own figure.
    r"(?:[\w\-.]+['’]s\s+)?"
    # "compared with approximately 92.0% for SNIP": a baseline's figure, given roughly.
    r"(?:only\s+|just\s+|merely\s+|(?:approximately|about|around|roughly|nearly)\s+|~\s?)?$|"
    # "compared to human expert baselines of 86.1% and 73.1%": what is compared, then its
    # figure.
    r"\bcompared\s+(?:to|with)\s+(?:[\w\-]+\s+){1,4}?of\s+(?:only\s+|just\s+)?$|"
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
    # "surpasses Gemini 2.5 Flash Image, which scores 1.37", "outperforming DreamerV3, which
    # achieves 53.2%": the number of what is surpassed.
    # "an improvement over VIT-VQGAN (714M), which obtains 11.2 FID".
    r"\b(?:outperform|surpass|beat|exceed|improvements?\s+over|improv(?:es|ed|ing)\s+over)[a-z]*\b"
    r"(?:[^.;]|\.\d){0,120}?,\s*which\s+"
    r"(?:achiev|reach|obtain|scor|attain|get)[a-z]*\s+(?:only\s+)?$|"
    # "(vs. previous SOTA 24.68%)": the compared system named before its number.
    r"\b(?:vs\.?|versus)\s+(?:[\w\-.']+\s+){1,3}?(?:only\s+)?$|"
    # "the baseline achieves", not "outperforms the baselines, achieving".
    r"\bbaselines?\b[^.;,]{0,40}?\b(?:achiev[a-z]*|obtain[a-z]*|reach[a-z]*|gets?|scores?|attains?)\s+"
    r"(?:only\s+)?$|\bbaselines?\s+[\w\-.]+\s*\(\s*$|"
    # "exceeds human performance of 65.0%"; "surpassing the highest recorded performance of a
    # GPT-4 model at 73.5%".
    r"\b(?:surpass|outperform|beat|exceed|match)[a-z]*\s+(?:the\s+)?(?:[\w\-]+\s+){0,3}?"
    r"(?:(?:performance|score|accuracy)\s+(?:of\s+)?|(?:performance|score|accuracy|result)\s+"
    r"of\s+(?:an?\s+|the\s+)?(?:[\w\-.]+\s+){1,3}?at\s+)$|"
    # "surpassing GPT-4's accuracy of 40.2%", "exceeding the ECMWF Ensemble Prediction
    # System's (ENS) ACC of 0.646", "outperforming the previous best F1 of 40.2": the figure
    # of what is passed, named as its own or as the earlier best.
    r"\b(?:surpass|outperform|beat|exceed)[a-z]*\s+(?:the\s+)?(?:(?:[\w\-.]+\s+){0,4}?"
    r"[\w\-.]+['’]s\s+(?:\([^()]{1,20}\)\s+)?|(?:previous|prior)\s+(?:best\s+)?)"
    r"(?:[\w\-@]+\s+){1,3}?of\s+$|"
    # "surpassing the 48% benchmark set by a specialized system", "exceeding the 90% mark":
    # the figure or the mark that is passed.
    r"\b(?:surpass|outperform|beat|exceed)[a-z]*\s+the\s+(?:previous\s+|prior\s+)?$|"
    # "comparable to a MOS of 4.58 for recorded speech", "far from the human result of
    # 92.96%": what the paper's figure is set beside.
    rf"\b(?:{_SET_BESIDE}|far\s+(?:from|below))"
    r"\s+(?:[\w\-]+\s+){0,4}?of\s+$|"
    # "a 16% error reduction from the best published result (6.10%)" (not "reaches the best
    # score (27.33%)": its own).
    r"\b(?:best\s+(?:published|reported|known)|(?:previous|prior)(?:\s+best)?)\s+"
    r"(?:results?|scores?|performance|state[- ]of[- ]the[- ]art)\s*\(\s*$)"
)
# "compared with 58.0% for ReAct and 60.3% for Reflexion": the next of the compared systems'
# numbers in a list. (Searched apart from _COMPARATOR_NUMBER_BEFORE, for the same reason as
# the next: one of its forms, it made that search a third slower.)
_COMPARED_NUMBER_IN_LIST_BEFORE = (
    r"(?i)\b(?:vs\.?|versus|compared (?:to|with))\s+(?:[\d.,]+\s*%?\s+(?:for|by|of|from)\s+"
    r"[^.;()%]{1,40}?(?:,\s*(?:and\s+)?|\s+and\s+)){1,4}$"
)
# "surpass GPT-4-Turbo (17.6%) and GPT-4o (13.9%)", "outperforming baselines such as E5
# (15.0%)", "(AutoWebGLM, 18.2%)": the compared systems' own numbers. (Searched apart from
# _COMPARATOR_NUMBER_BEFORE: as one of its forms it made every search of it twice as slow.)
# A verb of beating is capitalised only where its clause opens: inside one, "The Beat model"
# is a name ("Beat ... on CUHK-PEDES (65.61 R@1)" is its own figure).
_COMPARED_NUMBER_IN_BRACKET_BEFORE = (
    r"(?i)(?:\b(?-i:surpass|outperform|beat|exceed)[a-z]*|(?:^|[,:(]\s*)(?:surpass|outperform|"
    r"beat|exceed)[a-z]*|\b(?:than|over|compared (?:to|with)|vs\.?|versus|"
    # "within 1.34% of fine-tuned ResNet-50 (98.57%)": the figure of what is come close to.
    r"within\s+(?:\S+\s+){0,3}?of|baselines?))\b(?:[^.;]{0,80}|"
    # The stretch may hold the earlier systems' decimals ("T2M-GPT (FID = 0.116), AttT2M ("),
    # when a system's name opens the bracket.
    # "surpassing GPT-4o (76.6%) and Claude 3.5 (71.1%)": a name may end in a version.
    # "than Mask RCNN (AP of 65.5)": the measure may be named in the bracket.
    # "outperforming the deep LSTM reported by Zheng et al. [1] (RMSE 16.14 and 16.18)": a
    # citation's "al." ends no sentence; the bracket may open on the measure's name.
    r"(?:[^.;]|\d\.\d){0,160}(?-i:[A-Z])[\w\-.]*(?:\s+\d[\w\-.]*)?\s*|"
    r"[^.;]{0,60}\bet\s+al\.[^.;]{0,20})"
    r"\((?:[^()]{0,40}(?:[,=:]|\sof)|\s*(?-i:[A-Z][\w\-@]*))?\s*(?:~|∼|≈)?$"
)
# "human performance tops at 89.3%", "humans achieve 96.49% accuracy", "well below human
# performance, which is 89%": what people reach is the reference a benchmark sets systems
# against, not a system's result (a human evaluation of the paper's system is no such
# subject: "human raters prefer ours 65% of the time" names no level people reach; what
# annotators reach on a subset is left, as labellers count it a result).
# "the previous best result in the literature of 6.3%", "the best prior result of 75.3%":
# an earlier best, named as such, with its figure.
# (Searched only where a cheap test finds one of the words it needs, _REFERENCE_WORD: it runs
# on every number.)
_REFERENCE_WORD = r"(?i)\bhuman|previous|prior|earlier|published|reported|known"
_REFERENCE_LEVEL_BEFORE = (
    r"(?i)(?:\b(?:humans|human\s+(?:performance|experts?|respondents|participants|"
    r"players|baselines?|results?|accuracy|scores?))\b(?:,\s*which)?(?:\s+[\w\-]+)?\s+"
    r"(?:achieve[sd]?|obtain(?:s|ed)?|reach(?:es|ed)?|gets?|got|scores?|scored|"
    r"attain(?:s|ed)?|tops?\s+(?:out\s+)?at|is|was|are|were|of|at)|"
    r"\b(?:(?:previous|prior|earlier)\s+best|best\s+(?:previous|prior|earlier|published|"
    r"reported|known))\s+(?:results?|scores?|performance|accuracy)\b(?:\s+[\w\-]+){0,3}?"
    r"\s+(?:of|at|is|was))\s+(?:only\s+|about\s+|around\s+|approximately\s+|roughly\s+|"
    r"nearly\s+|~\s?)?$"
)
# "inference acceleration over GNNs (", "3x faster than FlashAttention (": a multiple in the
# bracket is what the change or the comparative is over, not the compared system's own.
_MULTIPLE_OVER_BRACKET = (
    r"(?i)\b(?:speed-?ups?|accelerations?|gains?|improvements?|reductions?|savings?|faster|"
    r"slower|fewer|less|more|smaller|larger|cheaper)\s+(?:in\s+[\w\-]+\s+)?(?:over|than|"
    r"compared\s+(?:to|with)|relative\s+to)\s+[^.;(),]{1,60}\(\s*$"
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
# "reduces parameters by 90%", "reducing the number of parameters by 60%": a cut of the
# model's size, told before the amount (the same as "a 4x reduction of parameters").
_PARAMETERS_CUT_BY = (
    r"(?i)\b(?:reduc|cut|shrink|compress|decreas|lower)[a-z]*\s+(?:the\s+|its\s+|their\s+)?"
    r"(?:total\s+|overall\s+)?(?:number\s+of\s+)?(?:trainable\s+|learnable\s+|model\s+)?"
    r"(?:parameters|params|parameter\s+count)\s+by\s+(?:up\s+to\s+|about\s+|over\s+|"
    r"nearly\s+|approximately\s+|roughly\s+|almost\s+)?$|"
    # "our model's network parameters are reduced to only 37% of theirs".
    r"\b(?:parameters|params|parameter\s+count)\s+(?:are|is|were|was)\s+(?:reduc|cut|shrunk|"
    r"compress|decreas|lower)[a-z]*\s+to\s+(?:only\s+|just\s+|about\s+|approximately\s+)?$"
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
# A share of the data a method learns from or keeps, not a result: "only requires 2.5% of the
# supervised fine-tuning data", "a model trained on 15% of our cleaned dataset", "selected a
# mere 1.96% of Alpaca's IT data", "as little as 5% of the forget set".
_DATA_SHARE_BEFORE = (
    r"(?i)\b(?:requires?|required|requiring|needs?|needed|needing|a\s+mere|as\s+little\s+as|"
    r"as\s+few\s+as|select(?:s|ed|ing)?(?:\s+a\s+mere)?|"
    r"(?:train|fine-tun|finetun|pretrain|pre-train)(?:ed|ing)\s+on)\s+"
    r"(?:only\s+|just\s+|about\s+|approximately\s+)?$"
)
_DATA_SHARE_AFTER = (
    r"(?i)^\s*of\s+(?:the\s+|its\s+|their\s+|our\s+)?(?:[\w\-'’.]+\s+){0,5}?(?:data|datasets?|"
    r"training\s+set|set|corpus|samples|examples|labels|annotations|demonstrations)\b"
)
# The error rate a verification or detection score is read at ("TAR at FAR=1e-4", "a TPR
# of 45% at an FPR of 0.1%", "at 1% FPR"): its operating point, a condition, chosen and so
# round (a measured one, "a TPR of 92.52% at a 20.43% FPR", is a result).
_OPERATING_POINT = (
    r"(?:FPR|FAR|FMR|FNR|false\s+(?:positive|accept|acceptance|alarm|match)\s+rates?)"
)
_OPERATING_POINT_BEFORE = (
    rf"(?i)\bat\s+(?:an?\s+|the\s+)?(?:fixed\s+|low\s+)?{_OPERATING_POINT}\s*(?:of|=|<|≤|:)?\s*$"
)
_OPERATING_POINT_AFTER = rf"(?i)^\s*{_OPERATING_POINT}\b"
_ROUND_NUMBER = r"^(?:0\.0*[1-9]|[1-9]0*(?:\.0+)?)$"
_CONDITION_BEFORE = (
    r"(?i)\b(?:pruning|sparsity|compression|quantization|masking|dropout|mixing)\s+"
    r"(?:rates?|ratios?|levels?)\s+(?:of\s+|up\s+to\s+|at\s+|=\s*)?$|"
    # "quality at extremely low bit-rates of 400", "at a noise level of 0.1".
    r"(?i)\bat\s+(?:[a-z][\w\-]*\s+){0,3}?(?:bit-?rates?|ratios?|levels?)\s+of\s+$|"
    # "at k=5", "at IoU=0.75": a parameter set to a value.
    r"\bat\s+[A-Za-z][\w\-]*\s?(?:=|<=|≤|<)\s?$"
)
# "at 70% sparsity", "at a 6x horizon": the condition a result is measured under.
_CONDITION = (
    r"(?i)^\s*(?:[a-z\-]+\s+)?(?:sparsity|pruning|compression|horizon|context|budget|length|"
    r"resolution|noise|temperature|quantization|scale|density|coverage|variance|"
    r"(?:poisoning|learning|sampling|masking|mask|dropout|mixing|injection)\s+(?:rate|ratio)|"
    # "under 5% poisoning attacks".
    r"poisoning(?:\s+attacks?)?)\b"
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
# A split written after its dataset's possessive: "BraTS's test set".
_OWN_SPLIT = rf"(?:['’]s)?{_SPLIT}"
# A version or year written after a name belongs to it: "VerilogEval v2", "LCB v6 Hard",
# "AIME'25"; so does a superscript: "Skill^2-Bench", and the part of a challenge:
# "DCASE2018 Task1 Subtask B".
_NAME_TAIL = (
    r"(?:'\d{2}\b)?(?:['’]s)?(?:\s+(?:(?:Sub)?[Tt]ask\s+[A-Z0-9]\b|"
    r"(?:Track|Part|Phase|Level|Area|Fold)\s+[A-Z0-9]\b|[A-Z0-9][\w\-‐‑./+@^]*[\w+]|v\d+(?:\.\d+)*\b))*"
    rf"(?:{_SPLIT})?"
)
# (Hyphens may be the Unicode ones that do not break: "ETH‑XGaze".)
_DATASET_NAME = rf"[A-Z](?:[\w\-‐‑./+@^]*[\w+])?{_NAME_TAIL}"
# A benchmark may be named in lower case when its name says it is one: "xbench", "τ-bench".
# Only right after a claim ("78.0% on xbench"): a name that may start at any lower-case word
# makes every search of a longer text ten times slower.
_ANY_DATASET_NAME = (
    rf"(?:[A-Z](?:[\w\-‐‑./+@^]*[\w+])?|[a-zτ][a-z0-9\-]{{0,20}}bench(?:-[A-Za-z]+)*\b|"
    # A name in camel case after a lower-case prefix: "miniF2F-test", "nuScenes" (a one-letter
    # prefix is more often a metric: "mAP@0.5", "mIoU").
    rf"[a-z]{{2,6}}[A-Z][\w\-‐‑./+@^]*[\w+]|"
    # A digit before a name in camel case: "2WikiMultiHopQA" (not "3D", "8B").
    rf"\d[A-Z][a-z]+[A-Z](?:[\w\-‐‑./+@^]*[\w+])?){_NAME_TAIL}"
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
# Spider", "on the three official trials of VoxCeleb1" (a verification set's lists of pairs):
# a part of a named dataset is measured on that dataset.
_PART_OF_NAMED = (
    r"\b(on|in|from|across)\s+(?:the\s+)?(?:(?:[a-z][\w\-]*|and)\s+){0,5}?"
    r"(?:(?:data)?(?:sets?|splits?|subsets?|partitions?|portions?)|trials?|trial\s+lists?)\s+of\s+"
    r"(?:the\s+)?([A-Z])"
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
# The word that names what a claim is compared with, and the space after it.
_COMPARED_WITH = r"(?i:\b(?:over|than|compared (?:to|with)|relative to|vs\.?|versus)\s+)"
# A name before a bracket that holds the claim, when it is no data the claim is measured on:
# what the claim is compared with or set beside ("an acceleration over GNNs (90-126×)",
# "comparable to DiT (2.27 FID)"), one of the compared systems given as examples ("compared
# to existing models, such as Llama Guard (+10.8% ...) and WildCard (+4.3%)"), or the
# paper's own system ("the superiority of our ConAgents (e.g., 6 point improvement ...)").
_SYSTEM_BEFORE_BRACKET = (
    rf"(?:{_COMPARED_WITH}|(?i:\b(?:{_SET_BESIDE})\s+))(?:the\s+)?{_ANY_DATASET_NAME}\s*\(\s*$|"
    rf"{_COMPARED_WITH}[^.;()]{{0,60}}\bsuch\s+as\s+(?:[^.;]|\.\d)*\(\s*$|"
    rf"\b(?:[Oo]ur|[Tt]he\s+proposed)\s+{_ANY_DATASET_NAME}\s*\(\s*$"
)
# "over the baseline (+7.5% on X)": a gain in brackets after what it is measured over.
_COMPARATOR_BRACKETED_GAIN_BEFORE = _COMPARED_WITH + r"(.{1,60}?)\s*\(\s*$"
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
    r"(?:\s+(?:dataset|benchmark|corpus))?"
    # "On BIRD, X achieves 72.10%, and on Spider 1.0 it reaches 88.45%": or with a pronoun
    # and a verb of reaching.
    r"(?:\s*,\s|\s+(?:it|we|they)\s+(?:[a-z]+\s+)?"
    r"(?:achiev|reach|obtain|attain|scor|get|gain|improv|outperform|surpass)[a-z]*\s)"
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
    rf"(?:\s+\([^()]{{0,40}}\))?(?:\s+(?:[^.;%×]{{0,30}}?\s)?by|,?\s+with\s+(?:[^.;]{{0,30}}?\s)?of)"
    rf"\s+(?:{_QUALIFIER}\s+)?$"
)
# "accuracy on MATH500 increases from 83.2% to": a measure on a benchmark that moves.
_TO_MOVED_AMOUNT = (
    r"\s+(?:increas|improv|rais|ris|rose|grow|grew|jump|climb|drop|decreas|fall|fell|declin)[a-z]*"
    # The claim of "from 83.2% to 89.4%" starts at its first number.
    # "increased from the initial 85.9%": the start may be called so.
    rf"\s+(?:(?:from\s+(?:[^.;]|\.\d){{0,30}}?\s+)?to\s+|from\s+(?:(?:the|its|their)\s+)?"
    rf"(?:{_CHANGE_START}\s+)?)?(?:{_QUALIFIER}\s+)?$"
)
_DATASET_BEFORE_AMOUNT = (
    rf"\b(?:on|in)\s+(?:the\s+)?({_DATASET_LIST})(?:\s+([a-zA-Z]+)\b)?"
    rf"(?:{_TO_AMOUNT}|{_TO_MOVED_AMOUNT})"
)
# "on CP-Bench by over 50%, POPE by 1.8-3.3%, and CHAIR & SHR by 30-50%": a list of what
# changes by how much after a first item on a named dataset, each item naming its own; the
# item right before the amount, whatever it names (not a list of systems after the data: "On
# X, it improves A by 14%, B by 28%").
_LISTED_ITEM_BEFORE_AMOUNT = (
    rf"\bon\s+(?:the\s+)?{_DATASET_NAME}\s+by\s+(?:[^.;]|\.\d){{0,60}}?,\s+(?:and\s+)?"
    rf"([^,;]{{1,30}})\s+by\s+(?:{_QUALIFIER}\s+)?$"
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
