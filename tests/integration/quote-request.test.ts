import { eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailMessages, leadEvents, leads, notifications, profiles } from "~db/schema";
import { QUOTE_VISIT_COOKIE, signVisit, verifyVisit } from "~/features/leads/quote-visit.server";
import { submitQuoteRequest } from "~/features/leads/submit-quote-request.server";
import { saveSettings } from "~/features/settings/save-settings.server";
import { CLIENT_IP_HEADER } from "~/lib/auth/auth.server";
import type { LeadSource } from "~db/schema";
import { action, loader, middleware } from "~/routes/marketing/quote";
import { routeAnswer, routeContext, SITE_URL, type SignedIn } from "./support";
import { testApp } from "./test-app";

// The free quote form's endpoint (`/quote`, `/es/quote`) and its use case: a person's request becomes a lead (or a
// message on the one they sent within a day), linked to their account when they have one, the admins told; a robot's
// (the honeypot, too fast, too many) is thanked alike and leaves nothing.

const app = testApp();
let admin: SignedIn;
let addressCount = 0;

const NOTIFICATIONS_ON = {
  emailNotifications: true,
  pushNotifications: true,
  newUserRegistration: true,
  newSubmission: true,
  profileUpdates: true,
  systemErrors: false,
  newMessage: true,
  newLead: true,
};

beforeAll(async () => {
  admin = await app.admin();
}, 300_000);

beforeEach(() => {
  app.clock.reset();
});

/** The services with the test's clock, which the use cases read as `now`. */
const clocked = () => ({ ...app.services, now: app.clock.now });

/** A client address of its own for each request unless a test shares one, so the rate limit stays out of the way. */
const freshAddress = () => `203.0.113.${++addressCount}`;

function visit(servedAgoMs = 10_000, source: LeadSource = {}): string {
  return signVisit(app.services.env.AUTH_SECRET, { servedAt: app.clock.now().getTime() - servedAgoMs, source });
}

interface Sent {
  path?: string;
  cookie?: string | null;
  address?: string;
  json?: boolean;
}

/** The form posted to the endpoint as the framework runs it: the route's middleware, then its action. */
async function post(fields: Record<string, string>, { path = "/quote", cookie, address, json }: Sent = {}) {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", origin: SITE_URL });
  const stamp = cookie === undefined ? visit() : cookie;
  if (stamp) headers.set("cookie", `${QUOTE_VISIT_COOKIE}=${stamp}`);
  headers.set(CLIENT_IP_HEADER, address ?? freshAddress());
  if (json) headers.set("accept", "application/json");
  const request = new Request(new URL(path, SITE_URL), { method: "POST", headers, body: new URLSearchParams(fields) });
  const args = { request, context: routeContext(clocked(), null, headers), params: {} } as never;
  const [language, script] = middleware as unknown as ((a: never, next: () => Promise<unknown>) => Promise<unknown>)[];
  const result = await language!(args, () => script!(args, async () => action(args)));
  if (result instanceof Response) return { status: result.status, body: (await result.json()) as unknown };
  return routeAnswer(result);
}

const person = (email: string, more: Record<string, string> = {}) => ({
  name: "Ana Ruiz",
  businessName: "Ruiz Roofing",
  email,
  industry: "roofing",
  wants: "website",
  message: "I need a website",
  consent: "on",
  ...more,
});

let emailCount = 0;
const uniqueEmail = () => `lead-${++emailCount}-${Date.now()}@example.test`;

async function leadsOf(email: string) {
  return app.db.select().from(leads).where(eq(leads.email, email));
}

async function eventsOf(leadId: string) {
  return app.db
    .select({ kind: leadEvents.kind, detail: leadEvents.detail })
    .from(leadEvents)
    .where(eq(leadEvents.leadId, leadId))
    .orderBy(leadEvents.createdAt);
}

const THANK_YOU = { sent: true, bookingLink: null };

