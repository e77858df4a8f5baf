/**
 * Agreement between a clustering and reference labels: adjusted Rand index and adjusted mutual
 * information (arithmetic-mean normalisation, the scikit-learn default), from the contingency table.
 */
export interface Agreement {
  ari: number;
  ami: number;
  clusters: number;
  classes: number;
}

export function agreement(labels: ArrayLike<string | number>, clusters: ArrayLike<string | number>): Agreement {
  if (labels.length !== clusters.length) throw new Error('labels and clusters differ in length');
  const n = labels.length;
  const labelIndex = indexer();
  const clusterIndex = indexer();
  const cells = new Map<string, Cell>();
  const a: number[] = [];
  const b: number[] = [];
  for (let k = 0; k < n; k++) {
    const i = labelIndex(labels[k]);
    const j = clusterIndex(clusters[k]);
    a[i] = (a[i] ?? 0) + 1;
    b[j] = (b[j] ?? 0) + 1;
    const key = `${i},${j}`;
    const cell = cells.get(key);
    if (cell) cell.count++;
    else cells.set(key, { i, j, count: 1 });
  }
  const table = [...cells.values()];
  return { ari: ari(n, a, b, table), ami: ami(n, a, b, table), clusters: b.length, classes: a.length };
}

interface Cell {
  i: number;
  j: number;
  count: number;
}

const choose2 = (x: number): number => (x * (x - 1)) / 2;

function ari(n: number, a: number[], b: number[], cells: Cell[]): number {
  const index = sum(cells.map((c) => choose2(c.count)));
  const sumA = sum(a.map(choose2));
  const sumB = sum(b.map(choose2));
  const expected = (sumA * sumB) / choose2(n);
  const max = (sumA + sumB) / 2;
  if (max === expected) return 1;
  return (index - expected) / (max - expected);
}

function entropy(n: number, counts: number[]): number {
  return -sum(counts.map((c) => (c / n) * Math.log(c / n)));
}

function ami(n: number, a: number[], b: number[], cells: Cell[]): number {
  const mi = mutualInformation(n, a, b, cells);
  const emi = expectedMutualInformation(n, a, b);
  const ha = entropy(n, a);
  const hb = entropy(n, b);
  const denominator = (ha + hb) / 2 - emi;
  if (Math.abs(denominator) < 1e-12) return 1;
  return (mi - emi) / denominator;
}

function mutualInformation(n: number, a: number[], b: number[], cells: Cell[]): number {
  let mi = 0;
  for (const { i, j, count } of cells) mi += (count / n) * Math.log((n * count) / (a[i] * b[j]));
  return mi;
}

/** Expected MI under the hypergeometric model of random clusterings with the same margins. */
function expectedMutualInformation(n: number, a: number[], b: number[]): number {
  const logFactorial = logFactorials(n);
  let emi = 0;
  for (const ai of a) {
    for (const bj of b) {
      const start = Math.max(1, ai + bj - n);
      const end = Math.min(ai, bj);
      for (let nij = start; nij <= end; nij++) {
        const term = (nij / n) * Math.log((n * nij) / (ai * bj));
        const logP =
          logFactorial[ai] +
          logFactorial[bj] +
          logFactorial[n - ai] +
          logFactorial[n - bj] -
          logFactorial[n] -
          logFactorial[nij] -
          logFactorial[ai - nij] -
          logFactorial[bj - nij] -
          logFactorial[n - ai - bj + nij];
        emi += term * Math.exp(logP);
      }
    }
  }
  return emi;
}

function logFactorials(n: number): Float64Array {
  const out = new Float64Array(n + 1);
  for (let i = 2; i <= n; i++) out[i] = out[i - 1] + Math.log(i);
  return out;
}

function indexer(): (value: string | number) => number {
  const map = new Map<string | number, number>();
  return (value) => {
    let i = map.get(value);
    if (i === undefined) {
      i = map.size;
      map.set(value, i);
    }
    return i;
  };
}

const sum = (xs: number[]): number => xs.reduce((s, x) => s + x, 0);
