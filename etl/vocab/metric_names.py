"""What a metric's name says when the vocabulary does not know it: which way is better, from
its head word, or that it is no metric but a part of the data.

Leaderboards name their columns freely: `Test Accuracy`, `Validation AUC`, `DEV-F1`,
`ANS-EM`, `F1 (news)`, `Weighted Accuracy (WAA)`. Such a name is its own metric (a
validation score is not comparable with a test score, nor HotpotQA's answer EM with its
supporting-fact EM), but its direction is its head word's: the word that says what kind of
measure it is (accuracy, F1, EM, AUC, BLEU ... are higher-better; error, loss, perplexity,
BPC, WER, FID, latency, time ... lower-better). A name is decided by its head words only
when every one it holds points the same way and nothing in it turns or blurs the direction
(`Error reduction`, `Accuracy drop`, `Mean Rank`, `Bias`, `Parameters`): a wrong direction
ranks a leaderboard upside down, a missing one leaves it unranked.

A column named by a split (`Dev`, `Test`, `Question Split`), a subset (`Matched`,
`In-domain`, `Overall`) or an edition of a dataset (`Senseval 2`, `SemEval 2015`) holds
values of some metric on that part of the data, and does not say which metric: it is no
metric (etl.transform.leaderboard also treats a column named as a dataset so).
"""

from __future__ import annotations

import polars as pl

# Head words: name -> (direction, the forms it is written in). A form is a regular
# expression matched in the lower-cased name as a whole word: what comes before and after
# it is the start or end of the name or a character that is no letter or digit ("ANS-EM",
# "F_NMI", "P@10%"); digits may follow it ("AP50", "BLEU4").
HEAD_WORDS = {
    "accuracy": ("higher", r"accuracy|accuracies|acc"),
    "F1": ("higher", r"f\d+(?:\.\d+)?|f[\-_ ]\d+(?:\.\d+)?|f[\-_ ]?scores?|f[\-_ ]?measures?"),
    "exact match": ("higher", r"em|exact[\-_ ]match"),
    "AUC": ("higher", r"auc|auroc|auprc|aupr|roc"),
    "average precision": ("higher", r"ap|map|average[\-_ ]precision"),
    "BLEU": ("higher", r"bleu|sacrebleu"),
    "ROUGE": ("higher", r"rouge"),
    "METEOR": ("higher", r"meteor"),
    "CIDEr": ("higher", r"cider"),
    "chrF": ("higher", r"chrf"),
    "MRR": ("higher", r"mrr|reciprocal[\-_ ]rank"),
    "Hits": ("higher", r"hits?|h\s?@"),
    # "P@10%", and "R_10@1": recall at 1 among 10 candidates.
    "precision": ("higher", r"precision|prec|p(?:_\d+)?\s?@"),
    "recall": ("higher", r"recall|r(?:_\d+)?\s?@"),
    "NDCG": ("higher", r"ndcg|dcg"),
    "IoU": ("higher", r"iou|miou|jaccard"),
    "Dice": ("higher", r"dice"),
    "PSNR": ("higher", r"psnr"),
    "SSIM": ("higher", r"ssim|ms[\-_]?ssim"),
    "correlation": ("higher", r"correlation|pearson|spearman|kendall"),
    "kappa": ("higher", r"kappa"),
    "mutual information": ("higher", r"nmi|ami|mutual[\-_ ]information"),
    "Rand index": ("higher", r"ari|rand[\-_ ]index"),
    "purity": ("higher", r"purity"),
    "V-measure": ("higher", r"v[\-_ ]?measure"),
    "B-cubed": ("higher", r"b[\-_ ]?cubed"),
    "reward": ("higher", r"rewards?|returns?"),
    "sensitivity": ("higher", r"sensitivity"),
    "specificity": ("higher", r"specificity"),
    "error": ("lower", r"errors?|err|eer"),
    "loss": ("lower", r"loss|losses|nll|negative[\-_ ]log[\-_ ]likelihood"),
    "perplexity": ("lower", r"perplexity|perplexities|ppl"),
    "bits": ("lower", r"bpc|bpd|bpb|bits?"),
    "WER": ("lower", r"wer|cer|ter"),
    "FID": ("lower", r"fid|kid|fvd|lpips"),
    "latency": ("lower", r"latency"),
    "time": ("lower", r"time|runtime|seconds"),
    "mean error": ("lower", r"mae|mse|rmse|mape|smape"),
    "regret": ("lower", r"regret"),
}
_BEFORE = r"(?:^|[^a-z0-9])"
_AFTER = r"\d*(?:[^a-z0-9]|$)"
_FORMS = {word: f"{_BEFORE}(?:{forms}){_AFTER}" for word, (_, forms) in HEAD_WORDS.items()}
# "score" alone is no head word: a toxicity or a risk score is lower-better. A name that is a
# score and nothing else but splits, summaries and parentheses ("Average Score", "Test score
# (dev)") is higher-better.
SCORE = "score"
HEAD_WORD_DIRECTIONS = {word: direction for word, (direction, _) in HEAD_WORDS.items()} | {
    SCORE: "higher"
}

