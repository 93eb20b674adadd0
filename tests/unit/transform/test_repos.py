"""Repository links: finding URLs in prose and canonicalising them.

Each case: an abstract fragment and the links expected from it, as
(canonical_url, kind, owner, name, subpath). Cases marked "sample" are as they appear in
data/sample; the rest are ours.
"""

import polars as pl
import pytest

from etl.transform.repos import distinct_repositories, extract_links

CASES = [
    # sample: glued full stop
    ("Code is available at https://github.com/Koorye/DePT.",
     [("https://github.com/Koorye/DePT", "code", "Koorye", "DePT", None)]),
    # sample: .git suffix at the end of a sentence, then .git and a full stop
    ("publicly available: https://github.com/Christina200/MoDE-official.git",
     [("https://github.com/Christina200/MoDE-official", "code", "Christina200", "MoDE-official", None)]),
    ("is available at https://github.com/UCSB-NLP-Chang/causal_unlearn.git.",
     [("https://github.com/UCSB-NLP-Chang/causal_unlearn", "code", "UCSB-NLP-Chang", "causal_unlearn", None)]),
    # sample: angle brackets, .git, full stop
    ("Our code is available at: <https://github.com/flefebv/sepal.git>.",
     [("https://github.com/flefebv/sepal", "code", "flefebv", "sepal", None)]),
    # sample: in parentheses, then full stop
    ("heterophilous graphs (https://github.com/facebookresearch/mowst-gnn).",
     [("https://github.com/facebookresearch/mowst-gnn", "code", "facebookresearch", "mowst-gnn", None)]),
    # sample: sub-path kept apart
    ("Code is available at https://github.com/zjunlp/unlearn/tree/main/semeval25.",
     [("https://github.com/zjunlp/unlearn", "code", "zjunlp", "unlearn", "tree/main/semeval25")]),
    # sample: \href residue
    ("Code: https://github.com/Haochen-Wang409/PairUni{github.com/Haochen-Wang409/PairUni}",
     [("https://github.com/Haochen-Wang409/PairUni", "code", "Haochen-Wang409", "PairUni", None)]),
    # sample: placeholder with no URL
    ("Codes will be released on ..{github}.", []),
    # sample: comma, then a Hugging Face collection
    ("open-sourced at https://github.com/PKU-ML/G1, with models on Hugging Face collections "
     "https://huggingface.co/collections/PKU-ML/g1-683d659e992794fc99618cf2",
     [("https://github.com/PKU-ML/G1", "code", "PKU-ML", "G1", None),
      ("https://huggingface.co/collections/PKU-ML/g1-683d659e992794fc99618cf2", "collection",
       "PKU-ML", "g1-683d659e992794fc99618cf2", None)]),
    # sample: anonymous review link
    ("codes have been released at https://anonymous.4open.science/r/UniHG-AA78.",
     [("https://anonymous.4open.science/r/UniHG-AA78", "anonymous_review", None, "UniHG-AA78", None)]),
    # sample: project pages
    ("Project website: https://multimodal-oskar.github.io",
     [("https://multimodal-oskar.github.io", "project_page", None, None, None)]),
    ("are publicly available at https://jyopari.github.io/VINN/.",
     [("https://jyopari.github.io/VINN", "project_page", None, None, None)]),
    ("on the project website: https://sites.google.com/view/mwm-rl.",
     [("https://sites.google.com/view/mwm-rl", "project_page", None, None, None)]),
    ("Code is available at http://www.bhchen.cn",
     [("http://bhchen.cn", "project_page", None, None, None)]),
    # ours: organisation pages
    ("see https://github.com/PKU-ML and https://github.com/orgs/openai/repositories",
     [("https://github.com/PKU-ML", "organization", "PKU-ML", None, None),
      ("https://github.com/openai", "organization", "openai", None, None)]),
    # ours: bare host, blob path, query and fragment dropped, scheme and host case folded
    ("github.com/foo/bar/blob/main/x.py; HTTPS://WWW.GitHub.com/A/B?tab=readme#top!",
     [("https://github.com/foo/bar", "code", "foo", "bar", "blob/main/x.py"),
      ("https://github.com/A/B", "code", "A", "B", None)]),
    # ours: GitLab nested groups, with and without /-/
    ("https://gitlab.com/grp/sub/proj/-/tree/main/dir and https://gitlab.com/a/b.git",
     [("https://gitlab.com/grp/sub/proj", "code", "grp/sub", "proj", "tree/main/dir"),
      ("https://gitlab.com/a/b", "code", "a", "b", None)]),
    # ours: Hugging Face kinds
    ("https://huggingface.co/datasets/owner/ds/viewer https://huggingface.co/spaces/o/s "
     "https://hf.co/meta-llama/Llama-3-8B https://huggingface.co/papers/2401.00001 "
     "https://huggingface.co/Qwen",
     [("https://huggingface.co/datasets/owner/ds", "dataset", "owner", "ds", "viewer"),
      ("https://huggingface.co/spaces/o/s", "space", "o", "s", None),
      ("https://huggingface.co/meta-llama/Llama-3-8B", "model", "meta-llama", "Llama-3-8B", None),
      ("https://huggingface.co/papers/2401.00001", "paper", None, None, None),
      ("https://huggingface.co/Qwen", "organization", "Qwen", None, None)]),
    # ours: raw file links belong to their repository
    ("weights at https://raw.githubusercontent.com/o/r/main/w.bin.",
     [("https://github.com/o/r", "code", "o", "r", "raw/main/w.bin")]),
    # ours: paper links, other code hosts, a balanced parenthesis kept
    ("(see https://arxiv.org/abs/2401.01234), https://bitbucket.org/o/n/src/master and "
     "https://en.wikipedia.org/wiki/Foo_(bar).",
     [("https://arxiv.org/abs/2401.01234", "paper", None, None, None),
      ("https://bitbucket.org/o/n", "code", "o", "n", "src/master"),
      ("https://en.wikipedia.org/wiki/Foo_(bar)", "project_page", None, None, None)]),
    # issue 37: a PDF is a paper wherever it is kept, a Papers with Code paper page too
    ("http://www.danielpovey.com/files/2013_dnn.pdf and https://github.com/o/r/blob/main/paper.pdf "
     "and https://paperswithcode.com/paper/bert-pre-training",
     [("http://danielpovey.com/files/2013_dnn.pdf", "paper", None, None, None),
      ("https://github.com/o/r/blob/main/paper.pdf", "paper", None, None, None),
      ("https://paperswithcode.com/paper/bert-pre-training", "paper", None, None, None)]),
    # ours: site pages of a code host are not users
    ("https://github.com/topics/llm", [("https://github.com/topics/llm", "project_page", None, None, None)]),
    # ours: the same repository twice in one abstract is one link
    ("https://github.com/a/b. Again: https://github.com/a/b.git",
     [("https://github.com/a/b", "code", "a", "b", None)]),
    # ours: not URLs
    ("emails like me@example.com, versions like v1.2.3 and www. alone", []),
]  # fmt: skip


