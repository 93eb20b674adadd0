"""Organisations on a real database: a paper's names become one organisation each, and a load
after the rules changed moves a paper's links from the organisation a name was published
under to the one it is now, leaving no former organisation behind; a load again changes
nothing."""

from __future__ import annotations

import json
from pathlib import Path

import psycopg
import pytest

from etl.config import Settings
from etl.pipeline import EXIT_PUBLISHED, load
from etl.progress import Progress

pytestmark = pytest.mark.slow

# A NeurIPS 2018-style record: papercopilot's normalised names fold Google DeepMind into
# Google; UIUC is written two ways.
PAPER = {
    "id": "1",
    "title": "Organisations under several names",
    "status": "Poster",
    "author": "A A; B B; C C; D D",
    "aff": "Google DeepMind; Google Brain; University of Illinois at Urbana-Champaign; UIUC",
    "aff_unique_norm": "Google;University of Illinois Urbana-Champaign;UIUC",
    "aff_unique_index": "0;0;1;2",
}


def _organisations(url: str) -> list[tuple[str, str]]:
    with psycopg.connect(url) as conn:
        return conn.execute(
            "SELECT o.organization_key, o.name FROM organizations o "
            "JOIN paper_organizations USING (organization_id) ORDER BY 1"
        ).fetchall()


def test_a_load_moves_links_from_former_organisations(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    path = tmp_path / "nips2018.json"
    path.write_text(json.dumps([PAPER]), encoding="utf-8")
    assert load([path], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    now = [
        ("google", "Google"),
        ("googledeepmind", "Google DeepMind"),
        ("universityofillinoiurbanachampaign", "University of Illinois Urbana-Champaign"),
    ]
    assert _organisations(database_url) == now
    # As older rules published it: keys as written, Google DeepMind folded into Google.
    with psycopg.connect(database_url) as conn:
        conn.execute(
            "UPDATE organizations SET organization_key = 'university of illinois urbana "
            "champaign' WHERE organization_key = 'universityofillinoiurbanachampaign'"
        )
        conn.execute(
            "DELETE FROM paper_organizations WHERE organization_id = (SELECT organization_id "
            "FROM organizations WHERE organization_key = 'googledeepmind')"
        )
        conn.execute("DELETE FROM organizations WHERE organization_key = 'googledeepmind'")
    reloaded = load([path], settings, Progress(quiet=True), reload=True)
    assert reloaded.exit_code == EXIT_PUBLISHED
    # Google stays: an author's "Google Brain" still names it.
    assert _organisations(database_url) == now
    with psycopg.connect(database_url) as conn:
        assert conn.execute("SELECT count(*) FROM organizations").fetchone() == (3,)
    assert reloaded.row_counts["organizations"]["deleted"] == 1
    assert reloaded.row_counts["paper_organizations"]["deleted"] == 1
    again = load([path], settings, Progress(quiet=True), reload=True)
    for table in ("organizations", "paper_organizations"):
        assert again.row_counts[table] | {"staged": 0} == {
            "staged": 0, "inserted": 0, "updated": 0, "deleted": 0
        }  # fmt: skip


def test_analytics_paper_organizations_has_one_row_per_paper_and_organisation(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    path = tmp_path / "nips2018.json"
    path.write_text(json.dumps([PAPER]), encoding="utf-8")
    assert load([path], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    with psycopg.connect(database_url) as conn:
        # The same organisation named by the source too: two rows of paper_organizations.
        conn.execute(
            "INSERT INTO paper_organizations (paper_id, organization_id, origin, "
            "created_run_id, changed_run_id) SELECT po.paper_id, po.organization_id, 'source', "
            "po.created_run_id, po.changed_run_id FROM paper_organizations po JOIN organizations o "
            "USING (organization_id) WHERE o.name = 'Google'"
        )
        rows = conn.execute(
            "SELECT title, organization_name, is_named_by_source, is_an_author_affiliation "
            "FROM analytics.paper_organizations ORDER BY organization_name"
        ).fetchall()
        distinct = conn.execute(
            "SELECT count(DISTINCT (paper_id, organization_id)) FROM paper_organizations"
        ).fetchone()
    title = PAPER["title"]
    assert rows == [
        (title, "Google", True, True),
        (title, "Google DeepMind", False, True),
        (title, "University of Illinois Urbana-Champaign", False, True),
    ]
    assert distinct == (len(rows),)
