// Test processes log nothing to the console; the apps under test log to their files in the stack's data dir.
process.env.LOG_LEVEL = 'silent';
