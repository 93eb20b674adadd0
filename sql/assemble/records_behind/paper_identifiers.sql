SELECT b.record_key, o.kind || ' ' || o.value AS offending
FROM ({o}) o JOIN {staging}.paper_map m ON m.paper_key = o.paper_key
JOIN {staging}.batch_records b ON b.record_key = m.record_key
WHERE o.value = CASE o.kind WHEN 'arxiv_id' THEN b.arxiv_id WHEN 'doi' THEN b.doi
                            WHEN 'acl_id' THEN b.acl_id WHEN 'openreview_id' THEN b.openreview_id
                            WHEN 'pwc_id' THEN b.pwc_id WHEN 'paper_url' THEN b.paper_url END
