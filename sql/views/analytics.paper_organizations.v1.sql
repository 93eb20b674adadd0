-- One row per paper and organisation, in long form: papers per organisation is a count here,
-- and the two ways we know of a link are columns, not rows (paper_organizations keeps one
-- row per way).
CREATE VIEW analytics.paper_organizations AS
SELECT
    po.paper_id,
    p.paper_key,
    p.title,
    po.organization_id,
    o.name AS organization_name,
    bool_or(po.origin = 'source') AS is_named_by_source,
    bool_or(po.origin = 'affiliation') AS is_an_author_affiliation
FROM public.paper_organizations AS po
JOIN public.papers AS p USING (paper_id)
JOIN public.organizations AS o USING (organization_id)
GROUP BY po.paper_id, p.paper_key, p.title, po.organization_id, o.name;
COMMENT ON VIEW analytics.paper_organizations IS 'One row per paper and organisation it comes from (a source names it as the paper''s organisation, or an author is affiliated with it).';
COMMENT ON COLUMN analytics.paper_organizations.paper_id IS 'The paper (papers.paper_id).';
COMMENT ON COLUMN analytics.paper_organizations.paper_key IS 'The paper''s stable natural key.';
COMMENT ON COLUMN analytics.paper_organizations.title IS 'The paper''s title; null when no source gives one.';
COMMENT ON COLUMN analytics.paper_organizations.organization_id IS 'The organisation (organizations.organization_id).';
COMMENT ON COLUMN analytics.paper_organizations.organization_name IS 'The organisation''s name (its aliases and spellings are one organisation).';
COMMENT ON COLUMN analytics.paper_organizations.is_named_by_source IS 'Whether a source (Daily Papers) names the organisation as the paper''s.';
COMMENT ON COLUMN analytics.paper_organizations.is_an_author_affiliation IS 'Whether one of the paper''s authors is affiliated with the organisation.';
