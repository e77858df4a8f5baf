import { iconFor } from './cluster-icon';
import { extractIssues, vectorSimilarity } from './extract-issues';
import type { Featurizer } from './featurizer';
import { type ClusterState, type ClustererOptions, dueForMergeCheck, type Merge, OnlineClusterer } from './online-clusterer';

/** A cluster as stored: the clusterer's state plus what the API shows. */
export interface ClusterRecord extends ClusterState {
  label: string;
  /** Cosine of the label's issue to the centroid when it was chosen (a closer issue takes over). */
  labelSimilarity: number;
  summary: string;
  icon: string;
  conversations: number;
  sources: Record<string, number>;
  createdAt: Date;
  updatedAt: Date;
}

/** A conversation waiting to be processed. */
export interface PendingConversation {
  id: string;
  source: string;
  subject?: string | null;
  parts: Array<{ role: string; body: string }>;
  createdAt: Date;
  ingestedAt: Date;
}

export interface IssueRecord {
  id: string;
  conversationId: string;
  ordinal: number;
  title: string;
  summary: string;
  /** Null when the issue has no word to compare (it cannot join anything). */
  clusterId: string | null;
  createdAt: Date;
  ingestedAt: Date;
}

export interface BatchResult {
  issues: IssueRecord[];
  /** Conversations that yielded no issue, with the reason (no user message, nothing but pleasantries). */
  skipped: Map<string, string>;
  /**
   * Clusters created or changed by this batch (their new state). Their counts here are running
   * estimates: the store recounts them from the issues it holds (and writes the weekly counts).
   */
  touched: ClusterRecord[];
  merges: Merge[];
}

/**
 * An organization's clusters in memory. A worker keeps one per organization between batches
 * (checked against the stored version first), so an issue costs one pass over the centroids, not
 * a read of the table.
 */
export class OrganizationClusters {
  readonly clusterer: OnlineClusterer;
  private readonly records = new Map<string, ClusterRecord>();

  constructor(dims: number, options: ClustererOptions, newId: () => string, records: ClusterRecord[] = []) {
    this.clusterer = new OnlineClusterer(dims, options, newId);
    this.clusterer.load(records);
    for (const record of records) this.records.set(record.id, record);
  }

  record(id: string): ClusterRecord | undefined {
    return this.records.get(id);
  }

  get size(): number {
    return this.records.size;
  }

  /**
   * Extracts the issues of each conversation in order and places each in a cluster. Merges are
   * looked for only around the clusters this batch touched (bounded work per batch).
   */
  process(
    batch: PendingConversation[],
    featurizer: Featurizer,
    newIssueId: () => string,
    now: Date,
    // The vectors clusters are built from: the built-in featurizer's, or an embedding endpoint's
    // computed beforehand (`issueTexts`); extraction always uses the built-in ones.
    vectorize: (text: string) => Float32Array = (text) => featurizer.vectorize(text),
  ): BatchResult {
    // The store recounts cluster sizes after each batch: the typical size starts from those counts.
    this.clusterer.recountSizes();
    const similarity = vectorSimilarity((text) => featurizer.vectorize(text));
    const result: BatchResult = { issues: [], skipped: new Map(), touched: [], merges: [] };
    const touched = new Set<string>();
    // Size of each touched cluster before this batch, to know which are due a merge check.
    const sizeBefore = new Map<string, number>();
    // The batch's placed issues with their vectors, for the re-assignment passes.
    const placed: Array<{ issue: IssueRecord; vector: Float32Array; source: string }> = [];
    for (const conversation of batch) {
      if (!conversation.parts.some((part) => part.role === 'user')) {
        result.skipped.set(conversation.id, 'no user message');
        continue;
      }
      const extracted = extractIssues(conversation, similarity);
      if (extracted.length === 0) {
        result.skipped.set(conversation.id, 'no question or problem in the user messages');
        continue;
      }
      const counted = new Set<string>();
      extracted.forEach((issue, ordinal) => {
        const vector = vectorize(issue.text);
        let clusterId: string | null = null;
        if (vector.some((x) => x !== 0)) {
          const assignment = this.clusterer.assign(vector);
          if (!sizeBefore.has(assignment.cluster.id)) sizeBefore.set(assignment.cluster.id, assignment.cluster.count - 1);
          const record = this.upsertRecord(assignment.cluster, assignment.created, assignment.similarity, issue, now);
          if (!counted.has(record.id)) {
            counted.add(record.id);
            record.conversations++;
          }
          record.sources[conversation.source] = (record.sources[conversation.source] ?? 0) + 1;
          record.updatedAt = now;
          clusterId = record.id;
          touched.add(record.id);
        }
        const record: IssueRecord = {
          id: newIssueId(),
          conversationId: conversation.id,
          ordinal,
          title: issue.title,
          summary: issue.summary,
          clusterId,
          createdAt: conversation.createdAt,
          ingestedAt: conversation.ingestedAt,
        };
        result.issues.push(record);
        if (clusterId) placed.push({ issue: record, vector, source: conversation.source });
      });
    }
    for (let pass = 0; pass < this.clusterer.options.refinePasses; pass++) if (this.refine(placed, touched, sizeBefore, now) === 0) break;
    const due = [...touched].filter((id) => {
      const count = this.clusterer.get(id)?.count ?? 0;
      // A stray (see `straySize`) looks for a settled cluster to fold into after every batch it is in.
      return dueForMergeCheck(sizeBefore.get(id) ?? 0, count) || count <= this.clusterer.options.straySize;
    });
    result.merges = this.mergeAround(due, now);
    const merged = new Map(result.merges.map((m) => [m.from, m.into]));
    const resolve = (id: string): string => {
      let current = id;
      while (merged.has(current)) current = merged.get(current)!;
      return current;
    };
    for (const issue of result.issues) if (issue.clusterId) issue.clusterId = resolve(issue.clusterId);
    for (const id of touched) {
      const record = this.records.get(resolve(id));
      if (record && !result.touched.includes(record)) result.touched.push(record);
    }
    return result;
  }

