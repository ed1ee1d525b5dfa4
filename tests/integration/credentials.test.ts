import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, googleBusinessInfo, profiles, user, websiteCredentials, websiteInfo } from "~db/schema";
import { listCredentials } from "~/features/credentials/list-credentials.server";
import { revealCredentialSecret } from "~/features/credentials/reveal-credential-secret.server";
import { saveCredentials } from "~/features/credentials/save-credentials.server";
import { applyMigrations, openDatabase } from "~/lib/db/db.server";
import { InProcessChangeBus } from "~/lib/realtime/realtime.server";
import { encryptSecret, Secrets } from "~/lib/secrets/secrets.server";
import type { SessionUser } from "~/lib/auth/session";
import { action as detailAction, loader as detailLoader } from "~/routes/admin/user-detail/credentials";
import { action as pageAction, loader as pageLoader } from "~/routes/dashboard/credentials";
import { marker } from "./secrets-support";
import {
  behindAdminGuard,
  cookieFrom,
  expectHttpError,
  formPost,
  routeAnswer,
  routeContext,
  signIn,
  SITE_URL,
  type SignedIn,
} from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customerA: SignedIn;
let customerB: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  customerA = await app.customer();
  customerB = await app.customer();
  admin = await app.admin();
  // What signing them up published is not what the tests look for.
  await app.deliveredChanges();
});

async function postPage(actor: SignedIn | null, fields: [string, string][]) {
  const result = await pageAction({
    request: formPost("/dashboard/credentials", fields),
    context: routeContext(app.services, actor?.user ?? null),
    params: {},
  } as never);
  return routeAnswer(result);
}

async function loadPage(actor: SignedIn) {
  return pageLoader({
    request: new Request(`${SITE_URL}/dashboard/credentials`),
    context: routeContext(app.services, actor.user),
    params: {},
  } as never);
}

/** The admin's Credentials tab's action as the framework runs it: the admin layout's middleware first. */
async function postAdmin(actor: SessionUser | null, userId: string, fields: [string, string][], cookie?: string) {
  return behindAdminGuard(
    app.services,
    actor,
    formPost(`/admin/users/${userId}/credentials`, fields, cookie),
    detailAction,
    {
      userId,
    },
  );
}

async function rowOf(userId: string, type: string) {
  const [row] = await app.db
    .select()
    .from(websiteCredentials)
    .where(and(eq(websiteCredentials.userId, userId), eq(websiteCredentials.credentialType, type)));
  return row;
}

async function auditsFor(customerId: string, action: string) {
  return app.db
    .select({ actorId: auditEvents.actorId, detail: auditEvents.detail })
    .from(auditEvents)
    .where(and(eq(auditEvents.customerId, customerId), eq(auditEvents.action, action)))
    .orderBy(auditEvents.createdAt);
}

const card = (type: string, values: Record<string, string>, clear: string[] = []): [string, string][] => [
  ["intent", "save-card"],
  ["credentialType", type],
  ...Object.entries(values),
  ...clear.map((field): [string, string] => ["clear", field]),
];

