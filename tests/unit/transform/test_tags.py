"""Topic tags: vocabulary names found in abstracts, on small inline frames, then the shipped
vocabulary on the sample listings."""

from pathlib import Path

import polars as pl
import pytest

from etl.transform.tags import (
    ACRONYM_CONFIDENCE,
    AREA_FROM_TAG_FACTOR,
    NAME_CONFIDENCE,
    PAPER_TAGS_SCHEMA,
    SHORT_ACRONYM_CONFIDENCE,
    SYNONYM_CONFIDENCE,
    tag_papers,
)
from etl.vocab.tag_vocabulary import (
    TAG_VOCABULARY_SCHEMA,
    TAGS_CSV,
    TagVocabularyError,
    load_tag_vocabulary,
)
from tests.samples import sample_texts

# (tag_slug, tag_name, kind, synonyms, parent_slug, area_slug)
VOCABULARY = pl.DataFrame(
    [
        ("natural-language-processing", "Natural Language Processing", "area", "NLP", None, None),
        ("graphs", "Graphs", "area", None, None, None),
        (
            "machine-translation",
            "Machine Translation",
            "task",
            None,
            None,
            "natural-language-processing",
        ),
        ("translation", "Translation", "task", None, None, None),
        ("link-prediction", "Link Prediction", "task", None, None, "graphs"),
        (
            "temporal-link-prediction",
            "Temporal Link Prediction",
            "task",
            None,
            "link-prediction",
            "graphs",
        ),
        ("reinforcement-learning", "Reinforcement Learning", "task", "RL", None, None),
        (
            "rlhf",
            "Reinforcement Learning from Human Feedback",
            "keyword",
            "RLHF",
            "reinforcement-learning",
            "natural-language-processing",
        ),
        (
            "question-answering",
            "Question Answering",
            "task",
            "QA",
            None,
            "natural-language-processing",
        ),
        (
            "visual-question-answering",
            "Visual Question Answering",
            "task",
            "VQA",
            "question-answering",
            None,
        ),
        ("knowledge-graphs", "Knowledge Graphs", "keyword", "Knowledge Graph|KG", None, "graphs"),
        ("knowledge-graph-embedding", "Knowledge Graph Embedding", "task", None, None, "graphs"),
        (
            "gan",
            "Generative Adversarial Networks",
            "keyword",
            "Generative Adversarial Network|GAN",
            None,
            None,
        ),
        ("few-shot-learning", "Few-Shot Learning", "task", None, None, None),
        ("lip-reading", "Lip Reading", "task", "Lipreading", None, None),
        ("bias", "Bias", "task", None, None, None),
        ("language-models", "Language Models", "keyword", "Language Model|LM", None, None),
        ("large-language-models", "Large Language Models", "keyword", "LLM", None, None),
    ],
    schema=TAG_VOCABULARY_SCHEMA,
    orient="row",
)


def _tags(*abstracts: str, vocabulary: pl.DataFrame = VOCABULARY) -> pl.DataFrame:
    papers = pl.LazyFrame(
        {"paper_key": [f"p{i}" for i in range(len(abstracts))], "abstract": list(abstracts)}
    )
    return tag_papers(papers, vocabulary.lazy()).collect()


def _found(abstract: str, vocabulary: pl.DataFrame = VOCABULARY) -> dict[str, tuple[str, float]]:
    """tag_slug -> (matched_text, confidence) for one abstract."""
    return {
        row["tag_slug"]: (row["matched_text"], row["confidence"])
        for row in _tags(abstract, vocabulary=vocabulary).iter_rows(named=True)
    }


# ---------------------------------------------------------------- false hits


@pytest.mark.parametrize(
    "abstract",
    [
        "We learn translation-invariant features for images.",  # compound modifier
        "Our CNN is translation-equivariant and shift-invariant.",
        "A back-translation-based augmentation.",  # inside a compound on both sides
        "We benchmark MARL agents and ORGANIC chemistry models.",  # acronym inside a word
        "Workers on MTurk rated the QAs-free baseline.",
        "we use rl and qa loosely, and a kg of data, with gan-like rules.",  # lowercase
        "Link predictions-based scoring is a compound too.",
        "A link prediction–based score (en dash) is a compound too.",
        "Naïve graphs: Graphs, graphs and GRAPHS everywhere.",  # one-word area: never direct
        "A bias-variance trade-off.",
    ],
)
def test_no_tag_from_compounds_word_parts_or_lowercase_acronyms(abstract: str) -> None:
    assert _found(abstract) == {}