describe("a person's quote request", () => {
  it("becomes a lead with its source, a received event with the message, and tells the admins", async () => {
    await saveSettings(app.services, admin.user, { section: "notifications", values: NOTIFICATIONS_ON });
    const email = uniqueEmail();
    const source = { utmSource: "google", utmCampaign: "spring", referrer: "www.google.com" };
    const answer = await post(person(email.toUpperCase(), { phone: "(555) 201-7788", state: "TX", city: "Austin" }), {
      cookie: visit(5_000, source),
    });
    expect(answer).toEqual({ status: 200, body: THANK_YOU });
    const [lead] = await leadsOf(email);
    expect(lead).toMatchObject({
      stage: "new",
      name: "Ana Ruiz",
      businessName: "Ruiz Roofing",
      email,
      phone: "5552017788",
      industry: "roofing",
      wants: "website",
      city: "Austin",
      state: "TX",
      contactPreference: "call",
      language: "en",
      source,
      customerId: null,
    });
    expect(await eventsOf(lead!.id)).toEqual([
      { kind: "received", detail: expect.objectContaining({ message: "I need a website" }) },
    ]);
    const bell = await app.db
      .select({ type: notifications.type, title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, admin.id));
    expect(bell).toContainEqual({
      type: "new_lead",
      title: "New lead received",
      message: "Ana Ruiz from Ruiz Roofing asked for a free quote",
    });
    const [adminProfile] = await app.db
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, admin.id));
    const mail = await app.db
      .select({ subject: emailMessages.subject })
      .from(emailMessages)
      .where(inArray(emailMessages.to, [adminProfile!.email]));
    expect(mail).toContainEqual({ subject: "New lead received" });
  });

  it("publishes the lead's change after the commit, for the admins' open Leads page", async () => {
    await app.deliveredChanges();
    const email = uniqueEmail();
    await post(person(email));
    const [lead] = await leadsOf(email);
    expect(await app.deliveredChanges()).toContainEqual({ table: "leads", userId: lead!.id });
  });

  it("tells no admin when New lead received is off", async () => {
    await saveSettings(app.services, admin.user, {
      section: "notifications",
      values: { ...NOTIFICATIONS_ON, newLead: false },
    });
    const email = uniqueEmail();
    await post(person(email, { name: "Quiet Lead", businessName: "" }));
    expect(await leadsOf(email)).toHaveLength(1);
    const bell = await app.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, admin.id));
    expect(bell.map((row) => row.message)).not.toContain("Quiet Lead asked for a free quote");
    await saveSettings(app.services, admin.user, { section: "notifications", values: NOTIFICATIONS_ON });
  });

  it("answers the page's script in JSON, with the booking link when the settings have one", async () => {
    const general = (await app.services.settings.get()).general;
    await saveSettings(app.services, admin.user, {
      section: "general",
      values: { ...general, bookingLink: "https://calendly.com/agency/call" },
    });
    const answer = await post(person(uniqueEmail()), { json: true });
    expect(answer).toEqual({ status: 200, body: { ok: true, bookingLink: "https://calendly.com/agency/call" } });
    await saveSettings(app.services, admin.user, { section: "general", values: { ...general, bookingLink: "" } });
  });

  it("is a second message on the same lead within a day, by e-mail or by phone, and a new lead after it", async () => {
    const email = uniqueEmail();
    const phone = `555${String(Date.now()).slice(-7)}`;
    await post(person(email, { phone }));
    const [first] = await leadsOf(email);
    app.clock.advance(60 * 60 * 1000);
    await post({
      name: "Ana",
      phone: phone.replace(/(\d{3})(\d{3})(\d{4})/, "($1) $2-$3"),
      message: "Also a logo",
      consent: "on",
    });
    const [again] = await app.db.select().from(leads).where(eq(leads.phone, phone));
    expect(again!.id).toBe(first!.id);
    expect(again!.lastMessageAt.getTime()).toBeGreaterThan(first!.lastMessageAt.getTime());
    expect((await eventsOf(first!.id)).map((event) => [event.kind, event.detail.message])).toEqual([
      ["received", "I need a website"],
      ["message", "Also a logo"],
    ]);
    app.clock.advance(25 * 60 * 60 * 1000);
    await post(person(email, { message: "Back again" }));
    expect(await leadsOf(email)).toHaveLength(2);
  });

  it("sent twice at once (a double click) is one lead with two messages", async () => {
    const email = uniqueEmail();
    await Promise.all([post(person(email)), post(person(email, { message: "Sent again" }))]);
    const found = await leadsOf(email);
    expect(found).toHaveLength(1);
    expect((await eventsOf(found[0]!.id)).map((event) => event.kind).sort()).toEqual(["message", "received"]);
  });

  it("is linked to the customer account with that e-mail, or that phone", async () => {
    const byEmail = await app.customer();
    await post(person(byEmail.email.toUpperCase()));
    const [lead] = await leadsOf(byEmail.email.toLowerCase());
    expect(lead!.customerId).toBe(byEmail.id);
    expect((await eventsOf(lead!.id)).map((event) => event.kind)).toEqual(["received", "linked"]);

    const byPhone = await app.customer();
    await app.db.update(profiles).set({ phone: "(555) 777-0101" }).where(eq(profiles.id, byPhone.id));
    const email = uniqueEmail();
    await post(person(email, { phone: "555.777.0101" }));
    expect((await leadsOf(email))[0]!.customerId).toBe(byPhone.id);
  });

  it("is never linked to a team member's account", async () => {
    const [adminProfile] = await app.db
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, admin.id));
    await post(person(adminProfile!.email));
    expect((await leadsOf(adminProfile!.email))[0]!.customerId).toBeNull();
  });
});

