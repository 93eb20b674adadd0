"""Repository links: every URL in an abstract, found and canonicalised with Polars expressions.

A URL in an abstract is written for people, not parsers: glued to punctuation (`repo.`,
`repo.git>.`, `(https://...).`), with `.git`, with sub-paths (`/tree/main/x`). Canonical form:
`https://<host>/<owner>/<name>` for code hosts and Hugging Face, the page itself for anything
else; the sub-path below a repository goes to `subpath`, so two links to different folders of
one repository are one repository with two links.
"""

from __future__ import annotations

import polars as pl

CODE_HOSTS = ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "gitee.com")
HUGGING_FACE_HOSTS = ("huggingface.co",)
ANONYMOUS_REVIEW_HOSTS = ("anonymous.4open.science",)
PAPER_HOSTS = (
    "arxiv.org", "openreview.net", "doi.org", "dx.doi.org", "aclanthology.org",
    "proceedings.neurips.cc", "papers.nips.cc", "dl.acm.org", "ieeexplore.ieee.org",
    "link.springer.com", "openaccess.thecvf.com", "proceedings.mlr.press",
    "semanticscholar.org",
)  # fmt: skip

# First path segments that are site pages, not users or organisations.
_GITHUB_SITE_PAGES = (
    "about", "apps", "collections", "enterprise", "explore", "features", "login",
    "marketplace", "pricing", "search", "security", "settings", "site", "sponsors", "topics",
    "trending",
)  # fmt: skip
_HUGGING_FACE_SITE_PAGES = (
    "blog", "docs", "join", "learn", "login", "models", "organizations", "pricing", "settings",
    "tasks",
)  # fmt: skip

# Where a URL starts: a scheme, `www.`, or a bare well-known host. It ends at whitespace or a
# character that cannot be in a URL written in prose (quotes, angle brackets, braces).
URL_PATTERN = (
    r"(?i)(?:https?://|www\.|\b(?:github\.com|gitlab\.com|huggingface\.co|hf\.co|"
    r"bitbucket\.org|anonymous\.4open\.science)/)[^\s<>\"'{}|\\^`\[\]]+"
)
_TRAILING_PUNCTUATION = r"[.,;:!?*]+$"


def _strip_glued_punctuation(url: pl.Expr) -> pl.Expr:
    """`repo.` `repo,` `(https://x/y).` -> the URL; a `)` stays when the URL opened one."""
    once = url.str.replace(_TRAILING_PUNCTUATION, "")
    unbalanced_paren = once.str.ends_with(")") & ~once.str.contains("(", literal=True)
    return (pl.when(unbalanced_paren).then(once.str.strip_suffix(")")).otherwise(once)).str.replace(
        _TRAILING_PUNCTUATION, ""
    )


def _segment(path: pl.Expr, pattern: str, group: int) -> pl.Expr:
    return path.str.extract(pattern, group)


def _strip_git_suffix(name: pl.Expr) -> pl.Expr:
    return name.str.replace(r"(?i)\.git$", "")


def _parts(url: pl.Expr) -> dict[str, pl.Expr]:
    """scheme, host (lowercase, no www, no default port) and path (no trailing slash)."""
    without_scheme = url.str.replace(r"(?i)^https?://", "")
    authority = without_scheme.str.extract(r"^([^/?#]*)", 1)
    host = (
        authority.str.replace(r"^.*@", "")
        .str.to_lowercase()
        .str.replace(r":(?:80|443)$", "")
        .str.replace(r"\.$", "")
        .str.replace(r"^www\.", "")
        .replace({"hf.co": "huggingface.co"})
    )
    path = without_scheme.str.extract(r"^[^/?#]*(/[^?#]*)", 1).fill_null("").str.replace(r"/+$", "")
    query = without_scheme.str.extract(r"^[^?#]*(\?[^#]*)", 1).fill_null("")
    scheme = url.str.extract(r"(?i)^(https?)://", 1).str.to_lowercase().fill_null("https")
    return {"scheme": scheme, "host": host, "path": path, "query": query}


