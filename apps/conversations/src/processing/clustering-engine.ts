import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Featurizer } from '../engine/featurizer';
import { type ClustererOptions, DEFAULT_CLUSTERER } from '../engine/online-clusterer';
import { OrganizationClusters } from '../engine/process-batch';
import { sharedWordVectors } from '../engine/word-vectors';
import type { ProcessingRepository } from './processing.repository';

interface Cached {
  version: string;
  clusters: OrganizationClusters;
}

/**
 * The worker's clustering state: the featurizer (word vectors loaded once) and, per organization,
 * its clusters as of the version stored with them. Another worker that processed a batch of the
 * organization bumped the version, and the clusters are read again.
 */
@Injectable()
export class ClusteringEngine {
  readonly featurizer = new Featurizer(sharedWordVectors());
  /** The clustering settings (tests use merge-prone ones to exercise merges). */
  clustererOptions: ClustererOptions = DEFAULT_CLUSTERER;
  private readonly cache = new Map<string, Cached>();

  /** Processes one batch of the organization's waiting conversations; returns how many it took. */
  async processBatch(
    tx: EntityManager,
    repository: ProcessingRepository,
    organizationId: string,
    limit: number,
    newId: () => string,
  ): Promise<number> {
    const state = await repository.lock(tx, organizationId);
    const pending = await repository.pending(tx, organizationId, limit);
    if (pending.length === 0) return 0;
    let cached = this.cache.get(organizationId);
    if (!cached || cached.version !== state.version) {
      // Cluster ids are fresh ids; `seq` only orders clusters by age (older ones survive merges).
      const records = await repository.clusters(tx, organizationId);
      cached = { version: state.version, clusters: new OrganizationClusters(this.featurizer.dims, this.clustererOptions, newId, records) };
    }
    // Until the transaction commits, the cache may hold state the database never saw.
    this.cache.delete(organizationId);
    const result = cached.clusters.process(pending, this.featurizer, newId, new Date());
    // A fresh token, not a counter: if this COMMIT fails, no later batch can ever store it again.
    const version = newId();
    await repository.save(
      tx,
      organizationId,
      pending.map((c) => c.id),
      result,
      version,
    );
    this.cache.set(organizationId, { version, clusters: cached.clusters });
    return pending.length;
  }
}
