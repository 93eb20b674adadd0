"""Tags one per key, analytics.paper_tags one row per paper and tag, and the tags readers see.

- tags.is_source_keyword: true for a keyword as authors or a source wrote it that matches no
  tag of the vocabulary. Filled from what the published rows say: tasks, areas and arXiv
  categories are not; a keyword is unless it is one of the CURATED_KEYWORDS.
- Source keywords re-keyed as the transform now keys them (etl.transform.tag_keys, copied
  here as `_tag_key` and `_keyword_slug`: this migration must replay as written): spellings
  that differ only by case, punctuation or a plural (`Multi-agent`, `multiagent`) become one
  tag, the vocabulary's tag when the key of its name is theirs (`continual pre-training` is
  Continual Pretraining), else one keyword tag with the key's slug, named by its most frequent
  spelling on papers. Their paper tags move to it (the surest kept where a paper had both);
  the other rows go. A reload does not do this: paper tags from sources are never withdrawn,
  so the old rows would stay beside the new ones.
- analytics.paper_tags v2: one row per paper and tag, the origins as an array.
- analytics.tags: the tags some paper has; paperhouse_reader no longer selects public.tags,
  whose thousands of vocabulary tasks no paper has are noise in a BI tool.

The downgrade restores the views and the reader's grant and drops the column; merged tags
stay merged.

Revision ID: 0023
Revises: 0025
Create Date: 2026-12-04 14:00:00.000000+00:00
"""

import hashlib
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from etl.sql_files import view_statements

revision: str = "0023"
down_revision: str | Sequence[str] | None = "0025"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

READER = "paperhouse_reader"
# The curated keywords (etl/vocab/tag_keywords.csv) of this revision: every other keyword
# tag was a source's.
CURATED_KEYWORDS = (
    "3d-gaussian-splatting",
    "automl",
    "causal-reasoning",
    "chain-of-thought-reasoning",
    "continual-learning",
    "dense-retrieval",
    "differential-privacy",
    "diffusion-models",
    "diffusion-transformers",
    "efficient-attention",
    "embodied-ai",
    "equivariant-neural-networks",
    "explainable-ai",
    "flow-matching",
    "foundation-models",
    "generative-adversarial-networks",
    "graph-neural-networks",
    "graph-transformers",
    "grokking",
    "group-relative-policy-optimization",
    "gui-agents",
    "implicit-neural-representations",
    "in-context-learning",
    "instruction-tuning",
    "jailbreak-attacks",
    "knowledge-distillation",
    "knowledge-graphs",
    "kv-cache",
    "language-models",
    "large-language-models",
    "large-reasoning-models",
    "llm-agents",
    "llm-as-a-judge",
    "long-context",
    "machine-unlearning",
    "mechanistic-interpretability",
    "membership-inference-attacks",
    "mixture-of-experts",
    "model-editing",
    "model-merging",
    "multi-agent-systems",
    "multimodal-large-language-models",
    "neural-odes",
    "neural-radiance-fields",
    "neural-tangent-kernel",
    "neuro-symbolic-ai",
    "next-token-prediction",
    "normalizing-flows",
    "object-centric-learning",
    "on-policy-distillation",
    "optimal-transport",
    "parameter-efficient-fine-tuning",
    "physics-informed-neural-networks",
    "preference-optimization",
    "prompt-tuning",
    "recommender-systems",
    "reinforcement-learning-from-human-feedback",
    "reinforcement-learning-with-verifiable-rewards",
    "retrieval-augmented-generation",
    "reward-modeling",
    "scaling-laws",
    "sparse-autoencoders",
    "speculative-decoding",
    "state-space-models",
    "supervised-fine-tuning",
    "synthetic-data",
    "test-time-scaling",
    "tool-learning",
    "training-dynamics",
    "unified-multimodal-models",
    "variational-autoencoders",
    "video-diffusion-models",
    "vision-language-models",
    "vision-transformers",
)
IS_SOURCE_KEYWORD_COMMENT = (
    "True for a keyword as authors or a source wrote it that matches no tag of the "
    "vocabulary (one paper's wording, often); false for Papers with Code and leaderboard "
    "tasks, research areas, curated keywords and arXiv categories."
)
SLUG_COMMENT = (
    "Natural key: lowercase ASCII words joined by '-', e.g. link-prediction; for a keyword of "
    "its own, the key of its name (case, punctuation and plurals folded, e.g. "
    "multiagentsystem)."
)
OLD_SLUG_COMMENT = "Natural key: lowercase ASCII words joined by '-', e.g. link-prediction."


def _lower(text: str) -> bool:
    return text != "" and all(c.islower() or c.isnumeric() for c in text)


