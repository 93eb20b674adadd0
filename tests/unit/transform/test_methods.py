"""Method names: sentence shapes from the samples and of our own."""

import polars as pl
import pytest

from etl.transform.methods import (
    introduced_name,
    method_name,
    published_method_name,
    published_method_name_way,
    title_method_name,
)
from etl.vocab.tag_vocabulary import field_names

CASES = [
    # A dash the text lost runs the name into the article after it.
    ("We propose FooLLM-Omni-a native 3D language model.", "FooLLM-Omni"),
    # The kind of artefact alone is a placeholder for a lost name.
    ("We introduce Approach, a novel method that tracks every pixel.", None),
    # A name may close the brackets it was given in; one the field has ("called the X") is
    # not introduced.
    ("We design a black-box method for video models (termed S-FOO), which decomposes it.",
     "S-FOO"),
    ("Each needs a custom greedy step (called the LMO) for every model.", None),
    # Quotes around a name after a naming word are no part of it.
    ("This paper proposes a fast framework for pose estimation, dubbed as “QuickPose”. It "
     "runs on phones.", "QuickPose"),
    # A phrase too long to be a name is written out by its acronym; a long dash needs no
    # spaces; the work and its kind, then the name in brackets.
    ("We propose a Transformer-Enhanced Variational Autoencoder for Crystal Structure "
     "Prediction (TransVAE-CSP), which learns the space of stable materials.", "TransVAE-CSP"),
    ("We address image dehazing by proposing an innovative dehazing network—CL2S. It is fast.",
     "CL2S"),
    ("This shotgun method (ShotgunCSP) has two key technical components.", "ShotgunCSP"),
    # A name before the kind says what kind it is; the artefact's name comes after the kind.
    ("We propose the RL algorithm FOOBAR (Fast Online Optimal Bellman Actor Reuse), which "
     "reuses data.", "FOOBAR"),
    # What the kind is for may stand between it and a name set off by dashes; the kind in
    # brackets may be in the plural.
    ("We present a novel technique for log parsing –FooParse– that reads raw logs.",
     "FooParse"),
    ("We propose the segment any object models (AnyObject), a new type of detector.",
     "AnyObject"),
    # A field the paper writes about is named, nothing it makes.
    ("This new research field, named as Quantum Machine Learning, is rapidly growing.", None),
    # From the sample listings.
    ("To address these challenges, we propose DreamRelation, a novel approach.", "DreamRelation"),
    ("To address these, we introduce SEPAL: a Scalable Embedding Propagation ALgorithm.", "SEPAL"),
    ("We present RelBench, a public benchmark for solving predictive tasks.", "RelBench"),
    ("We introduce a novel approach, dubbed relational knowledge distillation (RKD), that "
     "transfers mutual relations.", "relational knowledge distillation (RKD)"),
    ("In this paper, we propose the Decoupled Prompt Tuning (DePT) framework, which decouples.",
     "Decoupled Prompt Tuning (DePT)"),
    ("We propose a relational KD framework, Linkless Link Prediction (LLP), to distill.",
     "Linkless Link Prediction (LLP)"),
    ("We introduce G1, a simple yet effective approach.", "G1"),
    ("We propose MMRL++, a parameter-efficient extension.", "MMRL++"),
    ("we design a novel framework Intuition-MoR1E that leverages semantics.", "Intuition-MoR1E"),
    ("we introduce a curriculum learning algorithm called Degree-Curriculum that learns.",
     "Degree-Curriculum"),
    ("We present the Power Law Graph Transformer, a transformer model.", "Power Law Graph Transformer"),
    # Our own.
    ("Here we present FlashWeave, an attention kernel that fuses reads.", "FlashWeave"),
    ("We introduce Sparse Mixture Routing (SMR), which routes tokens.", "Sparse Mixture Routing (SMR)"),
    ("We propose a method named TRIAD for tabular reasoning.", "TRIAD"),
    ("This work builds a dataset. We then propose Orion-7, a planner.", "Orion-7"),
    ("We propose a simple regularizer that improves calibration on ImageNet.", None),
    ("We propose a method for visual question answering (VQA) that reasons over scenes.", None),
    ("We study how transformers learn in-context; we find that depth matters.", None),
    ("Large language models (LLMs) excel at reasoning, as we show on GSM8K.", None),
    # A version's decimals stay in the name; a decimal does not end the clause.
    ("We introduce Lumen-2.5, a family of open reasoning models.", "Lumen-2.5"),
    ("In this paper we present Atlas-3.1V-Flash, a compact model.", "Atlas-3.1V-Flash"),
    ("We propose a planner. It reaches 2.5 points more than NovaPlan.", None),
    # Other subjects and joined verbs; a version number after the name; what is built upon.
    ("This paper introduces Kestrel, an approach for composing adapters.", "Kestrel"),
    ("This technical report introduces Orca 7, a family of multilingual models.", "Orca 7"),
    ("We study the gap and propose TAPIR (Token-Aware Pruning), which prunes.", "TAPIR"),
    ("This gap motivates us to introduce PolyDiff, the first detector for it.", "PolyDiff"),
    ("We build upon Stochastic Weight Averaging (SWA) to stabilise training.", None),
    # A participle after the clause, "our proposed", one word after a naming word, a name
    # in parentheses after its artefact, a single letter or another script around a hyphen.
    ("We revisit the task, introducing a new corpus benchmark (TalkSet) of dialogues.", "TalkSet"),
    ("We ground this in our proposed QuietLattice decoder, which decodes.", "QuietLattice"),
    ("This report presents a series of open models, called Heron 2. They are small.", "Heron 2"),
    ("We describe a compiler called Pallas which lowers Python.", "Pallas"),
    ("We give a tensor decomposition, called Legendre decomposition, for counts.", None),
    ("We develop a routing agent called Q-Route, which plans paths.", "Q-Route"),
    ("To this end, we propose Plan-β, a search method for agents.", "Plan-β"),
    ("We propose a deep recurrent network (DRNX) for sequences.", "DRNX"),
    ("We propose a new approach that includes a deep generative model (DGM) of scenes.", None),
    ("We show our proposed RL algorithm converges.", None),
    ("We show that our proposed SURE-based method needs no labels.", None),
    # Two names joined by "and": the acronym spells the second; one name with "and" in it.
    ("We propose Mode Mixer and Joint Latent Denoiser (JLD) to decode.",
     "Joint Latent Denoiser (JLD)"),
    ("We propose Retrieval and Generation Network (RAGN), which reads.",
     "Retrieval and Generation Network (RAGN)"),
    # "our proposed X" and the work set off by commas only when no clause names anything.
    ("Experiments on our proposed ViewSet benchmark show gains. We introduce WarpNet, a method.",
     "WarpNet"),
    ("Experiments show that the proposed model, IDEAW, withstands attacks.", "IDEAW"),
    ("Our approach, StyleMaster, stylizes videos.", "StyleMaster"),
    # A new artefact set off before its name; the work's kind right before a mixed-case name.
    ("In this work we present the first comprehensive spatial reasoning benchmark, SpaceQBench, "
     "with 2,772 pairs.", "SpaceQBench"),
    ("This results in a state-of-the-art chart reasoning model, PlotSage-R1.", "PlotSage-R1"),
    ("To do so, we propose a novel architecture, Tavi (Text And Vision Interleaved), which "
     "fuses inputs.", "Tavi"),
    ("With simple rewards, our model DPO-XR achieves RL-level results.", "DPO-XR"),
    ("We compare against a strong baseline model, GPT-4o, on all tasks.", None),
    # A name before the kind of thing it is; not a field's acronym.
    ("We propose a novel AnyDressing method for garments.", "AnyDressing"),
    ("We propose a new SGD algorithm.", None),
    # A phrase that says what kind of thing it is describes the name in brackets.
    ("We introduce a robust SFT framework (RobustFT) that relabels data.", "RobustFT"),
    # Markup, an enumeration's mark, an apostrophe, a caret.
    ("We introduce _Urania_, a framework for insights.", "Urania"),
    ("We propose (i) RAMSet, a dataset, and (ii) a method.", "RAMSet"),
    ("We introduce Humanity's Last Exam (HLE), a benchmark.", "Humanity's Last Exam (HLE)"),
    ("We introduce M^3Eval, the first framework for memory.", "M^3Eval"),
    # A phrase opening in lower case: the capitalised words the acronym abbreviates, else a
    # topic, no name.
    ("We propose to build Sparse Token Routing (STR), a router for experts.",
     "Sparse Token Routing (STR)"),
    ("This paper introduces a novel approach to probing LLMs by applying causal tracing (CT).",
     None),
    ("We propose sParse tOken rOuting (POO), a router.", "sParse tOken rOuting (POO)"),
    # Unless the phrase is all the verb introduces: it spells the acronym, the clause goes on.
    ("We propose gradient bridge sampling (GBS), a sampler for flows.",
     "gradient bridge sampling (GBS)"),
    ("We introduce latent plan search (LPS) which reuses plans.", "latent plan search (LPS)"),
    ("We introduce a model-based policy search (MBPS) framework for control.", None),
    ("We propose to minimise the reverse divergence (RD), which helps.", None),
    # A word in emphasis after the verb is coined, whatever its case.
    ("We introduce *tidewalks*, which route tokens by depth.", "tidewalks"),
    # Said how ("by introducing"), in brackets, with its expansion after it; a hypothesis is
    # no artefact, "named entity recognition" no naming word.
    ("We unify both views by introducing Sparse Lattice Routing (SLR), a router.",
     "Sparse Lattice Routing (SLR)"),
    ("This is done by presenting LLMs with survey questions.", None),
    ("We introduce [Heron-Flash2.1], the newest of our models.", "Heron-Flash2.1"),
    ("We introduce a new paradigm Walnut (Web Agent Learning), which plans.", "Walnut"),
    ("This motivates us to propose the Shallow Judge Hypothesis: judging needs less depth.",
     None),
    ("LLMs are tuned for tasks such as named entity recognition (NER), which is costly.", None),
    # What parts are put together to build; a colon after the verb; a constructed artefact
    # set off by a comma; a Greek letter opening the name.
    ("We integrate FlowNet into SceneFormer to build FlowNet-SceneFormer, which tracks.",
     "FlowNet-SceneFormer"),
    ("To this end, we introduce: (i) Quill, a model for long-form writing; and (ii) a benchmark.",
     "Quill"),
    ("We construct an algorithm, Sparse Gradient Relay (SGR), that reduces communication.",
     "Sparse Gradient Relay (SGR)"),
    ("We propose Φ-Net, a network for phase retrieval.", "Φ-Net"),
    ("We introduce αFold-Lite, a lighter model.", "αFold-Lite"),
    ("Such losses are called Φ-mixable when constant regret is possible.", None),
    # A class of things in the plural reached through other words is used, not introduced;
    # right after the verb or its kind, it is the name.
    ("In this work, we propose to leverage Large Language Models (LLMs) as rankers.", None),
    ("We propose training Vision Language Models (VLMs) on game data.", None),
    ("Here we introduce Porcupine Neural Networks (PNNs), whose weights are constrained.",
     "Porcupine Neural Networks (PNNs)"),
    ("We present a new generative model, Visual Object Networks (VONs), which synthesizes.",
     "Visual Object Networks (VONs)"),
    # A naming word far into a long clause still names: "... graph dataset named UniGraph".
    ("We construct a large-scale, universal, and joint multi-domain heterogeneous graph dataset "
     "named UniGraph to help.", "UniGraph"),
    # What is so-called has its name already; "named entity" inside a clause is the task.
    ("Models are aligned through the so-called reinforcement learning from human feedback "
     "(RLHF). It is costly.", None),
    ("So-called reinforcement learning from human feedback (RLHF) aligns models.", None),
    ("The network follows the so-called kernel gradient of a new object, which we call the "
     "Tangent Sketch Kernel (TSK).", "Tangent Sketch Kernel (TSK)"),
    ("We present the first named entity recognition (NER) dataset for Old Frisian, and train "
     "taggers on it.", None),
    # What the paper names a problem, or a thing the field already has, is not its artefact.
    ("This makes routing a hard task we call Deep Route Finding. To solve it, we present "
     "PathTrain, a two-stage framework.", "PathTrain"),
    ("We identify a phenomenon we term Gradient Echo in deep nets. We propose EchoCut, a "
     "method.", "EchoCut"),
    ("We call the standard token-level auxiliary loss Std-Aux. Our loss halves the load.", None),
    ("We call this regularizer SmoothReg, and show that it helps.", "SmoothReg"),
    # "denoted as" names; what is released is introduced; one word before the expansion it
    # stands for, then what it is.
    ("We propose a zero-shot video sampling algorithm, denoted as ZS^2, capable of sampling "
     "clips.", "ZS^2"),
    ("We release Global-Foo, an improved benchmark across 42 languages.", "Global-Foo"),
    ("We release our code and data at https://example.org/code.", None),
    ("We introduce Recon (Reasoning like an ECONomist), a 7B-parameter model.", "Recon"),
    # A name set off by dashes after its kind; the work's own mixed-case name after "our".
    ("We propose a novel approach - FooPO - designed to find critical tokens.", "FooPO"),
    ("We propose a novel task - FooActing, which grounds plans.", None),
    ("We apply a post-editing approach and present our FooCritic. It fixes details.",
     "FooCritic"),
    ("We present our LLM and its training data.", None),
    # What a study or survey is of is its topic; an acronym of a capital and digits; an
    # article before a name that an apposition says what it is.
    ("This paper presents a comprehensive study of Retrieval-Augmented Generation (RAG), "
     "tracing its evolution.", None),
    ("We present the first study of Multi-Head Latent Attention (MLA) in video diffusion.",
     None),
    ("We introduce the Textual Temporal reasoning Transfer (T3). T3 synthesizes tasks.",
     "Textual Temporal reasoning Transfer (T3)"),
    ("We also propose a Foo-MMD, a new evaluation metric for proteins.", "Foo-MMD"),
    # "Ours" is a placeholder the text kept for a name it lost.
    ("This paper introduces Ours, an extension of RL for reasoning.", None),
    ("We propose OurMethod, a model.", None),
    # The field's words for a family of networks name no one artefact.
    ("We then propose Deep Neural Network structures that extract features.", None),
    ("We propose Graph Neural Networks for traffic.", None),
    # Its kind, what it is for in lower case, then its name closing the clause; not a list.
    ("We propose the first generalist model for embodied navigation, FooNav. It adapts LLMs.",
     "FooNav"),
    ("We propose a framework for vision tasks, CIFAR-10, and ImageNet.", None),
    # A hyphen glued to the brackets makes the phrase a part of a longer compound.
    ("We present a Domain Knowledge (DK)-Enhanced LLM framework that detects fraud.", None),
    ("We propose Bar Net (BN)-based search for tabular data.", None),
    # Adjectives set apart by commas before the kind, then capitalised words set off by
    # commas.
    ("We present a new, differentiable architecture, Foo Graph Optimizer, progressing towards "
     "SLAM.", "Foo Graph Optimizer"),
]  # fmt: skip