@pytest.mark.parametrize(
    "abstract",
    [
        "We align the policy without reinforcement learning.",
        "It answers w/o question answering supervision.",
        "A planner with no external knowledge graph.",
        "It scores links instead of link prediction.",
        "It eliminates the need for few-shot learning.",
        # Described or listed, up to the clause's end.
        "A planner that works without relying on pretrained 3D or 2D reinforcement learning.",
        "It trains end to end without the need to curate verifiers or question answering data.",
        "In the absence of multilingual link prediction data, we build a planner.",
    ],
)
def test_what_a_paper_does_without_is_no_tag(abstract: str) -> None:
    assert _found(abstract) == {}


@pytest.mark.parametrize(
    "abstract",
    [
        "We study link prediction. It helps downstream uses such as question answering.",
        "We study link prediction for domains (e.g., question answering and graphs).",
        "We study link prediction: tools like question answering need it, e.g., knowledge graphs.",
    ],
)
def test_an_example_the_paper_names_is_no_tag(abstract: str) -> None:
    assert set(_found(abstract)) == {"link-prediction", "graphs"}


@pytest.mark.parametrize(
    "abstract",
    [
        "We study link prediction. Unlike reinforcement learning, it needs no reward.",
        "We study link prediction, much like question answering systems do.",
        "We study link prediction through the lens of reinforcement learning.",
        "Inspired by question answering, we study link prediction.",
        # What the paper measures itself against.
        "We study link prediction and outperform reinforcement learning on it.",
        "Our link prediction model does better than standard question answering systems.",
        "We study link prediction, compared with reinforcement learning agents.",
    ],
)
def test_what_a_paper_sets_itself_against_by_name_or_likens_itself_to_is_no_tag(
    abstract: str,
) -> None:
    assert set(_found(abstract)) == {"link-prediction", "graphs"}


def test_a_direction_between_modalities_before_retrieval_names_no_generation_task() -> None:
    vocabulary = pl.concat(
        [
            VOCABULARY,
            pl.DataFrame(
                [
                    ("text-to-image", "Text-to-Image", "task", None, None, None),
                    ("image-to-text", "Image-to-Text", "task", None, None, None),
                ],
                schema=TAG_VOCABULARY_SCHEMA,
                orient="row",
            ),
        ]
    )
    retrieval = "Our engine serves image-to-text and text-to-image retrieval for link prediction."
    assert set(_found(retrieval, vocabulary)) == {"link-prediction", "graphs"}
    generation = "We study text-to-image generation and image-to-text captioning."
    assert {"text-to-image", "image-to-text"} <= set(_found(generation, vocabulary))


def test_a_contrast_with_a_fields_other_work_keeps_the_field() -> None:
    found = _found("Unlike most existing link prediction methods, ours reads text.")
    assert "link-prediction" in found


def test_examples_tag_a_paper_that_nothing_else_tags_and_say_so() -> None:
    tags = _tags("Architectures such as knowledge graphs and link prediction models matter.")
    ways = dict(tags.filter(pl.col("kind") != "area").select("tag_slug", "way").iter_rows())
    assert ways == {"knowledge-graphs": "example", "link-prediction": "example"}


def test_an_examples_acronym_in_brackets_is_the_example_too() -> None:
    tags = _tags(
        "Link prediction is hard. Methods such as reinforcement learning (RL) and natural "
        "language processing (NLP) have been tried. We study link prediction."
    )
    ways = dict(tags.select("tag_slug", "way").iter_rows())
    assert "reinforcement-learning" not in ways
    assert ways["link-prediction"] == "repeated"
    assert ways["natural-language-processing"] not in ("repeated", "title")


def test_an_example_does_not_hide_the_papers_own_mention_or_the_next_sentence() -> None:
    found = _found(
        "We study link prediction. It serves uses such as question answering. "
        "Question answering is also where we evaluate."
    )
    assert {"link-prediction", "question-answering"} <= set(found)


def test_a_negation_only_reaches_the_words_right_before_it() -> None:
    found = _found("Without labels, we study reinforcement learning for link prediction.")
    assert set(found) == {"reinforcement-learning", "link-prediction", "graphs"}


def test_a_negation_stops_where_what_the_paper_does_instead_begins() -> None:
    found = _found("It plans without error accumulation through reinforcement learning.")
    assert "reinforcement-learning" in found


