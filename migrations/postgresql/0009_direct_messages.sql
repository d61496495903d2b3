-- PostgreSQL's version of ../0009_direct_messages.sql (BIGINT ids).
CREATE TABLE direct_messages_undelivered (
    user_id         BIGINT  PRIMARY KEY,
    undelivered_at  TEXT    NOT NULL,
    told_at         TEXT
);
