import { logger } from '@bindery/platform';
import type { EntityManager } from 'typeorm';
import type { EmbeddingEndpoint } from '../embeddings/embedding-endpoints';
import { EmbeddingsClient } from '../embeddings/embeddings-client';
import { Featurizer } from '../engine/featurizer';
import { type ClustererOptions, DEFAULT_CLUSTERER } from '../engine/online-clusterer';
import { issueTexts, OrganizationClusters, type PendingConversation } from '../engine/process-batch';
import { sharedWordVectors } from '../engine/word-vectors';
import type { ProcessingRepository } from './processing.repository';

/** The vector space of the built-in featurizer (every cluster made before embedding endpoints existed). */
export const BUILTIN_SPACE = 'builtin';

interface Cached {
  version: string;
  space: string;
  clusters: OrganizationClusters;
}

/**
 * A batch whose endpoint vectors were fetched before its transaction: the endpoint they came
 * from, the conversations they cover and the vectors (built-in ones if the endpoint failed).
 */
export interface PreparedBatch {
  endpointName: string;
  conversationIds: string[];
  vectors: Vectors;
}

/** How one batch is turned into vectors: the space they live in and the function that gives them. */
interface Vectors {
  space: string;
  dims: number;
  vectorize: (text: string) => Float32Array;
}

/**
 * The worker's clustering state: the featurizer (word vectors loaded once), the operator's
 * embedding endpoints and, per organization, its clusters as of the version stored with them.
 * Another worker that processed a batch of the organization bumped the version, and the clusters
 * are read again.
 *
 * Vector spaces: an organization's clusters are compared only with vectors of the engine that
 * built them (`clusters.vector_space`). Switching engines leaves the existing clusters as they
 * are (listed, readable, with their issues) but they take no new issue; new issues start the new
 * engine's clusters. When the organization's endpoint is down (or no longer configured), the batch
 * is placed with the built-in vectors among the organization's built-in clusters, never among the
 * endpoint's.
 */
// A plain class (Nest builds it without a decorator: no constructor arguments), so unit tests load it without Nest.
export class ClusteringEngine {
  private builtIn?: Featurizer;
  /**
   * The built-in featurizer, its word vectors (~56 MB) read at the first batch rather than at the
   * start: a worker that never processes a conversation (most small installs) never holds them; the
   * first batch after a start waits for the file to be read.
   */
  get featurizer(): Featurizer {
    this.builtIn ??= new Featurizer(sharedWordVectors());
    return this.builtIn;
  }
  /** The clustering settings (tests use merge-prone ones to exercise merges). */
  clustererOptions: ClustererOptions = DEFAULT_CLUSTERER;
  private readonly cache = new Map<string, Cached>();
  private readonly clients = new Map<string, EmbeddingsClient>();

  /** The operator's endpoints (`CONVERSATIONS_EMBEDDING_ENDPOINTS`, validated at start). */
  useEndpoints(endpoints: EmbeddingEndpoint[]): void {
    this.clients.clear();
    for (const endpoint of endpoints) this.clients.set(endpoint.name, new EmbeddingsClient(endpoint));
  }

  /**
   * For an organization on an embedding endpoint, fetches the vectors of its next batch before the
   * batch's transaction: the HTTP call (up to the endpoint's timeout) must not hold the
   * organization's lock and a database connection in a transaction. Undefined on built-in vectors
   * (no network) or when nothing waits.
   */
  async prepareBatch(
    db: EntityManager,
    repository: ProcessingRepository,
    organizationId: string,
    limit: number,
  ): Promise<PreparedBatch | undefined> {
    const endpointName = await repository.embeddings(db, organizationId);
    if (endpointName === null) return undefined;
    const pending = await repository.pending(db, organizationId, limit);
    if (pending.length === 0) return undefined;
    return { endpointName, conversationIds: pending.map((c) => c.id), vectors: await this.vectorsFor(endpointName, pending) };
  }

  /**
   * Processes one batch of the organization's waiting conversations; returns how many it took.
   * With `prepared` (vectors fetched before the transaction, for the endpoint still chosen), the
   * batch is those of its conversations no other worker took meanwhile.
   */
  async processBatch(
    tx: EntityManager,
    repository: ProcessingRepository,
    organizationId: string,
    limit: number,
    newId: () => string,
    prepared?: PreparedBatch,
  ): Promise<number> {
    const state = await repository.lock(tx, organizationId);
    const usable = prepared !== undefined && prepared.endpointName === state.embeddings ? prepared : undefined;
    const pending = await repository.pending(tx, organizationId, limit, usable?.conversationIds);
    if (pending.length === 0) return 0;
    // Only a setting changed since the preparation brings the endpoint call under the lock (bounded by its timeout).
    const vectors = usable?.vectors ?? (await this.vectorsFor(state.embeddings, pending));
    let cached = this.cache.get(organizationId);
    if (!cached || cached.version !== state.version || cached.space !== vectors.space) {
      // Cluster ids are fresh ids; `seq` only orders clusters by age (older ones survive merges).
      const records = (await repository.clusters(tx, organizationId, vectors.space)).filter((r) => r.sum.length === vectors.dims);
      cached = {
        version: state.version,
        space: vectors.space,
        clusters: new OrganizationClusters(vectors.dims, this.clustererOptions, newId, records),
      };
    }
    // Until the transaction commits, the cache may hold state the database never saw.
    this.cache.delete(organizationId);
    const result = cached.clusters.process(pending, this.featurizer, newId, new Date(), vectors.vectorize);
    // A fresh token, not a counter: if this COMMIT fails, no later batch can ever store it again.
    const version = newId();
    await repository.save(
      tx,
      organizationId,
      pending.map((c) => c.id),
      result,
      version,
      vectors.space,
    );
    this.cache.set(organizationId, { version, space: vectors.space, clusters: cached.clusters });
    return pending.length;
  }

  /**
   * The organization's endpoint's vectors for every issue of the batch, fetched in one go; the
   * built-in ones when it has none, the name is no longer configured, or the endpoint fails.
   */
  async vectorsFor(endpointName: string | null, pending: PendingConversation[]): Promise<Vectors> {
    const builtin: Vectors = { space: BUILTIN_SPACE, dims: this.featurizer.dims, vectorize: (text) => this.featurizer.vectorize(text) };
    if (endpointName === null) return builtin;
    const client = this.clients.get(endpointName);
    if (!client) {
      logger.warn({ endpoint: endpointName }, 'embedding endpoint not configured: built-in vectors used');
      return builtin;
    }
    const texts = issueTexts(pending, this.featurizer);
    if (texts.length === 0) return builtin;
    try {
      const embedded = await client.embed(texts);
      const byText = new Map(texts.map((text, i) => [text, embedded[i]]));
      const { name, model } = client.endpoint;
      return {
        // The model is part of the space: another model behind the same name starts new clusters.
        space: `embeddings:${name}:${model}`,
        dims: embedded[0].length,
        vectorize: (text) => byText.get(text)!,
      };
    } catch (error) {
      logger.warn({ endpoint: endpointName, err: error }, 'embedding endpoint failed: built-in vectors used for this batch');
      return builtin;
    }
  }
}
