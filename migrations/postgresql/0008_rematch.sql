-- PostgreSQL's version of ../0008_rematch.sql (a BIGINT reference).
ALTER TABLE tables ADD COLUMN rematch_of BIGINT REFERENCES tables (id);
ALTER TABLE tables ADD COLUMN reserved_json TEXT NOT NULL DEFAULT '[]';
CREATE UNIQUE INDEX tables_one_rematch ON tables (rematch_of) WHERE rematch_of IS NOT NULL;
