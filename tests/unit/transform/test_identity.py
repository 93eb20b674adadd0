"""Paper and listing identity: stable, content-derived keys."""

import hashlib

import polars as pl
import pytest

from etl.contracts import IDENTIFIER_KINDS, MEMBER_SCHEMA
from etl.transform.identity import (
    MAX_WEAK_GROUP,
    abstract_fingerprint,
    acl_id,
    document_url,
    doi_in_url,
    listing_slug,
    openreview_id_in_url,
    pwc_id_in_url,
    resolve_identities,
    resolve_papers,
    title_placeholder_kind,
)
from etl.transform.markup import without_markup


def _fingerprint(text: str) -> str:
    return pl.select(abstract_fingerprint(pl.lit(text))).item()


def test_same_abstract_typeset_differently_has_one_fingerprint() -> None:
    variants = [
        "Knowledge graphs (KGs) help; we reach 73.7% Hits@1.",
        "knowledge graphs (kgs) help — we reach 73.7 % hits@1",
        "Knowledge  Graphs (KGs) help;\nwe reach 73.7% Hits@1",
    ]
    assert len({_fingerprint(v) for v in variants}) == 1


def test_accents_do_not_change_the_fingerprint() -> None:
    assert _fingerprint("Erdős graphs") == _fingerprint("Erdos graphs")


def test_different_abstracts_have_different_fingerprints() -> None:
    assert _fingerprint("We reach 73.7% Hits@1.") != _fingerprint("We reach 73.8% Hits@1.")


def test_fingerprint_is_sha256_of_the_normalized_text() -> None:
    # Stored keys must not depend on the Polars version: they are plain sha256.
    expected = hashlib.sha256(b"wereach737hits1").hexdigest()[:32]
    assert _fingerprint("We reach 73.7% Hits@1.") == expected


def test_listing_slug() -> None:
    names = ["NeurIPS 2025 Papers", "Daily Papers 2025-03-04", "  COLM 2025: Poster ", "日本語"]
    slugs = pl.DataFrame({"name": names}).select(listing_slug(pl.col("name"))).to_series().to_list()
    assert slugs[:3] == ["neurips-2025-papers", "daily-papers-2025-03-04", "colm-2025-poster"]
    assert slugs[3].startswith("listing-") and len(slugs[3]) == len("listing-") + 12


def _ids(rows: list[dict]) -> pl.DataFrame:
    columns = ("record_key", *IDENTIFIER_KINDS, "year_low", "year_high")
    return pl.DataFrame(
        [{c: row.get(c, row.get("year") if c.startswith("year_") else None) for c in columns}
         for row in rows],
        schema={c: pl.Int32 if c.startswith("year_") else pl.String for c in columns},
    )  # fmt: skip


def _keys(rows: list[dict]) -> dict[str, str]:
    return dict(resolve_identities(_ids(rows)).iter_rows())


def test_records_sharing_an_identifier_are_one_paper() -> None:
    keys = _keys(
        [
            {"record_key": "listing", "abstract_fingerprint": "fp1"},
            {"record_key": "arxiv", "arxiv_id": "2405.1", "abstract_fingerprint": "fp1"},
            {"record_key": "daily", "arxiv_id": "2405.1", "title_key": "neusymea"},
            {"record_key": "leaderboard", "title_key": "neusymea"},
        ]
    )
    assert set(keys.values()) == {"arxiv:2405.1"}


def test_shared_title_does_not_merge_papers_whose_identifiers_disagree() -> None:
    by_record = _keys(
        [
            {"record_key": "a", "arxiv_id": "2501.9", "title_key": "erratum", "year": 2025},
            {"record_key": "b", "arxiv_id": "2501.8", "title_key": "erratum", "year": 2025},
            {"record_key": "c", "openreview_id": "orA", "title_key": "x", "year": 2024},
            {"record_key": "d", "arxiv_id": "2401.1", "title_key": "x", "year": 2025},
            {"record_key": "e", "title_key": "y", "year": 2025},
            {"record_key": "f", "openreview_id": "orB", "title_key": "y"},
        ]
    )
    assert by_record["a"] != by_record["b"]
    assert by_record["c"] != by_record["d"]  # years disagree
    assert by_record["e"] == by_record["f"] == "openreview:orB"


