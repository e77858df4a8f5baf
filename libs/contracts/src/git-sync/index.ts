export * from './subjects';
export * from './git-sync';
