import { PassThrough } from "node:stream";
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  customerAssignments,
  emailMessages,
  leadEvents,
  leads,
  promotionCodes,
  type LeadSource,
} from "~db/schema";
import { deleteCustomer } from "~/features/account-deletion/delete-customer.server";
import { getAnalytics } from "~/features/analytics/get-analytics.server";
import { getDashboardFigures } from "~/features/analytics/get-dashboard-figures.server";
import { ZipNames } from "~/features/data-export/data-export-rules";
import { JsonObjectWriter } from "~/features/data-export/json-writer.server";
import { writeExportData } from "~/features/data-export/write-export-data.server";
import { INVITE_LEAD_INTENT } from "~/features/leads/lead-actions.schemas";
import { inviteLeadForm } from "~/features/leads/invite-lead.form.server";
import { inviteLead } from "~/features/leads/invite-lead.server";
import { signLeadToken } from "~/features/leads/lead-token.server";
import { getCustomerLeadSource } from "~/features/leads/lead-source.server";
import { readSignUpInvitation } from "~/features/leads/link-lead.server";
import { receiveCardWebhook } from "~/features/plans/receive-card-webhook.server";
import { redeemFreePayment } from "~/features/payments/redeem-free-payment.server";
import { decidePayment } from "~/features/payments/review/decide-payment.server";
import { submitZelleProof } from "~/features/payments/zelle/submit-zelle-proof.server";
import { runRetention } from "~/features/retention/run-retention.server";
import { saveSettings } from "~/features/settings/save-settings.server";
import { getWorkQueue } from "~/features/work-queue/get-work-queue.server";
import { loader as signupLoader } from "~/routes/auth/signup";
import { intentAction } from "~/lib/http/actions.server";
import { i18nFor } from "~/lib/i18n/instances.server";
import {
  authRequest,
  cookieFrom,
  formPost,
  refusal,
  routeArgs,
  routeAnswer,
  routeContext,
  sessionUserFor,
  signUpBody,
  uniqueEmail,
  type SignedIn,
} from "./support";
import { testApp } from "./test-app";

const app = testApp();
const DAY = 24 * 60 * 60 * 1000;

let admin: SignedIn;

beforeAll(async () => {
  admin = await app.admin();
});

interface LeadValues {
  name?: string;
  email?: string | null;
  phone?: string | null;
  businessName?: string | null;
  language?: "en" | "es";
  stage?: string;
  industry?: string;
  source?: LeadSource;
  assignedTo?: string | null;
  customerId?: string | null;
  createdAt?: Date;
  updatedAt?: Date;
}

/** A lead as the quote form leaves it (its `received` event too): New, in English, with an e-mail and a phone. */
async function makeLead(values: LeadValues = {}): Promise<string> {
  const at = values.createdAt ?? new Date();
  const [row] = await app.db
    .insert(leads)
    .values({
      name: values.name ?? "Rosa Díaz",
      email: values.email === undefined ? uniqueEmail("lead") : values.email,
      phone: values.phone === undefined ? "5551234567" : values.phone,
      businessName: values.businessName === undefined ? "Díaz Roofing" : values.businessName,
      industry: values.industry ?? "roofing",
      wants: "both",
      contactPreference: "email",
      language: values.language ?? "en",
      consentedAt: at,
      stage: values.stage ?? "new",
      source: values.source ?? { utmSource: "google", utmMedium: "cpc" },
      assignedTo: values.assignedTo ?? null,
      customerId: values.customerId ?? null,
      createdAt: at,
      lastMessageAt: at,
      updatedAt: values.updatedAt ?? at,
    })
    .returning({ id: leads.id });
  await app.db.insert(leadEvents).values({ leadId: row!.id, kind: "received", createdAt: at });
  return row!.id;
}

const leadRow = async (leadId: string) => (await app.db.select().from(leads).where(eq(leads.id, leadId)))[0];
const eventsOf = (leadId: string) =>
  app.db
    .select({ kind: leadEvents.kind, actorId: leadEvents.actorId, detail: leadEvents.detail })
    .from(leadEvents)
    .where(eq(leadEvents.leadId, leadId))
    .orderBy(leadEvents.createdAt, leadEvents.kind);
