"""Method names: what a paper calls the thing it introduces ("we propose NeuSymEA", "we
introduce SEPAL: ...", "dubbed relational knowledge distillation (RKD)").

Each introducing clause ("we propose|introduce|present|construct ...", "... called|named|
dubbed ...", "we integrate A into B to build ...") is read in order; the first one that
names something gives the method name. A clause names something when, right after its verb
(and an article or a few adjectives), comes
- a phrase with an acronym in parentheses: "Attention Interaction Alignment (AIA)";
- a name-like token: CamelCase, capitals, digits or a capitalised hyphenated word (NeuSymEA,
  SEPAL, G1, MMRL++, Degree-Curriculum), or a capitalised word set off by a comma or colon
  ("Workforce, a hierarchical ...");
- a kind of artefact followed by its name, or a name followed by its kind: "a novel
  framework Intuition-MoR1E", "a parallel Actor-Reasoner framework";
- a run of capitalised words: "the Power Law Graph Transformer".
A clause with none of these ("we propose a novel approach that ...") names nothing. When no
clause names anything, the work or a new artefact set off by commas ("our approach,
StyleMaster, ...", "the first ... benchmark, 3DSRBench,"), the work's kind before a
mixed-case name ("our model DPO-VP") and then "our proposed X" give the name.
`title_method_name` reads the one token a title opens with before its colon ("MALT:
Improving Reasoning ..."); `published_method_name` says which of the two a paper is published
with.
"""

from __future__ import annotations

import polars as pl

from etl.transform import word_regex  # noqa: F401  (registers the .rx namespace)
from etl.vocab.tag_vocabulary import field_key

# Who introduces: "we", "this paper", "this technical report", a verb joined to an
# earlier one ("... and propose X", "motivates us to introduce X"), or a participle after
# the clause that did the work ("we revisit the task, introducing a new dataset (X)") or
# says how ("we combine these ideas by introducing X").
_INTRODUCING_VERB = (
    r"(?:(?:\b[Ww]e\s+(?:(?:first|then|further|also|hence|therefore|here|thus|now|instead)\s+)?|"
    r"\b(?:[Tt]his|[Oo]ur)\s+(?:technical\s+)?(?:paper|work|study|report|article)\s+|"
    r"\b(?:and|us\s+to)\s+)"
    r"(?:propose|introduce|present|develop|design|build|devise|construct|name|call|term|dub|"
    r"coin|release)(?:s|d|ing)?\b|"
    r",\s+(?:introduc|propos|present)ing\b|\bby\s+(?:introduc|propos)ing\b|"
    # "we integrate A into B to build A-B": what the parts are put together to build.
    r"\b[Ww]e\s+(?:integrate|combine|merge|unify|incorporate|couple)[^.;]{1,80}?\bto\s+"
    r"(?:build|create|form|obtain|construct)\b)"
)
_ARTEFACT = (
    r"(?:framework|method|model|approach|benchmark|dataset|architecture|algorithm|system|"
    r"technique|strategy|module|loss|paradigm|pipeline|toolkit|library|agent|metric|network|"
    r"mechanism|regularizer|objective|suite|task|recipe|family)"
)
_NAMING_WORD = r"\b(?:called|named|dubbed|termed|coined|denoted)\b"
# A clause runs to the sentence's end; a decimal point ("Foo-1.5") does not end it.
_CLAUSE = rf"(?:{_INTRODUCING_VERB}|{_NAMING_WORD})(?:[^.;]|\.\d){{0,160}}"

