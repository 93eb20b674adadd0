"""Tags one per key, analytics.paper_tags one row per paper and tag, and the tags readers see.

- tags.is_source_keyword: true for a keyword as authors or a source wrote it that matches no
  tag of the vocabulary. Filled from what the published rows say: tasks, areas and arXiv
  categories are not; a keyword is when it has neither parent nor area (curated keywords have
  one, except the five CURATED_WITHOUT_PARENT_OR_AREA).
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
Revises: 0020
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
down_revision: str | Sequence[str] | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

READER = "paperhouse_reader"
CURATED_WITHOUT_PARENT_OR_AREA = (
    "gui-agents",
    "long-context",
    "multi-agent-systems",
    "supervised-fine-tuning",
    "synthetic-data",
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


def _singular(word: str) -> str:
    """etl.transform.tag_keys' plural rules, as they were in this revision."""
    if word.endswith("ies") and len(word) >= 5 and _lower(word[:-3]) and word[:-3].isalpha():
        return word[:-3] + "y"
    stem = word[:-2]
    sibilant = stem.endswith(("ss", "x", "z", "ch", "sh"))
    if word.endswith("es") and sibilant and stem.isalpha() and all(c.islower() for c in stem):
        return stem
    stem = word[:-1]
    if word.endswith("s") and len(stem) >= 3 and _lower(stem) and stem[-1] not in "isu":
        return stem
    if word.endswith("s") and _case_kept(stem) and stem[-1].isupper():
        return stem
    return word


def _case_kept(word: str) -> bool:
    """A lowercase start then a capital: mAP, mIoU."""
    i = 0
    while i < len(word) and word[i].islower():
        i += 1
    return 0 < i < len(word) and word[i].isupper()


def _tag_key(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.category(c).startswith("M"))
    words = "".join(c if c.isalnum() else " " for c in plain).split()
    return "".join(_singular(w if _case_kept(w) else w.lower()) for w in words)


def _keyword_slug(name: str) -> str:
    key = _tag_key(name)
    if re.fullmatch(r"[a-z0-9]+", key):
        return key
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:8]
    ascii_part = re.sub(r"[^a-z0-9]+", "", key.lower())
    return f"{ascii_part}-{digest}" if ascii_part else f"keyword-{digest}"


def _rekey_source_keywords(conn: sa.Connection) -> None:
    tags = conn.execute(
        sa.text("SELECT tag_id, tag_slug, tag_name, is_source_keyword FROM tags ORDER BY tag_slug")
    ).all()
    by_slug = {t.tag_slug: t.tag_id for t in tags}
    vocabulary_by_key: dict[str, str] = {}
    for t in tags:
        if not t.is_source_keyword:
            vocabulary_by_key.setdefault(_tag_key(t.tag_name), t.tag_slug)
    groups: dict[str, list[int]] = defaultdict(list)
    for t in tags:
        if t.is_source_keyword:
            key = _tag_key(t.tag_name)
            groups[vocabulary_by_key.get(key) or _keyword_slug(t.tag_name)].append(t.tag_id)
    spellings = Counter(
        {
            (row.tag_id, row.spelling): row.papers
            for row in conn.execute(
                sa.text(
                    "SELECT pt.tag_id, coalesce(pt.matched_text, t.tag_name) AS spelling, "
                    "count(*) AS papers FROM paper_tags pt JOIN tags t USING (tag_id) "
                    "WHERE t.is_source_keyword AND pt.origin <> 'rule' GROUP BY 1, 2"
                )
            )
        }
    )
    names = {t.tag_id: t.tag_name for t in tags}
    source_keyword = {t.tag_id: t.is_source_keyword for t in tags}
    moves = []  # (from tag_id, to tag_id)
    keepers = {}  # the source keyword tag each slug's spellings become, by slug
    for slug, members in sorted(groups.items()):
        holder = by_slug.get(slug)
        if holder is not None and not source_keyword[holder]:
            moves += [(m, holder) for m in members]  # the vocabulary's tag, as it is
            continue
        target = holder if holder in members else min(members)
        counts: Counter[str] = Counter()
        for (tag_id, spelling), papers in spellings.items():
            if tag_id in members:
                counts[spelling] += papers
        name = min(counts, key=lambda s: (-counts[s], s)) if counts else names[target]
        # Out of the way first: another tag may hold the slug until it is merged or renamed.
        conn.execute(
            sa.text("UPDATE tags SET tag_slug = :slug, tag_name = :name WHERE tag_id = :id"),
            {"slug": f"rekeying-{target}", "name": name, "id": target},
        )
        moves += [(m, target) for m in members if m != target]
        keepers[slug] = target
    if moves:
        conn.execute(sa.text("CREATE TEMPORARY TABLE tag_moves (from_id bigint, to_id bigint)"))
        conn.execute(
            sa.text("INSERT INTO tag_moves VALUES (:f, :t)"), [{"f": f, "t": t} for f, t in moves]
        )
        conn.execute(
            sa.text(
                """
                INSERT INTO paper_tags AS pt (paper_id, tag_id, origin, confidence,
                                              matched_text, created_run_id, changed_run_id)
                SELECT DISTINCT ON (p.paper_id, m.to_id, p.origin)
                       p.paper_id, m.to_id, p.origin, p.confidence, p.matched_text,
                       p.created_run_id, p.changed_run_id
                FROM paper_tags p JOIN tag_moves m ON m.from_id = p.tag_id
                ORDER BY p.paper_id, m.to_id, p.origin, p.confidence DESC, p.matched_text
                ON CONFLICT (paper_id, tag_id, origin) DO UPDATE
                    SET confidence = greatest(pt.confidence, excluded.confidence)
                """
            )
        )
        conn.execute(
            sa.text("DELETE FROM paper_tags p USING tag_moves m WHERE p.tag_id = m.from_id")
        )
        conn.execute(
            sa.text(
                "UPDATE results r SET task_tag_id = m.to_id FROM tag_moves m "
                "WHERE r.task_tag_id = m.from_id"
            )
        )
        conn.execute(sa.text("DELETE FROM tags t USING tag_moves m WHERE t.tag_id = m.from_id"))
        conn.execute(sa.text("DROP TABLE tag_moves"))
    for slug, target in keepers.items():
        conn.execute(
            sa.text("UPDATE tags SET tag_slug = :slug WHERE tag_id = :id"),
            {"slug": slug, "id": target},
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
            "UPDATE tags SET is_source_keyword = kind = 'keyword' AND parent_slug IS NULL "
            "AND area_slug IS NULL AND tag_slug <> ALL(:curated)"
        ).bindparams(curated=list(CURATED_WITHOUT_PARENT_OR_AREA))
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
