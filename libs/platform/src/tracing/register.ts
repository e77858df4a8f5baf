// Imported first by the platform's entry points: tracing must be set up before `pg` is loaded
// (its instrumentation patches the module when it is required). Does nothing unless configured.
import { startTracing } from './start-tracing';

startTracing();