def test_an_acronym_that_also_names_a_metric_counts_only_through_its_expansion() -> None:
    papers = pl.LazyFrame(
        {
            "paper_key": ["bare", "expanded"],
            "abstract": [
                "The attack reaches a high RL against aligned models.",
                "We study reinforcement learning (RL) for agents.",
            ],
        }
    )
    tags = tag_papers(papers, VOCABULARY.lazy(), other_meanings={"rl"}).collect()
    assert tags.select("paper_key", "tag_slug").rows() == [("expanded", "reinforcement-learning")]


def test_an_acronym_two_tags_share_counts_for_neither() -> None:
    shared = pl.concat(
        [
            VOCABULARY,
            pl.DataFrame(
                [("kernel-graphs", "Kernel Graphs", "keyword", "KG", None, None)],
                schema=TAG_VOCABULARY_SCHEMA,
                orient="row",
            ),
        ]
    )
    assert _found("A KG of facts.", shared) == {}
    assert set(_found("A knowledge graph (KG) of facts.", shared)) == {"knowledge-graphs", "graphs"}


def test_a_name_inside_a_longer_word_is_no_mention_but_its_plural_is() -> None:
    assert _found("Unbiased estimators, biased ones.") == {}
    assert _found("We measure the biases of the estimator.") == {
        "bias": ("biases", NAME_CONFIDENCE)
    }


def test_shipped_vocabulary_has_no_tag_for_the_transformer_architecture() -> None:
    # PwC has only `Multiple Object Tracking with Transformer`, reduced to the task itself.
    assert _found(
        "We propose a Transformer with linear attention heads.", load_tag_vocabulary()
    ) == {
        # Methodology, the area of efficient attention, is never given (area_overrides.csv).
        "efficient-attention": ("linear attention", SYNONYM_CONFIDENCE),
    }
    assert _found("Transformers are everywhere.", load_tag_vocabulary()) == {}


def test_shipped_vocabulary_names_topics_by_their_usual_spellings() -> None:
    """Curated keywords hold topics the task taxonomy lacks or spells otherwise; a longer
    topic holds the shorter one it ends with (not scene-text "Text Detection", not "Cloud
    Detection" of satellite images)."""
    vocabulary = load_tag_vocabulary()
    found = {
        text: set(_found(text, vocabulary))
        for text in (
            "We study AI-generated text detection with new detectors.",
            "A detector for LiDAR point cloud detection in driving.",
            "We revisit CTR prediction for online ads.",
            "We propose dataset condensation by matching distributions.",
        )
    }
    assert found == {
        "We study AI-generated text detection with new detectors.": {
            "llm-generated-text-detection",
            "natural-language-processing",
        },
        "A detector for LiDAR point cloud detection in driving.": {
            "3d-object-detection",
            "point-clouds",
            "computer-vision",
        },
        "We revisit CTR prediction for online ads.": {"click-through-rate-prediction"},
        "We propose dataset condensation by matching distributions.": {"dataset-distillation"},
    }


# ---------------------------------------------------------------- true hits


def test_plural_and_singular_both_name_the_tag() -> None:
    assert _found("Embeddings of knowledge graphs.")["knowledge-graphs"] == (
        "knowledge graphs",
        NAME_CONFIDENCE,
    )
    assert _found("A knowledge graph of drugs.")["knowledge-graphs"] == (
        "knowledge graph",
        NAME_CONFIDENCE,
    )
    assert _found("Two GANs compete.")["gan"] == ("GANs", ACRONYM_CONFIDENCE)


def test_synonyms_acronyms_and_hyphen_or_space_spellings() -> None:
    assert _found("Lipreading from video.")["lip-reading"] == ("Lipreading", SYNONYM_CONFIDENCE)
    assert _found("Agents trained with RL.")["reinforcement-learning"] == (
        "RL",
        SHORT_ACRONYM_CONFIDENCE,
    )
    assert _found("few shot learning works")["few-shot-learning"] == (
        "few shot learning",
        NAME_CONFIDENCE,
    )
    assert _found("Few-Shot-Learning, hyphenated.")["few-shot-learning"][0] == "Few-Shot-Learning"


def test_acronym_in_parentheses_keeps_the_full_name_as_best_mention() -> None:
    found = _found("We study visual question answering (VQA). VQA is hard.")
    assert found == {"visual-question-answering": ("visual question answering", NAME_CONFIDENCE)}


