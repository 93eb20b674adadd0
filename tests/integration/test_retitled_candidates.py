"""A paper resubmitted under a new title (an OpenReview id and an arXiv id, the same authors,
near-identical abstracts) stays two papers and becomes a merge candidate with its evidence."""

from __future__ import annotations

import json
from pathlib import Path

import psycopg

from etl.config import Settings
from etl.contracts import RETITLED_MIN_ABSTRACT_SIMILARITY
from etl.pipeline import EXIT_PUBLISHED, load
from etl.progress import Progress

ABSTRACT = (
    "Modern web agents possess computer use abilities that allow them to interact with "
    "webpages by sending commands to a virtual keyboard and mouse. We introduce a benchmark "
    "of one hundred and eleven information seeking questions designed to evaluate a web "
    "agent's ability to search, browse and identify factual information from the web, and "
    "we find that the best agents answer under a quarter of them."
)
# The same abstract with a few words changed, as a resubmission's often is.
ABSTRACT_REVISED = (
    ABSTRACT.replace("one hundred and eleven", "one hundred and twenty")
    .replace("Modern", "Today's")
    .replace("under a quarter", "less than a third")
)
OTHER_ABSTRACT = (
    "We study how language models revise their own critiques when given feedback from a "
    "stronger model, and show that critique quality improves over three rounds of revision "
    "on mathematical reasoning tasks while the cost of each round stays constant."
)
AUTHORS = ("Yixiao Song", "Katherine Thai", "Mohit Iyyer")


def _arxiv_line(arxiv_id: str, title: str, abstract: str, authors: tuple[str, ...]) -> str:
    record = {
        "id": arxiv_id,
        "submitter": authors[0],
        "authors": ", ".join(authors),
        "title": title,
        "abstract": abstract,
        "categories": "cs.CL",
        "versions": [{"version": "v1", "created": "Thu, 2 Jan 2025 10:00:00 GMT"}],
        "update_date": "2025-01-02",
        "authors_parsed": [[name.split()[-1], " ".join(name.split()[:-1]), ""] for name in authors],
    }
    return json.dumps(record) + "\n"


def _conference_record(
    openreview_id: str, title: str, abstract: str, authors: tuple[str, ...]
) -> dict:
    return {
        "id": openreview_id,
        "title": title,
        "status": "Poster",
        "abstract": abstract,
        "keywords": "agents",
        "author": ";".join(authors),
        "site": f"https://openreview.net/forum?id={openreview_id}",
    }


def test_a_retitled_resubmission_is_a_merge_candidate_with_its_evidence(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    conference = tmp_path / "colm2025.json"
    conference.write_text(
        json.dumps(
            [
                _conference_record("0JzWiigkUy", "BEARCUBS: A Benchmark", ABSTRACT, AUTHORS),
                # Same authors, another paper.
                _conference_record("1AbCdEfGhI", "Critique Rounds", OTHER_ABSTRACT, AUTHORS),
                # Same abstract, but the author list is another.
                _conference_record(
                    "2AbCdEfGhI", "A Benchmark of Web Questions", ABSTRACT, AUTHORS[::-1]
                ),
            ]
        )
    )
    preprints = tmp_path / "arxiv.jsonl"
    preprints.write_text(
        _arxiv_line("2501.00001", "Agents Browsing the Web", ABSTRACT_REVISED, AUTHORS)
        # Two arXiv ids are two papers, whatever their abstracts say.
        + _arxiv_line("2501.00002", "Agents Browsing the Web II", ABSTRACT_REVISED, AUTHORS)
    )

    outcome = load([conference, preprints], settings, Progress(quiet=True))

    assert outcome.exit_code == EXIT_PUBLISHED, outcome.error
    with psycopg.connect(database_url) as conn:
        papers = dict(
            conn.execute(
                "SELECT coalesce(arxiv_id, openreview_id), paper_id FROM papers"
            ).fetchall()
        )
        candidates = conn.execute(
            "SELECT paper_id, other_paper_id, evidence, abstract_similarity, run_id "
            "FROM etl.merge_candidates"
        ).fetchall()
    assert len(papers) == 5
    pairs = {(paper, other): rest for paper, other, *rest in candidates}
    bearcubs = papers["0JzWiigkUy"]
    preprint, second_preprint = papers["2501.00001"], papers["2501.00002"]
    assert pairs.keys() == {
        (max(bearcubs, preprint), min(bearcubs, preprint)),
        (max(bearcubs, second_preprint), min(bearcubs, second_preprint)),
    }
    for evidence, similarity, run_id in pairs.values():
        assert evidence == "authors_and_abstract"
        assert RETITLED_MIN_ABSTRACT_SIMILARITY <= similarity < 1
        assert run_id == outcome.run_id

    again = load([conference, preprints], settings, Progress(quiet=True), reload=True)

    assert again.exit_code == EXIT_PUBLISHED, again.error
    with psycopg.connect(database_url) as conn:
        found_again = conn.execute("SELECT count(*) FROM etl.merge_candidates").fetchone()
    assert found_again == (2,)
    assert _author_lists_match_paper_authors(database_url)


def _author_lists_match_paper_authors(database_url: str) -> bool:
    with psycopg.connect(database_url) as conn:
        return conn.execute(
            "SELECT count(*) = 0 FROM ("
            "  (SELECT paper_id, author_ids FROM etl.author_lists"
            "   EXCEPT SELECT paper_id, array_agg(author_id ORDER BY position)"
            "   FROM paper_authors GROUP BY paper_id)"
            "  UNION ALL"
            "  (SELECT paper_id, array_agg(author_id ORDER BY position)"
            "   FROM paper_authors GROUP BY paper_id"
            "   EXCEPT SELECT paper_id, author_ids FROM etl.author_lists)) AS differing"
        ).fetchone()[0]


def test_a_changed_author_list_is_looked_up_as_it_now_is(
    settings: Settings, database_url: str, tmp_path: Path
) -> None:
    first = tmp_path / "first.jsonl"
    first.write_text(_arxiv_line("2501.00001", "Agents Browsing the Web", ABSTRACT, AUTHORS))
    assert load([first], settings, Progress(quiet=True)).exit_code == EXIT_PUBLISHED
    assert _author_lists_match_paper_authors(database_url)

    # The same file again, its paper's author list shorter: the list kept follows, and a
    # conference record of the new list and a near-identical abstract pairs with it.
    first.write_text(_arxiv_line("2501.00001", "Agents Browsing the Web", ABSTRACT, AUTHORS[:2]))
    conference = tmp_path / "colm2025.json"
    conference.write_text(
        json.dumps([_conference_record("0JzWiigkUy", "BEARCUBS", ABSTRACT_REVISED, AUTHORS[:2])])
    )
    outcome = load([first, conference], settings, Progress(quiet=True))

    assert outcome.exit_code == EXIT_PUBLISHED, outcome.error
    assert _author_lists_match_paper_authors(database_url)
    with psycopg.connect(database_url) as conn:
        lengths = conn.execute(
            "SELECT cardinality(author_ids) FROM etl.author_lists ORDER BY paper_id"
        ).fetchall()
        evidence = conn.execute("SELECT evidence FROM etl.merge_candidates").fetchall()
    assert lengths == [(2,), (2,)]
    assert evidence == [("authors_and_abstract",)]