const lastEmailTo = async (email: string) =>
  (
    await app.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.to, email))
      .orderBy(desc(emailMessages.createdAt))
      .limit(1)
  )[0];
const tokenIn = (text: string) => decodeURIComponent(/\/signup\?lead=([^\s]+)/.exec(text)?.[1] ?? "");

/** Signs up through the real auth handler with the lead's token, as the prefilled form posts it. */
async function signUpFrom(token: string, email = uniqueEmail("invited")): Promise<SignedIn> {
  const body = { ...signUpBody({ email }), leadToken: token };
  const response = await authRequest(app.services, "/sign-up/email", body);
  expect(response.status, await response.clone().text()).toBe(200);
  const cookie = cookieFrom(response);
  const user = (await sessionUserFor(app.services, cookie))!;
  return { id: user.id, email, password: body.password, cookie, user };
}

describe("inviting a lead to sign up", () => {
  it("is refused to anonymous (401), a customer (403) and a staff member the lead is not assigned to (404)", async () => {
    const leadId = await makeLead();
    const customer = await app.customer();
    const otherStaff = await app.staff();
    expect((await refusal(inviteLead(app.services, null, { leadId }))).code).toBe("not_signed_in");
    expect((await refusal(inviteLead(app.services, customer.user, { leadId }))).code).toBe("forbidden");
    expect((await refusal(inviteLead(app.services, otherStaff.user, { leadId }))).code).toBe("lead_not_found");
    expect((await refusal(inviteLead(app.services, admin.user, { leadId: "not-a-uuid" }))).code).toBe("lead_not_found");
    expect(await eventsOf(leadId)).toEqual([expect.objectContaining({ kind: "received" })]);
    expect((await leadRow(leadId))?.stage).toBe("new");
  });

  it("e-mails the lead in their language, moves a New lead to Contacted, records the events and the audit, and publishes", async () => {
    const staff = await app.staff();
    const email = uniqueEmail("rosa");
    const leadId = await makeLead({ email, language: "es", assignedTo: staff.id });
    await app.deliveredChanges();

    expect(await inviteLead(app.services, staff.user, { leadId })).toEqual({ stage: "contacted" });

    const mail = await lastEmailTo(email);
    expect(mail?.subject).toBe("Cree su cuenta para comenzar");
    expect(mail?.text).toContain("Hola, Rosa Díaz:");
    expect(mail?.forgetBodyAfterSend).toBe(true);
    expect(tokenIn(mail!.text)).not.toBe("");
    expect((await leadRow(leadId))?.stage).toBe("contacted");
    expect(await eventsOf(leadId)).toEqual(
      expect.arrayContaining([
        { kind: "invited", actorId: staff.id, detail: {} },
        { kind: "stage", actorId: staff.id, detail: { from: "new", to: "contacted" } },
      ]),
    );
    const [audit] = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "lead.invite"), eq(auditEvents.actorId, staff.id)));
    expect(audit?.detail).toEqual({ leadId });
    // The member it is assigned to sees it change; no other viewer's id is on it.
    expect(await app.deliveredChanges()).toContainEqual({ table: "leads", userId: staff.id });

    // An admin may invite again (a new link); a lead past New stays where it is.
    await app.db.update(leads).set({ stage: "quote_sent" }).where(eq(leads.id, leadId));
    expect(await inviteLead(app.services, admin.user, { leadId })).toEqual({ stage: "quote_sent" });
  });

  it("is refused for a lead without an e-mail, one already a customer, or one whose address has an account", async () => {
    const customer = await app.customer();
    const noEmail = await makeLead({ email: null });
    const linked = await makeLead({ customerId: customer.id });
    const registered = await makeLead({ email: customer.email });
    expect((await refusal(inviteLead(app.services, admin.user, { leadId: noEmail }))).code).toBe("lead_without_email");
    expect((await refusal(inviteLead(app.services, admin.user, { leadId: linked }))).code).toBe(
      "lead_already_customer",
    );
    expect((await refusal(inviteLead(app.services, admin.user, { leadId: registered }))).code).toBe("lead_has_account");
    for (const leadId of [noEmail, linked, registered]) expect((await leadRow(leadId))?.stage).toBe("new");
  });
});

