// Runs in a worker thread of the PageTreePool (piscina): see page-tree.ts.
import { splitTree, type SplitTree } from './page-tree';

export default function split(rawJson: string): SplitTree {
  return splitTree(rawJson);
}