describe("the customer's Credentials page", () => {
  it("saves a card with its secrets encrypted, one row per type, and sends them masked", async () => {
    const password = marker("domain-password");
    const pin = marker("pin").slice(0, 20);
    const details = marker("domain-details");
    const answer = await postPage(
      customerA,
      card("domain", {
        title: "GoDaddy",
        websiteLink: "https://example.com",
        username: "casey",
        pin,
        password,
        details,
      }),
    );
    expect(answer).toEqual({ status: 200, body: { ok: true } });
    const row = await rowOf(customerA.id, "domain");
    expect(row).toMatchObject({ title: "GoDaddy", websiteLink: "https://example.com", username: "casey" });
    for (const [stored, plain] of [
      [row!.password, password],
      [row!.pin, pin],
      [row!.details, details],
    ] as const) {
      expect(stored).toMatch(/^v1:/);
      expect(app.services.secrets.decrypt(stored!)).toBe(plain);
    }
    expect(await app.deliveredChanges()).toEqual([{ table: "website_credentials", userId: customerA.id }]);

    const loaded = await loadPage(customerA);
    const domain = loaded.cards.find((view) => view.type === "domain")!;
    expect(domain).toMatchObject({
      id: row!.id,
      title: "GoDaddy",
      username: "casey",
      secrets: { password: { isSet: true }, pin: { isSet: true }, details: { isSet: true } },
    });
    const json = JSON.stringify(loaded);
    for (const plain of [password, pin, details]) expect(json).not.toContain(plain);
    expect(loaded.cards.map((view) => [view.type, view.id === null])).toEqual([
      ["domain", false],
      ["hosting", true],
      ["website", true],
    ]);

    // A second save updates the same row: an empty secret keeps what is stored, `clear` removes it.
    expect(
      await postPage(customerA, card("domain", { title: "Namecheap", username: "casey2" }, ["pin"])),
    ).toMatchObject({ status: 200 });
    const after = await rowOf(customerA.id, "domain");
    expect(after).toMatchObject({ id: row!.id, title: "Namecheap", username: "casey2", pin: null, websiteLink: null });
    expect(after!.password).toBe(row!.password);
    expect(after!.details).toBe(row!.details);
    const count = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(websiteCredentials)
      .where(eq(websiteCredentials.userId, customerA.id));
    expect(count[0]!.n).toBe(1);
    // A customer's own save is not an admin action: no audit row.
    expect(await auditsFor(customerA.id, "credentials.save")).toEqual([]);
  });

  it("checks each card with the field limits and names the card in the message", async () => {
    expect(await postPage(customerA, card("hosting", { pin: "1".repeat(51) }))).toEqual({
      status: 400,
      body: { ok: false, error: "Hosting & Website: PIN must be less than 50 characters" },
    });
    expect(await postPage(customerA, card("website", { websiteLink: "not a link" }))).toEqual({
      status: 400,
      body: { ok: false, error: "Google Business: Must be a valid URL or email address" },
    });
    expect(await postPage(customerA, card("domain", { details: "x".repeat(1001) }))).toMatchObject({
      body: { error: "Domain: Details must be less than 1000 characters" },
    });
    expect(await postPage(customerA, card("domain", { title: "x".repeat(201) }))).toMatchObject({ status: 400 });
    expect(await postPage(customerA, card("domain", { password: "x".repeat(501) }))).toMatchObject({ status: 400 });
    expect(await postPage(customerA, card("unknown", { title: "x" }))).toMatchObject({ status: 400 });
    // An e-mail is a valid website_link (the Google Business card's Gmail Email), and so is a bare domain.
    expect(
      await postPage(customerA, card("website", { websiteLink: "casey@gmail.com", password: "g-pass" })),
    ).toMatchObject({ status: 200 });
    expect(await postPage(customerA, card("hosting", { websiteLink: "casey-cleaning.com" }))).toMatchObject({
      status: 200,
    });
    expect(await postPage(null, card("domain", { title: "x" }))).toEqual({
      status: 401,
      body: { ok: false, error: "You must be logged in to save credentials" },
    });
  });

  it("remembers the security warning's acknowledgment on the server", async () => {
    expect((await loadPage(customerB)).warningAcknowledged).toBe(false);
    expect(await postPage(customerB, [["intent", "acknowledge-warning"]])).toEqual({ status: 200, body: { ok: true } });
    expect((await loadPage(customerB)).warningAcknowledged).toBe(true);
    const [profile] = await app.db.select().from(profiles).where(eq(profiles.id, customerB.id));
    expect(profile!.credentialsWarningAcknowledgedAt).toBeInstanceOf(Date);
    expect((await loadPage(customerA)).warningAcknowledged).toBe(false);
  });

  it("shows the website form's domain and hosting credentials on the Domain and Hosting cards", async () => {
    const customer = await app.customer();
    const password = marker("website-form-password");
    // What the website information form writes: provider in website_info, username and encrypted password as a credential.
    await app.db.insert(websiteInfo).values({
      userId: customer.id,
      hasDomain: true,
      domainProvider: "GoDaddy",
      hasHosting: true,
      hostingProvider: "Bluehost",
    });
    await app.db.insert(websiteCredentials).values([
      {
        userId: customer.id,
        credentialType: "domain",
        username: "domain-user",
        password: encryptSecret(app.services.secrets, password),
      },
      { userId: customer.id, credentialType: "hosting", username: "hosting-user" },
    ]);
    const { cards } = await listCredentials(app.database, customer.user, { userId: customer.id });
    expect(cards[0]).toMatchObject({
      type: "domain",
      title: "GoDaddy",
      username: "domain-user",
      secrets: { password: { isSet: true } },
    });
    expect(cards[1]).toMatchObject({
      type: "hosting",
      title: "Bluehost",
      username: "hosting-user",
      secrets: { password: { isSet: false } },
    });
    expect(
      await revealCredentialSecret(app.services, customer.user, { credentialId: cards[0]!.id!, field: "password" }),
    ).toEqual({ value: password });
    // The admin's tab shows the same.
    const admins = await listCredentials(app.database, admin.user, { userId: customer.id });
    expect(admins.cards[0]).toMatchObject({ title: "GoDaddy", username: "domain-user" });
  });

  it("shows the Google Business form's Gmail address on the Google Business card until the card has one of its own", async () => {
    const customer = await app.customer();
    await app.db.insert(googleBusinessInfo).values({ userId: customer.id, gmailEmail: "casey.business@gmail.com" });
    const google = async (actor: SignedIn) =>
      (await listCredentials(app.database, actor.user, { userId: customer.id })).cards[2];
    expect(await google(customer)).toMatchObject({
      type: "website",
      websiteLink: "casey.business@gmail.com",
      websiteLinkFromForm: true,
    });
    expect(await google(admin)).toMatchObject({ websiteLink: "casey.business@gmail.com", websiteLinkFromForm: true });
    expect((await listCredentials(app.database, customer.user, { userId: customer.id })).cards[0]).toMatchObject({
      websiteLinkFromForm: false,
    });
    // B never sees A's address.
    await expect(listCredentials(app.database, customerB.user, { userId: customer.id })).rejects.toMatchObject({
      code: "credentials_not_found",
    });

    expect(await postPage(customer, card("website", { websiteLink: "owner@gmail.com" }))).toMatchObject({
      status: 200,
    });
    expect(await google(customer)).toMatchObject({ websiteLink: "owner@gmail.com", websiteLinkFromForm: false });
  });
});

