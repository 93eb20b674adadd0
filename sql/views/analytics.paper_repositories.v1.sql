-- One row per link of a paper to a repository, in long form, with the repository's host and
-- kind: share of papers with code per host or kind is a count here.
CREATE VIEW analytics.paper_repositories AS
SELECT
    pr.paper_id,
    p.paper_key,
    pr.repository_id,
    r.canonical_url,
    r.host,
    r.owner,
    r.name AS repository_name,
    r.kind,
    pr.subpath,
    pr.origin,
    pr.source_field,
    pr.raw_url
FROM public.paper_repositories AS pr
JOIN public.papers AS p USING (paper_id)
JOIN public.repositories AS r USING (repository_id);
COMMENT ON VIEW analytics.paper_repositories IS 'One row per link of a paper to a code, model, dataset or project-page repository, with where the link was found.';
COMMENT ON COLUMN analytics.paper_repositories.paper_id IS 'The paper (papers.paper_id).';
COMMENT ON COLUMN analytics.paper_repositories.paper_key IS 'The paper''s stable natural key.';
COMMENT ON COLUMN analytics.paper_repositories.repository_id IS 'The repository (repositories.repository_id).';
COMMENT ON COLUMN analytics.paper_repositories.canonical_url IS 'The repository''s canonical URL (host/owner/name, no .git, no trailing punctuation).';
COMMENT ON COLUMN analytics.paper_repositories.host IS 'The repository''s host (github.com, huggingface.co ...).';
COMMENT ON COLUMN analytics.paper_repositories.owner IS 'Owning user or organisation (GitLab: the group path); null for plain pages.';
COMMENT ON COLUMN analytics.paper_repositories.repository_name IS 'The repository''s name under its owner.';
COMMENT ON COLUMN analytics.paper_repositories.kind IS 'code, organization, model, dataset, collection, space, anonymous_review, paper or project_page.';
COMMENT ON COLUMN analytics.paper_repositories.subpath IS 'Part of the link below the repository, e.g. tree/main/semeval25; null when the link is the repository itself.';
COMMENT ON COLUMN analytics.paper_repositories.origin IS 'Where the link was found: abstract (the abstract text) or source-field (a field of the source record, named in source_field).';
COMMENT ON COLUMN analytics.paper_repositories.source_field IS 'The source record''s field that gave the link; null for links found in the abstract.';
COMMENT ON COLUMN analytics.paper_repositories.raw_url IS 'The link as the source wrote it.';
