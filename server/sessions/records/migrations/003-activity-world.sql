-- The reference API's test mode keeps one demo tenant per test ("world"); the activity of each
-- stays with its world. Outside test mode every row has the empty world.
ALTER TABLE portal_activity ADD COLUMN world text NOT NULL DEFAULT '';