@pytest.mark.parametrize(("abstract", "expected"), CASES)
def test_method_name(abstract: str, expected: str | None) -> None:
    assert pl.select(method_name(pl.lit(abstract))).item() == expected


@pytest.mark.parametrize(
    ("abstract", "way"),
    [
        ("We propose NeuralSort-X, a sorter.", "introduced"),
        ("We build a benchmark called Ranky to test sorters.", "named"),
        ("Experiments run a novel framework, SortNet, on lists.", "appositive"),
        ("Experiments show that our framework SortNet-X ranks lists.", "our_artefact"),
        ("Experiments show that our proposed SORTY ranks lists.", "our_proposed"),
        ("Sorting lists is hard.", None),
    ],
)
def test_a_name_says_how_it_was_read(abstract: str, way: str | None) -> None:
    found = pl.select(introduced_name(pl.lit(abstract)).struct.unnest()).row(0, named=True)
    assert found["method_name_way"] == way
    assert (found["method_name"] is None) == (way is None)


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # A field's name for the kind of thing introduced is no name of the paper's own.
        ("We present an end-to-end Speech Sorting (SSO) model that ranks spoken lists.", None),
        ("We propose a novel speech sorting method that ranks spoken lists.", None),
        # A name the paper gives to what it introduces, even one the field took up later.
        ("We propose Speech Sorting, or SSO, which ranks spoken lists.", "Speech Sorting"),
        ("It is a new object, which we call the Speech Sorting (SSO). It ranks.", "Speech Sorting (SSO)"),
        # Not a field's name: the paper's own, before the kind of thing it is.
        ("We present a Spoken List Ranker (SLR) model that ranks spoken lists.",
         "Spoken List Ranker (SLR)"),
    ],
)  # fmt: skip
def test_a_fields_name_for_the_kind_introduced_is_no_name(
    abstract: str, expected: str | None
) -> None:
    tags = pl.DataFrame(
        {"tag_slug": ["speech-sorting"], "tag_name": ["Speech Sorting"], "synonyms": ["SSO"]}
    )
    found = pl.select(introduced_name(pl.lit(abstract), field_names(tags)).struct.unnest())
    assert found.row(0, named=True)["method_name"] == expected


