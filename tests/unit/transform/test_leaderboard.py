"""Leaderboard results from inline evaluation-table rows shaped like the samples' (values as
written, several metrics a row, one table per file, task and dataset)."""

from __future__ import annotations

import polars as pl
import pytest

from etl.contracts import LEADERBOARD_ENTRY, REJECT_SCHEMA
from etl.transform.leaderboard import leaderboard_results, leaderboard_value_rejects
from etl.transform.normalize import leaderboard_tables, measure_tables
from etl.vocab import load_vocabulary
from etl.vocab.measures import load_datasets, load_metrics

TASK = "Hypernym Discovery"
DATASET = "SemEval 2018 (Medical domain)"


def _records(*rows: tuple[str, dict[str, str]], **table: str) -> pl.LazyFrame:
    """One record per (model, {metric: value}) row, all on one table: file, task and
    dataset default to the samples' Hypernym Discovery / Medical domain."""
    source_file = table.get("source_file", "nlp-progress.json")
    dataset = table.get("dataset", DATASET)
    return pl.LazyFrame(
        {
            # One record per row: a row is one model on one table.
            "record_key": [f"{source_file}:{dataset}:{model}" for model, _ in rows],
            "source_file": [source_file] * len(rows),
            "leaderboard": [
                [
                    {
                        "task": table.get("task", TASK),
                        "dataset": table.get("dataset", DATASET),
                        "model_name": model,
                        "metric": metric,
                        "value_text": value,
                    }
                    for metric, value in values.items()
                ]
                for model, values in rows
            ],
        },
        schema={
            "record_key": pl.String,
            "source_file": pl.String,
            "leaderboard": pl.List(LEADERBOARD_ENTRY),
        },
    )


def _results(*frames: pl.LazyFrame) -> pl.DataFrame:
    records = pl.concat(frames)
    return leaderboard_results(records, load_metrics(), load_datasets()).collect()


def _scales(results: pl.DataFrame) -> list[tuple]:
    return results.select("model_name", "raw_text", "unit", "scale").rows()


def test_a_share_column_with_a_value_above_one_is_in_percent() -> None:
    """The sample's Medical-domain MAP column: 0.91 next to 34.05 is 0.91%, and ranks last."""
    results = _results(
        _records(
            ("CRIM", {"MAP": "34.05"}),
            ("300-sparsans", {"MAP": "20.75"}),
            ("EXPR", {"MAP": "0.91"}),
        )
    )
    assert _scales(results) == [
        ("CRIM", "34.05", "%", pytest.approx(0.3405)),
        ("300-sparsans", "20.75", "%", pytest.approx(0.2075)),
        ("EXPR", "0.91", "%", pytest.approx(0.0091)),
    ]
    assert results.sort("scale", descending=True)["model_name"].to_list() == [
        "CRIM",
        "300-sparsans",
        "EXPR",
    ]


def test_a_value_written_with_percent_puts_its_column_in_percent() -> None:
    """IEMOCAP's Weighted Accuracy: "77.62%" above "75.08", a metric the vocabulary lacks."""
    results = _results(
        _records(
            ("bc-LSTM", {"Weighted Accuracy (WAA)": "77.62%"}),
            ("CHFusion", {"Weighted Accuracy (WAA)": "75.08"}),
            task="Multimodal Emotion Recognition",
            dataset="IEMOCAP (Conversational)",
        )
    )
    assert _scales(results) == [
        ("bc-LSTM", "77.62%", "%", pytest.approx(0.7762)),
        ("CHFusion", "75.08", "%", pytest.approx(0.7508)),
    ]


def test_a_share_column_within_zero_and_one_holds_fractions() -> None:
    """HotpotQA writes F1 as 0.805; a column of one value in [0, 1] is read the same way."""
    many = _records(("A", {"F1": "0.805"}), ("B", {"F1": "0.799"}), task="QA", dataset="HotpotQA")
    one = _records(("C", {"F1": "0.851"}), task="Sentence Compression", dataset="Google Dataset")
    assert _scales(_results(many, one)) == [
        ("A", "0.805", None, pytest.approx(0.805)),
        ("B", "0.799", None, pytest.approx(0.799)),
        ("C", "0.851", None, pytest.approx(0.851)),
    ]


