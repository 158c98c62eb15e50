// Child process for lock tests: tries to open the PGlite folder given as argv[2]; exit 0 opened, 3 refused.
import { openDatabase } from '../../lib/db/open';

openDatabase({ pgliteDir: process.argv[2] ?? '' }).then(
  async (handle) => {
    console.log('opened');
    await handle.close();
    process.exit(0);
  },
  (error: Error) => {
    console.log(`${error.name}: ${error.message}`);
    process.exit(3);
  },
);
