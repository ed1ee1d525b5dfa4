import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseError, UNIQUE_VIOLATION } from "./support";
import { testApp } from "./test-app";

const app = testApp();

beforeAll(async () => {
  await app.db.execute(sql`create table probe (id integer primary key, label text not null)`);
  await app.db.execute(sql`insert into probe values (1, 'first')`);
});

const count = async () => (await app.db.execute<{ n: number }>(sql`select count(*)::int as n from probe`)).rows[0]?.n;

describe("the database connection", () => {
  it("keeps working after the database refuses a statement", async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const error = await databaseError(app.db.execute(sql`insert into probe values (${1}, ${"again"})`));
      expect(error.code).toBe(UNIQUE_VIOLATION);
      const rows = await app.db.execute<{ label: string }>(sql`select label from probe where id = ${1}`);
      expect(rows.rows).toEqual([{ label: "first" }]);
    }
  });

  it("answers each of many concurrent statements, refused or not, with its own result", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? count() : app.db.execute(sql`insert into probe values (1, ${`duplicate ${i}`})`),
      ),
    );
    results.forEach((result, i) => {
      if (i % 2 === 0) expect(result).toEqual({ status: "fulfilled", value: 1 });
      else expect(result.status).toBe("rejected");
    });
    expect(await count()).toBe(1);
  });

  it("commits and rolls back transactions after refused statements", async () => {
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (2, 'committed')`);
    });
    await expect(
      app.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (3, 'rolled back')`);
        await tx.execute(sql`insert into probe values (1, 'duplicate')`);
      }),
    ).rejects.toThrow();
    const rows = await app.db.execute<{ id: number }>(sql`select id from probe order by id`);
    expect(rows.rows.map((row) => row.id)).toEqual([1, 2]);
  });
});