_ARTICLES_AND_ADJECTIVES = (
    r"(?:(?:a|an|the|our|this|its|novel|new|simple|general|unified|effective|efficient|"
    r"lightweight|scalable|principled|generic|first|powerful|flexible|robust|versatile|"
    r"approach|as)\s+)*"
)
# CamelCase, capitals, digits, a capitalised hyphenated word (of any script after the
# hyphen: "Skill-α"), with ++ or ^2 and a version's decimals ("Foo-1.5", "Qwen2.5-VL") kept;
# a Greek letter may open it ("αFold", "Φ-Net").
_NAME_LIKE = (
    r"(?:[A-Za-zΑ-Ωα-ω][a-z0-9]*[A-Z0-9^][\w^+]*(?:\.\d+\w*)*(?:-[\w^+]+(?:\.\d+\w*)*)*|"
    r"[A-ZΑ-Ωα-ω][a-z]*(?:-[\p{L}\d^+]+(?:\.\d+\w*)*)+)"
    r"(?:\+\+|\^\d+)?"
)
# A name with lower-case letters in it, not a field's acronym (LLM, SGD): "AnyDressing",
# "Actor-Reasoner".
_MIXED_CASE_NAME = r"(?:[A-Z][a-z]+[A-Z][\w^+]*|[A-Z][\w]*-[A-Za-z][\w\-]*|[A-Z]{2,}[a-z][\w\-]*)"
# The fallbacks when no clause introduces a name: the work, or a new artefact, set off by
# commas before its name ("our approach, StyleMaster, ...", "the proposed model, IDEAW,
# can ...", "the first comprehensive 3D spatial reasoning benchmark, 3DSRBench, with", "a
# state-of-the-art chart reasoning model, BigCharts-R1."), then what is "our proposed X"
# (as often a part or a second artefact of the work, so only then).
_APPOSITIVE_NAME = (
    r"\b(?:[Oo]ur|[Tt]he\s+(?:proposed|first)|[Aa]\s+(?:new|novel|state-of-the-art))\s+"
    rf"(?:[\w\-]+\s+){{0,4}}?(?:{_ARTEFACT}|language|corpus),\s+[_*]{{0,2}}"
)
# "This shotgun method (ShotgunCSP) has": the work, its kind, then its name in brackets.
_THIS_KIND_BRACKETED = (
    rf"\b(?:[Tt]his|[Oo]ur|[Tt]he\s+proposed)\s+(?:[a-z][\w\-]*\s+){{0,3}}?{_ARTEFACT}\s*"
    rf"\(({_NAME_LIKE})\)"
)
# "our model DPO-VP achieves": the work's kind, then its name.
_OUR_KIND_NAME = rf"\b[Oo]ur\s+{_ARTEFACT}\s+"
_OUR_PROPOSED = r"\b[Oo]ur\s+proposed\s+"
# "(SGRS)", "(CoT)", and a capital with digits: "(T3)".
_ACRONYM = r"\((?:[A-Za-z][\w+\-]*[A-Z][\w+\-]*|[A-Z]\d[\w+\-]*)\)"
_PHRASE_WITH_ACRONYM = rf"((?:[\w\-^+']+\s+){{0,8}}?[\w\-^+]+\s*{_ACRONYM})"
_CAPITALISED_RUN = r"((?:[A-Z][\w\-^+]*(?:\.\d+\w*)*\s+){1,6}[A-Z][\w\-^+]*(?:\.\d+\w*)*)"

# "a novel framework, the ...": a kind of artefact, then its name; adjectives may be set apart
# by commas ("a new, differentiable architecture, Neural Graph Optimizer,").
_AFTER_ARTEFACT = (
    rf"^{_ARTICLES_AND_ADJECTIVES}(?:[\w\-]+,?\s+){{0,5}}?{_ARTEFACT}[,:]?\s+(?:the\s+)?"
)

