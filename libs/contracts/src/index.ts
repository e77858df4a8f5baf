export * from './context';
export * from './pagination';
export * from './health';
export * from './roles';
export * from './identity';
export * from './content';
export * from './rpc';
export * from './callerless';
