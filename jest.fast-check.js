// Property tests (fast-check) are reproducible: a fixed seed unless FC_SEED says otherwise
// (`FC_SEED=random` draws a fresh one, as `pnpm test:fuzz` does). fast-check prints the seed and
// the shrunk counterexample of a failure; keep each counterexample as a regression test.
let fc;
try {
  fc = require(require.resolve('fast-check', { paths: [process.cwd()] }));
} catch {
  fc = undefined; // this package does not use fast-check
}
if (fc) {
  const wanted = process.env.FC_SEED ?? '20261126';
  const seed = wanted === 'random' ? Date.now() ^ (Math.random() * 0x100000000) : Number(wanted);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
}
