"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AllInOneHost = void 0;
const node_async_hooks_1 = require("node:async_hooks");
const node_module_1 = require("node:module");
const platform_1 = require("@bindery/platform");
const SIGNALS = ['SIGTERM', 'SIGINT'];
/** Entry files are CommonJS builds, loaded (and so started) one at a time, each under its app's environment. */
const load = (0, node_module_1.createRequire)(__filename);
/**
 * Runs apps' own entry files (`apps/<app>/dist/main.js`, `worker.js`) side by side in this
 * process: each entry calls `runMain`, which hands its start function here (`EntryHost`); the host
 * runs it with the app's own environment, so the app validates and keeps its own settings and opens
 * its own NATS connection and database pool. The process's signals are the host's: it stops the
 * apps in order instead of each app exiting the process when it is done.
 */
class AllInOneHost {
    runs = [];
    current = new node_async_hooks_1.AsyncLocalStorage();
    loading;
    stopping;
    constructor() {
        (0, platform_1.setEntryHost)(this);
    }
    /** Loads an entry file and starts it with `env` as its environment; resolves once it serves. */
    async launch(name, entryFile, env) {
        const run = { name, state: 'starting', closers: [], signalListeners: [] };
        this.runs.push(run);
        const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
        this.loading = run;
        try {
            withEnvironment(env, () => load(entryFile));
        }
        finally {
            this.loading = undefined;
        }
        const main = run.main;
        if (!main)
            throw new Error(`${name}: ${entryFile} did not start through runMain`);
        try {
            // The synchronous start of an entry reads and validates its settings (loadConfig): under its environment.
            await this.current.run(run, () => withEnvironment(env, main));
        }
        catch (error) {
            run.state = 'failed';
            throw error;
        }
        for (const signal of SIGNALS) {
            for (const listener of process.listeners(signal)) {
                if (before.get(signal)?.has(listener))
                    continue;
                process.removeListener(signal, listener);
                run.signalListeners.push(listener);
            }
        }
        run.state = 'up';
        platform_1.logger.info({ app: name }, 'app started in the all-in-one process');
    }
    start(main) {
        if (!this.loading)
            throw new Error('runMain was called outside an entry the all-in-one host loads');
        this.loading.main = main;
    }
    onStop(close) {
        const run = this.current.getStore();
        if (!run)
            throw new Error('an app registered a closer outside its start');
        run.closers.push(close);
    }
    fail(error) {
        const run = this.current.getStore();
        if (run)
            run.state = 'failed';
        platform_1.logger.fatal({ err: error, app: run?.name }, 'an app of the all-in-one process cannot go on; stopping the process');
        void this.stop().finally(() => process.exit(1));
    }
    /** Each app's state, for `/readyz`. */
    states() {
        return Object.fromEntries(this.runs.map((run) => [run.name, run.state]));
    }
    /** Stops on SIGTERM / SIGINT, then exits 0. */
    handleSignals() {
        for (const signal of SIGNALS) {
            process.on(signal, () => {
                // Apps that stop themselves raise the signal again when done (Nest does): already handled.
                if (this.stopping)
                    return;
                platform_1.logger.info({ signal }, 'stopping every app of the all-in-one process');
                void this.stop(signal).finally(() => process.exit(0));
            });
        }
    }
    /**
     * The HTTP front first (the gateway stops taking requests), then every service and worker side by
     * side (workers finish or release their jobs), then what else listened to signals (the reader, which
     * exits the process itself once closed).
     */
    stop(signal = 'SIGTERM') {
        this.stopping ??= (async () => {
            for (const run of this.runs)
                run.state = run.state === 'failed' ? 'failed' : 'stopping';
            const front = this.runs.filter((run) => run.name === 'gateway');
            const rest = this.runs.filter((run) => run.name !== 'gateway');
            for (const run of front)
                for (const listener of run.signalListeners)
                    listener(signal);
            await Promise.allSettled(this.runs.flatMap((run) => run.closers.map((close) => close().catch((error) => platform_1.logger.warn({ err: error, app: run.name }, 'stopping an app failed')))));
            for (const run of rest)
                for (const listener of run.signalListeners)
                    listener(signal);
        })();
        return this.stopping;
    }
}
exports.AllInOneHost = AllInOneHost;
/** Runs `fn` with `env` as `process.env`: only its synchronous part, which is where entries read their settings. */
function withEnvironment(env, fn) {
    const saved = process.env;
    process.env = env;
    try {
        return fn();
    }
    finally {
        process.env = saved;
    }
}
//# sourceMappingURL=host.js.map