import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, googleBusinessInfo, user, websiteCredentials } from "~db/schema";
import { revealGmailPassword } from "~/features/information/google-business/reveal-gmail-password.server";
import { revealCredentialSecret } from "~/features/credentials/reveal-credential-secret.server";
import { parseEnv } from "~/lib/config/env.server";
import { applyMigrations, openDatabase, type Db } from "~/lib/db/db.server";
import { parseEncryptedValue, parseMasterKey, SecretError, Secrets } from "~/lib/secrets/secrets.server";
import { createLogger } from "~/lib/logger.server";
import { encryptPlainSecrets, rotateStoredSecrets, SECRET_COLUMNS } from "~/lib/secrets/stored-secrets.server";
import { action as revealAction } from "~/routes/resources/reveal-secret";
import { start } from "../../server/app";
import { saveSecrets, type SavedSecrets } from "./secrets-support";
import { expectHttpError, formPost, routeAnswer, routeContext, TEST_CREDENTIALS_KEY, type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customerA: SignedIn;
let customerB: SignedIn;
let admin: SignedIn;
let saved: SavedSecrets;

const newKey = () => randomBytes(32).toString("base64");
/** Tests that run the rotation command (tsx start-up) or rewrite a PGlite folder: slow on a busy machine. */
const SLOW = 90_000;

beforeAll(async () => {
  customerA = await app.customer();
  customerB = await app.customer();
  admin = await app.admin();
  saved = await saveSecrets(app.db, app.services.secrets);
  // The saved rows belong to customer A from here on.
  await app.db
    .update(googleBusinessInfo)
    .set({ userId: customerA.id })
    .where(eq(googleBusinessInfo.userId, saved.userId));
  await app.db
    .update(websiteCredentials)
    .set({ userId: customerA.id })
    .where(eq(websiteCredentials.userId, saved.userId));
});

/** Every stored secret value, by column and row key. */
async function storedValues(db: Db): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  for (const { name, table, key, column } of SECRET_COLUMNS) {
    const rows = await db.select({ key, stored: column }).from(table);
    for (const row of rows) if (row.stored !== null) values.set(`${name}:${String(row.key)}`, row.stored as string);
  }
  return values;
}

async function revealAudits(customerId: string) {
  return app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "secret.reveal"), eq(auditEvents.customerId, customerId)))
    .orderBy(auditEvents.createdAt);
}

async function callReveal(actor: SignedIn | null, fields: Record<string, string>) {
  const result = await revealAction({
    request: formPost("/resources/secrets/reveal", fields),
    context: routeContext(app.services, actor?.user ?? null),
    params: {},
  } as unknown as Parameters<typeof revealAction>[0]);
  const answer = routeAnswer(result);
  const init = (result as { init?: ResponseInit | null }).init;
  return { ...answer, cacheControl: new Headers(init?.headers).get("cache-control") };
}