describe("authorization", () => {
  it("B cannot read, reveal or change A's credentials", async () => {
    const domain = (await rowOf(customerA.id, "domain"))!;
    await expectHttpError(listCredentials(app.database, customerB.user, { userId: customerA.id }), 404);
    await expectHttpError(listCredentials(app.database, null, { userId: customerA.id }), 401);
    await expectHttpError(
      revealCredentialSecret(app.services, customerB.user, { credentialId: domain.id, field: "password" }),
      404,
    );
    await expectHttpError(
      saveCredentials(app.services, customerB.user, {
        userId: customerA.id,
        editor: "customer",
        cards: [{ type: "domain", title: "Hijacked" }],
      }),
      403,
    );
    // B's page only ever writes B's own rows, whatever it sends.
    expect(
      await postPage(customerB, [...card("domain", { title: "B's own" }), ["userId", customerA.id]]),
    ).toMatchObject({ status: 200 });
    expect((await rowOf(customerA.id, "domain"))!.title).toBe(domain.title);
    expect((await rowOf(customerB.id, "domain"))!.title).toBe("B's own");
    // B's page shows B's cards, none of A's.
    const loaded = await loadPage(customerB);
    expect(loaded.cards.map((view) => view.id)).not.toContain(domain.id);
  });

  it("a customer cannot use the admin editor: the guard stops them, and the use case refuses them too", async () => {
    const before = await rowOf(customerA.id, "hosting");
    const fields: [string, string][] = [
      ["intent", "save-credentials"],
      ["domain.title", "From a customer"],
    ];
    const cookie = cookieFrom(await signIn(app.services, customerB.email, customerB.password));
    expect(await postAdmin(customerB.user, customerA.id, fields, cookie)).toEqual({
      guardedBy: "/admin/login?denied=1",
    });
    expect(await postAdmin(null, customerA.id, fields)).toEqual({ guardedBy: "/admin/login" });
    // Past the guard, the use case still refuses a customer, even on their own credentials.
    expect(
      routeAnswer(
        await detailAction({
          request: formPost(`/admin/users/${customerA.id}/credentials`, fields),
          context: routeContext(app.services, customerA.user),
          params: { userId: customerA.id },
        } as never),
      ),
    ).toMatchObject({ status: 403 });
    await expectHttpError(
      saveCredentials(app.services, customerA.user, {
        userId: customerA.id,
        editor: "admin",
        cards: [{ type: "domain" }],
      }),
      403,
    );
    expect(await rowOf(customerA.id, "hosting")).toEqual(before);
    expect((await rowOf(customerA.id, "domain"))!.title).not.toBe("From a customer");
  });
});

