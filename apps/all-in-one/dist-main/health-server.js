"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.startHealthServer = startHealthServer;
const node_http_1 = require("node:http");
/**
 * `/healthz` (the process answers) and `/readyz` (200 once every app in it serves; the body
 * names each app's state: starting, up, failed, stopping).
 */
async function startHealthServer(host, port, address) {
    const server = (0, node_http_1.createServer)((req, res) => {
        const path = (req.url ?? '').split('?')[0];
        if (req.method === 'GET' && path === '/healthz') {
            res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
            return;
        }
        if (req.method === 'GET' && path === '/readyz') {
            const apps = host.states();
            const ready = Object.keys(apps).length > 0 && Object.values(apps).every((state) => state === 'up');
            res
                .writeHead(ready ? 200 : 503, { 'content-type': 'application/json' })
                .end(JSON.stringify({ status: ready ? 'ready' : 'not-ready', apps }));
            return;
        }
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    });
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, address, () => resolve());
    });
    server.unref();
    return server;
}
//# sourceMappingURL=health-server.js.map