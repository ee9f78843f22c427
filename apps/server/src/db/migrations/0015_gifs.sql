-- Custom GIFs (spec 3 §2 Custom GIFs, §5): each user's uploaded GIFs, shared with the whole instance
-- (the picker's User Uploaded GIFs tab). Names are unique per owner in any case. They count in the
-- owner's storage and their files are queued for removal when the row goes, as attachments' are (0006).
CREATE TABLE user_gifs (
  id          bigserial PRIMARY KEY,
  user_id     bigint   NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name        text     NOT NULL,
  storage_key text     NOT NULL UNIQUE,
  file_size   bigint   NOT NULL CHECK (file_size >= 0),
  width       integer  NOT NULL CHECK (width > 0),
  height      integer  NOT NULL CHECK (height > 0),
  is_nsfw     boolean  NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX user_gifs_user_name_key ON user_gifs (user_id, lower(name));
-- The instance's GIFs newest first (GET /gif/user/all, the built-in provider's trending and search).
CREATE INDEX user_gifs_created_idx ON user_gifs (created_at DESC, id DESC);

-- Favorite GIFs (spec 1 §3): a copy of what the picker showed, so the Favorites tab needs no provider
-- call. gif_id is the provider's id (the built-in provider's is 'user-<user_gifs.id>').
CREATE TABLE gif_favorites (
  id              bigserial PRIMARY KEY,
  user_id         bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  gif_id          text    NOT NULL,
  gif_title       text    NOT NULL,
  gif_url         text    NOT NULL,
  gif_preview_url text    NOT NULL,
  gif_width       integer NOT NULL CHECK (gif_width >= 0),
  gif_height      integer NOT NULL CHECK (gif_height >= 0),
  gif_size        bigint  NOT NULL CHECK (gif_size >= 0),
  is_nsfw         boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, gif_id)
);
-- Favorites of an uploaded GIF that is deleted go with it (see the trigger).
CREATE INDEX gif_favorites_gif_id_idx ON gif_favorites (gif_id);

-- Counted in the owner's storage and the file queued for removal when the row goes (0014).
CREATE TRIGGER user_gifs_account AFTER INSERT OR DELETE ON user_gifs
  FOR EACH ROW EXECUTE FUNCTION stored_file_account();

-- A deleted GIF's address answers 404: nobody's favorite should keep pointing at it.
CREATE FUNCTION user_gifs_unfavorite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM gif_favorites WHERE gif_id = 'user-' || OLD.id;
  RETURN OLD;
END $$;

CREATE TRIGGER user_gifs_unfavorite AFTER DELETE ON user_gifs
  FOR EACH ROW EXECUTE FUNCTION user_gifs_unfavorite();