def _links(text: str) -> list[tuple]:
    papers = pl.LazyFrame({"paper_key": ["p"], "abstract": [text]})
    links = extract_links(papers).collect()
    return [
        (r["canonical_url"], r["kind"], r["owner"], r["name"], r["subpath"])
        for r in links.iter_rows(named=True)
    ]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_canonical_links(text: str, expected: list[tuple]) -> None:
    assert _links(text) == expected


def test_repository_key_folds_case_and_scheme() -> None:
    papers = pl.LazyFrame(
        {
            "paper_key": ["p1", "p2", "p3"],
            "abstract": [
                "https://github.com/Koorye/DePT",
                "http://github.com/koorye/dept/",
                "github.com/KOORYE/DePT.git",
            ],
        }
    )
    links = extract_links(papers)
    repositories = distinct_repositories(links).collect()
    assert repositories["repository_key"].to_list() == ["github.com/koorye/dept"]
    # The smallest spelling wins, whatever the input order.
    assert repositories["canonical_url"].to_list() == ["https://github.com/KOORYE/DePT"]
    assert links.collect().height == 3


def test_raw_url_keeps_what_was_written_minus_glued_punctuation() -> None:
    papers = pl.LazyFrame({"paper_key": ["p"], "abstract": ["at <https://github.com/x/y.git>."]})
    assert extract_links(papers).collect()["raw_url"].to_list() == ["https://github.com/x/y.git"]