def test_each_table_decides_its_own_unit() -> None:
    """The same metric on another dataset, or on the same one in another file, is another
    column: AG News errors exceed 1 (percent); the other two tables stay in [0, 1], where an
    error rate may be a fraction or a percentage: they get no scale."""
    ag_news = _records(("XLNet", {"Error": "4.49"}), ("VDCN", {"Error": "0.95"}), dataset="AG News")
    dbpedia = _records(("XLNet", {"Error": "0.62"}), ("CNN", {"Error": "0.84"}), dataset="DBpedia")
    other_file = _records(("DPCNN", {"Error": "0.88"}), dataset="AG News", source_file="b.json")
    results = _results(ag_news, dbpedia, other_file)
    assert results.select("raw_text", "unit", "scale").rows() == [
        ("4.49", "%", pytest.approx(0.0449)),
        ("0.95", "%", pytest.approx(0.0095)),
        ("0.62", None, None),
        ("0.84", None, None),
        ("0.88", None, None),
    ]


def test_an_error_column_within_zero_and_one_states_no_scale() -> None:
    """A test error of `0.31±0.01` is 0.31% more likely than 31%, and nothing in the column
    says which: its scale stays unknown, its uncertainty is kept."""
    results = _results(_records(("WRN", {"Test Error": "0.31±0.01"}), dataset="CIFAR-10"))
    assert results.select("raw_text", "value", "value_uncertainty", "unit", "scale").rows() == [
        ("0.31±0.01", pytest.approx(0.31), pytest.approx(0.01), None, None)
    ]


@pytest.mark.parametrize(
    ("written", "value", "uncertainty"),
    [
        ("**67.3**", 67.3, None),
        ("__67.3__", 67.3, None),
        ("`67.3`", 67.3, None),
        ("67.3*", 67.3, None),
        ("67.3†", 67.3, None),
        ("67.3 [12]", 67.3, None),
        ("67.3^a", 67.3, None),
        ("67.3¹", 67.3, None),
        ("**67.3** ± 0.4", 67.3, 0.4),
        ("67.3 +/- 0.4", 67.3, 0.4),
        ("67.3 (±0.4)", 67.3, 0.4),
    ],
)
def test_emphasis_footnote_marks_and_uncertainties_are_read(
    written: str, value: float, uncertainty: float | None
) -> None:
    results = _results(_records(("M", {"Score": written}), ("N", {"Score": "50.0"})))
    row = results.filter(pl.col("model_name") == "M").row(0, named=True)
    assert (row["value"], row["value_uncertainty"]) == (
        pytest.approx(value),
        None if uncertainty is None else pytest.approx(uncertainty),
    )
    assert row["raw_text"] == written


def test_a_value_that_is_no_number_is_a_reject_of_its_own() -> None:
    """The row's numbers are published; each value with no number says why it is not."""
    records = _records(("M", {"EM": "-", "F1": "87.4", "Data": "Kummerfeld", "Acc": "--*"}))
    placed = records.with_columns(
        record=pl.lit(7, pl.Int32),
        line=pl.lit(None, pl.Int32),
        source_record_id=pl.lit("/0/datasets/0/sota/rows/6"),
    )
    assert _results(records)["raw_text"].to_list() == ["87.4"]
    rejects = leaderboard_value_rejects(placed).collect()
    assert rejects.columns == list(REJECT_SCHEMA)
    assert rejects.select("record_number", "rule", "raw_snippet").rows() == [
        (7, "value.not_a_number", "-"),
        (7, "value.not_a_number", "Kummerfeld"),
        (7, "value.not_a_number", "--*"),
    ]
    assert "metric 'Data' for model 'M' is 'Kummerfeld', not a number" in rejects["reason"][1]


def test_a_column_named_as_a_percentage_is_in_percent_however_small_its_values() -> None:
    """MNIST's "Percentage error": 0.21 is 0.21%, though the column never exceeds 1."""
    results = _results(
        _records(
            ("DropConnect", {"Percentage error": "0.21"}),
            ("MCDNN", {"Percentage error": "0.23"}),
            task="Image Classification",
            dataset="MNIST handwritten digit recognition",
        )
    )
    assert _scales(results) == [
        ("DropConnect", "0.21", "%", pytest.approx(0.0021)),
        ("MCDNN", "0.23", "%", pytest.approx(0.0023)),
    ]
    assert set(results["metric_name"]) == {"Error Rate"}