describe("the lead page's 'Invite to sign up' form", () => {
  /** The form as a lead page's action runs it, for `who`, in `language`. */
  const post = async (leadId: string, who: SignedIn | null, language = "en") => {
    const request = formPost(`/admin/leads/${leadId}`, { intent: INVITE_LEAD_INTENT });
    const context = routeContext(app.services, who?.user ?? null, new Headers({ "accept-language": language }));
    const intents = [INVITE_LEAD_INTENT] as const;
    return routeAnswer(
      await intentAction({ request, context }, intents, { [INVITE_LEAD_INTENT]: inviteLeadForm(leadId) }),
    );
  };

  it("answers 'Invitation sent', and a refusal with its status and message in the person's language", async () => {
    expect(await post(await makeLead(), admin)).toMatchObject({
      status: 200,
      body: { ok: true, title: "Invitation sent" },
    });
    const staff = await app.staff();
    expect(await post(await makeLead(), staff)).toMatchObject({
      status: 404,
      body: { ok: false, error: "Lead not found" },
    });
    expect(await post(await makeLead({ email: null }), admin, "es")).toMatchObject({
      status: 409,
      body: { ok: false, error: "Este prospecto no dejó un correo electrónico: llámele o envíele un mensaje de texto" },
    });
    expect(await post(await makeLead(), null)).toMatchObject({ status: 401 });
  });
});

describe("signing up from the invitation", () => {
  it("opens the form with what the lead sent, links the new account to the lead and its member, and then prefills no more", async () => {
    const email = uniqueEmail("invited");
    const staff = await app.staff();
    const leadId = await makeLead({
      email,
      name: "Marta Ruiz",
      businessName: "Ruiz Painting",
      phone: "5559876543",
      assignedTo: staff.id,
    });
    await inviteLead(app.services, admin.user, { leadId });
    const token = tokenIn((await lastEmailTo(email))!.text);

    expect(await readSignUpInvitation(app.services, token)).toEqual({
      token,
      fullName: "Marta Ruiz",
      email,
      phone: "(555) 987-6543",
      companyName: "Ruiz Painting",
      language: "en",
    });
    await app.deliveredChanges();
    // The visitor may change what was filled in: the token, not the address, links the account.
    const customer = await signUpFrom(token);
    expect((await leadRow(leadId))?.customerId).toBe(customer.id);
    expect(await eventsOf(leadId)).toContainEqual({
      kind: "linked",
      actorId: null,
      detail: { customerId: customer.id },
    });
    expect(await app.deliveredChanges()).toContainEqual({ table: "leads", userId: staff.id });
    // The member who worked the lead follows the customer it became.
    expect(
      await app.db
        .select({ memberId: customerAssignments.memberId })
        .from(customerAssignments)
        .where(eq(customerAssignments.customerId, customer.id)),
    ).toEqual([{ memberId: staff.id }]);
    expect(await readSignUpInvitation(app.services, token)).toBeNull();
  });

  it("opens in the lead's language unless the visitor chose one, sending the browser round once at most", async () => {
    const leadId = await makeLead({ language: "es" });
    const token = signLeadToken(app.services.env.AUTH_SECRET, leadId, new Date());
    const load = async (search: string, headers: Record<string, string>) =>
      (signupLoader(await routeArgs(app.services, `/signup?${search}`, { headers })) as Promise<unknown>).catch(
        (thrown: unknown) => thrown,
      );
    const search = new URLSearchParams({ lead: token }).toString();
    const sent = (await load(search, { "accept-language": "en-US" })) as Response;
    expect(sent.status).toBe(302);
    expect(sent.headers.get("set-cookie")).toMatch(/^lang=es;/);
    const next = sent.headers.get("location")!;
    expect(next).toBe(`/signup?${search}&language-set=1`);
    // Back with the cookie the page is Spanish (no redirect); without it (cookies refused), English, not sent again.
    for (const headers of [{ cookie: "lang=es" }, { "accept-language": "en-US" }] as Record<string, string>[]) {
      expect(await load(next.split("?")[1]!, headers)).toMatchObject({ invitation: { token, language: "es" } });
    }
    // A visitor who chose English keeps it.
    expect(await load(search, { cookie: "lang=en" })).toMatchObject({ invitation: { token } });
  });

  it("opens an empty form and links nothing for a bad, altered or expired token", async () => {
    const leadId = await makeLead();
    const secret = app.services.env.AUTH_SECRET;
    const expired = signLeadToken(secret, leadId, new Date(Date.now() - 31 * DAY));
    const forged = signLeadToken("another-secret-of-at-least-thirty-two-characters", leadId, new Date());
    for (const token of [null, "", "nonsense", expired, forged, `${signLeadToken(secret, leadId, new Date())}x`]) {
      expect(await readSignUpInvitation(app.services, token)).toBeNull();
    }
    await signUpFrom(expired);
    await signUpFrom(forged);
    expect((await leadRow(leadId))?.customerId).toBeNull();
  });
});