# Tried in this order on the text after the clause's verb (or naming word).
_PATTERNS = (
    rf"^{_ARTICLES_AND_ADJECTIVES}{_PHRASE_WITH_ACRONYM}",
    rf"^(?:the\s+)?{_CAPITALISED_RUN}(?:[\s,:(]|$)",
    # "the IRL algorithm BASIS (...)": a name before the kind of artefact says what kind of
    # thing it is; the name after the kind is the artefact's.
    rf"^(?:the\s+|an?\s+)?{_NAME_LIKE}\s+{_ARTEFACT}\s+({_NAME_LIKE})(?:[\s,:(]|\.(?:\s|$)|$)",
    # "LLaMA-Omni 2, a series of", "Aya 23, a family of": a version after the name.
    rf"^(?:the\s+)?({_NAME_LIKE}(?:\s\d+(?:\.\d+)*)?)(?:[\s,:(]|$)",
    # "we also propose a Protein-MMD, a new metric": an article, the name, what it is.
    rf"^an?\s+({_NAME_LIKE}),\s+an?\s",
    # "and present our ImageCritic.": the work's own name, in mixed case (not "our LLM").
    rf"^our\s+({_MIXED_CASE_NAME})(?:[\s,:(]|\.(?:\s|$)|$)",
    r"^(?:the\s+)?([A-Z][a-z]{2,}(?:\s\d+(?:\.\d+)*)?)\s*[,:]",
    # "Recon (Reasoning like an ECONomist), a 7B model": one word, the expansion it stands
    # for in brackets, then what it is.
    r"^(?:the\s+)?([A-Z][a-z]{2,})\s*\([A-Z][^()]{2,80}\)\s*,",
    _AFTER_ARTEFACT + rf"((?:[A-Z][\w\-^+]*\s+){{0,6}}[A-Z][\w\-^+]*\s*{_ACRONYM}|{_NAME_LIKE})",
    # "a new, differentiable architecture, Neural Graph Optimizer, progressing": capitalised
    # words set off by commas after the kind.
    _AFTER_ARTEFACT + r"((?:[A-Z][\w\-^+]*\s+){1,4}[A-Z][\w\-^+]*),\s",
    # "a novel approach - cDPO - designed to": the name set off by dashes after its kind.
    # "an innovative dehazing network—CL2S.": a long dash needs no spaces. "a novel technique
    # for bug localization –BRaIn– that": what the kind is for may come between.
    rf"^{_ARTICLES_AND_ADJECTIVES}(?:[\w\-]+\s+){{0,5}}?{_ARTEFACT}"
    r"(?:\s+(?:for|of)\s+(?:[a-z][\w\-]*\s+){0,3}?[a-z][\w\-]*)?(?:\s+[-–—]{1,2}\s+|\s*[–—]\s*)"
    rf"({_NAME_LIKE})\s*(?:[-–—]|\.(?:\s|$)|$)",
    # "a new paradigm Coconut (Chain of Continuous Thought)": one word its expansion follows
    # is the name.
    _AFTER_ARTEFACT + r"([A-Z][a-z]{2,})\s*\([A-Z][^()]{2,80}\)",
    # "a parallel Actor-Reasoner framework", "a novel AnyDressing method": a name before
    # the kind of artefact it is.
    rf"^{_ARTICLES_AND_ADJECTIVES}(?:[a-z][\w\-]*\s+){{0,2}}?({_MIXED_CASE_NAME})\s+{_ARTEFACT}\b",
    # "a new dataset (RefOI) of 1.5k images": the artefact's name in parentheses, the kind
    # in the plural too ("the segment any change models (AnyChange)").
    rf"^{_ARTICLES_AND_ADJECTIVES}(?:[a-z][\w\-]*\s+){{0,3}}?{_ARTEFACT}s?\s*\(({_NAME_LIKE})\)",
    # "the first generalist model for embodied navigation, NaviLLM.": the kind, what it is
    # for in lower-case words, then its name closing the clause (not a list of names).
    rf"^{_ARTICLES_AND_ADJECTIVES}(?:[a-z][\w\-]*\s+){{0,3}}?{_ARTEFACT}\s+(?:for|of|to)\s+"
    rf"(?:[a-z][\w\-]*\s+){{0,5}}?[a-z][\w\-]*,\s+({_NAME_LIKE})(?:\.(?:\s|$)|$|,\s+(?:which|that)\b)",
    # "(termed S-QUBED)": a name closing the brackets it was given in ("(called the LMO)"
    # refers to one the field has).
    rf"^({_NAME_LIKE})\)",
)
# After a naming word one capitalised word is a name: "a set of models, called Llama 3";
# not when a common noun follows ("called Legendre decomposition").
_NAMED_WORD = (
    r"^([A-Z][a-z]{2,}(?:\s\d+(?:\.\d+)*)?)"
    r"(?:\s*[,:;(]|\.(?:\s|$)|$|\s+(?:which|that|for|to|and|with|in|on)\b)"
)
# How far into a clause a naming word still belongs to it: "a novel approach, dubbed X".
_NAMING_WORD_REACH = 120
_MAX_NAME_CHARS = 90
# A family of models, not one: an acronym in the plural ("NeRFs", "GANs") or the field's
# words for networks ("Deep Neural Network structures", "Graph Neural Networks").
_FAMILY_NAME = (
    r"^[A-Z][A-Za-z]*[A-Z]s$|"
    r"^(?:(?:Deep|Convolutional|Recurrent|Graph|Artificial|Spiking|Feed-?[Ff]orward|"
    r"Fully[\s-][Cc]onnected)\s+)*Neural\s+Networks?(?:\s+(?:Structures?|Architectures?|Models?))?$"
)
# What describes rather than names: a field's acronym ("our proposed RL algorithm") or a
# modifier ("our SURE-based method", "our RL-training framework").
_NOT_A_NAME = (
    r"^[A-Z]{1,2}$|-(?:based|like|style|aware|driven|guided|free|level|training|tuning|"
    r"friendly|efficient|centric|oriented|agnostic|specific|native|scale|wise|[a-z]*[ai]ble)$|"
    # A claim the paper puts forward is no artefact: "the Semantic Capacity Asymmetry
    # Hypothesis".
    r"\b(?:Hypothesis|Conjecture|Theorem|Lemma|Principle|Law|Paradox|Phenomenon|Effect)$|"
    # "We introduce Approach, a novel method": the kind of artefact alone is a placeholder the
    # text kept for a name it lost; so are "Ours" and "OurMethod".
    rf"^(?i:{_ARTEFACT})s?$|^Ours?(?:[A-Z][a-z]+)?$|"
    rf"{_FAMILY_NAME}"
)
# What the paper calls a problem it studies or a thing the field has ("a demanding task we call
# Repo Deep Search", "we call the standard auxiliary loss Std-Aux") is no artefact of its own:
# the "we" of such a naming is written out before clauses are read.
_NAMING_NO_ARTEFACT = (
    r"\b((?:task|problem|setting|challenge|phenomenon|behaviou?r|effect|issue)s?\s+"
    r"(?:that\s+|which\s+)?)we(\s+(?:call|term|dub|name|refer\s+to))\b|"
    r"\b[Ww]e(\s+(?:call|term|dub|name|refer\s+to)\s+(?:to\s+)?(?:the|this|these)\s+"
    r"(?:standard|existing|original|vanilla|conventional|usual|common|default|baseline)\b)"
)

