// Makes dist/database/pglite, the migrated empty database a new DATA_DIR starts as a copy of
// (run by scripts/build-if-stale.mjs when the migrations or PGlite are newer than it).
import { buildEmptyDatabase } from '#server/db/pglite-snapshot.ts';

await buildEmptyDatabase();