describe("a lead is Won when its customer's first payment completes", () => {
  /** A lead linked to a new customer, as signing up from its invitation leaves it. */
  async function linkedCustomer(stage = "contacted"): Promise<{ customer: SignedIn; leadId: string }> {
    const customer = await app.customer();
    const leadId = await makeLead({ stage, customerId: customer.id });
    return { customer, leadId };
  }

  const expectWon = async (leadId: string, from: string) => {
    const lead = await leadRow(leadId);
    expect(lead?.stage).toBe("won");
    expect(lead?.wonAt).toBeInstanceOf(Date);
    expect(await eventsOf(leadId)).toContainEqual({ kind: "stage", actorId: null, detail: { from, to: "won" } });
  };

  it("when an admin approves a Zelle proof (a rejection changes nothing), once", async () => {
    const { customer, leadId } = await linkedCustomer("quote_sent");
    const rejected = await app.payment(customer.id);
    await decidePayment(app.services, admin.user, { paymentId: rejected, decision: "reject", notes: "Blurry photo" });
    expect((await leadRow(leadId))?.stage).toBe("quote_sent");

    await app.deliveredChanges();
    const paymentId = await app.payment(customer.id);
    await decidePayment(app.services, admin.user, { paymentId, decision: "approve" });
    await expectWon(leadId, "quote_sent");
    expect(await app.deliveredChanges()).toContainEqual({ table: "leads", userId: leadId });
    const wonAt = (await leadRow(leadId))?.wonAt;

    // The second payment finds the lead won already.
    const second = await app.payment(customer.id, { serviceType: "website", amount: 350 });
    await decidePayment(app.services, admin.user, { paymentId: second, decision: "approve" });
    expect((await leadRow(leadId))?.wonAt).toEqual(wonAt);
    expect((await eventsOf(leadId)).filter((event) => event.kind === "stage")).toHaveLength(1);
  });

  it("when Auto-approve Submissions approves a proof on receipt", async () => {
    const general = (await app.services.settings.get()).general;
    await saveSettings(app.services, admin.user, {
      section: "general",
      values: { ...general, autoApproveSubmissions: true },
    });
    try {
      const { customer, leadId } = await linkedCustomer();
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a0" } })
        .png()
        .toBuffer();
      await submitZelleProof(app.services, customer.user, {
        serviceType: "google_business",
        paymentNumber: 1,
        proof: new File([new Uint8Array(png)], "proof.png", { type: "image/png" }),
      });
      await expectWon(leadId, "contacted");
    } finally {
      await saveSettings(app.services, admin.user, {
        section: "general",
        values: { ...general, autoApproveSubmissions: false },
      });
    }
  });

  it("when the card provider's webhook completes a card payment", async () => {
    const { customer, leadId } = await linkedCustomer("new");
    const webhookSecret = "whsec_lead_funnel";
    const stripe = new Stripe("sk_test_lead_funnel");
    const payload = JSON.stringify({
      id: `evt_${leadId}`,
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: `cs_${leadId}`,
          object: "checkout.session",
          mode: "payment",
          payment_status: "paid",
          currency: "usd",
          amount_total: 25_000,
          client_reference_id: customer.id,
          metadata: { userId: customer.id, serviceType: "google_business", paymentNumber: "1" },
        },
      },
    });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const outcome = await receiveCardWebhook({ ...app.services, stripe, webhookSecret }, null, {
      rawBody: Buffer.from(payload),
      signature,
    });
    expect(outcome).toBe("completed");
    await expectWon(leadId, "new");
  });

  it("when a promotion code makes the payment free", async () => {
    const { customer, leadId } = await linkedCustomer();
    const code = `FREE${Date.now()}`;
    await app.db
      .insert(promotionCodes)
      .values({ code, kind: "percent", percentOff: 100, serviceTypes: ["google_business"] });
    await redeemFreePayment(app.services, customer.user, {
      serviceType: "google_business",
      paymentNumber: 1,
      promotionCode: code,
    });
    await expectWon(leadId, "contacted");
  });
});

