-- The published papers, with what the rules now derive from their published abstract;
-- the method_name placeholder is the select list etl.load.assemble._published_method_name
-- writes.
INSERT INTO {staging}.papers (paper_key, arxiv_id, doi, acl_id, openreview_id, pwc_id,
                              paper_url, title_key, title, abstract, abstract_source,
                              abstract_hash, abstract_fingerprint, published_on,
                              published_on_precision, metadata_source, method_name,
                              method_name_origin, method_name_way)
SELECT p.paper_key, p.arxiv_id, p.doi, p.acl_id, p.openreview_id, p.pwc_id, p.paper_url,
       p.title_key, p.title,
       CASE WHEN h.is_placeholder THEN NULL ELSE p.abstract END, p.abstract_source,
       CASE WHEN h.is_placeholder THEN NULL ELSE h.abstract_hash END,
       CASE WHEN h.is_placeholder THEN NULL ELSE p.abstract_fingerprint END,
       p.published_on, p.published_on_precision, p.metadata_source,
       {method_name}
FROM public.papers p
JOIN {staging}.paper_map m USING (paper_id)
LEFT JOIN {staging}.published_abstracts h USING (paper_id)
LEFT JOIN (SELECT DISTINCT ON (abstract_hash) abstract_hash, method_name,
                                                  method_name_way
           FROM {staging}.batch_abstracts ORDER BY abstract_hash) x USING (abstract_hash)