describe("the admin's Credenciales tab", () => {
  it("saves the three cards in one transaction, audited without values; reveals are audited too", async () => {
    const customer = await app.customer();
    await app.deliveredChanges();
    const secrets = {
      domain: marker("adm-domain-pw"),
      hosting: marker("adm-hosting-pw"),
      website: marker("adm-gmail-pw"),
    };
    const pin = "778899";
    const fields: [string, string][] = [
      ["intent", "save-credentials"],
      ["domain.title", "GoDaddy"],
      ["domain.username", "d-user"],
      ["domain.password", secrets.domain],
      ["hosting.title", "Bluehost"],
      ["hosting.pin", pin],
      ["hosting.password", secrets.hosting],
      ["website.websiteLink", "owner@gmail.com"],
      ["website.password", secrets.website],
    ];
    expect(await postAdmin(admin.user, customer.id, fields)).toEqual({ status: 200, body: { ok: true } });
    const rows = await app.db.select().from(websiteCredentials).where(eq(websiteCredentials.userId, customer.id));
    expect(rows.map((row) => row.credentialType).sort()).toEqual(["domain", "hosting", "website"]);
    for (const row of rows) {
      expect(app.services.secrets.decrypt(row.password!)).toBe(secrets[row.credentialType as keyof typeof secrets]);
    }
    expect(rows.find((row) => row.credentialType === "website")).toMatchObject({
      websiteLink: "owner@gmail.com",
      pin: null,
    });
    const audits = await auditsFor(customer.id, "credentials.save");
    expect(audits).toEqual([
      {
        actorId: admin.id,
        detail: {
          types: ["domain", "hosting", "website"],
          secretsChanged: { domain: ["password"], hosting: ["password", "pin"], website: ["password"] },
        },
      },
    ]);
    const auditText = JSON.stringify(audits);
    for (const plain of [...Object.values(secrets), pin]) expect(auditText).not.toContain(plain);
    // The customer's open page and other admins' tabs hear of it.
    expect(await app.deliveredChanges()).toEqual([{ table: "website_credentials", userId: customer.id }]);

    // The admin's tab data: masked only.
    const loaded = await detailLoader({
      request: new Request(`${SITE_URL}/admin/users/${customer.id}/credentials`),
      context: routeContext(app.services, admin.user),
      params: { userId: customer.id },
    } as never);
    expect(loaded.cards.map((view) => [view.type, view.title, view.secrets.password.isSet])).toEqual([
      ["domain", "GoDaddy", true],
      ["hosting", "Bluehost", true],
      ["website", "", true],
    ]);
    expect(JSON.stringify(loaded)).not.toContain(secrets.domain);

    const hosting = rows.find((row) => row.credentialType === "hosting")!;
    expect(await revealCredentialSecret(app.services, admin.user, { credentialId: hosting.id, field: "pin" })).toEqual({
      value: pin,
    });
    expect(await auditsFor(customer.id, "secret.reveal")).toEqual([
      { actorId: admin.id, detail: { kind: "website_credentials", id: hosting.id, field: "pin" } },
    ]);
  });

  it("saves nothing when one card is invalid, and names that card", async () => {
    const customer = await app.customer();
    const answer = await postAdmin(admin.user, customer.id, [
      ["intent", "save-credentials"],
      ["domain.title", "Fine"],
      ["website.username", "u".repeat(201)],
    ]);
    expect(answer).toEqual({
      status: 400,
      body: { ok: false, error: "Google Business: Username must be less than 200 characters" },
    });
    expect(await app.db.select().from(websiteCredentials).where(eq(websiteCredentials.userId, customer.id))).toEqual(
      [],
    );
    expect(await auditsFor(customer.id, "credentials.save")).toEqual([]);
    // An unknown customer is 404, with nothing written.
    await expectHttpError(
      saveCredentials(app.services, admin.user, { userId: randomUUID(), editor: "admin", cards: [{ type: "domain" }] }),
      404,
    );
  });
});

