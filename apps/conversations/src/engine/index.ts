/** The framework-free engine (also used by `pnpm bench conversations-quality`). */
export * from './featurizer';
export * from './online-clusterer';
export * from './process-batch';
export * from './extract-issues';
export * from './metrics';
export * from './tokenize';
export * from './stem';
export * from './word-vectors';