# "This new research field, named as Quantum Machine Learning": a field the paper writes
# about is named, nothing it makes (its naming word is written out before clauses are read).
_FIELD_NAMED = (
    r"\b((?:research\s+)?(?:field|area|discipline|subfield|domain)s?,?\s+)"
    r"(?:named|called|termed|dubbed|coined)\b"
)


def _name_after(text: pl.Expr, *, named: bool) -> pl.Expr:
    """The first pattern's name in text (which starts right after a verb or naming word)."""
    # "we build upon X", "we build on X": what is built on is someone else's. "_Urania_":
    # markup around a name is no part of it.
    # "proposing (i) RAMDocs (...)": an enumeration's mark is no part of it either.
    # "presents a comprehensive study of X": what a study or survey is of is its topic.
    text = pl.when(
        ~text.rx.contains(r"^(?:upon|on)\b")
        & ~text.rx.contains(
            r"^(?:an?\s+|the\s+)?(?:[\w\-]+\s+){0,2}?(?:study|survey|review|analysis|overview|"
            r"investigation|examination|evaluation)\s+of\b"
        )
    ).then(text.rx.replace(r"^\(?(?:[ivx]+|\d|[a-e])\)\s+", ""))
    # A word set in emphasis right after the verb is coined here, whatever its case ("we
    # introduce *hyperschedules*, which ...").
    emphasised = text.rx.extract(r"^([_*]{1,2})([^_*\s]+)[_*]{1,2}(?:[\s,:;(]|\.(?:\s|$)|$)", 2)
    # "[Cosmos-Predict2.5]": brackets around a name are markup too.
    text = text.rx.replace(r"^(?:[_*]{1,2}([^_*\s]+)[_*]{1,2}|\[([^\[\]\s]+)\])", "$1$2")
    candidates = [text.rx.extract(pattern, 1) for pattern in _PATTERNS]
    # "a Domain Knowledge (DK)-Enhanced LLM framework": a hyphen glued to the brackets makes
    # the phrase and its acronym a part of a longer compound, which names nothing.
    compound = text.rx.contains(rf"^{_ARTICLES_AND_ADJECTIVES}{_PHRASE_WITH_ACRONYM}-\w")
    with_acronym = candidates[0].rx.replace(
        r"^(?:(?:a|an|the|our|this|novel|new|simple|unified|general)\s+)+", ""
    )
    # "X and Joint Discrete Denoising Diffusion Process (JD3P)": the acronym spells the
    # last of two names; "Retrieval and Generation Network (RAGN)" is one name.
    last_of_two = with_acronym.rx.extract(r"\s+and\s+([A-Z][^(]*\(.*)$", 1)
    with_acronym = (
        pl.when(
            last_of_two.str.slice(0, 1) == with_acronym.rx.extract(r"\((.)", 1),
            with_acronym.str.slice(0, 1) != last_of_two.str.slice(0, 1),
        )
        .then(last_of_two)
        .otherwise(with_acronym)
    )
    if not named:
        # A lower-case phrase before an acronym is a topic ("visual question answering
        # (VQA)") unless a naming word says it is a name ("dubbed relational ... (RKD)").
        # A phrase that says in lower case what kind of thing it is describes the name in
        # the brackets ("a robust SFT framework (RobustFT)"), unless the name abbreviates its
        # capitalised words ("dataset featuring Multimodal Concept annotations (MMC)": those).
        described = with_acronym.rx.contains(rf"^[^(]*\b{_ARTEFACT}\b[^(]*\(")
        capitalised = with_acronym.rx.extract(r"^[^(]*?\b([A-Z][^(]*\(.*)$", 1)
        abbreviates = capitalised.str.slice(0, 1) == with_acronym.rx.extract(r"\((.)", 1)
        # A phrase opening in lower case ("to develop Efficient MLLMs via ... (EPIC)") is
        # the name only from the capitalised words the acronym abbreviates; when they do not,
        # the acronym spells a topic ("to interpreting LLMs by applying inverse
        # reinforcement learning (IRL)").
        # (Not "deCoupled duAl-interactive lineaR attEntion (CARE)": its capitals spell it.)
        opens_lower = with_acronym.rx.contains(r"^[a-z][a-z\-]*\s")
        # Unless the phrase is all the verb introduces: it spells its acronym from its first
        # letter on, and the clause goes on after the brackets ("we propose stochastic error
        # ascent (SEA), a framework for ..."), where a topic would be followed by what is
        # made of it ("a model-based reinforcement learning (MBRL) framework").
        spells_acronym = with_acronym.rx.contains(
            "(?i)^"
            + with_acronym.rx.extract(r"\(([^()]*)\)\s*$", 1)
            .rx.replace_all(r"[^A-Z]", "")
            .str.split("")
            .list.join("[^(]*")
            + r"[^(]*\("
        )
        clause_goes_on = text.rx.contains(
            rf"^{_ARTICLES_AND_ADJECTIVES}{_PHRASE_WITH_ACRONYM}"
            r"\s*(?:[,;:]|\.(?:\s|$)|$|(?:which|that|to|for|as)\b)"
        )
        named_by_phrase = opens_lower & ~described & spells_acronym & clause_goes_on
        # A class of things in the plural reached through other words is what the work
        # uses, not what it introduces ("we propose to leverage Large Language Models
        # (LLMs)", "propose training Vision Language Models (VLMs)"); right after the verb or
        # its kind it is the name ("we introduce Prior Networks (PNs)").
        plural = with_acronym.rx.contains(r"\([A-Z][\w\-]*[A-Z]s\)$")
        with_acronym = (
            pl.when(named_by_phrase)
            .then(with_acronym)
            .when(~with_acronym.rx.contains(r"^[^(]*[A-Z]"))
            .then(None)
            .when((described | opens_lower & ~plural) & abbreviates)
            .then(capitalised)
            .when(described)
            .then(with_acronym.rx.extract(rf"\(({_NAME_LIKE})\)\s*$", 1))
            .when(opens_lower)
            .then(None)
            .otherwise(with_acronym)
        )
    if named:
        candidates.append(text.rx.extract(_NAMED_WORD, 1))
    return pl.when(~compound).then(pl.coalesce(with_acronym, *candidates[1:], emphasised))


