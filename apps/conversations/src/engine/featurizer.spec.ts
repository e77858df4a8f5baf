import { DEFAULT_FEATURIZER, Featurizer, principalComponents } from './featurizer';
import { cosine } from './online-clusterer';
import { sharedWordVectors } from './word-vectors';

describe('Featurizer', () => {
  const vectors = sharedWordVectors();

  it('gives unit vectors of hashed terms, character 3-grams and word vectors', () => {
    const featurizer = new Featurizer(vectors, { ...DEFAULT_FEATURIZER, charDims: 256, charWeight: 0.2 });
    expect(featurizer.dims).toBe(DEFAULT_FEATURIZER.hashDims + 256 + vectors.dims);
    const v = featurizer.vectorize('how do I get a refund for my order?');
    expect(Math.hypot(...v)).toBeCloseTo(1, 5);
  });

  it('with character 3-grams, brings a misspelt question closer to the right one', () => {
    const words = new Featurizer(vectors, { ...DEFAULT_FEATURIZER });
    const grams = new Featurizer(vectors, { ...DEFAULT_FEATURIZER, charDims: 512, charWeight: 0.2 });
    const similarity = (f: Featurizer): number =>
      cosine(f.vectorize('how do I cancel my subscription'), f.vectorize('how do I cancle my subscripton'));
    expect(similarity(grams)).toBeGreaterThan(similarity(words));
  });

  it('removing vocabulary components changes the vectors, which stay deterministic and of unit length', () => {
    const featurizer = new Featurizer(vectors, { ...DEFAULT_FEATURIZER, removedComponents: 2 });
    const a = featurizer.vectorize('reset my password');
    expect(Array.from(featurizer.vectorize('reset my password'))).toEqual(Array.from(a));
    expect(cosine(a, new Featurizer(vectors).vectorize('reset my password'))).toBeLessThan(1 - 1e-6);
    expect(Math.hypot(...a)).toBeCloseTo(1, 5);
  });

  it('principalComponents finds the eigenvectors of the largest eigenvalues, in order', () => {
    // Eigenvalues 5 (along (1, 1)), 1 (along (1, -1)) and 3 (along z).
    const matrix = [Float64Array.from([3, 2, 0]), Float64Array.from([2, 3, 0]), Float64Array.from([0, 0, 3])];
    const [first, second] = principalComponents(matrix, 2);
    expect(Math.abs(first[0])).toBeCloseTo(Math.SQRT1_2, 5);
    expect(Math.abs(first[1])).toBeCloseTo(Math.SQRT1_2, 5);
    expect(Math.abs(second[2])).toBeCloseTo(1, 5);
  });
});
