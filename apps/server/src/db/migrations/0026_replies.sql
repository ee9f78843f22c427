-- Replies: a message may answer another of the same channel or conversation. The id is kept without a
-- foreign key, on purpose: when the original is deleted the reply still says what it answered ('Original
-- message was deleted'), which ON DELETE SET NULL would erase and ON DELETE CASCADE would make worse.
-- Reading a reply joins the original by its primary key, so no index on reply_to_id is needed.
-- reply_mention records whether the reply mentioned the original's author, so an edit keeps that mention.
ALTER TABLE messages
  ADD COLUMN reply_to_id bigint,
  ADD COLUMN reply_mention boolean NOT NULL DEFAULT false;