def test_columns_that_are_no_shares_have_no_scale() -> None:
    """Atari scores (negative, zero, thousands), perplexities, and a share metric's column
    holding a value above 100, which is on no share scale."""
    atari = _records(
        ("DQN", {"Score": "-16.0"}),
        ("A3C", {"Score": "0.0"}),
        ("Ape-X", {"Score": "3069.0"}),
        task="Simple Video Games",
        dataset="Atari 2600 Alien",
    )
    perplexity = _records(
        ("AWD-LSTM", {"Test perplexity": "57.3"}),
        task="Language Modelling",
        dataset="Penn Treebank",
    )
    over_100 = _records(
        ("X", {"Accuracy": "97.5"}), ("Y", {"Accuracy": "975"}), task="T", dataset="D"
    )
    results = _results(atari, perplexity, over_100)
    assert results["unit"].to_list() == [None] * 6
    assert results["scale"].to_list() == [None] * 6


@pytest.mark.parametrize(
    ("written", "metric_name", "direction", "is_share"),
    [
        ("Percentage correct", "Accuracy", "higher", True),
        ("% Test Accuracy", "Accuracy", "higher", True),
        ("% Train Accuracy", "Training Accuracy", "higher", True),
        ("Percentage error", "Error Rate", "lower", True),
        ("Test perplexity", "Perplexity", "lower", False),
        ("Validation perplexity", "Validation Perplexity", "lower", False),
        ("Bit per Character (BPC)", "Bits per Character", "lower", False),
        ("ROUGE-2*", "ROUGE-2", "higher", True),
        ("EM (Quasar-T)", "Exact Match", "higher", True),
        ("Avg accuracy", "Accuracy", "higher", True),
        ("AVERAGE AUC ON 14 LABEL", "AUC", "higher", True),
        ("F0.5", "F0.5", "higher", True),
        ("ELO rating", "Elo Rating", "higher", False),
        ("BLEU score", "BLEU", "higher", True),
        ("Score", "Score", "higher", False),
        ("UAS", "UAS", "higher", True),
    ],
)
def test_papers_with_code_metric_names_join_the_vocabulary(
    written: str, metric_name: str, direction: str, is_share: bool
) -> None:
    results = _results(_records(("M", {written: "45.1"})))
    assert results.select("metric_text", "metric_name").row(0) == (written, metric_name)
    facts = load_metrics().filter(pl.col("metric_name") == metric_name)
    assert facts.select("direction", "is_share").row(0) == (direction, is_share)


def test_two_columns_of_one_table_never_become_one_metric() -> None:
    """Both would be Accuracy, and one row would keep only one of its two values: the column
    written as "Accuracy" keeps the name, the other its written name."""
    results = _results(
        _records(
            ("ESIM", {"Accuracy": "88.0", "% Test Accuracy": "88.6"}),
            ("LSTM", {"Accuracy": "77.6", "% Test Accuracy": "80.6"}),
            task="Natural Language Inference",
            dataset="SNLI",
        )
    )
    assert results.select("model_name", "metric_name", "raw_text").rows() == [
        ("ESIM", "Accuracy", "88.0"),
        ("ESIM", "% Test Accuracy", "88.6"),
        ("LSTM", "Accuracy", "77.6"),
        ("LSTM", "% Test Accuracy", "80.6"),
    ]
    # Still a share in percent: its name says so.
    assert results["unit"].to_list() == ["%"] * 4


def test_a_percent_sign_inside_a_metric_name_is_no_unit() -> None:
    """NYT relation extraction's "P@10%" is precision at the top 10%: not a percent column by
    its name, and not a metric the vocabulary knows."""
    results = _results(
        _records(("PCNN", {"P@10%": "72.8"}), task="Relationship Extraction", dataset="NYT")
    )
    assert results.select("metric_name", "unit", "scale").row(0) == ("P@10%", None, None)


def test_long_leaderboard_dataset_names_join_the_curated_datasets() -> None:
    """EFF's tables name a dataset with its task: the curated dataset, the name as written
    kept in dataset_text; a subdataset stays a leaderboard of its own."""
    results = _results(
        _records(("A", {"Percentage correct": "96.5"}), task="Image Classification", dataset="CIFAR-10 Image Recognition"),
        _records(("B", {"Percentage error": "1.9"}), task="Image Classification", dataset="Street View House Numbers (SVHN)"),
        _records(("C", {"Error rate": "0.0458"}), task="Image Classification", dataset="Imagenet Image Recognition"),
        _records(("D", {"Accuracy": "76.5%"}), task="Multimodal Emotion Recognition", dataset="IEMOCAP (Monologue)"),
    )  # fmt: skip
    assert results.select("dataset_name", "dataset_text").rows() == [
        ("CIFAR-10", "CIFAR-10 Image Recognition"),
        ("SVHN", "Street View House Numbers (SVHN)"),
        ("ImageNet-1K", "Imagenet Image Recognition"),
        ("IEMOCAP (Monologue)", "IEMOCAP (Monologue)"),
    ]


