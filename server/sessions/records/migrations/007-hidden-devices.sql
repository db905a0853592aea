-- The retired devices a person hid from their own list, kept with their account (tenant, type
-- and name together, as its sessions are) so that every browser they sign in from hides them.
-- The world is the reference API's test world ('' outside test mode), as the activity's is.
CREATE TABLE portal_hidden_devices (
  account text NOT NULL,
  usertype text NOT NULL,
  tenant text NOT NULL DEFAULT '',
  world text NOT NULL DEFAULT '',
  client_id text NOT NULL,
  hidden_at timestamptz NOT NULL,
  PRIMARY KEY (account, usertype, tenant, world, client_id)
);