def _name_in_clause(clause: pl.Expr) -> pl.Expr:
    """The clause's name and its way (`named` after a naming word, else `introduced` after
    the verb), as a struct."""
    # Searched only in the clauses that hold a naming word: the bounded reach makes the
    # search costly, the word alone is cheap to look for.
    # "named entity recognition" is a task, no naming word (wiped to "", which names nothing:
    # an expression list.eval uses twice it computes twice).
    after_naming_word = (
        clause.rx.where_contains(_NAMING_WORD)
        .rx.extract(rf"^.{{0,{_NAMING_WORD_REACH}}}?{_NAMING_WORD}\s+(?:as\s+)?(.*)$", 1)
        .rx.replace(r"^entit.*$", "")
        # "dubbed as “FastHand”": the quotes around a name are no part of it.
        .rx.replace(r"^[\"“”‘’']([^\"“”‘’']{1,60})[\"“”‘’']", "$1")
    )
    # "we introduce: (i) Quill, a model": a colon after the verb opens what it introduces.
    after_verb = clause.rx.replace(rf"^{_INTRODUCING_VERB}(?:\s*:)?\s+", "")
    # The name after a naming word, else after the verb; marked by its way, so that each is
    # computed once. A clause that opens on "named entity" names a task.
    marked = pl.when(~clause.rx.contains(r"^named\s+entit")).then(
        pl.coalesce(
            _name_after(after_naming_word, named=True) + "\x1fnamed",
            _name_after(after_verb, named=False) + "\x1fintroduced",
        )
    )
    return (
        marked.str.split_exact("\x1f", 1)
        # "we propose ShapeLLM-Omni-a native 3D LLM": a dash the text lost runs the name into
        # the article after it.
        .struct.with_fields(
            pl.field("field_0").str.strip_chars(" _*").rx.replace(r"-(?:a|an|the)$", "")
        )
        .struct.rename_fields(["name", "way"])
    )


