// Runs in a worker thread of the PageTreePool (piscina): see page-tree.ts.
import { Piscina } from 'piscina';
import { splitReply } from './page-tree';

export default function split(packet: Uint8Array): unknown {
  const reply = splitReply(packet);
  const tree = reply.response?.tree;
  if (!tree) return reply;
  // The documents' buffer is moved to the event loop's thread, not copied (the rest is cloned).
  const moved = {
    get [Piscina.transferableSymbol]() {
      return [tree.documents.buffer];
    },
    get [Piscina.valueSymbol]() {
      return reply;
    },
  };
  return Piscina.move(moved as unknown as Parameters<typeof Piscina.move>[0]);
}