/** Every file under a folder, with its bytes. */
function* filesUnder(dir: string): Generator<[string, Buffer]> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (entry.isFile()) yield [file, readFileSync(file)];
  }
}

describe("an embedded database folder after saves through both editors", () => {
  it("holds no plain copy of a saved password, PIN or detail (while a saved username is found)", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "credentials-dump-"));
    try {
      const embedded = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
      const plaintexts = [
        marker("dump-password"),
        marker("dump-pin").slice(0, 24),
        marker("dump-details"),
        marker("dump-admin-password"),
      ];
      const control = marker("dump-username");
      try {
        await applyMigrations(embedded);
        const secrets = Secrets.fromSettings(app.services.env.CREDENTIALS_KEY!);
        const bus = new InProcessChangeBus();
        const [owner] = await embedded.db
          .insert(user)
          .values({ name: "Dana Dump", email: `${marker("dana")}@example.com` })
          .returning();
        const [boss] = await embedded.db
          .insert(user)
          .values({ name: "Admin", email: `${marker("boss")}@example.com` })
          .returning();
        const [password, pin, details, adminPassword] = plaintexts as [string, string, string, string];
        await saveCredentials(
          { db: embedded.db, bus, secrets },
          { id: owner!.id, isAdmin: false },
          {
            userId: owner!.id,
            editor: "customer",
            cards: [{ type: "domain", username: control, password, pin, details }],
          },
        );
        await saveCredentials(
          { db: embedded.db, bus, secrets },
          { id: boss!.id, isAdmin: true },
          {
            userId: owner!.id,
            editor: "admin",
            cards: [
              { type: "hosting", password: adminPassword },
              { type: "domain", username: control },
            ],
          },
        );
        await embedded.db.execute(sql`checkpoint`);
      } finally {
        await embedded.close();
      }
      const found: Record<string, string[]> = Object.fromEntries([control, ...plaintexts].map((text) => [text, []]));
      for (const [file, bytes] of filesUnder(dataDir)) {
        for (const text of Object.keys(found)) if (bytes.includes(Buffer.from(text))) found[text]!.push(file);
      }
      expect(found[control]!.length).toBeGreaterThan(0);
      delete found[control];
      expect(found).toEqual(Object.fromEntries(plaintexts.map((text) => [text, []])));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
