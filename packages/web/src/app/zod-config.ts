import { config } from 'zod';

/**
 * Zod without its compiled (eval) parsers: the page's Content-Security-Policy allows no eval, and
 * zod's probe for it (`new Function('')`) would be reported as a violation. Imported first by
 * main.tsx, before any schema is built. (`config`, not `z.config`: the build treats `z.*` calls as
 * pure and would drop it.)
 */
config({ jitless: true });