def test_a_value_with_a_magnitude_keeps_it_as_its_unit() -> None:
    """nlp-progress's "Number of params": "24M"; SNLI's "Parameters": "220k"."""
    results = _results(
        _records(("Mogrifier LSTM", {"Number of params": "24M", "Test perplexity": "55.1"})),
        _records(("100D LSTM encoders", {"Parameters": "220k"}), dataset="SNLI"),
        _records(("600D ESIM", {"Parameters": "4.3m"}), dataset="SNLI", task="NLI"),
        _records(("GPT-3", {"Number of params": "175B?"}), dataset="LAMBADA"),
    )
    assert results.select("raw_text", "value", "unit", "scale").rows() == [
        ("24M", 24.0, "M", None),
        ("55.1", 55.1, None, None),
        ("220k", 220.0, "k", None),
        ("4.3m", 4.3, "M", None),
        ("175B?", 175.0, "B", None),
    ]


def test_a_column_of_mixed_magnitudes_is_in_its_largest() -> None:
    """SNLI's "Parameters" holds "220k" and "3.0m"; nlp-progress's "Number of params" holds
    M and B: one column, one unit, each value converted to it."""
    results = _results(
        _records(("100D LSTM encoders", {"Parameters": "220k"}), ("300D LSTM encoders", {"Parameters": "3.0m"}), dataset="SNLI"),
        _records(("AWD-LSTM", {"Number of params": "24M"}), ("GPT-2", {"Number of params": "1.5B"})),
    )  # fmt: skip
    assert results.select("raw_text", "value", "unit").rows() == [
        ("220k", 0.22, "M"),
        ("3.0m", 3.0, "M"),
        ("24M", 0.024, "B"),
        ("1.5B", 1.5, "B"),
    ]


def test_a_task_named_by_a_tags_name_or_synonym_is_that_tag() -> None:
    """ "Text-To-Image" was merged into Text to Image Generation (etl/vocab/tag_merges.csv):
    its leaderboards land on the kept tag; a task the vocabulary lacks keeps its own slug."""
    records = pl.concat(
        [
            _records(("M1", {"FID": "12.1"}), task="Text-To-Image", dataset="COCO"),
            _records(("M2", {"SR": "0.5"}), task="Vision and Language Navigation", dataset="R2R"),
            _records(("M3", {"F1": "0.5"}), task="Made-up Task", dataset="X"),
        ]
    )
    tables = leaderboard_tables(
        records.with_columns(source_file=pl.lit("t.json")), load_vocabulary()
    )
    slugs = tables["leaderboard_results"].collect().sort("model_name")["task_slug"].to_list()
    assert slugs == ["text-to-image-generation", "vision-language-navigation", "made-up-task"]
    tags = tables["tags"].collect()
    assert "text-to-image" not in tags["tag_slug"].to_list()
    assert tags.filter(pl.col("tag_slug") == "made-up-task")["tag_name"].to_list() == [
        "Made-up Task"
    ]


def _metrics_of(results: pl.DataFrame) -> dict[str, tuple]:
    """The metric vocabulary rows a batch with these results stages: name -> (direction,
    direction_rule)."""
    columns = ["metric_name", "metric_text", "dataset_name", "dataset_text"]
    metrics = measure_tables(results.select(columns).lazy(), load_vocabulary())["metrics"]
    return {
        name: (direction, rule)
        for name, direction, rule in metrics.collect()
        .select("metric_name", "direction", "direction_rule")
        .iter_rows()
    }