def test_keys_prefer_the_strongest_identifier_and_are_stable() -> None:
    rows = [
        {"record_key": "1", "doi": "10.1/x", "pwc_id": "p", "title_key": "t"},
        {"record_key": "2", "title_key": "only a title"},
        {"record_key": "3", "abstract_fingerprint": "abc"},
        {"record_key": "4", "acl_id": "D17-1120", "paper_url": "x.org/a.pdf"},
        {"record_key": "5", "paper_url": "y.org/b.pdf", "title_key": "t5"},
    ]
    keys = _keys(rows)
    assert keys["1"] == "doi:10.1/x"
    assert keys["2"].startswith("title:") and len(keys["2"]) == len("title:") + 32
    assert keys["3"] == "abstract:abc"
    assert keys["4"] == "acl:D17-1120"
    assert keys["5"] == "url:y.org/b.pdf"
    assert _keys(rows[::-1]) == keys


def test_records_whose_titles_differ_never_merge_on_the_abstract_alone() -> None:
    # NeurIPS 2018 shape: different papers, one stub abstract's fingerprint.
    keys = _keys(
        [
            {
                "record_key": "a",
                "title_key": "learningabstractoptions",
                "abstract_fingerprint": "f",
            },
            {"record_key": "b", "title_key": "adaptiveskipintervals", "abstract_fingerprint": "f"},
            {"record_key": "listing", "abstract_fingerprint": "f"},
        ]
    )
    assert keys["a"] != keys["b"]
    # The record with only the abstract could be either: it joins the better named group
    # (by its identifiers, whatever the order of the records).
    assert keys["listing"] == keys["b"]


def test_a_chain_of_weak_matches_never_joins_papers_that_differ() -> None:
    # a-b share a title, b-c an abstract; a and c are different arXiv papers.
    keys = _keys(
        [
            {"record_key": "a", "arxiv_id": "2401.1", "title_key": "t"},
            {"record_key": "b", "title_key": "t", "abstract_fingerprint": "f"},
            {"record_key": "c", "arxiv_id": "2401.2", "abstract_fingerprint": "f"},
        ]
    )
    assert keys["a"] == keys["b"] == "arxiv:2401.1"
    assert keys["c"] == "arxiv:2401.2"


def test_a_venue_year_admits_the_preprint_of_the_year_before() -> None:
    keys = _keys(
        [
            {"record_key": "venue", "title_key": "t", "year_low": 2017, "year_high": 2018},
            {"record_key": "preprint", "arxiv_id": "1712.1", "title_key": "t", "year": 2017},
            {"record_key": "older", "arxiv_id": "1601.1", "title_key": "u", "year": 2016},
            {"record_key": "venue2", "title_key": "u", "year_low": 2017, "year_high": 2018},
        ]
    )
    assert keys["venue"] == keys["preprint"] == "arxiv:1712.1"
    assert keys["venue2"] != keys["older"]


def test_a_title_shared_by_many_papers_merges_none() -> None:
    rows = [{"record_key": str(i), "title_key": "introduction", "abstract_fingerprint": f"f{i}"}
            for i in range(MAX_WEAK_GROUP + 1)]  # fmt: skip
    assert len(set(_keys(rows).values())) == MAX_WEAK_GROUP + 1


def _members(records: list[dict], published: list[tuple]) -> pl.DataFrame:
    """Members as the database sends them: records (member = precedence) and published
    identifier rows (paper, kind, value), every identifier as its rank among all values."""
    rows = [{"member": i, "published_paper": None, **r} for i, r in enumerate(records)]
    rows += [
        {"member": -(i + 1), "published_paper": paper, kind: value}
        for i, (paper, kind, value) in enumerate(published)
    ]
    values = {k: sorted({r[k] for r in rows if r.get(k) is not None}) for k in IDENTIFIER_KINDS}
    return pl.DataFrame(
        [
            {
                "member": r["member"],
                "published_paper": r["published_paper"],
                **{k: values[k].index(r[k]) + 1 if r.get(k) is not None else None
                   for k in IDENTIFIER_KINDS},
                "year_low": r.get("year"),
                "year_high": r.get("year"),
            }
            for r in rows
        ],
        schema=MEMBER_SCHEMA,
    )  # fmt: skip


def test_records_join_the_published_paper_by_the_same_rules() -> None:
    published = [(7, "arxiv_id", "2401.1"), (7, "title_key", "t"), (8, "title_key", "u")]
    resolution = resolve_papers(
        _members(
            [{"title_key": "t"}, {"abstract_fingerprint": "new"}, {"title_key": "u", "doi": "d"}],
            published,
        )
    )
    assert resolution.assignment.select("member", "paper", "evidence").rows() == [
        (0, 7, "title"),
        (1, None, "abstract_fingerprint"),
        (2, 8, "title"),
    ]
    assert resolution.merge_candidates.is_empty()