def test_curated_keyword_and_its_acronym() -> None:
    found = _found("Alignment by RLHF, i.e. reinforcement learning from human feedback.")
    assert found["rlhf"] == ("reinforcement learning from human feedback", NAME_CONFIDENCE)
    assert found["natural-language-processing"] == (
        "reinforcement learning from human feedback",
        pytest.approx(NAME_CONFIDENCE * AREA_FROM_TAG_FACTOR),
    )


def test_matched_text_is_as_written_despite_other_scripts_before_it() -> None:
    abstract = "Über “naïve” 知识 — then Temporal Link Prediction’s gains."
    found = _found(abstract)
    assert found["temporal-link-prediction"] == ("Temporal Link Prediction", NAME_CONFIDENCE)
    assert _found("éKG and KGé are not KG mentions; KG is.")["knowledge-graphs"] == (
        "KG",
        SHORT_ACRONYM_CONFIDENCE,
    )
    assert _tags("éKG and KGé only.").is_empty()


# ---------------------------------------------------------------- specificity


def test_a_shorter_name_ending_a_longer_one_is_less_specific() -> None:
    found = _found("We study temporal link prediction on graphs.")
    assert set(found) == {"temporal-link-prediction", "graphs"}


def test_the_head_of_a_longer_name_is_less_specific_even_when_no_ancestor() -> None:
    assert set(_found("Large language models (LLMs) memorise.")) == {"large-language-models"}
    assert set(_found("LLMs are language models.")) == {"large-language-models", "language-models"}


def test_the_shorter_name_counts_when_mentioned_on_its_own() -> None:
    found = _found("Temporal link prediction generalizes link prediction.")
    assert set(found) == {"temporal-link-prediction", "link-prediction", "graphs"}


def test_an_ancestor_inside_a_descendant_is_less_specific() -> None:
    found = _found("Reinforcement learning from human feedback aligns models.")
    assert set(found) == {"rlhf", "natural-language-processing"}


def test_a_name_starting_a_longer_one_that_is_no_ancestor_is_its_own_topic() -> None:
    found = _found("Knowledge graph embedding models.")
    assert set(found) == {"knowledge-graph-embedding", "knowledge-graphs", "graphs"}
    assert found["knowledge-graphs"] == ("Knowledge graph", NAME_CONFIDENCE)


# ---------------------------------------------------------------- areas


def test_areas_come_from_tags_with_a_lower_confidence_than_a_direct_mention() -> None:
    tags = _tags("Machine translation for low-resource languages.", "Machine translation in NLP.")
    area = tags.filter(pl.col("tag_slug") == "natural-language-processing")
    assert area["kind"].to_list() == ["area", "area"]
    assert area["matched_text"].to_list() == ["Machine translation", "NLP"]
    assert area["confidence"].to_list() == pytest.approx(
        [NAME_CONFIDENCE * AREA_FROM_TAG_FACTOR, ACRONYM_CONFIDENCE]
    )
    assert _found("Natural language processing.")["natural-language-processing"] == (
        "Natural language processing",
        NAME_CONFIDENCE,
    )


def test_intrusion_detection_brings_no_language_area() -> None:
    """The taxonomy files intrusion detection under language processing; it finds attacks in
    network traffic (area_overrides.csv)."""
    tags = _tags(
        "Network intrusion detection on flow records. Our network intrusion detection model "
        "flags attacks.",
        vocabulary=load_tag_vocabulary(),
    )
    assert "network-intrusion-detection" in tags["tag_slug"].to_list()
    assert tags.filter(pl.col("kind") == "area").is_empty()


def test_a_tag_mentioned_once_late_in_the_abstract_brings_no_area() -> None:
    aside = "We study rankers. They are fast. We also compare. It helps machine translation."
    assert set(_found(aside)) == {"machine-translation"}
    opening = "Machine translation needs data. They are fast. We also compare. It helps."
    assert set(_found(opening)) == {"machine-translation", "natural-language-processing"}
    twice = "We study rankers. They are fast. It helps machine translation. Machine translation."
    assert set(_found(twice)) == {"machine-translation", "natural-language-processing"}
    two_tags = (
        "We study rankers. They are fast. It helps link prediction and knowledge graph embedding."
    )
    assert "graphs" in _found(two_tags)


