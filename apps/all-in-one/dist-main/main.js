"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
require("./process-name");
require("reflect-metadata");
const platform_1 = require("@bindery/platform");
const stack_1 = require("@bindery/stack");
const app_environment_1 = require("./app-environment");
const all_in_one_env_1 = require("./config/all-in-one.env");
const health_server_1 = require("./health-server");
const host_1 = require("./host");
/**
 * `node apps/all-in-one/dist/main.js`: every service, worker, the gateway and the reader in this one
 * process, each started by its own entry file with its own environment (its own NATS user and
 * database role). The same code as the one-process-per-app topology; only the runtime is shared.
 */
async function main() {
    const settings = (0, platform_1.loadConfig)(all_in_one_env_1.AllInOneEnv);
    // One registry for the process: its metrics carry service="all-in-one" (not the first app to start's name).
    (0, platform_1.collectProcessMetrics)('all-in-one');
    const host = new host_1.AllInOneHost();
    host.handleSignals();
    if (settings.ALL_IN_ONE_HEALTH_PORT !== undefined) {
        await (0, health_server_1.startHealthServer)(host, settings.ALL_IN_ONE_HEALTH_PORT, settings.ALL_IN_ONE_HEALTH_HOST);
    }
    const launch = (app) => host.launch(app.name, (0, stack_1.appEntry)(app), (0, app_environment_1.environmentOf)(app, stack_1.ALL_APPS, process.env)).catch((error) => {
        throw error instanceof platform_1.ConfigError ? new platform_1.ConfigError(error.variables, (0, app_environment_1.explainConfigError)(app.name, error.message)) : error;
    });
    const without = new Set(settings.ALL_IN_ONE_WITHOUT?.split(',') ?? []);
    if (settings.ALL_IN_ONE_READER === 'off')
        without.add(stack_1.READER.name);
    const included = (app) => !without.has(app.name);
    try {
        // Services and workers side by side (each migrates its own schema), then the HTTP front, one at a time.
        await Promise.all([...stack_1.SERVICES, ...stack_1.WORKERS].filter(included).map(launch));
        for (const front of [stack_1.GATEWAY, stack_1.READER].filter(included))
            await launch(front);
    }
    catch (error) {
        if (error instanceof platform_1.ConfigError)
            process.stderr.write(`${error.message}\n`);
        else
            platform_1.logger.fatal({ err: error }, 'the all-in-one process failed to start');
        await host.stop().catch(() => undefined);
        process.exit(1);
    }
    platform_1.logger.info({ apps: Object.keys(host.states()), without: [...without] }, 'every app is up in one process');
}
void main();
//# sourceMappingURL=main.js.map