def test_a_record_linking_two_published_papers_joins_one_and_is_a_candidate() -> None:
    published = [
        (7, "arxiv_id", "2401.1"),
        (8, "doi", "10.1/x"),
        (9, "arxiv_id", "2401.3"),
        (9, "abstract_fingerprint", "f"),
    ]
    resolution = resolve_papers(
        _members(
            [
                {"arxiv_id": "2401.1", "doi": "10.1/x"},  # names both 7 and 8
                {"arxiv_id": "2401.2", "abstract_fingerprint": "f"},  # 9's abstract, not 9
                {"doi": "10.1/x"},  # only 8's
            ],
            published,
        )
    )
    assert resolution.assignment.select("member", "paper").rows() == [(0, 7), (1, None), (2, 8)]
    assert resolution.merge_candidates.select(
        "paper", "other_paper", "evidence", "member"
    ).rows() == [(7, 8, "doi", 0)]


def test_a_weak_match_with_a_second_published_paper_is_a_candidate() -> None:
    published = [(7, "arxiv_id", "2401.1"), (9, "abstract_fingerprint", "f")]
    resolution = resolve_papers(
        _members([{"arxiv_id": "2401.1", "abstract_fingerprint": "f"}], published)
    )
    assert resolution.assignment.select("paper", "evidence").rows() == [(7, "arxiv_id")]
    assert resolution.merge_candidates.select("paper", "other_paper", "evidence").rows() == [
        (7, 9, "abstract_fingerprint")
    ]


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("[4]", "citation"),
        ("[13] [code]", "citation"),
        ("[Preprint] [2]", "citation"),
        ("Parikh et al. '16", "author-stub"),
        ("Li, Li, Shang, et al. 2020", "author-stub"),
        ("Asai et al., ICLR 2020", "author-stub"),
        ("Nie  et al., EMNLP'2019", "author-stub"),
        ("Munkhdalai & Yu '16b", "author-stub"),
        ("Nie and Bansal '17", "author-stub"),
        ("Anonymous '18", "author-stub"),
        ("Feldman and El-Yaniv, ACL'19", "author-stub"),
        ("Qi et al., EMNLP-IJCNLP 2019", "author-stub"),
        ("Qi, Lee, Sido, and Manning. 2020", "author-stub"),
        ("Smith, 2019", "author-stub"),
        ("Smith et al.", "author-stub"),
        ("Smith et al., Findings of ACL 2021", "author-stub"),
        ("Zhao et al. ICLR 2020", "author-stub"),
        ("Withdrawn", "boilerplate"),
        ("[Withdrawn]", "boilerplate"),
        ("This paper has been withdrawn", "boilerplate"),
        ("This paper has been withdrawn by the authors due to an error.", "boilerplate"),
        ("Submission withdrawn", "boilerplate"),
        ("https://arxiv.org/abs/1810.04805", "url"),
        (") https://www.example.com/about", "url"),
        ("Untitled", "boilerplate"),
        ("(Untitled)", "boilerplate"),
        ("Paper 2", None),
        ("Attention Is All You Need", None),
        ("Mogrifier LSTM", None),
        ("Llama 2", None),
        ("GPT-4 Technical Report", None),
        ("ResNet 2016", None),
        ("A Survey, 2023", None),
        ("Pride and Prejudice 2005", None),
        ("Deep Speech 2", None),
        ("Network in Network", None),
        ("Withdrawn Papers Tell a Story", None),
        ("The Importance of Supertagging (result from Lewis et al. (2016))", None),
    ],
)
def test_placeholder_titles(title: str, kind: str | None) -> None:
    assert pl.select(title_placeholder_kind(pl.lit(title))).item() == kind


@pytest.mark.parametrize(
    ("written", "identifier"),
    [
        ("doi:10.1234/abcd_0001)", "doi:10.1234/abcd_0001"),
        ("doi:10.1234/abcd\\_0001", "doi:10.1234/abcd_0001"),
        ("https://github.com/inisis/chexpert)", "https://github.com/inisis/chexpert"),
        ("[PDF](https://arxiv.org/abs/2405.15738).", "https://arxiv.org/abs/2405.15738"),
        ("**[x](<https://a.org/b>).**", "https://a.org/b"),
        ("(https://x.org/a).", "https://x.org/a"),
        ("2405.15738,", "2405.15738"),
        ("arXiv:2405.15738v2]", "arXiv:2405.15738v2"),
        (") https://www.example.com/about", "https://www.example.com/about"),
        # Brackets the identifier itself opened stay; so do underscores at its ends.
        ("https://en.wikipedia.org/wiki/A_(b)", "https://en.wikipedia.org/wiki/A_(b)"),
        ("10.1002/(sici)1097-4636(199812)43:4<1>3.0.co;2-x",
         "10.1002/(sici)1097-4636(199812)43:4<1>3.0.co;2-x"),
        ("_r1xMH1BtvB_", "_r1xMH1BtvB_"),
        (" ).", None),
    ],
)  # fmt: skip
def test_markup_around_an_identifier_is_taken_off(written: str, identifier: str | None) -> None:
    assert pl.select(without_markup(pl.lit(written))).item() == identifier


