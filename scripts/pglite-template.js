// Part of `npm run build`: writes build/pglite-template.tar.gz, a migrated embedded database that new
// data folders start from (see pgliteTemplateFile in app/lib/db/db.server.ts).
// Private like every file of a data folder, which starts from this one (docs/decisions/028).
process.umask(0o077);
const { writePgliteTemplate } = await import("../build/server/index.js");
await writePgliteTemplate();
