-- A repository's host, owner and name are compared without case: GitHub's are not
-- case-sensitive, so a link written in another case changes nothing.
INSERT INTO repositories AS t (repository_key, canonical_url, host, owner, name, kind,
                               created_run_id, changed_run_id)
SELECT repository_key, canonical_url, host, owner, name, kind, :run_id, :run_id
FROM {staging}.repositories
ON CONFLICT (repository_key) DO UPDATE
    SET canonical_url = excluded.canonical_url, host = excluded.host,
        owner = excluded.owner, name = excluded.name, kind = excluded.kind,
        changed_run_id = excluded.changed_run_id
    WHERE (t.kind, lower(t.host), lower(t.owner), lower(t.name))
        IS DISTINCT FROM
          (excluded.kind, lower(excluded.host), lower(excluded.owner), lower(excluded.name))
RETURNING (xmax = 0) AS inserted