def test_first_named_introduction_wins() -> None:
    abstract = (
        "We introduce a new family of losses for ranking. We then propose NeuralSort-X, and "
        "finally we present Ranky, a benchmark."
    )
    assert pl.select(method_name(pl.lit(abstract))).item() == "NeuralSort-X"


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("MALT: Improving Reasoning with Multi-Agent LLM Training", "MALT"),
        ("Search-R1: Training LLMs to Reason and Search", "Search-R1"),
        ("Aya 23: Open Weight Releases", "Aya 23"),
        ("M^3Eval: Multi-Modal Memory Evaluation", "M^3Eval"),
        ("Prism: A Lens on Things", "Prism"),
        ("Orca k2.5: Scaling Sparse Experts", "Orca k2.5"),
        ("Heron 3.5-Mini: Small Sparse Experts", "Heron 3.5-Mini"),
        ("4DVidBench: A Benchmark for Dynamic Scenes", "4DVidBench"),
        ("Planner-Critic-Executor(PCE): Agents That Check Themselves", "Planner-Critic-Executor"),
        ("Nova-VL Technical Report", "Nova-VL"),
        ("SwapID-V:Bridging Images and Videos", "SwapID-V"),
        # A dash set off by spaces parts the name as a colon does; one inside a name does not.
        ("LexKP - A Dataset for Keyphrases from Long Documents", "LexKP"),
        ("DiaGen – Synthetic Dialogue Generation", "DiaGen"),
        ("Clebsch–Gordan Nets: Spherical Convolutions", None),
        ("Deep Learning - A Review", None),
        # A genre, a phrase or no colon names nothing.
        ("Survey: Large Language Models for Code", None),
        ("FAM Diffusion: Frequency and Attention Modulation", None),
        ("Scaling Laws for Neural Language Models", None),
        ("Do LLMs Plan? Evidence from Games: A Study", None),
        ("3D: Depth from One Image", None),
        ("Scaling Report Generation Technical Report", None),
        # A word written in capitals: the title shouts, it names nothing.
        ("REVEALING: Hidden Biases in Reward Models", None),
        ("OVERVIEW: Agents for Data Science", None),
        ("DINO: Self-Distillation with No Labels", "DINO"),
        # An acronym in the plural is a family the paper studies, not its artefact.
        ("GANs: A Search for the Best Generator", None),
    ],
)
def test_title_method_name(title: str, expected: str | None) -> None:
    assert pl.select(title_method_name(pl.lit(title))).item() == expected


