-- One row the portal rewrites to learn whether the store takes writes at all (a full disk lets
-- it answer reads while every write fails): a record is never dropped for the store's fault.
CREATE TABLE portal_health (
  id integer PRIMARY KEY,
  written_at timestamptz NOT NULL
);
