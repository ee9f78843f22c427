-- Full-text search (docs/decisions/search.md). Each message's words are indexed four ways in one
-- tsvector: as written ('simple': exact words, names, short words and stop words), and by the English,
-- Spanish and French stemmers, so 'running' finds 'run' and 'canciones' finds 'canción'. A search
-- ORs the same four readings of each word, so a word matches when any of them does.
--
-- A STORED generated column is computed once per write and rewrites the table when added (a large
-- instance pays that once, during this migration); the GIN index over it answers `@@`.
ALTER TABLE messages
  ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    to_tsvector('simple'::regconfig, content) || to_tsvector('english'::regconfig, content)
      || to_tsvector('spanish'::regconfig, content) || to_tsvector('french'::regconfig, content)
  ) STORED;
CREATE INDEX messages_search_idx ON messages USING gin (search_vector);
-- A search's from: narrows the full-text matches by author before any message is read (a bitmap AND
-- of the two indexes). It also serves the delete of a user's messages, which read the whole table.
CREATE INDEX messages_user_id_id_idx ON messages (user_id, id);
