import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../apps';
import { configurationMarkdown } from '../docs/configuration-doc';

/** Writes docs/configuration.md from the env classes (run after changing a setting). */
const root = repoRoot();
writeFileSync(join(root, 'docs', 'configuration.md'), configurationMarkdown(root));
console.log('Wrote docs/configuration.md');