def test_columns_the_vocabulary_does_not_know_take_their_head_words_direction() -> None:
    """HotpotQA's "ANS-EM" and "SUP-F1", a split-prefixed "Validation AUC", an upper-case
    "DEV-F1", a qualified "F1 (news)" and "R_10@1": each its own metric (the vocabulary does
    not know them as written), higher-better by its head word; "Model Entropy" has none, so
    no direction rather than a guess."""
    results = _results(
        _records(
            ("M", {"ANS-EM": "45.1", "SUP-F1": "60.2", "Validation AUC": "0.81",
                   "DEV-F1": "70.3", "F1 (news)": "66.0", "R_10@1": "0.52",
                   "Model Entropy": "1.3"}),
            task="Question Answering", dataset="HotpotQA",
        )
    )  # fmt: skip
    metrics = _metrics_of(results)
    assert {name: metrics[name] for name in results["metric_name"]} == {
        "ANS-EM": ("higher", 'head word "exact match"'),
        "SUP-F1": ("higher", 'head word "F1"'),
        "Validation AUC": ("higher", 'head word "AUC"'),
        "DEV-F1": ("higher", 'head word "F1"'),
        # Known as written but for what only qualifies it: F1 itself.
        "F1": ("higher", "vocabulary"),
        "R_10@1": ("higher", 'head word "recall"'),
        "Model Entropy": (None, None),
    }


def test_a_family_and_the_vocabulary_say_so_as_the_rule_of_their_direction() -> None:
    results = _results(
        _records(("M", {"Hits@10": "0.5", "Top-5 Error": "3.1", "Accuracy": "88.0"}))
    )
    metrics = _metrics_of(results)
    assert metrics["Hits@10"] == ("higher", 'family "Hits@"')
    assert metrics["Accuracy"] == ("higher", "vocabulary")
    # A curated name of a family is the vocabulary's.
    assert metrics["Top-5 Error"] == ("lower", "vocabulary")


def test_a_test_and_a_validation_column_are_two_metrics_each_with_a_direction() -> None:
    """Both name Accuracy; as one metric, one row would hold two values of it. Each keeps
    its written name, and ranks by its head word."""
    results = _results(
        _records(
            ("A", {"Test Accuracy": "88.0", "Validation Accuracy": "89.1"}),
            ("B", {"Test Accuracy": "86.2", "Validation Accuracy": "90.3"}),
        )
    )
    assert sorted(set(results["metric_name"])) == ["Test Accuracy", "Validation Accuracy"]
    metrics = _metrics_of(results)
    assert (
        metrics["Test Accuracy"]
        == metrics["Validation Accuracy"]
        == (
            "higher",
            'head word "accuracy"',
        )
    )


def test_a_column_named_as_a_part_of_the_data_has_no_metric() -> None:
    """Splits (SWAG's "Dev", "Test"), subsets (MultiNLI's "Matched"), editions (WSD's
    "Senseval 2"), datasets of the vocabulary ("GSM8K", "MATH") and the table's own dataset
    (RACE's "RACE", "RACE-m"; "Daily Mail" of CNN / Daily Mail): values of a metric the
    table does not name. metric_text keeps the column; a column that says a measure stays a
    metric ("DEV-F1", "Rank-1")."""
    results = _results(
        _records(("A", {"Dev": "86.3", "Test": "86.2", "DEV-F1": "80.1"}), dataset="SWAG"),
        _records(("B", {"Matched": "80.6", "Mismatched": "80.1"}), dataset="MultiNLI"),
        _records(("C", {"Senseval 2": "72.5", "SemEval 2015": "71.0"}), dataset="Supervised"),
        _records(("D", {"GSM8K": "92.0", "MATH": "53.1", "Rank-1": "3"}), dataset="LLM evaluation"),
        _records(("E", {"RACE": "83.2", "RACE-m": "86.5", "Accuracy": "83.2"}), dataset="RACE"),
        _records(("F", {"CNN": "76.1", "Daily Mail": "79.2"}), dataset="CNN / Daily Mail"),
    )  # fmt: skip
    named = dict(results.select("metric_text", "metric_name").iter_rows())
    assert named == {
        "Dev": None, "Test": None, "DEV-F1": "DEV-F1",
        "Matched": None, "Mismatched": None,
        "Senseval 2": None, "SemEval 2015": None,
        "GSM8K": None, "MATH": None, "Rank-1": "Rank-1",
        "RACE": None, "RACE-m": None, "Accuracy": "Accuracy",
        "CNN": None, "Daily Mail": None,
    }  # fmt: skip
    assert "Dev" not in _metrics_of(results)


@pytest.mark.parametrize("column", ["Number of params", "Parameters", "# Params", "Params (M)"])
def test_a_column_counting_parameters_is_no_score(column: str) -> None:
    """A model's size is not how well it did: never ranked as a score."""
    results = _results(_records(("A", {column: "24M", "Accuracy": "91.0"})))
    assert dict(results.select("metric_text", "kind").rows()) == {
        column: "other",
        "Accuracy": "score",
    }
