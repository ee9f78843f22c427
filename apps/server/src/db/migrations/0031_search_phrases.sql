-- Quoted phrases (docs/decisions/search.md). The full-text index knows which messages hold each word
-- but not where, so a phrase of common words ('the end') had every message holding both words read
-- and tested: tens of thousands of rows for one search. Consecutive word pairs, indexed, find the
-- messages holding a phrase of two words at once, and narrow a longer one to a handful to test.
--
-- Pairs of the words as written ('simple', as phrases match), in the order of the text; the same
-- function reads a searched phrase, so both sides are cut into words by the same parser.
CREATE FUNCTION search_word_pairs(content text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  WITH words AS (
    SELECT lexeme, unnest(positions) AS pos FROM unnest(to_tsvector('simple'::regconfig, content)))
  SELECT coalesce(array_agg(DISTINCT a.lexeme || ' ' || b.lexeme), '{}')
    FROM words a JOIN words b ON b.pos = a.pos + 1
$$;
-- An expression index: nothing is added to the table's rows. Built once by this migration (about 20 s
-- per million messages); each new message computes its pairs once more when it is written.
CREATE INDEX messages_search_pairs_idx ON messages USING gin (search_word_pairs(content));
