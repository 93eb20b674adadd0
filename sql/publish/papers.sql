-- New papers: each staged paper identity resolution matched to no published one is
-- inserted, and paper_match gets its paper_id. Returns (inserted, updated).
WITH new_papers AS (
    INSERT INTO papers (paper_key, arxiv_id, doi, acl_id, openreview_id, pwc_id,
                        paper_url, title_key, title, abstract, abstract_source,
                        abstract_fingerprint, published_on, published_on_precision,
                        metadata_source, method_name, method_name_origin,
                        method_name_way, created_run_id, changed_run_id)
    SELECT m.new_key, sp.arxiv_id, sp.doi, sp.acl_id, sp.openreview_id, sp.pwc_id,
           sp.paper_url, sp.title_key, sp.title, sp.abstract, sp.abstract_source,
           sp.abstract_fingerprint, sp.published_on, sp.published_on_precision,
           sp.metadata_source, sp.method_name, sp.method_name_origin, sp.method_name_way,
           :run_id, :run_id
    FROM {staging}.papers sp JOIN {staging}.paper_match m USING (paper_key)
    WHERE m.paper_id IS NULL
    RETURNING paper_id, paper_key
), matched AS (
    UPDATE {staging}.paper_match m SET paper_id = n.paper_id
    FROM new_papers n WHERE m.new_key = n.paper_key
    RETURNING m.paper_key
)
SELECT count(*), 0 FROM matched
