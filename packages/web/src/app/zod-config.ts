/**
 * Zod without its compiled (eval) parsers: the page's Content-Security-Policy allows no eval, and
 * zod's probe for it (`new Function('')`) would be reported as a violation. Imported first by
 * main.tsx. Zod keeps its settings in `globalThis.__zod_globalConfig` and adopts the object it
 * finds there when it loads (zod/v4/core/core.js), before any schema is built: set here, the entry
 * does not load zod itself (the login page and the start-up code use no schema), and the settings
 * still hold for every schema of the chunks that do (zod-config.test.ts checks zod reads them).
 */
const zodSettings: { jitless: boolean } = { jitless: true };
const withZodSettings = globalThis as { __zod_globalConfig?: Record<string, unknown> };
withZodSettings.__zod_globalConfig = Object.assign(withZodSettings.__zod_globalConfig ?? {}, zodSettings);

export {};