describe("reveals", () => {
  it("give the owner and admins the value and record each reveal (never the value) in the audit log", async () => {
    const [gmail, password, pin, details] = saved.plaintexts;
    const credentialId = saved.credentialId;
    expect(await revealCredentialSecret(app.services, customerA.user, { credentialId, field: "password" })).toEqual({
      value: password,
    });
    expect(await revealCredentialSecret(app.services, admin.user, { credentialId, field: "pin" })).toEqual({
      value: pin,
    });
    expect(await revealCredentialSecret(app.services, customerA.user, { credentialId, field: "details" })).toEqual({
      value: details,
    });
    expect(await revealGmailPassword(app.services, customerA.user, { userId: customerA.id })).toEqual({ value: gmail });
    expect(await revealGmailPassword(app.services, admin.user, { userId: customerA.id })).toEqual({ value: gmail });

    const audits = await revealAudits(customerA.id);
    expect(audits.map((event) => [event.actorId, event.detail])).toEqual([
      [customerA.id, { kind: "website_credentials", id: credentialId, field: "password" }],
      [admin.id, { kind: "website_credentials", id: credentialId, field: "pin" }],
      [customerA.id, { kind: "website_credentials", id: credentialId, field: "details" }],
      [customerA.id, { kind: "google_business_info", id: customerA.id, field: "gmail_password" }],
      [admin.id, { kind: "google_business_info", id: customerA.id, field: "gmail_password" }],
    ]);
    const everything = JSON.stringify(audits);
    for (const plaintext of saved.plaintexts) expect(everything).not.toContain(plaintext);
  });

  it("answer another customer 404 as if the secret did not exist, and anonymous visitors 401, without an audit row", async () => {
    const before = (await revealAudits(customerA.id)).length;
    const credentialId = saved.credentialId;
    await expectHttpError(
      revealCredentialSecret(app.services, customerB.user, { credentialId, field: "password" }),
      404,
    );
    await expectHttpError(
      revealCredentialSecret(app.services, customerB.user, { credentialId: crypto.randomUUID(), field: "password" }),
      404,
    );
    await expectHttpError(revealGmailPassword(app.services, customerB.user, { userId: customerA.id }), 404);
    await expectHttpError(revealCredentialSecret(app.services, null, { credentialId, field: "password" }), 401);
    await expectHttpError(revealGmailPassword(app.services, null, { userId: customerA.id }), 401);
    // A customer asking for their own missing row gets the same 404.
    await expectHttpError(revealGmailPassword(app.services, customerB.user, { userId: customerB.id }), 404);
    expect(await revealAudits(customerA.id)).toHaveLength(before);
  });

  it("answer null for a field that is not set", async () => {
    await app.db.update(websiteCredentials).set({ pin: null }).where(eq(websiteCredentials.id, saved.credentialId));
    expect(
      await revealCredentialSecret(app.services, customerA.user, { credentialId: saved.credentialId, field: "pin" }),
    ).toEqual({
      value: null,
    });
    await app.db
      .update(websiteCredentials)
      .set({ pin: app.services.secrets.encrypt(saved.plaintexts[2]!) })
      .where(eq(websiteCredentials.id, saved.credentialId));
  });

  it("go through POST /resources/secrets/reveal: { value } with Cache-Control: no-store, 401 / 404 / 400 otherwise", async () => {
    const [gmail, password] = saved.plaintexts;
    const credential = { kind: "credential", id: saved.credentialId, field: "password" };
    expect(await callReveal(customerA, credential)).toEqual({
      status: 200,
      body: { value: password },
      cacheControl: "no-store",
    });
    expect(await callReveal(admin, { kind: "gmail-password", userId: customerA.id })).toEqual({
      status: 200,
      body: { value: gmail },
      cacheControl: "no-store",
    });
    expect(await callReveal(customerB, credential)).toMatchObject({ status: 404, cacheControl: "no-store" });
    expect(await callReveal(customerB, { kind: "gmail-password", userId: customerA.id })).toMatchObject({
      status: 404,
    });
    expect(await callReveal(null, credential)).toMatchObject({ status: 401 });
    expect(await callReveal(customerA, { ...credential, field: "username" })).toMatchObject({ status: 400 });
    expect(await callReveal(customerA, { kind: "credential", id: "not-a-uuid", field: "pin" })).toMatchObject({
      status: 400,
    });
    const audits = await revealAudits(customerA.id);
    expect(audits.slice(-2).map((event) => event.actorId)).toEqual([customerA.id, admin.id]);
  });

  it("refuse, with an error naming the key id, when the stored value was made with another key", async () => {
    const wrong = new Secrets(parseMasterKey(newKey()));
    const before = (await revealAudits(customerA.id)).length;
    const attempt = revealCredentialSecret({ ...app.services, secrets: wrong }, customerA.user, {
      credentialId: saved.credentialId,
      field: "password",
    });
    await expect(attempt).rejects.toThrow(SecretError);
    await expect(attempt).rejects.toThrow(new RegExp(`key id ${app.services.secrets.keyId}`));
    await expect(
      revealGmailPassword({ ...app.services, secrets: wrong }, admin.user, { userId: customerA.id }),
    ).rejects.toThrow(`encrypted with key id ${app.services.secrets.keyId}`);
    // Nothing was revealed, so nothing was recorded.
    expect(await revealAudits(customerA.id)).toHaveLength(before);
  });
});

