-- The portal's records: sessions and their sign-ins, and the activity on devices.
-- Never a token: only the SHA-256 of each token a session was given.

CREATE TABLE portal_sessions (
  id text PRIMARY KEY,
  account text NOT NULL,
  usertype text NOT NULL,
  tenant text,
  method text NOT NULL,
  browser text NOT NULL,
  system text NOT NULL,
  address text NOT NULL,
  started_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX portal_sessions_account ON portal_sessions (account, last_used_at DESC);

CREATE TABLE portal_session_tokens (
  token_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES portal_sessions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL
);
CREATE INDEX portal_session_tokens_session ON portal_session_tokens (session_id);

CREATE TABLE portal_sign_ins (
  id text PRIMARY KEY,
  at timestamptz NOT NULL,
  account text NOT NULL,
  usertype text NOT NULL,
  method text NOT NULL,
  browser text NOT NULL,
  system text NOT NULL,
  address text NOT NULL,
  succeeded boolean NOT NULL,
  session_id text,
  new_device boolean NOT NULL DEFAULT false
);
CREATE INDEX portal_sign_ins_account ON portal_sign_ins (account, at DESC);
CREATE INDEX portal_sign_ins_at ON portal_sign_ins (at);

CREATE TABLE portal_users (
  sid text PRIMARY KEY,
  account text NOT NULL,
  seen_at timestamptz NOT NULL
);
CREATE INDEX portal_users_account ON portal_users (account);

CREATE TABLE portal_activity (
  id text PRIMARY KEY,
  at timestamptz NOT NULL,
  account text,
  actor text NOT NULL,
  session_id text,
  client_id text NOT NULL,
  device_name text,
  owner_sid text,
  action text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  answer_status integer NOT NULL,
  answer_code text,
  outcome text NOT NULL,
  done_at timestamptz
);
CREATE INDEX portal_activity_device ON portal_activity (client_id, at DESC);
CREATE INDEX portal_activity_owner ON portal_activity (owner_sid, at DESC);
CREATE INDEX portal_activity_at ON portal_activity (at);