def _classify(host: pl.Expr, path: pl.Expr) -> dict[str, pl.Expr]:
    """kind, owner, name and subpath from host and path, one rule per kind of site."""
    repo = r"^/([^/]+)/([^/]+)(?:/(.+))?$"
    owner_only = r"^/([^/]+)$"
    first_segment = path.str.extract(r"^/([^/]+)", 1)

    # A PDF is a paper wherever it is kept (a code repository's paper.pdf included), and so
    # is a paper's page on Papers with Code.
    is_paper_document = path.str.contains(r"(?i)\.pdf$") | (
        (host == "paperswithcode.com") & (first_segment == "paper")
    )
    is_code_host = host.is_in(CODE_HOSTS) & ~is_paper_document
    is_gitlab = host == "gitlab.com"
    is_raw_github = (host == "raw.githubusercontent.com") & ~is_paper_document
    is_hugging_face = host.is_in(HUGGING_FACE_HOSTS)
    is_anonymous = host.is_in(ANONYMOUS_REVIEW_HOSTS)

    # GitLab nests groups: the project path ends where `/-/` (or a legacy tree/blob) starts.
    gitlab = r"^/(.+?)/([^/]+?)(?:/-/(.+)|/((?:tree|blob|raw|commits?|wikis)/.+))?$"
    hf_typed = r"^/(datasets|spaces|collections)/([^/]+)/([^/]+)(?:/(.+))?$"
    hf_type = path.str.extract(hf_typed, 1)

    code_site_page = is_code_host & (
        (path == "") | (~is_gitlab & first_segment.is_in(_GITHUB_SITE_PAGES))
    )
    code_org = (
        is_code_host
        & ~code_site_page
        & (path.str.contains(owner_only) | first_segment.is_in(("orgs", "users")))
    )
    code_repo = (is_code_host & ~code_site_page & ~code_org) | (
        is_raw_github & path.str.contains(r"^/[^/]+/[^/]+/.+")
    )
    hf_site_page = is_hugging_face & ((path == "") | first_segment.is_in(_HUGGING_FACE_SITE_PAGES))
    hf_paper = is_hugging_face & (first_segment == "papers")
    hf_repo = (
        is_hugging_face
        & ~hf_site_page
        & ~hf_paper
        & (
            hf_type.is_not_null()
            | (
                path.str.contains(repo)
                & ~first_segment.is_in(("datasets", "spaces", "collections"))
            )
        )
    )
    hf_org = is_hugging_face & ~hf_site_page & ~hf_paper & ~hf_repo & path.str.contains(owner_only)
    anonymous = is_anonymous & path.str.contains(r"^/r/[^/]+")

    kind = (
        pl.when(code_repo).then(pl.lit("code"))
        .when(code_org | hf_org).then(pl.lit("organization"))
        .when(hf_repo & (hf_type == "datasets")).then(pl.lit("dataset"))
        .when(hf_repo & (hf_type == "spaces")).then(pl.lit("space"))
        .when(hf_repo & (hf_type == "collections")).then(pl.lit("collection"))
        .when(hf_repo).then(pl.lit("model"))
        .when(anonymous).then(pl.lit("anonymous_review"))
        .when(hf_paper | host.is_in(PAPER_HOSTS) | is_paper_document).then(pl.lit("paper"))
        .otherwise(pl.lit("project_page"))
    )  # fmt: skip
    org_path = (
        pl.when(first_segment.is_in(("orgs", "users")))
        .then(path.str.extract(r"^/[^/]+/([^/]+)", 1))
        .otherwise(path.str.extract(owner_only, 1))
    )
    owner = (
        pl.when(code_repo & is_gitlab).then(_segment(path, gitlab, 1))
        .when(code_repo).then(_segment(path, repo, 1))
        .when(code_org).then(org_path)
        .when(hf_repo & hf_type.is_not_null()).then(_segment(path, hf_typed, 2))
        .when(hf_repo).then(_segment(path, repo, 1))
        .when(hf_org).then(_segment(path, owner_only, 1))
    )  # fmt: skip
    name = (
        pl.when(code_repo & is_gitlab).then(_strip_git_suffix(_segment(path, gitlab, 2)))
        .when(code_repo).then(_strip_git_suffix(_segment(path, repo, 2)))
        .when(hf_repo & hf_type.is_not_null()).then(_segment(path, hf_typed, 3))
        .when(hf_repo).then(_segment(path, repo, 2))
        .when(anonymous).then(_segment(path, r"^/r/([^/]+)", 1))
    )  # fmt: skip
    subpath = (
        pl.when(code_repo & is_gitlab).then(
            pl.coalesce(_segment(path, gitlab, 3), _segment(path, gitlab, 4))
        )
        .when(code_repo & is_raw_github).then(pl.lit("raw/") + _segment(path, repo, 3))
        .when(code_repo).then(_segment(path, repo, 3))
        .when(hf_repo & hf_type.is_not_null()).then(_segment(path, hf_typed, 4))
        .when(hf_repo).then(_segment(path, repo, 3))
        .when(anonymous).then(_segment(path, r"^/r/[^/]+/(.+)$", 1))
    )  # fmt: skip
    canonical_host = pl.when(is_raw_github).then(pl.lit("github.com")).otherwise(host)
    return {
        "kind": kind,
        "host": canonical_host,
        "owner": owner,
        "name": name,
        "subpath": subpath,
    }


