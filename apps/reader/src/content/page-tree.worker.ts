// Runs in a worker thread of the PageTreePool (piscina): see page-tree.ts.
import { Piscina } from 'piscina';
import { splitParts, splitReply, partReply } from './page-tree';

/** A first reply: the tree split, or (a tree in parts) its first part's bytes. */
export default function split(packet: Uint8Array): unknown {
  const reply = splitReply(packet);
  const buffer = reply.response?.tree?.documents.buffer ?? reply.response?.firstPart?.buffer;
  return buffer ? moved(reply, buffer as ArrayBuffer) : reply;
}

/** A later part's reply: its tag and bytes. */
export function part(packet: Uint8Array): unknown {
  const reply = partReply(packet);
  const buffer = reply.response?.part?.buffer;
  return buffer ? moved(reply, buffer as ArrayBuffer) : reply;
}

/** Every part's bytes: the tree split as one reply's is. */
export function join(parts: Uint8Array[]): unknown {
  const tree = splitParts(parts);
  return moved(tree, tree.documents.buffer as ArrayBuffer);
}

/** `value` with `buffer` moved to the event loop's thread, not copied (the rest is cloned). */
function moved(value: unknown, buffer: ArrayBuffer): unknown {
  const transferable = {
    get [Piscina.transferableSymbol]() {
      return [buffer];
    },
    get [Piscina.valueSymbol]() {
      return value;
    },
  };
  return Piscina.move(transferable as unknown as Parameters<typeof Piscina.move>[0]);
}