def test_each_tag_says_how_it_was_found() -> None:
    def ways(abstract: str) -> dict[str, str]:
        return dict(_tags(abstract).select("tag_slug", "way").iter_rows())

    assert ways("Machine translation needs data. They are fast. We compare. It helps.") == {
        "machine-translation": "opening",
        "natural-language-processing": "area_of_tag",
    }
    assert ways("We rank. They are fast. Machine translation helps. Machine translation.") == {
        "machine-translation": "repeated",
        "natural-language-processing": "area_of_tag",
    }
    assert ways("We rank. They are fast. It helps link prediction and knowledge graphs.") == {
        "link-prediction": "once",
        "knowledge-graphs": "once",
        "graphs": "area_of_tags",
    }
    # A direct mention of an area is its way, not the tags that also bring it.
    assert ways("Machine translation in NLP.")["natural-language-processing"] == "opening"
    # An area only examples bring is given as an example too, and so is not stated.
    assert ways("We review methods for tasks such as machine translation.") == {
        "machine-translation": "example",
        "natural-language-processing": "example",
    }


def _ways_by_paper(papers: pl.LazyFrame) -> dict[tuple[str, str], str]:
    """The way of each (paper_key, tag_slug) the test vocabulary tags `papers` with."""
    tags = tag_papers(papers, VOCABULARY.lazy()).select("paper_key", "tag_slug", "way")
    return {(paper, tag): way for paper, tag, way in tags.collect().iter_rows()}


def test_a_mention_the_title_names_as_whole_words_is_found_by_the_title() -> None:
    papers = pl.LazyFrame(
        {
            "paper_key": ["a", "b", "c", "d"],
            "abstract": [
                "We study RL for agents. They are fast. We compare. It helps.",
                "We study RL for agents. They are fast. We compare. It helps.",
                "We rank. They are fast. It helps knowledge graphs and link prediction.",
                "We study RL for agents.",
            ],
            "title": [
                "Offline RL: a Study",
                "A World Model",  # "rl" inside "world" is no word of the title
                "Link-Prediction on a Knowledge Graph",  # the singular is not the plural
                None,
            ],
        }
    )
    ways = _ways_by_paper(papers)
    assert ways[("a", "reinforcement-learning")] == "title"
    assert ways[("b", "reinforcement-learning")] == "opening"
    assert ways[("c", "link-prediction")] == "title"
    assert ways[("c", "knowledge-graphs")] == "once"
    # An area keeps the way its tags brought it by.
    assert ways[("c", "graphs")] == "area_of_tags"
    assert ways[("d", "reinforcement-learning")] == "opening"


def test_a_topic_only_the_title_names_is_found_by_the_title_alone() -> None:
    papers = pl.LazyFrame(
        {
            "paper_key": ["worded", "means", "named", "area"],
            "abstract": [
                "We turn sentences of one language into another. It helps.",
                "We predict legal outcomes. It helps.",
                "We translate text. Machine translation helps.",
                "We parse sentences. It helps.",
            ],
            "title": [
                "Machine Translation for Low-Resource Pairs",
                # After a word of means, a title names how, not what: no topic.
                "Judgement Prediction with Reinforcement Learning",
                "Machine Translation at Scale",
                # An area's own name is read from a title by its data words, not here.
                "Graphs and Natural Language Processing",
            ],
        }
    )
    ways = _ways_by_paper(papers)
    assert ways[("worded", "machine-translation")] == "title_only"
    # The topic alone: the area it would bring is as often another sense of the title's words.
    assert ("worded", "natural-language-processing") not in ways
    assert ("means", "reinforcement-learning") not in ways
    # Named by the abstract too: the way `title`, as before.
    assert ways[("named", "machine-translation")] == "title"
    assert not [tag for paper, tag in ways if paper == "area"]