def _singular(word: str, *, one_word: bool) -> str:
    """etl.transform.tag_keys' plural rules, as they were in this revision, on a lowercased
    word."""
    stem = word[:-3]
    if word.endswith("ies") and len(stem) >= 2 and stem.isalpha() and _lower(stem):
        return stem + "y"
    stem = word[:-2]
    sibilant = stem.endswith(("ss", "zz", "x", "ch", "sh"))
    if word.endswith("es") and sibilant and stem.isalpha() and _lower(stem):
        return stem
    stem = word[:-1]
    if word.endswith("che") and stem.isalpha() and _lower(stem):
        return stem
    shortest = 4 if one_word else 3
    if word.endswith("s") and len(stem) >= shortest and _lower(stem) and stem[-1] not in "isu":
        return stem
    return word


def _tag_key(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.category(c).startswith("M"))
    words = "".join(c if c.isalnum() else " " for c in plain).split()
    acronym_plural = [
        w[:-1] if len(w) > 1 and w[-1] == "s" and w[-2].isupper() else w for w in words
    ]
    one_word = len(words) == 1
    return "".join(_singular(w.lower(), one_word=one_word) for w in acronym_plural)


def _is_acronym(name: str) -> bool:
    """One token, two capitals or more, no three lowercase letters in a row."""
    return bool(
        re.fullmatch(r"[A-Za-z0-9+\-]+", name)
        and sum("A" <= c <= "Z" for c in name) >= 2
        and not re.search(r"[a-z]{3}", name)
    )


def _acronym_key(name: str) -> str:
    """An acronym matches loosely on case and a plural `s` only (`IN-R` is not `INR`)."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.category(c).startswith("M"))
    words = "".join(c if c.isalnum() else " " for c in plain.lower()).split()
    return re.sub(r"s$", "", " ".join(words))


def _keyword_slug(name: str) -> str:
    key = _tag_key(name)
    if re.fullmatch(r"[a-z0-9]+", key):
        return key
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:8]
    ascii_part = re.sub(r"[^a-z0-9]+", "", key.lower())
    return f"{ascii_part}-{digest}" if ascii_part else f"keyword-{digest}"


def _target_slugs(tags: list) -> dict[str, str]:
    """The slug of the tag each spelling of a source keyword now has: the vocabulary's tag an
    acronym or the key of a name matches, else the key's own."""
    by_acronym: dict[str, str] = {}
    by_name: dict[str, str] = {}
    for t in tags:
        if t.is_source_keyword:
            continue
        if _is_acronym(t.tag_name):
            by_acronym.setdefault(_acronym_key(t.tag_name), t.tag_slug)
        else:
            by_name.setdefault(_tag_key(t.tag_name), t.tag_slug)

    def slug(spelling: str) -> str:
        return (
            by_acronym.get(_acronym_key(spelling))
            or by_name.get(_tag_key(spelling))
            or _keyword_slug(spelling)
        )

    return slug


