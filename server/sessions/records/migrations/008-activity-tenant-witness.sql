-- A change to a user the service refused, naming no user the sender is shown, is the help
-- desk's all the same: it is kept with a user of the sender's tenant (the first the service
-- listed for the sender), and a help desk the service shows that user is of the same tenant.
ALTER TABLE portal_activity ADD COLUMN tenant_sid text;