def test_an_area_yields_to_the_one_the_title_or_more_repeated_tags_name() -> None:
    # Two mentions of machine translation, one of link prediction in the opening.
    abstract = (
        "We study link prediction. It helps machine translation. They are fast. "
        "Machine translation is hard."
    )
    papers = pl.LazyFrame(
        {
            "paper_key": ["titled", "repeated", "tied", "named"],
            "abstract": [
                abstract,
                abstract,
                abstract + " Link prediction again.",
                "We study link prediction. It helps NLP. They are fast. NLP is hard.",
            ],
            "title": ["Fast Link Prediction", "A Study", "A Study", "A Study"],
        }
    )
    ways = _ways_by_paper(papers)
    # The title names a tag of one area: the other area, brought by tags, is outranked.
    assert ways[("titled", "graphs")] == "area_of_tag"
    assert ways[("titled", "natural-language-processing")] == "area_outranked"
    # No title word: the area whose tags are mentioned twice outranks the one mentioned once.
    assert ways[("repeated", "natural-language-processing")] == "area_of_tag"
    assert ways[("repeated", "graphs")] == "area_outranked"
    # As many repeated tags each: both areas stay.
    assert ways[("tied", "natural-language-processing")] == "area_of_tag"
    assert ways[("tied", "graphs")] == "area_of_tag"
    # An area the abstract names twice is the paper's by its own mentions, and outranks.
    assert ways[("named", "natural-language-processing")] == "repeated"
    assert ways[("named", "graphs")] == "area_outranked"
    # The topics themselves keep their ways.
    assert ways[("titled", "machine-translation")] == "repeated"
    assert ways[("titled", "link-prediction")] == "title"


def test_a_title_word_for_the_data_a_paper_works_on_gives_its_area() -> None:
    areas = pl.DataFrame(
        [
            ("computer-vision", "Computer Vision", "area", None, None, None),
            ("speech", "Speech", "area", None, None, None),
        ],
        schema=TAG_VOCABULARY_SCHEMA,
        orient="row",
    )
    vocabulary = pl.concat([VOCABULARY, areas])
    # Question answering, mentioned twice, brings its area: the title's outranks it.
    qa_abstract = "We study question answering over clips. Question answering is hard."
    papers = pl.LazyFrame(
        {
            "paper_key": [
                "video",
                "speech",
                "joined",
                "x-rays",
                "no-title",
                "repeated",
                "physics",
                "hate",
                "3d-sound",
            ],  # fmt: skip
            "abstract": [
                qa_abstract,
                "We train a model to translate talks in real time.",
                "A model for long clips.",
                "A report generator.",
                "Images and video.",
                "We study NLP. NLP is hard.",
                "We measure the speed of sound in hot plasmas.",
                "We train a classifier of posts.",
                "We train a network to localise sources from microphone arrays.",
            ],
            "title": [
                "Chatting with Streaming Video",
                "Simultaneous Speech-to-Text Translation",
                "VideoLLaMB: Long Context",  # a word inside a name is no mention
                "Reports for Chest X rays",
                None,
                "Learning from Images",
                # Nothing in the abstract is about learning: a physics title's 3D is no vision.
                "Sound Waves in 3D Plasmas",
                # Hate speech is written text: the title's "speech" is no spoken data.
                "Hate Speech Detection on Social Media",
                # A 3D sound is heard, not seen.
                "Fault-Tolerant 3D Sound Source Localization",
            ],
        }
    )
    tags = tag_papers(papers, vocabulary.lazy()).collect()
    found = {(r["paper_key"], r["tag_slug"]): r for r in tags.iter_rows(named=True)}
    assert found[("video", "computer-vision")]["way"] == "title"
    assert found[("video", "computer-vision")]["matched_text"] == "Video"
    assert found[("video", "natural-language-processing")]["way"] == "area_outranked"
    assert found[("speech", "speech")]["matched_text"] == "Speech"
    assert not any(
        paper in ("joined", "no-title", "physics", "hate", "3d-sound") for paper, _ in found
    )
    assert ("x-rays", "computer-vision") not in found  # no medical area in this vocabulary
    # The abstract's own repeated mention keeps its way and words; the title adds its area.
    assert found[("repeated", "natural-language-processing")]["way"] == "repeated"
    assert found[("repeated", "computer-vision")]["matched_text"] == "Images"


def test_several_tags_of_one_area_give_it_once() -> None:
    tags = _tags("Link prediction on knowledge graphs.")
    assert tags.filter(pl.col("tag_slug") == "graphs").height == 1


# ---------------------------------------------------------------- output contract


