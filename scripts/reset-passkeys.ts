// `npm run admin:reset-passkeys`: the operator's way back in when the author has lost their
// passkeys (DESIGN.md "passkeys for the author"). Turns `Require a passkey` off and removes every
// passkey, so the password alone opens the admin again; recovery codes are left as they are.
// Nothing over HTTP can do this. On the embedded database, stop the server first: PGlite's files
// belong to one process at a time.
import { openDatabase } from '../src/server/db/client.ts';
import { loadConfig } from '../src/server/env.ts';
import { PasskeyService } from '../src/server/services/auth/passkeys.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const { removed } = await new PasskeyService(database.db, undefined).reset();
  console.log(
    `Passkeys reset: ${removed} removed, and the password alone signs in again. Sign in and add a passkey at /admin/security.`,
  );
} finally {
  await database.close();
}
