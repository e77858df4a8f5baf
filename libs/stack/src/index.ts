export * from './apps';
export * from './stack';
export * from './processes';
export { adminUrl } from './postgres';
