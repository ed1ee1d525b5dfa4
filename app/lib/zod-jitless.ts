/**
 * Zod 4 probes `new Function` to compile faster parsers. The Content-Security-Policy forbids eval, so in the
 * browser that probe is reported as a violation (even though Zod catches the error); its interpreted parsers need
 * no eval. Zod keeps its settings on this global, which `z.config()` reads and writes; setting it here, without
 * importing Zod, keeps Zod out of the landing page's JavaScript (zod-jitless.test.ts checks that Zod sees it).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
