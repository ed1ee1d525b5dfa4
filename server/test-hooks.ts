import { and, eq, isNotNull, sql } from "drizzle-orm";
import express, { Router, type RequestHandler } from "express";
import { z } from "zod";
import { leadChanges } from "~/features/leads/leads";
import { signVisit, verifyVisit } from "~/features/leads/quote-visit.server";
import { writeNotifications } from "~/features/notifications/write-notifications.server";
import { DAY_MS } from "~/features/reminders/reminders";
import { runReminders } from "~/features/reminders/run-reminders.server";
import { deleteProgressRecord } from "~/features/progress/delete-progress-record.server";
import { setProgressStep } from "~/features/progress/set-progress-step.server";
import { SETTINGS_SECTIONS, type SettingsSection } from "~/domain/admin-settings";
import { SETTINGS_ROW_ID, SETTINGS_TABLE } from "~/lib/config/settings.server";
import { EVERYONE } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Services } from "~/lib/services.server";
import {
  adminSettings,
  conversations,
  emailMessages,
  googleBusinessInfo,
  leadEvents,
  leads,
  messages,
  planSubscriptions,
  profiles,
  userRoles,
  websiteInfo,
} from "~db/schema";
import { seedCustomers } from "~db/seed-customers.js";
import { bringCustomerTo, customerStateSchema } from "./test-customer-state";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && LOOPBACK.test(address);
}

/**
 * The test hooks answer only a client on this machine talking to the server directly: the socket's address is
 * loopback and no proxy forwarded the request (a proxy on this machine would make every client look local).
 * Anyone else gets 404, as if the hooks did not exist.
 */
export const onlyFromLoopback: RequestHandler = (req, res, next) => {
  const forwarded = req.headers["x-forwarded-for"] !== undefined || req.headers.forwarded !== undefined;
  if (forwarded || !isLoopbackAddress(req.socket.remoteAddress)) {
    res.status(404).type("text/plain").send("Not found");
    return;
  }
  next();
};

/**
 * End-to-end tests only (E2E_TEST_HOOKS=1 with NODE_ENV=test, from loopback; see onlyFromLoopback): lets a test
 * write what later features write, e.g. a notification for a customer, without a browser of its own.
 */
