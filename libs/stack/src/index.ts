export * from './apps';
export * from './stack';
export * from './processes';
export { adminUrl, connectionUrl } from './postgres';
export * from './app-env';
export * from './nats-permissions';
export * from './demo-site';
export * from './memory';
export * from './all-in-one';
