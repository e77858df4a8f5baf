"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.environmentOf = environmentOf;
exports.explainConfigError = explainConfigError;
const stack_1 = require("@bindery/stack");
/** The environment one app sees inside the all-in-one process. */
function environmentOf(app, apps, env) {
    const owned = ownedVariables(apps, env);
    const layers = [app.dir && app.dir !== app.name ? app.dir : undefined, app.name].filter((name) => !!name);
    const result = { ...env };
    for (const layer of layers)
        Object.assign(result, owned.get(layer) ?? {});
    return result;
}
/** The prefixed variables of each app, without their prefix. */
function ownedVariables(apps, env) {
    // Longest first, so the first prefix that matches is the owner.
    const prefixes = apps.map((app) => ({ name: app.name, prefix: (0, stack_1.envPrefix)(app.name) })).sort((a, b) => b.prefix.length - a.prefix.length);
    const owned = new Map();
    for (const [variable, value] of Object.entries(env)) {
        const owner = prefixes.find(({ prefix }) => variable.startsWith(prefix) && variable.length > prefix.length);
        if (!owner || value === undefined)
            continue;
        const mine = owned.get(owner.name) ?? {};
        mine[variable.slice(owner.prefix.length)] = value;
        owned.set(owner.name, mine);
    }
    return owned;
}
/** An app's invalid environment, naming the variables the operator sets in this process. */
function explainConfigError(appName, message) {
    const prefix = (0, stack_1.envPrefix)(appName);
    const lines = message
        .split('\n')
        .map((line) => line.replace(/^ {2}([A-Z0-9_]+):/, (_all, name) => `  ${prefix}${name} (or ${name} for every app):`));
    return `${appName}: ${lines.join('\n')}`;
}
//# sourceMappingURL=app-environment.js.map