def _rekey_source_keywords(conn: sa.Connection) -> None:
    """Each source keyword's paper tags to the tag of their spelling's slug (paper tags from
    sources carry the keyword as written in matched_text), then each such tag named by its
    most frequent spelling; tags left without paper tags or results go."""
    tags = conn.execute(
        sa.text(
            "SELECT tag_id, tag_slug, tag_name, is_source_keyword, created_run_id, "
            "changed_run_id FROM tags ORDER BY tag_slug"
        )
    ).all()
    slug_of = _target_slugs(tags)
    by_id = {t.tag_id: t for t in tags}
    spellings = conn.execute(
        sa.text(
            "SELECT t.tag_id, coalesce(pt.matched_text, t.tag_name) AS spelling, "
            "count(pt.tag_id) AS papers FROM tags t LEFT JOIN paper_tags pt USING (tag_id) "
            "WHERE t.is_source_keyword GROUP BY 1, 2 ORDER BY 1, 2"
        )
    ).all()
    conn.execute(
        sa.text("UPDATE tags SET tag_slug = 'rekeying-' || tag_id WHERE is_source_keyword")
    )
    vocabulary = {t.tag_slug: t.tag_id for t in tags if not t.is_source_keyword}
    groups: dict[str, list] = defaultdict(list)
    for row in spellings:
        groups[slug_of(row.spelling)].append(row)
    claimed: set[int] = set()
    moves = []  # (from tag_id, spelling, to tag_id)
    for slug, rows in sorted(groups.items()):
        if slug in vocabulary:
            moves += [(r.tag_id, r.spelling, vocabulary[slug]) for r in rows]
            continue
        counts: Counter[str] = Counter()
        per_tag: Counter[int] = Counter()
        for r in rows:
            counts[r.spelling] += r.papers
            per_tag[r.tag_id] += r.papers
        name = min(counts, key=lambda s: (-counts[s], s))
        free = [t for t in per_tag if t not in claimed]
        if free:
            target = min(free, key=lambda t: (-per_tag[t], t))
            conn.execute(
                sa.text("UPDATE tags SET tag_slug = :slug, tag_name = :name WHERE tag_id = :id"),
                {"slug": slug, "name": name, "id": target},
            )
        else:  # every tag of these spellings keeps others: a tag of its own
            first = by_id[min(per_tag)]
            target = conn.execute(
                sa.text(
                    "INSERT INTO tags (tag_slug, tag_name, kind, is_source_keyword, "
                    "created_run_id, changed_run_id) VALUES (:slug, :name, 'keyword', true, "
                    ":created, :changed) RETURNING tag_id"
                ),
                {
                    "slug": slug,
                    "name": name,
                    "created": first.created_run_id,
                    "changed": first.changed_run_id,
                },
            ).scalar_one()
        claimed.add(target)
        moves += [(r.tag_id, r.spelling, target) for r in rows if r.tag_id != target]
    conn.execute(
        sa.text("CREATE TEMPORARY TABLE tag_moves (from_id bigint, spelling text, to_id bigint)")
    )
    if moves:
        conn.execute(
            sa.text("INSERT INTO tag_moves VALUES (:f, :s, :t)"),
            [{"f": f, "s": s, "t": t} for f, s, t in moves],
        )
    moved = (
        "FROM paper_tags p JOIN tags t USING (tag_id) JOIN tag_moves m "
        "ON m.from_id = p.tag_id AND m.spelling = coalesce(p.matched_text, t.tag_name)"
    )
    conn.execute(
        sa.text(
            f"""
            INSERT INTO paper_tags AS pt (paper_id, tag_id, origin, confidence, matched_text,
                                          created_run_id, changed_run_id)
            SELECT DISTINCT ON (p.paper_id, m.to_id, p.origin)
                   p.paper_id, m.to_id, p.origin, p.confidence, p.matched_text,
                   p.created_run_id, p.changed_run_id
            {moved}
            ORDER BY p.paper_id, m.to_id, p.origin, p.confidence DESC, p.matched_text
            ON CONFLICT (paper_id, tag_id, origin) DO UPDATE
                SET confidence = greatest(pt.confidence, excluded.confidence)
            """
        )
    )
    conn.execute(
        sa.text(
            "DELETE FROM paper_tags d USING tags t, tag_moves m WHERE d.tag_id = t.tag_id "
            "AND m.from_id = d.tag_id AND m.spelling = coalesce(d.matched_text, t.tag_name)"
        )
    )
    # A source keyword named as a result's task follows the spelling of its name.
    conn.execute(
        sa.text(
            "UPDATE results r SET task_tag_id = m.to_id FROM tags t, tag_moves m "
            "WHERE r.task_tag_id = t.tag_id AND m.from_id = t.tag_id AND m.spelling = t.tag_name"
        )
    )
    conn.execute(sa.text("DROP TABLE tag_moves"))
    conn.execute(
        sa.text(
            "DELETE FROM tags t WHERE t.is_source_keyword AND t.tag_slug LIKE 'rekeying-%' "
            "AND NOT EXISTS (SELECT 1 FROM paper_tags p WHERE p.tag_id = t.tag_id) "
            "AND NOT EXISTS (SELECT 1 FROM results r WHERE r.task_tag_id = t.tag_id)"
        )
    )


def upgrade() -> None:
    op.add_column(
        "tags",
        sa.Column(
            "is_source_keyword", sa.Boolean(), nullable=True, comment=IS_SOURCE_KEYWORD_COMMENT
        ),
    )
    op.execute(
        sa.text(
            "UPDATE tags SET is_source_keyword = kind = 'keyword' AND tag_slug <> ALL(:curated)"
        ).bindparams(curated=list(CURATED_KEYWORDS))
    )
    op.alter_column("tags", "is_source_keyword", nullable=False)
    op.alter_column("tags", "tag_slug", comment=SLUG_COMMENT, existing_comment=OLD_SLUG_COMMENT)
    _rekey_source_keywords(op.get_bind())
    op.execute("DROP VIEW analytics.paper_tags")
    for statement in view_statements("analytics.paper_tags", 2):
        op.execute(statement)
    for statement in view_statements("analytics.tags", 1):
        op.execute(statement)
    op.execute(f"REVOKE SELECT ON public.tags FROM {READER}")


def downgrade() -> None:
    op.execute(f"GRANT SELECT ON public.tags TO {READER}")
    op.execute("DROP VIEW analytics.tags")
    op.execute("DROP VIEW analytics.paper_tags")
    for statement in view_statements("analytics.paper_tags", 1):
        op.execute(statement)
    op.alter_column("tags", "tag_slug", comment=OLD_SLUG_COMMENT, existing_comment=SLUG_COMMENT)
    op.drop_column("tags", "is_source_keyword")
