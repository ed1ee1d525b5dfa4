import { sql } from "drizzle-orm";
import { openDatabase } from "~/lib/db.server";
const d = await openDatabase({ pgliteDir: "/tmp/h3-smoke2/pglite" });
await d.db.execute(sql`set wal_recycle = off`);
console.log((await d.db.execute(sql`select pg_switch_wal()`)).rows);
await d.db.execute(sql`checkpoint`);
await d.db.execute(sql`checkpoint`);
console.log((await d.db.execute(sql`select pg_current_wal_lsn()`)).rows);
await d.close();
