"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
// Imported first: the platform's logger names its lines after BINDERY_SERVICE when it loads.
process.env.BINDERY_SERVICE ??= 'all-in-one';
//# sourceMappingURL=process-name.js.map