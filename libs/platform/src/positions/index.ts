// Fractional sibling positions. Kept apart from the root entry point: fractional-indexing is
// ESM-only, and only the services that order items (content, sites) should load it.
export * from './fractional-positions';
