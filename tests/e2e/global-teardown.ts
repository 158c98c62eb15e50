// Playwright global teardown: removes the run's temporary folder (the app's database, the specs' own folders), pass or fail.
import { removeRunTempRoot } from '../support/run-temp-root';

export default function globalTeardown() {
  removeRunTempRoot();
}
