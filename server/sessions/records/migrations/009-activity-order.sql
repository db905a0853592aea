-- The records' order: their time, then the order they were written in. Records of the same
-- moment are listed the same way in every search, its CSV and every store, newest first, and the
-- limit of a list cuts through them at the same place. The records already kept are numbered in
-- the order the table holds them.
ALTER TABLE portal_activity ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
