-- One-time links, shared by every instance: a phone's download works whichever instance it reaches.
-- Each row is sealed with its link's id, which the store never holds (only its SHA-256): the
-- session token inside cannot be read from the table.

CREATE TABLE portal_links (
  id_hash text PRIMARY KEY,
  owner text NOT NULL,
  sealed text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX portal_links_owner ON portal_links (owner, created_at DESC);
CREATE INDEX portal_links_expires ON portal_links (expires_at);