describe("the customer's page says where they came from", () => {
  it("for the team members who reach the customer, from the first lead linked to them", async () => {
    const customer = await app.customer();
    const first = await makeLead({ customerId: customer.id, source: { referrer: "www.yelp.com" } });
    await makeLead({ customerId: customer.id, createdAt: new Date(Date.now() + 1000) });
    const assigned = await app.staff([customer.id]);
    const unassigned = await app.staff();
    const expected = { leadId: first, origin: { kind: "site", name: "yelp.com" }, receivedAt: expect.any(String) };
    expect(await getCustomerLeadSource(app.services, admin.user, { customerId: customer.id })).toEqual(expected);
    expect(await getCustomerLeadSource(app.services, assigned.user, { customerId: customer.id })).toEqual(expected);
    const ask = (who: SignedIn | null) =>
      refusal(getCustomerLeadSource(app.services, who?.user ?? null, { customerId: customer.id }));
    expect((await ask(unassigned)).code).toBe("customer_not_found");
    expect((await ask(customer)).code).toBe("forbidden");
    expect((await ask(null)).code).toBe("not_signed_in");
    const walkIn = await app.customer();
    expect(await getCustomerLeadSource(app.services, admin.user, { customerId: walkIn.id })).toBeNull();
  });
});

describe("the work queue's leads nobody has contacted", () => {
  it("holds New leads older than a day: every one for an admin, a staff member's own for them", async () => {
    const staff = await app.staff();
    const now = new Date(Date.now() + 10 * 365 * DAY);
    const old = new Date(now.getTime() - 25 * 60 * 60 * 1000);
    const theirs = await makeLead({ name: "Old Theirs", assignedTo: staff.id, createdAt: old });
    const nobodys = await makeLead({ name: "Old Nobody's", createdAt: new Date(old.getTime() - 1000) });
    await makeLead({ name: "Fresh", createdAt: new Date(now.getTime() - 60 * 60 * 1000) });
    await makeLead({ name: "Contacted", stage: "contacted", createdAt: old });

    const everyone = (await getWorkQueue(app.services, admin.user, { now })).uncontactedLeads;
    expect(everyone.items.map((item) => item.leadId)).toEqual(expect.arrayContaining([nobodys, theirs]));
    expect(everyone.items.map((item) => item.name)).not.toContain("Fresh");
    expect(everyone.items.map((item) => item.name)).not.toContain("Contacted");
    const mine = (await getWorkQueue(app.services, staff.user, { now })).uncontactedLeads;
    expect(mine).toEqual({
      total: 1,
      items: [{ leadId: theirs, name: "Old Theirs", businessName: "Díaz Roofing", receivedAt: old.toISOString() }],
    });
  });
});