export function testHooks(services: Services): Router {
  const router = Router();
  const userByEmail = async (email: string) =>
    (await services.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email.toLowerCase())))[0];
  router.use(express.json());
  const notificationBody = z.object({
    email: z.email(),
    type: z.string().min(1),
    title: z.string().min(1),
    message: z.string().min(1),
  });
  router.post("/notifications", async (req, res) => {
    const body = notificationBody.parse(req.body);
    const profile = await userByEmail(body.email);
    if (!profile) {
      res.status(404).json({ error: "No such user" });
      return;
    }
    const changes = await writeNotifications(services.db, [
      { userId: profile.id, type: body.type, title: body.title, message: body.message },
    ]);
    await publishChanges(services.bus, changes);
    res.status(201).json({ ok: true });
  });
  // No screen deletes a progress record; this lets a test show that a deletion reaches the customer's open page.
  const progressBody = z.object({ email: z.email(), service: z.enum(["google_business", "website"]) });
  router.post("/progress/delete", async (req, res) => {
    const body = progressBody.parse(req.body);
    const profile = await userByEmail(body.email);
    if (!profile) {
      res.status(404).json({ error: "No such user" });
      return;
    }
    const { deleted, changes } = await services.db.transaction((tx) =>
      deleteProgressRecord(tx, { userId: profile.id, service: body.service }),
    );
    await publishChanges(services.bus, changes);
    res.status(200).json({ ok: true, deleted });
  });
  // What a received information form does to the checklist (its first step, marked by the product), without
  // paying and filling the form: the checklist's own spec needs only the mark.
  router.post("/progress/received", async (req, res) => {
    const body = progressBody.parse(req.body);
    const profile = await userByEmail(body.email);
    if (!profile) {
      res.status(404).json({ error: "No such user" });
      return;
    }
    const mark = { userId: profile.id, done: true, auto: "information" as const };
    const { changes } = await services.db.transaction((tx) =>
      body.service === "google_business"
        ? setProgressStep(tx, { ...mark, service: "google_business", step: "informationCollection" })
        : setProgressStep(tx, { ...mark, service: "website", step: "clientInfoReceived" }),
    );
    await publishChanges(services.bus, changes);
    res.status(200).json({ ok: true });
  });
  // A signed-up customer brought to a state (paid, information sent, progress, a round waiting) in one call, the
  // way the integration tests' factory makes one, so a spec drives the interface only for the part it is about.
  const stateBody = z.object({ email: z.email(), state: customerStateSchema });
  router.post("/customers/state", async (req, res) => {
    const parsed = stateBody.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: z.prettifyError(parsed.error) });
      return;
    }
    const profile = await userByEmail(parsed.data.email);
    if (!profile) {
      res.status(404).json({ error: "No such user" });
      return;
    }
    await bringCustomerTo(services, profile.id, parsed.data.state);
    res.status(200).json({ ok: true, userId: profile.id });
  });
  // A spec that changes what every page sees (Maintenance Mode, the Review Link, two-factor for admins) puts those
  // sections back as a fresh server has them when it ends, passed or failed (the `settingsToRestore` fixture).
  const sectionNames = Object.keys(SETTINGS_SECTIONS) as [SettingsSection, ...SettingsSection[]];
  const restoreBody = z.object({ sections: z.array(z.enum(sectionNames)).min(1) });
  router.post("/settings/restore", async (req, res) => {
    const parsed = restoreBody.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: `sections: one or more of ${sectionNames.join(", ")}` });
      return;
    }
    const sections = sql.join(
      parsed.data.sections.map((section) => sql`${section}`),
      sql`, `,
    );
    await services.db
      .update(adminSettings)
      .set({ values: sql`${adminSettings.values} - array[${sections}]::text[]` })
      .where(eq(adminSettings.id, SETTINGS_ROW_ID));
    services.settings.invalidate();
    await publishChanges(services.bus, [{ table: SETTINGS_TABLE, userId: EVERYONE }]);
    res.status(200).json({ ok: true });
  });
  // The e2e server has one shared admin; a spec that changes an admin's sign-in (two-factor) makes its own.
  const promoteBody = z.object({ email: z.email() });
  router.post("/admins", async (req, res) => {
    const body = promoteBody.parse(req.body);
    const profile = await userByEmail(body.email);
    if (!profile) {
      res.status(404).json({ error: "No such user" });
      return;
    }
    await services.db.insert(userRoles).values({ userId: profile.id, role: "admin" }).onConflictDoNothing();
    res.status(201).json({ ok: true });
  });
  // Many customers at once, inserted directly as the benchmarks do (db/seed-customers.js): the admin
  // list's pages need more than 50. A prefix of the test's own keeps its customers apart from other tests'.
  const seedBody = z.object({
    count: z.number().int().min(1).max(500),
    prefix: z.string().regex(/^[a-z][a-z0-9]{2,15}$/),
  });
  router.post("/customers/seed", async (req, res) => {
    const parsed = seedBody.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: "count 1-500 and a prefix of 3-16 lower-case letters and digits" });
      return;
    }
    const pool = services.database.pool;
    await seedCustomers((text: string, params: unknown[]) => pool.query(text, params), parsed.data);
    res.status(201).json({ ok: true });
  });
  // The dashboard's information queue shows the 20 oldest forms not yet opened; other specs (and the seeded customers)
  // leave many. The work-queue spec marks them all opened first, so the form it sends is the one waiting.
  router.post("/information/reviewed", async (_req, res) => {
    const now = new Date();
    await services.db.update(googleBusinessInfo).set({ informationReviewedAt: now });
    await services.db.update(websiteInfo).set({ informationReviewedAt: now });
    res.status(200).json({ ok: true });
  });
  // A gathered e-mail (a customer's progress steps) waits ten minutes for more; a test ends the wait for one address.
  router.post("/emails/due", async (req, res) => {
    const { email } = z.object({ email: z.email() }).parse(req.body);
    await services.db
      .update(emailMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(
        and(
          eq(emailMessages.to, email.toLowerCase()),
          eq(emailMessages.status, "queued"),
          isNotNull(emailMessages.gatherKey),
        ),
      );
    res.status(200).json({ ok: true });
  });
  // A conversation longer than the page loads (50), without sending each message through the rate-limited composer:
  // `count` messages from the customer, "<text> 1" the oldest, one minute apart and all older than now.
  const messagesBody = z.object({
    email: z.email(),
    count: z.coerce.number().int().min(1).max(500),
    text: z.string().min(1),
  });
  router.post("/messages/seed", async (req, res) => {
    const body = messagesBody.parse(req.body);
    const profile = await userByEmail(body.email);
    if (!profile) {
      res.status(404).json({ error: "No such user" });
      return;
    }
    const now = Date.now();
    const rows = Array.from({ length: body.count }, (_, index) => ({
      userId: profile.id,
      authorId: profile.id,
      fromAgency: false,
      body: `${body.text} ${index + 1}`,
      createdAt: new Date(now - (body.count - index) * 60_000),
    }));
    await services.db.transaction(async (tx) => {
      await tx.insert(messages).values(rows);
      const lastMessageAt = rows.at(-1)!.createdAt;
      await tx
        .insert(conversations)
        .values({ userId: profile.id, lastMessageAt, waitingSince: rows[0]!.createdAt, agencyUnread: body.count })
        .onConflictDoUpdate({ target: conversations.userId, set: { lastMessageAt } });
    });
    res.status(201).json({ ok: true });
  });
  // Leads: a quote request as the website's form leaves it (the landing page's form is another spec's), the invitation
  // an admin sends from the lead's page (through its use case), and where the lead stands.
  const leadBody = z.object({
    name: z.string().min(1),
    email: z.email(),
    phone: z
      .string()
      .regex(/^\d{10}$/)
      .optional(),
    businessName: z.string().min(1).optional(),
    industry: z.string().default("roofing"),
    language: z.enum(["en", "es"]).default("en"),
    utmSource: z.string().min(1).optional(),
    referrer: z.string().min(1).optional(),
    message: z.string().optional(),
  });
  router.post("/leads", async (req, res) => {
    const parsed = leadBody.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: z.prettifyError(parsed.error) });
      return;
    }
    const { utmSource, referrer, message, ...lead } = parsed.data;
    const leadId = await services.database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(leads)
        .values({
          ...lead,
          email: lead.email.toLowerCase(),
          wants: "both",
          contactPreference: "email",
          consentedAt: new Date(),
          source: { ...(utmSource ? { utmSource } : {}), ...(referrer ? { referrer } : {}) },
        })
        .returning({ id: leads.id });
      await tx.insert(leadEvents).values({ leadId: row!.id, kind: "received", detail: message ? { message } : {} });
      return row!.id;
    });
    // As the quote form's use case does: the admins' open Leads pages hear of it.
    await publishChanges(services.bus, leadChanges({ id: leadId, assignedTo: null }));
    res.status(201).json({ ok: true, leadId });
  });
  router.get("/leads/:leadId", async (req, res) => {
    const parsed = z.uuid().safeParse(req.params.leadId);
    const [lead] = parsed.success
      ? await services.database.db
          .select({ stage: leads.stage, customerId: leads.customerId, wonAt: leads.wonAt })
          .from(leads)
          .where(eq(leads.id, parsed.data))
      : [];
    if (!lead) {
      res.status(404).json({ error: "No such lead" });
      return;
    }
    res.status(200).json(lead);
  });
  // The quote form refuses a form sent within two seconds of its page (docs/decisions/042): a spec that fills it at a
  // machine's speed ages its visit cookie instead of waiting, the visit's source kept.
  const visitBody = z.object({ value: z.string().min(1) });
  router.post("/quote-visit/aged", (req, res) => {
    const parsed = visitBody.safeParse(req.body);
    const visit = parsed.success ? verifyVisit(services.env.AUTH_SECRET, parsed.data.value) : null;
    if (!visit) {
      res.status(400).json({ error: "Not a visit cookie this server signed" });
      return;
    }
    res.json({ value: signVisit(services.env.AUTH_SECRET, { ...visit, servedAt: visit.servedAt - 60_000 }) });
  });
  // What a quote request left, for a spec to check (the back office's pages are another spec's).
  router.post("/leads/by-email", async (req, res) => {
    const parsed = z.object({ email: z.email() }).safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: "email: an e-mail address" });
      return;
    }
    const email = parsed.data.email.toLowerCase();
    const found = await services.database.db.select().from(leads).where(eq(leads.email, email));
    res.json({ leads: found });
  });
  // A customer's subscriptions at the card provider, so a spec can drive the fake's month (renew, fail, end).
  router.post("/plan-subscriptions/by-email", async (req, res) => {
    const parsed = z.object({ email: z.email() }).safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: "email: an e-mail address" });
      return;
    }
    const profile = await userByEmail(parsed.data.email);
    const found = profile
      ? await services.database.db
          .select({
            stripeSubscriptionId: planSubscriptions.stripeSubscriptionId,
            stripeCustomerId: planSubscriptions.stripeCustomerId,
            status: planSubscriptions.status,
          })
          .from(planSubscriptions)
          .where(eq(planSubscriptions.userId, profile.id))
      : [];
    res.json({ subscriptions: found });
  });
  // The reminders job's run for one customer, `days` from now (the spec moves the job's clock, not the server's).
  router.post("/reminders/run", async (req, res) => {
    const parsed = z.object({ email: z.email(), days: z.coerce.number().min(0).max(400) }).safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: "email: an e-mail address; days: how far ahead the job's clock is" });
      return;
    }
    const profile = await userByEmail(parsed.data.email);
    if (!profile) {
      res.status(404).json({ error: "no account with that e-mail" });
      return;
    }
    const now = new Date(Date.now() + parsed.data.days * DAY_MS);
    res.json(await runReminders(services, { now, only: [profile.id] }));
  });
  return router;
}
