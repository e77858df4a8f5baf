import { agreement } from './metrics';

describe('agreement (ARI, AMI)', () => {
  it('is 1 for identical partitions, whatever the names', () => {
    const result = agreement(['a', 'a', 'b', 'b', 'c'], [3, 3, 1, 1, 2]);
    expect(result.ari).toBeCloseTo(1, 10);
    expect(result.ami).toBeCloseTo(1, 10);
    expect(result).toMatchObject({ clusters: 3, classes: 3 });
  });

  // The scikit-learn user guide example: ARI 0.2424…; AMI 0.2988 with the arithmetic mean (the default since
  // scikit-learn 0.22; the guide once printed 0.2250, the max normalisation), checked against an independent script.
  it('matches scikit-learn on a small example', () => {
    const labels = [0, 0, 0, 1, 1, 1];
    const clusters = [0, 0, 1, 1, 2, 2];
    const result = agreement(labels, clusters);
    expect(result.ari).toBeCloseTo(0.24242424, 6);
    expect(result.ami).toBeCloseTo(0.29879246, 6);
  });

  it('is about 0 for an unrelated partition and negative ARI is possible', () => {
    const labels = [0, 0, 1, 1];
    const clusters = [0, 1, 0, 1];
    const result = agreement(labels, clusters);
    expect(result.ari).toBeCloseTo(-0.5, 6);
    expect(result.ami).toBeLessThanOrEqual(0);
  });

  it('scores singletons low against real classes', () => {
    const labels = Array.from({ length: 100 }, (_, i) => i % 5);
    const clusters = Array.from({ length: 100 }, (_, i) => i);
    const result = agreement(labels, clusters);
    expect(result.ari).toBeCloseTo(0, 6);
    expect(result.ami).toBeCloseTo(0, 6);
  });
});
