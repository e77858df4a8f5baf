import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../apps';
import { readRouteTable, routesMarkdown } from '../docs/route-table';

/** Writes docs/routes.md: every route, its controller, the subjects it sends and their handlers. */
const root = repoRoot();
writeFileSync(join(root, 'docs', 'routes.md'), routesMarkdown(readRouteTable(root)));
console.log('Wrote docs/routes.md');