  /**
   * One re-assignment pass over the batch's issues (see `refinePasses`); returns how many moved.
   * A cluster this batch opened and emptied again disappears before it was ever stored. The
   * records' counts are estimates until the store recounts the touched clusters.
   */
  private refine(
    placed: Array<{ issue: IssueRecord; vector: Float32Array; source: string }>,
    touched: Set<string>,
    sizeBefore: Map<string, number>,
    now: Date,
  ): number {
    let moved = 0;
    for (const item of placed) {
      const from = this.clusterer.get(item.issue.clusterId!)!;
      const to = this.clusterer.reassign(item.vector, from);
      if (!to) continue;
      moved++;
      const left = this.records.get(from.id)!;
      left.sources[item.source] = Math.max(0, (left.sources[item.source] ?? 0) - 1);
      if (from.count === 0) {
        this.records.delete(from.id);
        touched.delete(from.id);
      }
      if (!sizeBefore.has(to.id)) sizeBefore.set(to.id, to.count - 1);
      const joined = this.records.get(to.id)!;
      joined.sources[item.source] = (joined.sources[item.source] ?? 0) + 1;
      joined.updatedAt = now;
      touched.add(to.id);
      item.issue.clusterId = to.id;
    }
    return moved;
  }

  private upsertRecord(
    state: ClusterState,
    created: boolean,
    similarity: number,
    issue: { title: string; summary: string },
    now: Date,
  ): ClusterRecord {
    let record = this.records.get(state.id);
    if (created || !record) {
      record = Object.assign(state as ClusterRecord, {
        label: issue.title,
        labelSimilarity: 1,
        summary: issue.summary,
        icon: iconFor(issue.title),
        conversations: 0,
        sources: {},
        createdAt: now,
        updatedAt: now,
      });
      this.records.set(state.id, record);
    } else if (similarity > record.labelSimilarity && record.count > 2) {
      // The issue closest to the centre names the cluster; ties keep the older label (stable names).
      record.label = issue.title;
      record.labelSimilarity = similarity;
      record.summary = issue.summary;
      record.icon = iconFor(issue.title);
    } else {
      // The centre moves as the cluster grows: let the label's claim fade so a closer issue can take over.
      record.labelSimilarity *= 0.999;
    }
    return record;
  }

  /** Merges touched clusters with any cluster whose centroid converged with theirs. */
  private mergeAround(due: string[], now: Date): Merge[] {
    const merges = this.clusterer.mergeAround(due);
    for (const { from, into } of merges) {
      const gone = this.records.get(from)!;
      const survivor = this.records.get(into)!;
      // Conversations with issues in both are recounted by the store (it knows the issues).
      survivor.conversations += gone.conversations;
      for (const [source, n] of Object.entries(gone.sources)) survivor.sources[source] = (survivor.sources[source] ?? 0) + n;
      survivor.updatedAt = now;
      this.records.delete(from);
    }
    return merges;
  }
}

/** The distinct texts `process` will place for this batch (extraction is deterministic), to embed them in one go. */
export function issueTexts(batch: PendingConversation[], featurizer: Featurizer): string[] {
  const similarity = vectorSimilarity((text) => featurizer.vectorize(text));
  const texts = new Set<string>();
  for (const conversation of batch) {
    if (!conversation.parts.some((part) => part.role === 'user')) continue;
    for (const issue of extractIssues(conversation, similarity)) texts.add(issue.text);
  }
  return [...texts];
}

/** Monday (UTC) of the week of a date, `YYYY-MM-DD`. */
export function weekOf(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const offset = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - offset);
  return day.toISOString().slice(0, 10);
}

/** The 13 weeks ending with the current one, oldest first (Mondays, `YYYY-MM-DD`). */
export function pulseWeeks(now: Date, count = 13): string[] {
  const current = new Date(`${weekOf(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const week = new Date(current);
    week.setUTCDate(week.getUTCDate() - 7 * (count - 1 - i));
    return week.toISOString().slice(0, 10);
  });
}
