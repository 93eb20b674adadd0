"""Migration 0023 on a warehouse published before it: source keywords spelled alike become one
tag (or the vocabulary's), each paper tag moved by the spelling it carries, curated keywords
left alone, and analytics.paper_tags one row per paper and tag."""

from __future__ import annotations

import importlib.util

import polars as pl
import psycopg
from alembic import command

from etl import db
from etl.config import PROJECT_ROOT
from etl.transform.normalize import _acronym_key
from etl.transform.tag_keys import keyword_slug, tag_key
from etl.transform.tags import is_acronym

MIGRATION = PROJECT_ROOT / "migrations" / "versions" / "2026_12_04_1400-0023_tags_one_per_key.py"

# (slug, name, kind) as 0020's loads published them, and (paper, slug, origin, matched_text).
TAGS = [
    ("multi-agent", "Multi-agent", "keyword"),
    ("multiagent", "multiagent", "keyword"),
    ("continual-pretraining", "Continual Pretraining", "task"),
    ("continual-pre-training", "continual pre-training", "keyword"),
    ("gui-agents", "GUI Agents", "keyword"),  # curated, with neither parent nor area
    ("maps", "Maps", "keyword"),
    ("map", "mAP", "keyword"),
    ("llms", "LLMs", "keyword"),
]
PAPER_TAGS = [
    (1, "multi-agent", "author", "Multi-agent"),
    (2, "multi-agent", "source", "multi-agent"),
    (2, "multiagent", "source", "multiagent"),
    (3, "multiagent", "author", "multiagent"),
    (1, "continual-pre-training", "author", "continual pre-training"),
    (3, "gui-agents", "source", "GUI Agents"),
    (3, "maps", "source", "Maps"),
    (3, "map", "source", "mAP"),
    # One tag of old held two spellings whose keys differ: an acronym's plural goes by its
    # capital, a short word keeps its s.
    (1, "llms", "source", "LLMs"),
    (2, "llms", "source", "llms"),
]


def _migration():
    spec = importlib.util.spec_from_file_location("migration_0023", MIGRATION)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_migrations_copy_of_the_keys_agrees_with_the_transform() -> None:
    migration = _migration()
    names = [
        *(name for _, name, _ in TAGS),
        *(text for *_, text in PAPER_TAGS),
        "Large language models (LLMs)", "reasoning llms", "LLMs", "domain gaps", "caches",
        "strategies", "boxes", "news", "Zoë", "机器学习", "IN-R", "INR", "3D-QA", "GANs", "",
    ]  # fmt: skip
    frame = pl.DataFrame({"name": names}).select(
        "name",
        key=tag_key(pl.col("name")),
        slug=keyword_slug(pl.col("name")),
        acronym=is_acronym(pl.col("name")),
        acronym_key=_acronym_key(pl.col("name")),
    )
    for name, key, slug, acronym, acronym_key in frame.iter_rows():
        assert migration._tag_key(name) == key, name
        assert migration._keyword_slug(name) == slug, name
        assert migration._is_acronym(name) == acronym, name
        assert migration._acronym_key(name) == acronym_key, name


def test_published_keywords_are_rekeyed(empty_database_url: str) -> None:
    url = empty_database_url
    config = db.alembic_config(url)
    config.attributes["configure_logger"] = False
    command.upgrade(config, "0020")
    with psycopg.connect(url) as conn:
        conn.execute(
            "INSERT INTO etl.runs (run_id, command, status, code_version, finished_at) "
            "VALUES (1, 'load', 'published', 'test', now())"
        )
        for paper in (1, 2, 3):
            conn.execute(
                "INSERT INTO papers (paper_id, paper_key, title, created_run_id, changed_run_id) "
                "VALUES (%s, %s, 'A paper', 1, 1)",
                (paper, f"title:{paper}"),
            )
        for slug, name, kind in TAGS:
            conn.execute(
                "INSERT INTO tags (tag_slug, tag_name, kind, created_run_id, changed_run_id) "
                "VALUES (%s, %s, %s, 1, 1)",
                (slug, name, kind),
            )
        for paper, slug, origin, text in PAPER_TAGS:
            conn.execute(
                "INSERT INTO paper_tags (paper_id, tag_id, origin, confidence, matched_text, "
                "created_run_id, changed_run_id) SELECT %s, tag_id, %s, 0.8, %s, 1, 1 "
                "FROM tags WHERE tag_slug = %s",
                (paper, origin, text, slug),
            )
    command.upgrade(config, "0023")
    with psycopg.connect(url) as conn:
        tags = conn.execute(
            "SELECT t.tag_slug, t.tag_name, t.is_source_keyword, "
            "array_agg(p.paper_id || ':' || p.origin ORDER BY p.paper_id, p.origin) "
            "FROM tags t LEFT JOIN paper_tags p USING (tag_id) GROUP BY 1, 2, 3 ORDER BY 1"
        ).fetchall()
        views = conn.execute(
            "SELECT (SELECT count(*) FROM analytics.paper_tags), "
            "(SELECT count(DISTINCT (paper_id, tag_id)) FROM analytics.paper_tags), "
            "(SELECT origins FROM analytics.paper_tags WHERE tag_slug = 'multiagent' "
            " AND paper_id = 2), "
            "has_table_privilege('paperhouse_reader', 'public.tags', 'SELECT')"
        ).fetchone()
    assert tags == [
        ("continual-pretraining", "Continual Pretraining", False, ["1:author"]),
        ("gui-agents", "GUI Agents", False, ["3:source"]),
        ("llm", "LLMs", True, ["1:source"]),
        ("llms", "llms", True, ["2:source"]),
        ("map", "mAP", True, ["3:source"]),
        ("maps", "Maps", True, ["3:source"]),
        # Named by its most frequent spelling on papers.
        ("multiagent", "multiagent", True, ["1:author", "2:source", "3:author"]),
    ]
    assert views == (9, 9, ["source"], False)
