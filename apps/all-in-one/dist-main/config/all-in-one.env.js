"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.AllInOneEnv = void 0;
const stack_1 = require("@bindery/stack");
const class_validator_1 = require("class-validator");
const APP_NAMES = stack_1.ALL_APPS.map((app) => app.name);
const APP_LIST = new RegExp(`^(${APP_NAMES.join('|')})(,(${APP_NAMES.join('|')}))*$`);
/**
 * The all-in-one process's own settings (every app in one process). Each app's settings are its own,
 * under its name as prefix: `CONTENT_DATABASE_URL`, `GIT_SYNC_NATS_USER` (apps/all-in-one/README.md).
 */
class AllInOneEnv {
    /** Port of the process's `/healthz` and `/readyz` (each app's state); unset: off. */
    ALL_IN_ONE_HEALTH_PORT;
    /** Address the health listener binds (0.0.0.0 in a container). */
    ALL_IN_ONE_HEALTH_HOST = '127.0.0.1';
    /** Whether to run the reader (published sites) in the process too. */
    ALL_IN_ONE_READER = 'on';
    /**
     * Apps left out of the process, comma-separated (`translations-worker`, `reader`): an install that
     * does without one, or runs it elsewhere. Empty: every app.
     */
    ALL_IN_ONE_WITHOUT;
}
exports.AllInOneEnv = AllInOneEnv;
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    (0, class_validator_1.Max)(65535),
    __metadata("design:type", Number)
], AllInOneEnv.prototype, "ALL_IN_ONE_HEALTH_PORT", void 0);
__decorate([
    (0, class_validator_1.IsString)(),
    __metadata("design:type", String)
], AllInOneEnv.prototype, "ALL_IN_ONE_HEALTH_HOST", void 0);
__decorate([
    (0, class_validator_1.IsIn)(['on', 'off'], { message: 'must be on or off' }),
    __metadata("design:type", String)
], AllInOneEnv.prototype, "ALL_IN_ONE_READER", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.Matches)(APP_LIST, { message: `must be a comma-separated list of: ${APP_NAMES.join(', ')}` }),
    __metadata("design:type", String)
], AllInOneEnv.prototype, "ALL_IN_ONE_WITHOUT", void 0);
//# sourceMappingURL=all-in-one.env.js.map