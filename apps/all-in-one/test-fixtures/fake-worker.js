// A worker app's entry for jobs-thread.spec.ts, run inside the jobs thread as a real one is
// (through runMain, under its own environment). The spec writes one tiny entry file per app that
// calls `fakeWorker()` (the host loads each entry file once). It records what happens to the app,
// one line each, in FAKE_EVENTS; FAKE_FAIL makes it fail: `start` (an error), `config` (a bad
// variable), `later` (a fatal error once it is up).
const { appendFileSync } = require('node:fs');
const { ConfigError, entryHost, runMain } = require('@bindery/platform');

exports.fakeWorker = function fakeWorker() {
  // Read while the entry loads: the host sets the app's environment for that moment only.
  const { FAKE_NAME, FAKE_EVENTS, FAKE_FAIL } = process.env;
  const record = (line) => appendFileSync(FAKE_EVENTS, `${FAKE_NAME} ${line}\n`);
  runMain(async () => {
    if (FAKE_FAIL === 'start') throw new Error('cannot reach its queue');
    if (FAKE_FAIL === 'config') throw new ConfigError(['DATABASE_URL'], 'Invalid environment:\n  DATABASE_URL: must be a postgres:// URL');
    const host = entryHost();
    host.onStop(async () => {
      record('stopping');
      // A job being finished: the thread must wait for it.
      await new Promise((resolve) => setTimeout(resolve, 50));
      record('stopped');
    });
    record('up');
    if (FAKE_FAIL === 'later') setImmediate(() => host.fail(new Error('lost its connection')));
  });
};