def _kind_named_by_field(found: pl.Expr, abstract: pl.Expr, fields: pl.Series) -> pl.Expr:
    """Whether the name found is a field's name for the kind of artefact written right after
    it: "an Automatic Speech Recognition (ASR) model", "a novel Generalized Zero-Shot
    learning (GZSL) method". Not a field's name the paper introduces ("a new object, which we
    call the Neural Tangent Kernel (NTK)", "we propose Low-Rank Adaptation, or LoRA")."""
    name = found.struct.field("method_name")
    long_form = name.rx.replace(r"\s*\([^()]*\)$", "")
    after = abstract.str.split(name, literal=True).list.get(1, null_on_oob=True)
    return (
        field_key(long_form).is_in(fields.implode()) & after.rx.contains(rf"^\s+{_ARTEFACT}s?\b")
    ).fill_null(False)


def introduced_name(abstract: pl.Expr, fields: pl.Series | None = None) -> pl.Expr:
    """The name the abstract introduces and how it was read (METHOD_NAME_WAYS but `title`),
    as a struct of `method_name` and `method_name_way`; null when it introduces none, or
    when the name is one of `fields` (Vocabulary.field_names) for the kind of thing
    introduced."""
    name = pl.element().struct.field("name")
    # What is "so-called" has its name already ("the so-called reinforcement learning from
    # human feedback (RLHF)"): no naming word.
    in_clauses = (
        abstract.str.replace_all("so-called", "so-said", literal=True)
        .str.replace_all("So-called", "So-said", literal=True)
        .rx.replace_all(_NAMING_NO_ARTEFACT, "${1}one${2}${3}")
        .rx.replace_all(_FIELD_NAMED, "${1}known")
        .rx.extract_all(_CLAUSE)
        .list.eval(_name_in_clause(pl.element()))
        # "a Transformer-Enhanced Variational Autoencoder for Crystal Structure Prediction
        # (TransVAE-CSP)": a phrase too long to be a name is written out by the acronym
        # in its brackets, which is.
        .list.eval(
            pl.element().struct.with_fields(
                pl.when(name.str.len_chars() > _MAX_NAME_CHARS)
                .then(name.rx.extract(rf"\(({_NAME_LIKE})\)$", 1))
                .otherwise(name)
                .alias("name")
            )
        )
        .list.eval(
            pl.element().filter(
                name.is_not_null()
                & (name.str.len_chars() <= _MAX_NAME_CHARS)
                & ~name.rx.contains(_NOT_A_NAME)
            )
        )
    )
    appositive = pl.coalesce(
        abstract.rx.extract(
            rf"{_APPOSITIVE_NAME}({_NAME_LIKE}|[A-Z][a-z]{{2,}})[_*]{{0,2}}(?:\s*\([^()]{{1,80}}\))?"
            r"(?:[,;]|\.(?:\s|$))",
            1,
        ),
        abstract.rx.extract(_THIS_KIND_BRACKETED, 1),
    )
    our_kind = abstract.rx.extract(rf"{_OUR_KIND_NAME}({_MIXED_CASE_NAME})(?:[\s,:(]|$)", 1)
    our_proposed = abstract.rx.extract(
        rf"{_OUR_PROPOSED}({_MIXED_CASE_NAME}|[A-Z]{{2,}}[\w\-^+]*)(?:[\s,:(]|$)", 1
    )
    # One list of the candidates, the first named wins: each is computed once.
    found = (
        pl.concat_list(
            in_clauses,
            pl.struct(name=appositive, way=pl.lit("appositive")),
            pl.struct(
                name=pl.when(~our_kind.rx.contains(_NOT_A_NAME)).then(our_kind),
                way=pl.lit("our_artefact"),
            ),
            pl.struct(
                name=pl.when(~our_proposed.rx.contains(_NOT_A_NAME)).then(our_proposed),
                way=pl.lit("our_proposed"),
            ),
        )
        .list.eval(pl.element().filter(name.is_not_null()))
        .list.first()
        .struct.rename_fields(["method_name", "method_name_way"])
    )
    if fields is None:
        return found
    return pl.when(~_kind_named_by_field(found, abstract, fields)).then(found)


