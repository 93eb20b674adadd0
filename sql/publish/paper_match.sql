-- paper_match(paper_key, paper_id, new_key, is_new, abstract_is_published): the published
-- paper each staged paper is, or the key it will be inserted under, as identity resolution
-- decided (paper_map, see etl.load.assemble.stage_paper_map): one rule set for records of
-- one load and of many. A new paper's abstract is the staged one; a matched paper's is
-- compared once it is completed (publish/abstract_is_published).
CREATE TABLE {staging}.paper_match AS
SELECT DISTINCT ON (sp.paper_key) sp.paper_key, pm.paper_id,
       pm.paper_id IS NULL AS is_new,
       CASE WHEN pm.paper_id IS NULL THEN sp.paper_key END AS new_key,
       pm.paper_id IS NULL AS abstract_is_published
FROM {staging}.papers sp JOIN {staging}.paper_map pm USING (paper_key)
ORDER BY sp.paper_key;
CREATE INDEX ON {staging}.paper_match (paper_key);
