"""The load benchmark runs the real loader on generated data and reports every figure."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import make_url

from bench.generate_arxiv import generate
from bench.measure_load import measure, report


def test_measure_load_reports_a_real_load_and_its_skip(server_url: str, tmp_path: Path) -> None:
    generated = generate(tmp_path / "arxiv.jsonl", records=300, seed=3, malformed_share=0.02)

    bench_url = make_url(server_url).set(database="paperhouse_bench_test")
    result = measure(generated.path, bench_url.render_as_string(hide_password=False))

    # Every line is a record read or quarantined; some malformed lines are still readable.
    assert result.records_read + result.records_quarantined == 300
    assert 0 < result.records_quarantined <= generated.malformed
    # Updates of earlier papers are records of a paper already counted.
    assert result.papers == result.published_rows["papers"]
    assert result.papers <= 300 - result.records_quarantined
    assert result.published_rows["paper_sources"] == 300 - result.records_quarantined
    assert result.published_rows["results"] > 0 and result.published_rows["paper_tags"] > 0
    assert set(result.stage_seconds) == {"open", "read", "assemble", "validate", "publish"}
    assert result.wall_seconds > 0 and result.peak_rss_mib > 0
    assert result.reload_skip_seconds > 0
    assert f"{result.records_read:,} records" in report(result)