@pytest.mark.parametrize(
    ("abstract_name", "title_name", "abstract", "expected", "way"),
    [
        # The abstract names a part of the work and mentions the title's name.
        ("OrbitSet", "OrbitNav", "OrbitNav plans routes; we introduce OrbitSet.", "OrbitNav",
         "title"),
        # A longer form of the title's name, or one name written two ways, or the title's
        # within the abstract's: the abstract's.
        ("Closed-Loop eXecution (CLX)", "CLX", "We propose Closed-Loop eXecution (CLX).",
         "Closed-Loop eXecution (CLX)", "named"),
        ("Quill-7B", "Quill", "We present Quill-7B.", "Quill-7B", "named"),
        ("QuillNet", "Quill-Net", "We present QuillNet.", "QuillNet", "named"),
        ("Quill", "QUILL 2", "We present Quill.", "Quill", "named"),
        # Two unrelated names: the title names the work, the abstract's first a part of it.
        ("DraftBench", "Quill", "We present DraftBench.", "Quill", "title"),
        ("Adaptive Draft Sampling (ADS)", "Quill", "We introduce Adaptive Draft Sampling (ADS).",
         "Quill", "title"),
        (None, "Quill", "We study drafting.", "Quill", "title"),
        ("DraftBench", None, "We present DraftBench.", "DraftBench", "named"),
        (None, None, "We study drafting.", None, None),
    ],
)  # fmt: skip
def test_published_method_name_and_its_way(
    abstract_name: str | None, title_name: str | None, abstract: str, expected: str, way: str
) -> None:
    names = (pl.lit(abstract_name, dtype=pl.String), pl.lit(title_name, dtype=pl.String))
    chosen = pl.select(
        name=published_method_name(names[0], names[1], pl.lit(abstract)),
        # The abstract's name read after a naming word, whatever the case says.
        way=published_method_name_way(names[0], pl.lit("named"), names[1], pl.lit(abstract)),
    ).row(0)
    assert chosen == (expected, way)
