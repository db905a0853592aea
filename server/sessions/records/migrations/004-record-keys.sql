-- An account is known by its tenant, its type and its name together: a user invited with an
-- administrator's address is another account, and sees, ends and loses only its own records.
-- The tenant is the one an administrator's sign-in names (mtcid); '' when it names none.
UPDATE portal_sessions SET tenant = '' WHERE tenant IS NULL;
ALTER TABLE portal_sessions ALTER COLUMN tenant SET DEFAULT '';
ALTER TABLE portal_sessions ALTER COLUMN tenant SET NOT NULL;
DROP INDEX portal_sessions_account;
CREATE INDEX portal_sessions_account ON portal_sessions (account, usertype, tenant, last_used_at DESC);

ALTER TABLE portal_sign_ins ADD COLUMN tenant text NOT NULL DEFAULT '';
UPDATE portal_sign_ins SET tenant = s.tenant
  FROM portal_sessions s WHERE s.id = portal_sign_ins.session_id;
DROP INDEX portal_sign_ins_account;
CREATE INDEX portal_sign_ins_account ON portal_sign_ins (account, usertype, tenant, at DESC);

-- The sender's tenant, so that a help desk of another tenant never sees the record.
ALTER TABLE portal_activity ADD COLUMN tenant text NOT NULL DEFAULT '';
UPDATE portal_activity SET tenant = s.tenant
  FROM portal_sessions s WHERE s.id = portal_activity.session_id;
