import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workerScript } from './worker-script';

describe('workerScript', () => {
  const root = mkdtempSync(join(tmpdir(), 'worker-script-'));
  mkdirSync(join(root, 'src', 'pool'), { recursive: true });
  mkdirSync(join(root, 'dist', 'pool'), { recursive: true });
  writeFileSync(join(root, 'dist', 'pool', 'task.worker.js'), '');

  it('is the script beside a compiled module', () => {
    expect(workerScript(join(root, 'dist', 'pool'), 'task.worker.js')).toBe(join(root, 'dist', 'pool', 'task.worker.js'));
  });

  it("is the build's twin for a module run from its sources", () => {
    expect(workerScript(join(root, 'src', 'pool'), 'task.worker.js')).toBe(join(root, 'dist', 'pool', 'task.worker.js'));
  });

  it('stays beside the module when neither exists (the error names that path)', () => {
    expect(workerScript(join(root, 'src', 'pool'), 'other.worker.js')).toBe(join(root, 'src', 'pool', 'other.worker.js'));
  });
});
