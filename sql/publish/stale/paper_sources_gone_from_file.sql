-- Records gone from a file that was read again (its unchanged records are not staged but
-- noted in unchanged_records).
DELETE FROM paper_sources AS t
WHERE t.source_file IN (SELECT source_file FROM {staging}.paper_sources
                        UNION SELECT source_file FROM {staging}.unchanged_records)
  AND NOT EXISTS (SELECT 1 FROM {staging}.paper_sources s
                  WHERE s.source_file = t.source_file
                    AND s.record_number = t.record_number)
  AND NOT EXISTS (SELECT 1 FROM {staging}.unchanged_records u
                  WHERE u.source_file = t.source_file AND u.record = t.record_number)
RETURNING 1
