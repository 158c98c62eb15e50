// Vitest global setup for integration tests: every temporary folder of the run goes into one, removed afterwards whatever the outcome.
import { enterRunTempRoot, removeRunTempRoot } from './run-temp-root';

export default function setup() {
  const root = enterRunTempRoot('vitest');
  const remove = () => removeRunTempRoot(root);
  // An interrupted run (Ctrl+C) skips the teardown: remove the folder on exit too.
  process.once('exit', remove);
  return remove;
}