def method_name(abstract: pl.Expr) -> pl.Expr:
    """The name the abstract introduces, or null."""
    return introduced_name(abstract).struct.field("method_name")


# Words that open a title as its genre, not as a name: "Survey: ...", "Position: ...".
_TITLE_GENRES = (
    r"Survey|Position|Review|Tutorial|Overview|Introduction|Perspective|Editorial|Erratum|"
    r"Commentary|Comment|Note|Report|Abstract|Keynote|Preface|Appendix|Vision|Opinion"
)
# One token before the title's colon (or a spaced dash), with a version after it and its
# short form in brackets: "LoRe: ...", "Search-R1: ...", "Aya 23: ...", "Kimi k1.5: ...",
# "Yuan 2.0-M32: ...", "M^3Eval: ...",
# "3DSRBench: ...", "Proposer-Agent-Evaluator(PAE): ..."; or the one token a technical report
# is of ("MiMo-VL Technical Report").
_TITLE_TOKEN = r"[A-Z][\w\-+^.'’]*[\w+^'’]|[A-Z]|\d+[A-Z][\w\-+^.'’]*[\w+^'’]"
_TITLE_NAME = (
    rf"^\s*\**({_TITLE_TOKEN})\**(?:\s+([a-z]?\d+(?:\.\d+)*(?:-[A-Za-z]\w*)?))?(?:\s*\([^()]{{1,20}}\))?"
    # "LDKP - A Dataset for ...", "DiaSynth – Synthetic ...": a dash set off by spaces
    # parts the name from the rest as a colon does ("Clebsch–Gordan Nets" is one name).
    r"(?:\s*:(?:\s|[A-Z])|\s+[-–—]{1,2}\s+[A-Z])|"
    rf"^\s*({_TITLE_TOKEN})(?:\s+([a-z]?\d+(?:\.\d+)*))?\s+Technical\s+Report\s*$"
)