def canonicalize_links(links: pl.LazyFrame) -> pl.LazyFrame:
    """From `raw_url`, add canonical_url, repository_key, host, owner, name, kind, subpath.

    `raw_url` loses the sentence punctuation glued to its end; the rest stays as written.
    """
    trimmed = links.with_columns(_url=_strip_glued_punctuation(pl.col("raw_url")))
    parsed = trimmed.with_columns(**{f"_{k}": v for k, v in _parts(pl.col("_url")).items()})
    classified = parsed.with_columns(**_classify(pl.col("_host"), pl.col("_path")))
    kind = pl.col("kind")
    identified = kind.is_in(("code", "model", "dataset", "space", "collection"))
    repository_path = (
        pl.when(identified & pl.col("_host").is_in(HUGGING_FACE_HOSTS) & (kind != "model"))
        .then(pl.lit("/") + kind.replace({"dataset": "datasets", "space": "spaces",
                                          "collection": "collections"})
              + "/" + pl.col("owner") + "/" + pl.col("name"))
        .when(identified).then(pl.lit("/") + pl.col("owner") + "/" + pl.col("name"))
        .when(kind == "organization").then(pl.lit("/") + pl.col("owner"))
        .when(kind == "anonymous_review").then(pl.lit("/r/") + pl.col("name"))
        .otherwise(pl.col("_path") + pl.col("_query"))
    )  # fmt: skip
    # Known hosts all serve https; a plain page keeps the scheme it was given.
    known_host = (kind != "project_page") & (
        (kind != "paper")
        | pl.col("_host").is_in(
            PAPER_HOSTS + HUGGING_FACE_HOSTS + CODE_HOSTS + ("paperswithcode.com",)
        )
    )
    scheme = pl.when(known_host).then(pl.lit("https")).otherwise(pl.col("_scheme"))
    return (
        classified.with_columns(
            canonical_url=scheme + "://" + pl.col("host") + repository_path,
            repository_key=(pl.col("host") + repository_path).str.to_lowercase(),
        )
        .filter(pl.col("host").str.contains(r"^[a-z0-9-]+(?:\.[a-z0-9-]+)+$"))
        .with_columns(raw_url=pl.col("_url"))
        .drop("_url", "_scheme", "_host", "_path", "_query")
    )


def extract_links(papers: pl.LazyFrame) -> pl.LazyFrame:
    """One row per distinct link in each paper's clean abstract, in order of appearance."""
    return (
        papers.select(
            "paper_key",
            raw_url=pl.col("abstract").str.extract_all(URL_PATTERN),
        )
        .explode("raw_url")
        .drop_nulls("raw_url")
        .with_columns(link_position=pl.int_range(pl.len()).over("paper_key"))
        .pipe(canonicalize_links)
        .sort("paper_key", "link_position")
        .unique(["paper_key", "repository_key", "subpath"], keep="first", maintain_order=True)
        .with_columns(origin=pl.lit("abstract"))
        .drop("link_position")
    )


# A field value that is one bare link without a scheme (`github.com/org/repo`, `example.org/x`).
_BARE_LINK = r"(?i)^(?:[\w\-]+\.)+[a-z]{2,}/\S*$"


def field_urls(value: pl.Expr) -> pl.Expr:
    """The links in a source field's value, each alone: a field holds one URL, a bare
    `host/path`, or markdown (`[code](https://...)`, `https://a) [b](https://c)`), whose
    brackets and parentheses are not part of any link (see _strip_glued_punctuation)."""
    found = value.str.extract_all(URL_PATTERN)
    bare = pl.when(value.str.strip_chars().str.contains(_BARE_LINK)).then(
        pl.concat_list(value.str.strip_chars())
    )
    return pl.when(found.list.len() > 0).then(found).otherwise(bare)


def distinct_repositories(links: pl.LazyFrame) -> pl.LazyFrame:
    """One row per repository_key; among spellings of one key the smallest URL wins, so the
    choice does not depend on input order."""
    return (
        links.select("repository_key", "canonical_url", "host", "owner", "name", "kind")
        .sort("repository_key", "canonical_url")
        .unique("repository_key", keep="first", maintain_order=True)
    )
