import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';

/** A nats-server with JetStream of one spec file, and a connection to it. */
export interface JetStreamForTests {
  nc: NatsConnection;
  /** Closes the connection, stops the server and removes its store. */
  stop(): Promise<void>;
}

/**
 * Starts a real `nats-server -js` on a free local port with its store in a temporary directory
 * (`prefix` names it), for specs that need JetStream's own answers (acks, compare-and-set refusals).
 */
export async function startJetStreamForTests(prefix: string): Promise<JetStreamForTests> {
  const storeDir = mkdtempSync(join(tmpdir(), prefix));
  const port = await freePort();
  const server = spawn('nats-server', ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], { stdio: 'ignore' });
  const stop = async (connection?: NatsConnection): Promise<void> => {
    await connection?.close();
    server.kill();
    rmSync(storeDir, { recursive: true, force: true });
  };
  try {
    const nc = await connectWhenUp(port);
    return { nc, stop: () => stop(nc) };
  } catch (error) {
    await stop();
    throw error;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Connects once the server listens (it takes a moment to start). */
async function connectWhenUp(port: number): Promise<NatsConnection> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await connect({ servers: `127.0.0.1:${port}` });
    } catch (error) {
      if (attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