describe("the start-up migration", () => {
  it("encrypts secrets stored in plain text, and a second run changes nothing", async () => {
    const plain = {
      gmail: "legacy-gmail-Pa55",
      password: "legacy-hosting-pw",
      pin: "4321",
      details: "legacy: ftp user x",
    };
    await app.db.insert(googleBusinessInfo).values({ userId: customerB.id, gmailPassword: plain.gmail });
    const [row] = await app.db
      .insert(websiteCredentials)
      .values({
        userId: customerB.id,
        credentialType: "domain",
        password: plain.password,
        pin: plain.pin,
        details: plain.details,
      })
      .returning({ id: websiteCredentials.id });
    await app.db
      .insert(websiteCredentials)
      .values({ userId: customerB.id, credentialType: "website", username: "only-a-username" });
    const before = await storedValues(app.db);

    expect(await encryptPlainSecrets(app.database, app.services.secrets)).toBe(4);
    const after = await storedValues(app.db);
    for (const [where, stored] of after) {
      expect(parseEncryptedValue(stored).keyId, where).toBe(app.services.secrets.keyId);
      // Values that were already encrypted are left exactly as they were.
      if (before.get(where)!.startsWith("v1:")) expect(stored, where).toBe(before.get(where));
    }
    const [credential] = await app.db.select().from(websiteCredentials).where(eq(websiteCredentials.id, row!.id));
    expect(app.services.secrets.decrypt(credential!.password!)).toBe(plain.password);
    expect(app.services.secrets.decrypt(credential!.pin!)).toBe(plain.pin);
    expect(app.services.secrets.decrypt(credential!.details!)).toBe(plain.details);
    expect(await revealGmailPassword(app.services, customerB.user, { userId: customerB.id })).toEqual({
      value: plain.gmail,
    });
    // The credential without secrets keeps its nulls.
    const [bare] = await app.db
      .select()
      .from(websiteCredentials)
      .where(and(eq(websiteCredentials.userId, customerB.id), eq(websiteCredentials.credentialType, "website")));
    expect([bare!.password, bare!.pin, bare!.details]).toEqual([null, null, null]);

    expect(await encryptPlainSecrets(app.database, app.services.secrets)).toBe(0);
    expect(await storedValues(app.db)).toEqual(after);
  });
});

describe("rotation", () => {
  it("stops at a value whose key is not configured, naming its key id, and changes nothing", async () => {
    const stranger = new Secrets(parseMasterKey(newKey()));
    const [row] = await app.db
      .insert(websiteCredentials)
      .values({ userId: customerB.id, credentialType: "hosting", password: stranger.encrypt("from another key") })
      .returning({ id: websiteCredentials.id });
    const before = await storedValues(app.db);
    const rotated = Secrets.fromSettings(newKey(), TEST_CREDENTIALS_KEY);
    await expect(rotateStoredSecrets(app.database, rotated)).rejects.toThrow(new RegExp(`key id ${stranger.keyId}`));
    expect(await storedValues(app.db)).toEqual(before);
    await app.db.delete(websiteCredentials).where(eq(websiteCredentials.id, row!.id));
  });

  it("re-encrypts every stored value under the new key; the old key alone no longer opens them", async () => {
    const before = await storedValues(app.db);
    const clear = new Map([...before].map(([where, stored]) => [where, app.services.secrets.decrypt(stored)]));
    expect(before.size).toBe(8);

    const newSettingsKey = newKey();
    const rotated = Secrets.fromSettings(newSettingsKey, `${newKey()},${TEST_CREDENTIALS_KEY}`);
    expect(await rotateStoredSecrets(app.database, rotated)).toEqual({ changed: 8, keyId: rotated.keyId });

    const after = await storedValues(app.db);
    const newKeyOnly = Secrets.fromSettings(newSettingsKey);
    const oldKeyOnly = Secrets.fromSettings(TEST_CREDENTIALS_KEY);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [where, stored] of after) {
      expect(parseEncryptedValue(stored).keyId, where).toBe(rotated.keyId);
      expect(newKeyOnly.decrypt(stored), where).toBe(clear.get(where));
      expect(() => oldKeyOnly.decrypt(stored), where).toThrow(`encrypted with key id ${rotated.keyId}`);
    }
    expect(await rotateStoredSecrets(app.database, rotated)).toEqual({ changed: 0, keyId: rotated.keyId });
  });
});

