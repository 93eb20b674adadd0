"""`etl rederive`: a warehouse derived by older rules, whose input files are gone, is brought
to what the current rules derive, through the gate, changing only what the rules change."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import psycopg
import pytest

from etl.pipeline import EXIT_PUBLISHED
from tests.etl_process import run_etl_here
from tests.published import published_state

pytestmark = pytest.mark.slow

FIXTURES = Path(__file__).parents[1] / "fixtures"
# Abstracts with results, tags and links; source-field links; leaderboard values.
INPUTS = [
    FIXTURES / "listings" / "tiny.txt",
    *sorted((FIXTURES / "hf-daily").glob("*.json")),
    FIXTURES / "pwc" / "evaluation-tables.json",
    FIXTURES / "pwc" / "leaderboard-units" / "evaluation-tables.json",
]
DERIVED = {
    "results": "SELECT p.paper_key, r.origin, r.span_start, r.span_end, r.source_file, "
    "r.record_number, r.metric_text, r.value, r.unit, r.scale, r.kind, m.metric_name, "
    "d.dataset_name, r.dataset_way, r.raw_text FROM results r JOIN papers p USING (paper_id) "
    "LEFT JOIN metrics m USING (metric_id) LEFT JOIN datasets d USING (dataset_id)",
    "rule tags": "SELECT p.paper_key, t.tag_slug, pt.confidence, pt.way FROM paper_tags pt "
    "JOIN papers p USING (paper_id) JOIN tags t USING (tag_id) WHERE pt.origin = 'rule'",
    "links": "SELECT p.paper_key, r.canonical_url, pr.subpath, pr.origin, pr.source_field "
    "FROM paper_repositories pr JOIN papers p USING (paper_id) JOIN repositories r "
    "USING (repository_id)",
    "method names": "SELECT paper_key, method_name, method_name_way FROM papers",
}


# What rederive leaves alone: what sources said, not what rules derived from it.
NOT_DERIVED = {
    f"public.{table}"
    for table in ("paper_sources", "paper_listings", "paper_authors", "paper_identifiers",
                  "listings", "authors", "organizations", "paper_organizations")
}  # fmt: skip


def _derived(url: str) -> dict[str, set[tuple]]:
    with psycopg.connect(url) as conn:
        return {name: set(conn.execute(query).fetchall()) for name, query in DERIVED.items()}


def _as_older_rules_left_it(url: str) -> None:
    """What a version with other rules could have published: a result and a rule tag the
    current rules do not derive, a result and a link they do that is missing, another
    canonical form of two links (one found in an abstract, one from a source field), another
    method name, and the runs' rules version."""
    with psycopg.connect(url) as conn:
        conn.execute(
            "UPDATE results SET unit = NULL, scale = NULL WHERE result_id = "
            "(SELECT min(result_id) FROM results WHERE origin = 'leaderboard' AND unit = '%')"
        )
        conn.execute(
            "DELETE FROM results WHERE result_id = "
            "(SELECT min(result_id) FROM results WHERE origin = 'abstract')"
        )
        # A result published before its dataset's way was kept.
        conn.execute(
            "UPDATE results SET dataset_way = NULL WHERE result_id = "
            "(SELECT max(result_id) FROM results WHERE dataset_way IS NOT NULL)"
        )
        # A rule tag published before its way was kept.
        conn.execute(
            "UPDATE paper_tags SET way = NULL WHERE (paper_id, tag_id) = (SELECT paper_id, "
            "tag_id FROM paper_tags WHERE way IS NOT NULL ORDER BY 1, 2 LIMIT 1)"
        )
        conn.execute(
            "INSERT INTO paper_tags (paper_id, tag_id, origin, confidence, matched_text, "
            "created_run_id, changed_run_id) SELECT p.paper_id, t.tag_id, 'rule', 0.9, 'x', 1, 1 "
            "FROM papers p, tags t WHERE p.abstract IS NOT NULL AND t.kind = 'task' "
            "AND NOT EXISTS (SELECT 1 FROM paper_tags e WHERE e.paper_id = p.paper_id "
            "AND e.tag_id = t.tag_id) ORDER BY p.paper_id LIMIT 1"
        )
        for origin in ("abstract", "source-field"):
            conn.execute(
                "UPDATE paper_repositories SET repository_id = (SELECT repository_id FROM "
                "repositories WHERE kind = 'project_page' ORDER BY 1 LIMIT 1) "
                "WHERE paper_repository_id = (SELECT min(paper_repository_id) "
                "FROM paper_repositories WHERE origin = %s)",
                (origin,),
            )
        conn.execute(
            "UPDATE papers SET method_name = 'OldName' WHERE paper_id = "
            "(SELECT min(paper_id) FROM papers WHERE method_name IS NOT NULL)"
        )
        # A name read from an abstract published before its way was kept (migration 0036
        # gives the title's names theirs).
        conn.execute(
            "UPDATE papers SET method_name_way = NULL WHERE paper_id = "
            "(SELECT max(paper_id) FROM papers WHERE method_name_origin = 'abstract')"
        )
        conn.execute("UPDATE etl.runs SET rules_version = 'older'")


def test_rederive_brings_a_warehouse_to_the_current_rules_and_then_changes_nothing(
    database_url: str, second_database_url: str, tmp_path: Path
) -> None:
    # The reference: the same files loaded by the current rules, into a second database.
    fresh = second_database_url
    copies = []
    for path in INPUTS:
        copy = tmp_path / path.parent.name / path.name
        copy.parent.mkdir(exist_ok=True)
        shutil.copy(path, copy)
        copies.append(copy)
    assert run_etl_here(["load", "--quiet", *map(str, copies)], fresh).returncode == EXIT_PUBLISHED
    assert run_etl_here(["load", "--quiet", *map(str, copies)], database_url).returncode == 0
    expected = _derived(fresh)
    _as_older_rules_left_it(database_url)
    older = _derived(database_url)
    assert {name for name in DERIVED if older[name] != expected[name]} == set(DERIVED)
    kept = {t: n for t, n in published_state(database_url).items() if t in NOT_DERIVED}
    for copy in copies:  # the input files are gone
        copy.unlink()

    noted = run_etl_here(["load", str(FIXTURES / "listings" / "tiny.txt")], database_url)
    assert noted.returncode == EXIT_PUBLISHED, noted.stderr
    assert "were derived by other rules (older); `etl rederive` derives them again" in (
        noted.stderr
    )

    rederived = run_etl_here(["rederive"], database_url)
    assert rederived.returncode == EXIT_PUBLISHED, rederived.stderr
    assert "paperhouse rederive: run" in rederived.stderr and "published" in rederived.stderr
    assert _derived(database_url) == expected
    assert {t: n for t, n in published_state(database_url).items() if t in NOT_DERIVED} == kept

    again = run_etl_here(["rederive", "--json"], database_url)
    assert again.returncode == EXIT_PUBLISHED, again.stderr
    counts = json.loads(again.stdout)["row_counts"]
    assert {c["inserted"] + c["updated"] + c["deleted"] for c in counts.values()} == {0}
    quiet = run_etl_here(["load", str(FIXTURES / "listings" / "tiny.txt")], database_url)
    assert "etl rederive" not in quiet.stderr