describe("the analytics' leads", () => {
  it("counts the period's leads per week by source and industry, and the share won; admins only", async () => {
    const week = new Date("2061-03-08T10:00:00Z");
    const customer = await app.customer();
    await makeLead({ createdAt: week, source: { utmSource: "Google" } });
    await makeLead({
      createdAt: week,
      source: { utmSource: "google", referrer: "facebook.com" },
      industry: "plumbing",
    });
    await makeLead({ createdAt: new Date("2061-03-15T10:00:00Z"), source: { referrer: "yelp.com" } });
    const won = await makeLead({ createdAt: new Date("2061-03-15T11:00:00Z"), source: {}, customerId: customer.id });
    await app.db.update(leads).set({ stage: "won", wonAt: new Date() }).where(eq(leads.id, won));

    const period = { choice: "custom" as const, from: "2061-03-07", to: "2061-03-20" };
    const { leads: figures } = await getAnalytics(app.services, admin.user, period);
    expect(figures).toMatchObject({ total: 4, won: 1, wonShare: 25 });
    expect(figures.bySource.keys).toEqual(["google", "", "yelp.com"]);
    expect(figures.bySource.weeks).toEqual([
      { weekStart: "2061-03-07", counts: { google: 2, "": 0, "yelp.com": 0 }, total: 2 },
      { weekStart: "2061-03-14", counts: { google: 0, "": 1, "yelp.com": 1 }, total: 2 },
    ]);
    expect(figures.byIndustry.totals).toEqual({ roofing: 3, plumbing: 1 });

    const staff = await app.staff();
    expect((await refusal(getAnalytics(app.services, staff.user, period))).code).toBe("forbidden");
    const dashboard = await getDashboardFigures(app.services, admin.user, { now: new Date("2061-03-25T00:00:00Z") });
    expect(dashboard).toMatchObject({ leadsThisMonth: 4, leadsWonThisMonth: 1 });
  });
});

describe("lost leads' retention", () => {
  it("deletes Lost leads untouched for the period, with their timelines, and keeps the rest", async () => {
    const now = new Date(Date.now() + 20 * 365 * DAY);
    const longAgo = new Date(now.getTime() - 400 * DAY);
    const lost = await makeLead({ stage: "lost", createdAt: longAgo });
    const lostRecently = await makeLead({
      stage: "lost",
      createdAt: longAgo,
      updatedAt: new Date(now.getTime() - DAY),
    });
    const oldButOpen = await makeLead({ stage: "contacted", createdAt: longAgo });

    const outcome = await runRetention(app.services, { now });
    expect(outcome).toMatchObject({ ran: true, run: { removed: { lostLeads: 1 } } });
    expect(await leadRow(lost)).toBeUndefined();
    expect(await eventsOf(lost)).toEqual([]);
    expect(await leadRow(lostRecently)).toBeDefined();
    expect(await leadRow(oldButOpen)).toBeDefined();
  });
});

describe("a customer's data and their leads", () => {
  it("exports the enquiries the account was made from, and erasure deletes them with those sent from its address", async () => {
    const customer = await app.customer();
    const linked = await makeLead({ customerId: customer.id, name: "Export Me" });
    const sameAddress = await makeLead({ email: customer.email });
    const someoneElse = await makeLead();

    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (chunk: Buffer) => chunks.push(chunk));
    const writer = new JsonObjectWriter(out);
    await writeExportData(
      app.services,
      { userId: customer.id, withSecrets: false, i18n: i18nFor("en") },
      writer,
      { names: new ZipNames(), files: [] },
      async () => {},
    );
    await writer.end();
    const data = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { enquiries: Record<string, unknown>[] };
    expect(data.enquiries).toEqual([
      expect.objectContaining({
        name: "Export Me",
        source: { utmSource: "google", utmMedium: "cpc" },
        messages: [expect.objectContaining({ kind: "received" })],
      }),
    ]);

    await deleteCustomer(app.services, admin.user, {
      customerId: customer.id,
      reason: "Asked by phone",
      confirmation: "DELETE",
    });
    expect(await leadRow(linked)).toBeUndefined();
    expect(await leadRow(sameAddress)).toBeUndefined();
    expect(await leadRow(someoneElse)).toBeDefined();
  });
});
