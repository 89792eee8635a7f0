// Loaded with `node --import` by scripts/lib/idle-modules.test.ts: writes the URL of every module
// the process loads (import and require alike) to MODULE_LOG_FILE, one per line.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const file = process.env.MODULE_LOG_FILE;
if (file) {
  registerHooks({
    load(url, context, nextLoad) {
      appendFileSync(file, `${url}\n`);
      return nextLoad(url, context);
    },
  });
}