/** The stored secret values of a closed PGlite folder. */
async function valuesIn(pgliteDir: string): Promise<string[]> {
  const embedded = await openDatabase({ pgliteDir });
  try {
    return [...(await storedValues(embedded.db)).values()];
  } finally {
    await embedded.close();
  }
}

/** Every file under a folder, with its bytes. */
function* filesUnder(dir: string): Generator<[string, Buffer]> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (entry.isFile()) yield [file, readFileSync(file)];
  }
}

/** For each text, the files under the folder that hold its bytes (each file read once). */
function filesHolding(dir: string, texts: string[]): Record<string, string[]> {
  const found: Record<string, string[]> = Object.fromEntries(texts.map((text) => [text, []]));
  const needles = texts.map((text) => [text, Buffer.from(text, "utf8")] as const);
  for (const [file, bytes] of filesUnder(dir)) {
    for (const [text, needle] of needles) if (bytes.includes(needle)) found[text]!.push(path.relative(dir, file));
  }
  return found;
}

const nowhere = (texts: string[]) => Object.fromEntries(texts.map((text) => [text, []]));

describe("an embedded database folder", () => {
  let dataDir: string;
  let pgliteDir: string;
  let key: string;
  let secretsSaved: SavedSecrets;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "secrets-dump-"));
    pgliteDir = path.join(dataDir, "pglite");
    key = newKey();
    const embedded = await openDatabase({ pgliteDir });
    try {
      await applyMigrations(embedded);
      const secrets = Secrets.fromSettings(key);
      secretsSaved = await saveSecrets(embedded.db, secrets);
      // A reveal writes its audit row too: it must not carry the value either.
      const owner = { id: secretsSaved.userId, isAdmin: false };
      const revealed = await revealCredentialSecret({ db: embedded.db, secrets }, owner, {
        credentialId: secretsSaved.credentialId,
        field: "password",
      });
      expect(revealed.value).toBe(secretsSaved.plaintexts[1]);
      await embedded.db.execute(sql`checkpoint`);
    } finally {
      await embedded.close();
    }
  });

  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("holds no plain copy of a saved secret in any file (while a plain column's value is found)", () => {
    const found = filesHolding(dataDir, [secretsSaved.control, ...secretsSaved.plaintexts]);
    expect(found[secretsSaved.control]!.length).toBeGreaterThan(0);
    delete found[secretsSaved.control];
    expect(found).toEqual(nowhere(secretsSaved.plaintexts));
  });

  const rotateCommand = (settings: Record<string, string>) =>
    spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/secrets-rotate.ts"], {
      encoding: "utf8",
      timeout: 60_000,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "test",
        DATABASE_URL: "",
        DATA_DIR: dataDir,
        ...settings,
      },
    });

  it(
    "`npm run secrets:rotate` refuses to run while the app holds the folder",
    () => {
      // This test process stands for the running app: the lock file names a live process.
      const lock = path.join(dataDir, "app.lock");
      writeFileSync(lock, String(process.pid));
      try {
        const result = rotateCommand({ CREDENTIALS_KEY: newKey(), CREDENTIALS_PREVIOUS_KEYS: key });
        expect(result.status, result.stdout + result.stderr).toBe(1);
        expect(result.stderr).toContain("Cannot rotate the secrets: The data folder");
        expect(result.stderr).toContain("is in use by another running app");
      } finally {
        rmSync(lock, { force: true });
      }
    },
    SLOW,
  );

  it(
    "`npm run secrets:rotate` re-encrypts every value under the new key and prints how many it changed",
    async () => {
      const underOldKey = await valuesIn(pgliteDir);
      expect(underOldKey).toHaveLength(4);
      for (const files of Object.values(filesHolding(dataDir, underOldKey))) expect(files.length).toBeGreaterThan(0);
      const next = newKey();
      const result = rotateCommand({ CREDENTIALS_KEY: next, CREDENTIALS_PREVIOUS_KEYS: key });
      const nextId = parseMasterKey(next).id;
      expect(result.stderr).not.toContain("Cannot rotate");
      expect(result.status, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toContain(
        `Re-encrypted 4 stored secret(s); every stored secret is now under key id ${nextId}.`,
      );

      const embedded = await openDatabase({ pgliteDir });
      try {
        const values = await storedValues(embedded.db);
        const clear = [...values.values()].map((stored) => {
          expect(parseEncryptedValue(stored).keyId).toBe(nextId);
          return Secrets.fromSettings(next).decrypt(stored);
        });
        expect(clear.sort()).toEqual([...secretsSaved.plaintexts].sort());
        const [owner] = await embedded.db.select({ id: user.id }).from(user).where(eq(user.id, secretsSaved.userId));
        expect(owner).toBeDefined();
      } finally {
        await embedded.close();
      }
      // The old row versions, whose data keys the retired key wraps, are gone from every file.
      expect(filesHolding(dataDir, underOldKey)).toEqual(nowhere(underOldKey));
    },
    SLOW,
  );

  it(
    "`npm run secrets:rotate` without the old key refuses, naming the key id it lacks",
    () => {
      const result = rotateCommand({ CREDENTIALS_KEY: newKey() });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(
        /Cannot rotate the secrets: Cannot decrypt a stored secret: it was encrypted with key id [0-9a-f]{16}/,
      );
    },
    SLOW,
  );
});

