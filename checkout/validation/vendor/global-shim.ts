// multicoin-address-validator runs `if (!global.Buffer) global.Buffer = require('buffer')...`
// when it loads. Node has `global`; browsers do not, so an island bundle would throw
// "global is not defined". Point it at globalThis before that module is evaluated (ES
// modules evaluate their imports in order, and esbuild keeps that order).
const scope = globalThis as { global?: unknown };
if (scope.global === undefined) scope.global = globalThis;

export {};