def test_output_schema_one_row_per_paper_and_tag_sorted_and_deterministic() -> None:
    abstracts = [
        "Few-shot learning with GANs. GANs again; knowledge graphs, a KG.",
        "Machine translation and question answering (QA) in NLP.",
        "Nothing to see here.",
    ]
    first = _tags(*abstracts)
    assert first.schema == PAPER_TAGS_SCHEMA
    assert first.select("paper_key", "tag_slug").is_duplicated().sum() == 0
    assert first.equals(first.sort("paper_key", "tag_slug"))
    assert set(first["origin"]) == {"rule"}
    assert first["confidence"].is_between(0, 1, closed="right").all()
    assert first.filter(pl.col("tag_slug") == "gan")["matched_text"].to_list() == ["GANs"]
    again = tag_papers(
        pl.LazyFrame({"paper_key": ["p2", "p1", "p0"], "abstract": abstracts[::-1]}),
        VOCABULARY.sample(fraction=1.0, shuffle=True, seed=7).lazy(),
    ).collect()
    assert again.equals(first)


def test_a_vocabulary_without_acronyms_still_tags() -> None:
    plain_names = VOCABULARY.with_columns(synonyms=None)
    assert _found("Machine translation in NLP.", plain_names) == {
        "machine-translation": ("Machine translation", NAME_CONFIDENCE),
        "natural-language-processing": (
            "Machine translation",
            pytest.approx(NAME_CONFIDENCE * AREA_FROM_TAG_FACTOR),
        ),
    }


def test_no_papers_and_no_mentions_give_an_empty_frame_of_the_schema() -> None:
    empty = tag_papers(
        pl.LazyFrame(schema={"paper_key": pl.String, "abstract": pl.String}), VOCABULARY.lazy()
    ).collect()
    assert empty.schema == PAPER_TAGS_SCHEMA and empty.is_empty()
    assert _tags("Nothing to see here.").is_empty()


# ---------------------------------------------------------------- the shipped vocabulary


def test_shipped_vocabulary_is_consistent_small_and_free_of_known_junk() -> None:
    vocabulary = load_tag_vocabulary()
    assert TAGS_CSV.stat().st_size < 1_000_000
    kinds = dict(vocabulary.group_by("kind").len().iter_rows())
    # The curated keywords grow from what sources attach (scripts/tag_keyword_report.py).
    assert kinds["area"] == 15 and 30 <= kinds["keyword"] <= 120 and kinds["task"] > 3000
    names = set(vocabulary["tag_name"].str.to_lowercase())
    for junk in ["", "1 image, 2*2 stitchi", "erson re-identification", "unlabeled_dependencies",
                 "translation hin-spa", "16k", "miscellaneous", "classification", "all",
                 "hellaswag", "optical charater recogntion"]:  # fmt: skip
        assert junk not in names
    forms = vocabulary.select(
        "tag_slug", form=pl.concat_list("tag_name", pl.col("synonyms").str.split("|"))
    ).explode("form")
    claimed = (
        forms.drop_nulls()
        .group_by(pl.col("form").str.to_lowercase())
        .agg(pl.col("tag_slug").n_unique())
    )
    assert claimed.filter(pl.col("tag_slug") > 1).is_empty()  # one surface form, one tag
    assert vocabulary.filter(pl.col("tag_name") == "Visual Question Answering")[
        "synonyms"
    ].to_list() == ["VQA"]


def _vocabulary_files(tmp_path: Path) -> tuple[Path, Path, Path, Path]:
    """The test vocabulary written as the four files load_tag_vocabulary reads (tags,
    keywords, no area overrides, no merges), for a test to rewrite one of them."""
    tags, keywords = tmp_path / "tags.csv", tmp_path / "tag_keywords.csv"
    overrides, merges = tmp_path / "area_overrides.csv", tmp_path / "tag_merges.csv"
    is_keyword = pl.col("kind") == "keyword"
    VOCABULARY.filter(is_keyword).write_csv(keywords)
    VOCABULARY.filter(~is_keyword).write_csv(tags)
    overrides.write_text("tag_slug,area_slug,reason\n")
    merges.write_text("merged_slug,kept_slug,reason\n")
    return tags, keywords, overrides, merges


def test_a_broken_vocabulary_is_refused_with_the_offending_tags(tmp_path: Path) -> None:
    tags, keywords, overrides, merges = _vocabulary_files(tmp_path)
    is_keyword = pl.col("kind") == "keyword"
    VOCABULARY.filter(~is_keyword).with_columns(
        parent_slug=pl.when(pl.col("tag_slug") == "translation").then(pl.lit("nowhere"))
    ).write_csv(tags)
    with pytest.raises(
        TagVocabularyError, match=r"inconsistent: parent_slug names no tag: \['translation'\]\. "
    ):
        load_tag_vocabulary(tags, keywords, overrides, merges)
    VOCABULARY.filter(~is_keyword | (pl.col("tag_slug") == "gan")).write_csv(tags)
    with pytest.raises(TagVocabularyError, match=r"tag_slug appears twice: \['gan'\]"):
        load_tag_vocabulary(tags, keywords, overrides, merges)
    VOCABULARY.filter(~is_keyword).write_csv(tags)
    assert load_tag_vocabulary(tags, keywords, overrides, merges).equals(
        VOCABULARY.sort("tag_slug")
    )