describe("`npm run secrets:rotate` on a folder whose key the app generated", () => {
  // The retired key must not stay in the data folder (nor travel in every later backup); and the app, started again
  // without any key setting, reads the new one from the same file.
  let dataDir: string;

  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "replaces the key file with the new key, and the secrets decrypt with that file alone",
    async () => {
      dataDir = mkdtempSync(path.join(os.tmpdir(), "secrets-rotate-file-"));
      const pgliteDir = path.join(dataDir, "pglite");
      const keyFile = path.join(dataDir, "credentials-key");
      // The first start generates the key into the folder, as the app does.
      const retired = parseEnv({ DATA_DIR: dataDir, NODE_ENV: "test" }).CREDENTIALS_KEY;
      expect(readFileSync(keyFile, "utf8")).toBe(retired);
      let embedded = await openDatabase({ pgliteDir });
      let savedHere: SavedSecrets;
      try {
        await applyMigrations(embedded);
        savedHere = await saveSecrets(embedded.db, Secrets.fromSettings(retired));
      } finally {
        await embedded.close();
      }

      const next = newKey();
      const result = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/secrets-rotate.ts"], {
        encoding: "utf8",
        timeout: 60_000,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: "test",
          DATABASE_URL: "",
          DATA_DIR: dataDir,
          CREDENTIALS_KEY: next,
          CREDENTIALS_PREVIOUS_KEYS: retired,
        },
      });
      expect(result.status, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toContain("Re-encrypted 4 stored secret(s)");
      expect(result.stdout).toContain(`${keyFile} now holds the new key`);

      expect(readFileSync(keyFile, "utf8")).toBe(next);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(filesHolding(dataDir, [retired])).toEqual(nowhere([retired]));
      // What the app reads at its next start without any key setting.
      const fromFolder = parseEnv({ DATA_DIR: dataDir, NODE_ENV: "test" }).CREDENTIALS_KEY;
      expect(fromFolder).toBe(next);
      embedded = await openDatabase({ pgliteDir });
      try {
        const values = [...(await storedValues(embedded.db)).values()];
        expect(values.map((stored) => Secrets.fromSettings(fromFolder).decrypt(stored)).sort()).toEqual(
          [...savedHere.plaintexts].sort(),
        );
      } finally {
        await embedded.close();
      }
    },
    SLOW,
  );
});

