CREATE TABLE {staging}.paper_authors AS
WITH listed AS (
    SELECT DISTINCT ON (m.paper_key) m.paper_key, b.record_key, b.source_format
    FROM {staging}.batch_records b JOIN {staging}.paper_map m USING (record_key)
    WHERE EXISTS (SELECT 1 FROM {staging}.batch_record_authors a
                  WHERE a.record_key = b.record_key)
    ORDER BY m.paper_key, m.precedence
)
SELECT l.paper_key, a.position, a.author_key, a.affiliation, l.source_format
FROM listed l JOIN {staging}.batch_record_authors a USING (record_key)