def test_area_overrides_replace_withdraw_or_never_give_an_area(tmp_path: Path) -> None:
    tags, keywords, overrides, merges = _vocabulary_files(tmp_path)
    overrides.write_text(
        "tag_slug,area_slug,reason\n"
        "link-prediction,natural-language-processing,made-up reason\n"
        "rlhf,,made-up reason\n"
        "graphs,,made-up reason\n"
    )
    areas = dict(
        load_tag_vocabulary(tags, keywords, overrides, merges)
        .select("tag_slug", "area_slug")
        .rows()
    )
    assert areas["link-prediction"] == "natural-language-processing"  # replaced
    assert areas["rlhf"] is None  # withdrawn from one tag
    # an area never given: every tag of it loses it
    assert areas["knowledge-graphs"] is None and areas["temporal-link-prediction"] is None
    assert areas["question-answering"] == "natural-language-processing"  # untouched
    overrides.write_text("tag_slug,area_slug,reason\nnowhere,graphs,\nrlhf,speech,x\n")
    with pytest.raises(
        TagVocabularyError,
        match=r"area override names no tag: \['nowhere'\].*"
        r"area_slug names no area tag: \['rlhf'\].*has no reason: \['nowhere'\]",
    ):
        load_tag_vocabulary(tags, keywords, overrides, merges)


def test_merged_tags_become_synonyms_of_the_kept_one(tmp_path: Path) -> None:
    tags, keywords, overrides, merges = _vocabulary_files(tmp_path)
    merges.write_text(
        "merged_slug,kept_slug,reason\n"
        "language-models,large-language-models,made-up reason\n"
        "link-prediction,temporal-link-prediction,made-up reason\n"
    )
    vocabulary = load_tag_vocabulary(tags, keywords, overrides, merges)
    assert "language-models" not in vocabulary["tag_slug"].to_list()
    kept = dict(vocabulary.select("tag_slug", "synonyms").rows())
    assert kept["large-language-models"] == "LLM|Language Models|Language Model|LM"
    # the merged tag's children hang under the kept one, which is no child of itself
    parents = dict(vocabulary.select("tag_slug", "parent_slug").rows())
    assert parents["temporal-link-prediction"] is None
    found = _found("A language model for link prediction.", vocabulary)
    assert set(found) >= {"large-language-models", "temporal-link-prediction"}
    merges.write_text("merged_slug,kept_slug,reason\nnowhere,graphs,x\nrlhf,rlhf,x\ngan,rlhf,\n")
    with pytest.raises(
        TagVocabularyError,
        match=r"merge names no merged tag: \['nowhere'\].*keeps the tag it merges: \['rlhf'\].*"
        r"has no reason: \['gan'\]",
    ):
        load_tag_vocabulary(tags, keywords, overrides, merges)


def test_sample_abstracts_almost_all_get_tags() -> None:
    papers = sample_texts().collect()
    tags = tag_papers(papers.lazy(), load_tag_vocabulary().lazy()).collect()
    tagged = tags["paper_key"].n_unique()
    assert papers.height == 139
    # Honest rules leave a few abstracts untagged, where no vocabulary name is written out
    # ("grading of DR", "object navigation", "nonparametric teaching"): 133 of 139 today.
    assert tagged / papers.height >= 0.9
    by_paper = tags.group_by("paper_key").agg("tag_slug")
    abstract_of = dict(papers.select("paper_key", "abstract").iter_rows())
    first_words = {abstract_of[k][:40]: set(v) for k, v in by_paper.iter_rows()}
    assert {"knowledge-distillation"} <= first_words["Knowledge distillation aims at transferr"]
    assert {"graph-neural-networks", "link-prediction", "graphs"} <= first_words[
        "Graph Neural Networks (GNNs) have shown "
    ]
    assert tags.filter(pl.col("kind") == "area")["confidence"].max() <= NAME_CONFIDENCE