# Words that make a measure's direction other than its head word's: a change of it (Error
# reduction, Accuracy drop: better is the other way, or either), its spread (std), an
# attack's measure (attack accuracy is lower-better for the defence), a measure of a text
# against itself (Self-BLEU: lower is more diverse), a distance (Jaccard distance is
# lower-better, Jaccard higher-better), a rank (Mean Rank is lower-better, Rank-1
# higher-better), a bias, a ratio, a model's size.
_DIRECTION_BLURRED = (
    rf"{_BEFORE}(?:reductions?|reduced|improvements?|improved|gains?|increases?|decreases?"
    r"|drops?|deltas?|changes?|diff|differences?|gaps?|std|stdev|variance|deviations?"
    r"|attacks?|self|distances?|ranks?|ranking|bias|ratios?|params|parameters|size)"
    r"(?:[^a-z0-9]|$)|[δ∆]"
)

# Words that name a split of a dataset or a part of it, not a measure.
_SPLIT = r"test|dev|development|val|valid|validation|train|training|eval|evaluation"
_SUBSET = (
    r"all|overall|average|avg|mean|full|matched|mismatched|seen|unseen|easy|medium|hard"
    r"|(?:in|out[\-_ ]of|cross)[\-_ ]?domain"
)
_QUALIFIERS = (
    rf"\([^()]*\)|{_BEFORE}(?:{_SPLIT}|{_SUBSET}|total|final|normali[sz]ed)(?:[^a-z0-9]|$)"
)
# Names of a part of the data (lower-cased), each with the name of its rule.
PART_OF_DATA = {
    # "Dev", "Test set", "Validation split", "Question Split", "Random split".
    "split": rf"^(?:(?:{_SPLIT})(?:[\-_ ]+(?:set|split|data))?|.*[\-_ ]split)$",
    # "Matched", "In-domain", "Overall", "All".
    "subset": rf"^(?:{_SUBSET})(?:[\-_ ]+(?:set|subset|split))?$",
    # "Senseval 2", "SemEval 2015", "Task 1": a name with its edition or part number.
    "edition": r"^[a-z]{4,}[\-_ ]?(?:(?:19|20)\d{2}|\d{1,2})$",
}


def _blurred(lowered: pl.Expr) -> pl.Expr:
    """Whether a lower-cased name holds a word that blurs its direction, outside its head
    words ("rank" in "mean reciprocal rank" blurs nothing)."""
    rest = lowered
    for forms in _FORMS.values():
        rest = rest.str.replace_all(forms, " ")
    return rest.str.contains(_DIRECTION_BLURRED)


def head_word(metric_name: pl.Expr) -> pl.Expr:
    """The head word that gives a metric named so its direction (the last in the name:
    "Precision-Recall AUC" by AUC), "score" for a name that is only a score, else null: a
    name with no head word, with head words of both directions, or with a word that blurs
    the direction."""
    lowered = metric_name.str.strip_chars().str.to_lowercase()
    words = list(_FORMS)
    # Where each head word is first found, in HEAD_WORDS order, searched once: as a chain of
    # when/then each step searched every form again (1,600 searches a name, 0.15 s of
    # compiling patterns for a handful of names).
    found = pl.concat_list(*(lowered.str.find(forms) for forms in _FORMS.values()))
    # The word found last in the name; of words found at the same place, the last in order.
    named = (
        found.list.reverse()
        .list.arg_max()
        .replace_strict(dict(enumerate(reversed(words))), default=None, return_dtype=pl.String)
    )

    def pointing(direction: str) -> pl.Expr:
        places = [i for i, word in enumerate(words) if HEAD_WORDS[word][0] == direction]
        return found.list.gather(places).list.drop_nulls().list.len() > 0

    only_score = (
        lowered.str.replace_all(_QUALIFIERS, " ").str.strip_chars().str.contains(r"^scores?$")
    )
    return (
        pl.when(_blurred(lowered) | (pointing("higher") & pointing("lower")))
        .then(pl.lit(None, pl.String))
        .when(named.is_not_null())
        .then(named)
        .when(only_score)
        .then(pl.lit(SCORE))
    )


def head_word_direction(word: pl.Expr) -> pl.Expr:
    """higher or lower: the direction of a head word that head_word gave."""
    return word.replace_strict(HEAD_WORD_DIRECTIONS, default=None, return_dtype=pl.String)


def part_of_data_rule(name: pl.Expr) -> pl.Expr:
    """The rule of PART_OF_DATA a column's name matches (split, subset, edition), else
    null; null too for a name with a head word or a word that blurs a direction (`DEV-F1`,
    `Rank-1` are metrics). Whether the vocabulary knows the name as a metric is the
    caller's to check."""
    lowered = name.str.strip_chars().str.to_lowercase()
    rule = pl.lit(None, pl.String)
    for name_of_rule, pattern in reversed(PART_OF_DATA.items()):
        rule = pl.when(lowered.str.contains(pattern)).then(pl.lit(name_of_rule)).otherwise(rule)
    return pl.when(~names_a_measure(name)).then(rule)


def names_a_measure(name: pl.Expr) -> pl.Expr:
    """Whether a name says it is a measure: it has a head word ("Dev F1") or a word that
    blurs a direction, which only a measure has ("Rank-1", "Accuracy drop")."""
    return head_word(name).is_not_null() | _blurred(name.str.strip_chars().str.to_lowercase())
