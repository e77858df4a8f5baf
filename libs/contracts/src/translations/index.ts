export * from './subjects';
export * from './translations';
