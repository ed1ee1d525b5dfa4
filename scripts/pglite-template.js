// Part of `npm run build`: writes build/pglite-template.tar.gz, a migrated embedded database that new
// data folders start from (see pgliteTemplateFile in app/lib/db/db.server.ts).
const { writePgliteTemplate } = await import("../build/server/index.js");
await writePgliteTemplate();