describe("the start-up migration on an embedded database folder", () => {
  let dataDir: string;

  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "leaves no plain copy of a legacy value in any file, not even an old row version",
    async () => {
      dataDir = mkdtempSync(path.join(os.tmpdir(), "secrets-legacy-"));
      const pgliteDir = path.join(dataDir, "pglite");
      const legacy = ["gmail", "password", "pin", "details"].map(
        (label) => `legacy-${label}-${randomBytes(9).toString("hex")}`,
      );
      const [gmail, password, pin, details] = legacy as [string, string, string, string];
      let embedded = await openDatabase({ pgliteDir });
      try {
        await applyMigrations(embedded);
        const [owner] = await embedded.db
          .insert(user)
          .values({ name: "Lee Legacy", email: "lee@example.com" })
          .returning();
        await embedded.db.insert(googleBusinessInfo).values({ userId: owner!.id, gmailPassword: gmail });
        await embedded.db
          .insert(websiteCredentials)
          .values({ userId: owner!.id, credentialType: "domain", password, pin, details });
      } finally {
        await embedded.close();
      }
      // Before the migration the folder holds them in clear: the search below can see them.
      for (const files of Object.values(filesHolding(dataDir, legacy))) expect(files.length).toBeGreaterThan(0);

      // The app's start-up (server/app.ts start()) runs the migration after the SQL migrations.
      const first = await startApp(dataDir);
      expect(first.logged).toContain("Encrypted 4 stored secret(s) that were kept in plain text");
      const secrets = Secrets.fromSettings(readFileSync(path.join(dataDir, "credentials-key"), "utf8"));
      embedded = await openDatabase({ pgliteDir });
      let encrypted: string[];
      try {
        encrypted = await valuesOf(embedded.db);
        expect(encrypted.map((stored) => secrets.decrypt(stored)).sort()).toEqual([...legacy].sort());
      } finally {
        await embedded.close();
      }
      expect(filesHolding(dataDir, legacy)).toEqual(nowhere(legacy));

      // A second start changes nothing.
      const second = await startApp(dataDir);
      expect(second.logged.some((line) => line.startsWith("Encrypted"))).toBe(false);
      embedded = await openDatabase({ pgliteDir });
      try {
        expect(await valuesOf(embedded.db)).toEqual(encrypted);
      } finally {
        await embedded.close();
      }
    },
    SLOW,
  );
});

async function valuesOf(db: Db): Promise<string[]> {
  return [...(await storedValues(db)).values()];
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the app as `npm start` does (its settings from the environment) on a data folder, then stops it. */
async function startApp(dataDir: string): Promise<{ logged: string[] }> {
  const settings = {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    DATABASE_URL: "",
    SITE_URL: "",
    NODE_ENV: "test",
  };
  const saved = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  Object.assign(process.env, settings);
  const logged: string[] = [];
  // The app's JSON log lines, each line's message kept.
  const logger = createLogger({ destination: { write: (line: string) => void logged.push(JSON.parse(line).msg) } });
  try {
    const running = await start({ logger });
    await running.stop();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  return { logged };
}
