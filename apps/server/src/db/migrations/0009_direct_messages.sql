-- Direct messages (spec 1 §3): a conversation between two users, named by the negative id derived from
-- the sorted pair (packages/protocol/src/conversation-id.ts). Its messages live in the messages table
-- beside channel messages, so reactions, attachments, mentions and history paging work the same way;
-- a message belongs to exactly one channel or one conversation.
CREATE TABLE dm_conversations (
  id         bigint PRIMARY KEY CHECK (id < 0),
  user_low   bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_high  bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (user_low < user_high),
  UNIQUE (user_low, user_high)
);
-- A user's conversations, whichever side of the pair they are.
CREATE INDEX dm_conversations_user_high_idx ON dm_conversations (user_high);

ALTER TABLE messages
  ALTER COLUMN channel_id DROP NOT NULL,
  ADD COLUMN conversation_id bigint REFERENCES dm_conversations (id) ON DELETE CASCADE,
  ADD CONSTRAINT messages_one_place CHECK ((channel_id IS NULL) <> (conversation_id IS NULL));
-- A conversation's pages and its last message, as messages_channel_id_id_idx serves channels.
CREATE INDEX messages_conversation_id_id_idx ON messages (conversation_id, id) WHERE conversation_id IS NOT NULL;

-- Where each participant stands in a conversation; unread counts are derived from it, as for channels.
CREATE TABLE dm_reads (
  user_id              bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  conversation_id      bigint NOT NULL REFERENCES dm_conversations (id) ON DELETE CASCADE,
  last_read_message_id bigint,
  last_read_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, conversation_id)
);
CREATE INDEX dm_reads_conversation_id_idx ON dm_reads (conversation_id);