@pytest.mark.parametrize(
    ("url", "identifiers"),
    [
        ("http://aclweb.org/anthology/E/E17/E17-1010.pdf", {"acl_id": "E17-1010"}),
        ("https://aclanthology.org/2020.acl-main.1.pdf", {"acl_id": "2020.acl-main.1"}),
        ("https://link.springer.com/article/10.1186/2193-1801-2-526",
         {"doi": "10.1186/2193-1801-2-526"}),
        ("https://openreview.net/forum?id=0JzWiigkUy", {"openreview_id": "0JzWiigkUy"}),
        ("https://paperswithcode.com/paper/bert-pre", {"pwc_id": "bert-pre"}),
        ("https://pdfs.semanticscholar.org/ce25/0a.pdf?_ga=1.1", {"paper_url":
         "pdfs.semanticscholar.org/ce25/0a.pdf"}),
        ("http://www.danielpovey.com/files/dnn.pdf", {"paper_url": "danielpovey.com/files/dnn.pdf"}),
        ("http://kaldi-asr.org/", {}),
        ("https://github.com/google-research/bert", {}),
    ],
)  # fmt: skip
def test_identifiers_in_a_paper_link(url: str, identifiers: dict[str, str]) -> None:
    found = pl.select(
        acl_id=acl_id(pl.lit(url)),
        doi=doi_in_url(pl.lit(url)),
        openreview_id=openreview_id_in_url(pl.lit(url)),
        pwc_id=pwc_id_in_url(pl.lit(url)),
        paper_url=document_url(pl.lit(url)),
    ).row(0, named=True)
    named_paper = {k: v for k, v in found.items() if v is not None and k != "paper_url"}
    if named_paper:
        found["paper_url"] = None  # a link naming an identifier is the paper, not a page
    assert {k: v for k, v in found.items() if v is not None} == identifiers


def test_a_record_with_no_identifier_of_a_bridged_paper_follows_its_companions() -> None:
    # R0 links the two published papers; R1 names the second directly; R2 only shares the
    # Papers with Code id of R1, and goes where R1 goes.
    published = [(10, "arxiv_id", "2401.1"), (11, "doi", "10.1/x")]
    records = [
        {"arxiv_id": "2401.1", "doi": "10.1/x"},
        {"doi": "10.1/x", "pwc_id": "x"},
        {"pwc_id": "x"},
    ]
    resolution = resolve_papers(_members(records, published))
    assert resolution.assignment.select("member", "paper").rows() == [(0, 10), (1, 11), (2, 11)]
    assert resolution.assignment["group"].null_count() == 0
    assert resolution.merge_candidates.select("paper", "other_paper", "member").rows() == [
        (10, 11, 0)
    ]


def test_an_abstract_shared_by_many_records_is_one_paper() -> None:
    # The same abstract in a dozen reading lists: placeholders have no fingerprint, so a
    # shared one is one paper, however many records share it.
    rows = [{"record_key": str(i), "abstract_fingerprint": "f"} for i in range(12)]
    assert set(_keys(rows).values()) == {"abstract:f"}


def test_loading_together_or_one_after_the_other_gives_the_same_papers() -> None:
    # A record titled T could join either of two papers titled T (different arXiv ids):
    # which one must not depend on which came first, in one run or across runs.
    r1 = {"arxiv_id": "2401.1", "title_key": "t"}
    r2 = {"arxiv_id": "2401.2", "title_key": "t"}
    rb = {"title_key": "t"}
    together = resolve_papers(_members([r2, rb, r1], [])).assignment
    groups = dict(together.select("member", "group").iter_rows())
    assert groups[1] == groups[2] != groups[0]  # rb joins r1 (arxiv 2401.1 sorts first)
    published = [(5, "arxiv_id", "2401.2"), (5, "title_key", "t"),
                 (6, "arxiv_id", "2401.1"), (6, "title_key", "t")]  # fmt: skip
    after = resolve_papers(_members([rb], published)).assignment
    assert after.select("paper").item() == 6