describe("a refused quote request", () => {
  it("comes back on the page in Spanish with the values kept, and leaves no lead", async () => {
    const email = "ana@";
    const answer = await post(
      { name: "", businessName: "Ruiz", email, phone: "", industry: "plumbing" },
      { path: "/es/quote" },
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      sent: false,
      values: expect.objectContaining({ name: "", businessName: "Ruiz", email, industry: "plumbing" }),
      errors: {
        name: "Ingrese su nombre",
        email: "Escriba un correo electrónico válido",
        consent: "Acepte que lo contactemos sobre su solicitud",
      },
    });
    expect(await leadsOf(email)).toEqual([]);
  });

  it("asks for a phone or an e-mail, in JSON for the page's script", async () => {
    const answer = await post({ name: "Ana", consent: "on" }, { json: true });
    expect(answer).toEqual({
      status: 400,
      body: {
        ok: false,
        error: {
          code: "invalid_input",
          message: "Please enter a phone number or an e-mail address, so we can answer you",
          fields: { phone: "Please enter a phone number or an e-mail address, so we can answer you" },
        },
      },
    });
  });

  it("is refused by the use case too when it names no way to answer", async () => {
    await expect(
      submitQuoteRequest(clocked(), null, {
        request: {
          name: "Ana",
          businessName: null,
          email: null,
          phone: null,
          industry: "other",
          wants: "not_sure",
          city: null,
          state: null,
          message: null,
          contactPreference: "call",
        },
        language: "en",
        source: {},
      }),
    ).rejects.toMatchObject({ code: "invalid_input" });
  });
});

describe("a robot's quote request", () => {
  it("with the honeypot filled is thanked and leaves no lead", async () => {
    const email = uniqueEmail();
    expect(await post({ ...person(email), website: "http://spam.example" })).toEqual({ status: 200, body: THANK_YOU });
    expect(await leadsOf(email)).toEqual([]);
  });

  it("sent under two seconds after the page, or with no page served, is thanked and leaves no lead", async () => {
    const fast = uniqueEmail();
    expect(await post(person(fast), { cookie: visit(1_500) })).toEqual({ status: 200, body: THANK_YOU });
    expect(await leadsOf(fast)).toEqual([]);
    const noPage = uniqueEmail();
    expect(await post(person(noPage), { cookie: null, json: true })).toEqual({
      status: 200,
      body: { ok: true, bookingLink: null },
    });
    const forged = uniqueEmail();
    await post(person(forged), {
      cookie: signVisit("another-secret-0123456789abcdef0123", { servedAt: 0, source: {} }),
    });
    expect([...(await leadsOf(noPage)), ...(await leadsOf(forged))]).toEqual([]);
  });

  it("the eleventh from one address within a minute is thanked and leaves no lead", async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) await post(person(uniqueEmail()), { address });
    const eleventh = uniqueEmail();
    expect(await post(person(eleventh), { address })).toEqual({ status: 200, body: THANK_YOU });
    expect(await leadsOf(eleventh)).toEqual([]);
    app.clock.advance(61_000);
    const later = uniqueEmail();
    await post(person(later), { address });
    expect(await leadsOf(later)).toHaveLength(1);
  });
});

describe("the quote page", () => {
  it("sets the visit cookie when it is served, keeping the source an earlier visit left", async () => {
    const earlier = visit(60_000, { utmSource: "facebook" });
    const request = new Request(`${SITE_URL}/es/quote`, { headers: { cookie: `${QUOTE_VISIT_COOKIE}=${earlier}` } });
    const args = { request, context: routeContext(clocked(), null, request.headers), params: {} } as never;
    const [language] = middleware as unknown as ((a: never, next: () => Promise<unknown>) => Promise<unknown>)[];
    const result = (await language!(args, async () => loader(args))) as {
      init: ResponseInit;
      data: { locale: string };
    };
    expect(result.data.locale).toBe("es");
    const cookie = new Headers(result.init.headers).get("Set-Cookie")!;
    expect(cookie).toMatch(/^quote_visit=[\w-]+\.[\w-]+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    const value = cookie.split(";")[0]!.slice(`${QUOTE_VISIT_COOKIE}=`.length);
    expect(verifyVisit(app.services.env.AUTH_SECRET, value)?.source).toEqual({ utmSource: "facebook" });
  });
});