def title_method_name(title: pl.Expr) -> pl.Expr:
    """The name a title opens with before its colon, when that is one token ("MALT:
    Improving Reasoning with Multi-Agent LLM Training"), or null: the fallback for a paper
    whose abstract introduces no name, marked with its origin where it is stored."""
    parts = title.rx.extract_groups(_TITLE_NAME).struct
    name = pl.concat_str(
        pl.coalesce(parts.field("1"), parts.field("3")),
        pl.coalesce(parts.field("2"), parts.field("4")),
        separator=" ",
        ignore_nulls=True,
    )
    # "UNVEILING: ...", "SURVEY: ...": a word of the title written in capitals is no name.
    shouted_word = name.rx.contains(r"^[A-Z]{3,}(?:ING|TION|TIONS|SION|MENT|NESS|ITY|ICS)$")
    return pl.when(
        title.rx.contains(_TITLE_NAME)
        & ~name.rx.contains(rf"^(?i:{_TITLE_GENRES})$")
        & ~name.rx.contains(_FAMILY_NAME)
        & ~shouted_word
    ).then(name)


def _name_letters(name: pl.Expr) -> pl.Expr:
    """A name's ASCII letters and digits in lower case: "MoDec-GS" and "MoDecGS", "Peccavi" and
    "PECCAVI" are one name written two ways."""
    return name.rx.replace_all(r"[^A-Za-z0-9]", "").str.to_lowercase()


def _title_first(abstract_name: pl.Expr, title_name: pl.Expr, abstract: pl.Expr) -> pl.Expr:
    """Whether the title's name wins over the abstract's: the abstract mentions it and
    introduces something else by name, not a longer form of it; or the two names are
    unrelated, neither holding the other's letters (the title names the work, the abstract's
    first name a part of it: "SkillMimic-V2: ..." whose abstract introduces "Adaptive
    Trajectory Sampling (ATS)")."""
    both = title_name.is_not_null() & abstract_name.is_not_null()
    abstract_letters, title_letters = _name_letters(abstract_name), _name_letters(title_name)
    related = abstract_letters.rx.contains(title_letters, literal=True) | title_letters.rx.contains(
        abstract_letters, literal=True
    )
    mentioned_apart = ~abstract_name.rx.contains(title_name, literal=True) & abstract.rx.contains(
        title_name, literal=True
    )
    return both & (mentioned_apart | ~related)


def published_method_name(
    abstract_name: pl.Expr, title_name: pl.Expr, abstract: pl.Expr
) -> pl.Expr:
    """The name a paper is published with, as assemble chooses it in SQL: the title's when
    `_title_first` says it wins; else the abstract's; else the title's."""
    return (
        pl.when(_title_first(abstract_name, title_name, abstract))
        .then(title_name)
        .otherwise(pl.coalesce(abstract_name, title_name))
    )


def published_method_name_way(
    abstract_name: pl.Expr, abstract_way: pl.Expr, title_name: pl.Expr, abstract: pl.Expr
) -> pl.Expr:
    """The way of the name published_method_name chooses, as assemble writes it in SQL:
    `title` for the title's name, else the abstract's way; null when there is no name."""
    return (
        pl.when(_title_first(abstract_name, title_name, abstract))
        .then(pl.lit("title"))
        .when(abstract_name.is_not_null())
        .then(abstract_way)
        .when(title_name.is_not_null())
        .then(pl.lit("title"))
    )
