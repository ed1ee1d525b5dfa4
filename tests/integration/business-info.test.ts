import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  googleBusinessInfo,
  googleBusinessProgress,
  notifications,
  profiles,
  websiteCredentials,
  websiteInfo,
  websiteProgress,
} from "~db/schema";
import { getGoogleBusinessInfo } from "~/features/information/google-business/get-google-business-info.server";
import type { GoogleBusinessFormInput } from "~/features/information/google-business/google-business.schemas";
import { saveGoogleBusinessInfo } from "~/features/information/google-business/save-google-business-info.server";
import { AppError } from "~/lib/http/app-error";
import type { Storage } from "~/lib/storage/storage.server";
import { getWebsiteInfo } from "~/features/information/website/get-website-info.server";
import { getInformationPrefill } from "~/features/information/get-information-prefill.server";
import { isEncryptedValue } from "~/lib/secrets/secrets.server";
import { keyFromFileUrl } from "~/lib/storage/stored-files";
import type { SessionUser } from "~/lib/auth/session";
import { action as googleAction, loader as googleLoader } from "~/routes/dashboard/google-business";
import { action as websiteAction, loader as websiteLoader } from "~/routes/dashboard/website";
import { createApp } from "../../server/app";
import type { CustomerState } from "../../server/test-customer-state";
import { expectHttpError, routeAnswer, routeContext, type SignedIn } from "./support";
import { testApp } from "./test-app";

const PNG = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#cc3366" } })
  .png()
  .toBuffer();
const png = (name: string) => new File([new Uint8Array(PNG)], name, { type: "image/png" });

const app = testApp();
/** Each service's first payment completed (the website's second still to come). */
const firstPayments: CustomerState = { paid: ["google_business"], paidFirstOf: ["website"] };
let server: Server;
let base: string;
let customerA: SignedIn;
let customerB: SignedIn;
let unpaid: SignedIn;
let admin1: SignedIn;
let admin2: SignedIn;

beforeAll(async () => {
  server = await new Promise<Server>((resolve) => {
    const listening = createApp(app.services).listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  customerA = await app.customer({ name: "Ana Ruiz", companyName: "Ruiz Roofing", ...firstPayments });
  customerB = await app.customer({ name: "Blair Banks", companyName: null, ...firstPayments });
  unpaid = await app.customer({ name: "Una Paid" });
  admin1 = await app.admin();
  admin2 = await app.admin();
  // A pending payment is not a completed one.
  await app.payment(unpaid.id);
});

afterAll(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const GOOGLE_FIELDS: Record<string, string> = {
  gmailEmail: "ana.roofing@gmail.com",
  gmailPassword: "Gmail-Secret-Pass-1",
  legalBusinessName: "Ruiz Roofing LLC",
  serviceType: "Roofing",
  openingDate: "2015-03-01",
  phoneNumber: "(555) 123-4567",
  website: "https://ruizroofing.example.com",
  facebookLink: "https://facebook.com/ruizroofing",
  instagramLink: "",
  linkedinLink: "",
  address: "1 Main St",
  aptSuite: "",
  city: "Miami",
  state: "FL",
  zip: "33101",
  "serviceCities[0]": " Miami ",
  "serviceCities[1]": "miami",
  "serviceCities[2]": "",
  "serviceCities[3]": "Doral",
};

function multipart(fields: Record<string, string>, files: Record<string, File[]> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  for (const [key, list] of Object.entries(files)) for (const file of list) form.append(key, file);
  return form;
}

/** A route action as the tests call it (either page's). */
type AnyAction = (args: never) => Promise<unknown>;

async function callAction(action: AnyAction, path: string, user: SessionUser | null, form: FormData) {
  const request = new Request(`http://localhost:3000${path}`, { method: "POST", body: form });
  return routeAnswer(await action({ request, context: routeContext(app.services, user), params: {} } as never));
}

const saveGoogle = (user: SessionUser | null, fields: Record<string, string>, files: Record<string, File[]> = {}) =>
  callAction(googleAction, "/dashboard/google-business", user, multipart(fields, files));
const saveWebsite = (user: SessionUser | null, fields: Record<string, string>, files: Record<string, File[]> = {}) =>
  callAction(websiteAction, "/dashboard/website", user, multipart(fields, files));

async function googleRow(userId: string) {
  const [row] = await app.db.select().from(googleBusinessInfo).where(eq(googleBusinessInfo.userId, userId));
  return row;
}

async function notificationsOf(userId: string, type: string) {
  return app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
}

/** Reads a stored file through the real files route, as this user. */
async function fetchFile(url: string, cookie: string | null) {
  return fetch(`${base}${url}`, { headers: cookie ? { cookie } : {} });
}

describe("Google Business information", () => {
  it("refuses a save without a completed payment and leaves nothing", async () => {
    const answer = await saveGoogle(unpaid.user, GOOGLE_FIELDS, { logo: [png("logo.png")] });
    expect(answer).toEqual({ status: 403, body: { ok: false, error: "Payment required to continue" } });
    expect(await googleRow(unpaid.id)).toBeUndefined();
    expect(await notificationsOf(admin1.id, "google_business_submitted")).toHaveLength(0);
  });

  it("refuses an anonymous save with the form's sign-in message", async () => {
    const answer = await saveGoogle(null, GOOGLE_FIELDS);
    expect(answer).toEqual({ status: 401, body: { ok: false, error: "You must be logged in to submit this form" } });
  });

  it("refuses invalid fields with the first field's message", async () => {
    const answer = await saveGoogle(customerA.user, { ...GOOGLE_FIELDS, zip: "123" });
    expect(answer).toEqual({
      status: 400,
      body: { ok: false, error: "Invalid ZIP code format. Use 5 digits (e.g., 12345 or 12345-6789)" },
    });
  });

  it("saves the first time: password encrypted, files stored privately, cities cleaned, every admin told, progress marked", async () => {
    const answer = await saveGoogle(customerA.user, GOOGLE_FIELDS, {
      logo: [png("logo.png")],
      photos: [png("one.png"), png("two.png")],
    });
    expect(answer).toEqual({
      status: 200,
      body: { ok: true, message: "Your information has been saved successfully" },
    });
    const row = (await googleRow(customerA.id))!;
    expect(row).toMatchObject({
      gmailEmail: "ana.roofing@gmail.com",
      legalBusinessName: "Ruiz Roofing LLC",
      openingDate: "2015-03-01",
      instagramLink: null,
      aptSuite: null,
      serviceCities: ["Miami", "Doral"],
    });
    // Stored encrypted, and decrypts to what was sent.
    expect(row.gmailPassword).not.toContain("Gmail-Secret-Pass-1");
    expect(isEncryptedValue(row.gmailPassword!)).toBe(true);
    expect(app.services.secrets.decrypt(row.gmailPassword!)).toBe("Gmail-Secret-Pass-1");
    expect(row.logoUrl).toMatch(new RegExp(`^/files/business-logos/${customerA.id}/google-logo_`));
    expect(row.photoUrls).toHaveLength(2);
    for (const url of [row.logoUrl!, ...row.photoUrls]) {
      expect((await fetchFile(url, customerA.cookie)).status).toBe(200);
      expect((await fetchFile(url, admin1.cookie)).status).toBe(200);
      // B cannot read A's files.
      expect((await fetchFile(url, customerB.cookie)).status).toBe(404);
    }

    for (const admin of [admin1, admin2]) {
      const sent = await notificationsOf(admin.id, "google_business_submitted");
      expect(sent).toHaveLength(1);
      expect(sent[0]!.message).toBe("Ana Ruiz from Ruiz Roofing submitted their Google Business information");
    }
    expect(await notificationsOf(customerA.id, "google_business_submitted")).toHaveLength(0);
    const [progress] = await app.db
      .select()
      .from(googleBusinessProgress)
      .where(eq(googleBusinessProgress.userId, customerA.id));
    expect(progress?.informationCollection).toBe(true);
    // Dated, and marked as the product's own tick: the admin is told so before unticking it.
    expect(progress?.stepDates.informationCollection).toMatchObject({ auto: true });

    // The loader never sends the password.
    const loaded = routeAnswer(
      await googleLoader({
        request: new Request("http://localhost:3000/dashboard/google-business"),
        context: routeContext(app.services, customerA.user),
        params: {},
      } as unknown as Parameters<typeof googleLoader>[0]),
    ).body as { info: unknown };
    expect(JSON.stringify(loaded)).not.toContain("Gmail-Secret");
    expect(loaded.info).toMatchObject({ gmailPassword: { isSet: true }, serviceCities: ["Miami", "Doral"] });
  });

  it("updates: an empty password keeps the saved one, dropped photos are removed, admins hear 'updated'", async () => {
    const before = (await googleRow(customerA.id))!;
    const [keep, drop] = before.photoUrls as [string, string];
    const answer = await saveGoogle(customerA.user, {
      ...GOOGLE_FIELDS,
      gmailPassword: "",
      legalBusinessName: "Ruiz Roofing Inc",
      "keepPhotos[0]": keep,
    });
    expect(answer.status).toBe(200);
    const after = (await googleRow(customerA.id))!;
    expect(after.legalBusinessName).toBe("Ruiz Roofing Inc");
    expect(after.gmailPassword).toBe(before.gmailPassword);
    expect(after.logoUrl).toBe(before.logoUrl);
    expect(after.photoUrls).toEqual([keep]);
    expect((await fetchFile(drop, admin1.cookie)).status).toBe(404);
    for (const admin of [admin1, admin2]) {
      const sent = await notificationsOf(admin.id, "google_business_updated");
      expect(sent.map((n) => n.message)).toEqual([
        "Ana Ruiz from Ruiz Roofing updated their Google Business information",
      ]);
      expect(await notificationsOf(admin.id, "google_business_submitted")).toHaveLength(1);
    }
  });

  it("refuses 7 photos (saved plus new) and stores none of them", async () => {
    const before = (await googleRow(customerA.id))!;
    const six = Array.from({ length: 6 }, (_, i) => png(`p${i}.png`));
    const answer = await saveGoogle(
      customerA.user,
      { ...GOOGLE_FIELDS, gmailPassword: "", "keepPhotos[0]": before.photoUrls[0]! },
      { photos: six },
    );
    expect(answer).toEqual({ status: 400, body: { ok: false, error: "You can only upload 5 more photo(s)" } });
    const seven = Array.from({ length: 7 }, (_, i) => png(`q${i}.png`));
    expect((await saveGoogle(customerA.user, { ...GOOGLE_FIELDS, gmailPassword: "" }, { photos: seven })).status).toBe(
      400,
    );
    expect((await googleRow(customerA.id))!.photoUrls).toEqual(before.photoUrls);
  });

  it("refuses a reference to another customer's photo; B's save never touches A's record", async () => {
    const a = (await googleRow(customerA.id))!;
    const answer = await saveGoogle(customerB.user, { ...GOOGLE_FIELDS, "keepPhotos[0]": a.photoUrls[0]! });
    expect(answer).toEqual({
      status: 400,
      body: { ok: false, error: "A photo you kept is not one of your saved photos" },
    });
    expect(await googleRow(customerB.id)).toBeUndefined();

    // A userId in the form is not an input: B's save writes B's own record.
    expect(
      (await saveGoogle(customerB.user, { ...GOOGLE_FIELDS, userId: customerA.id, legalBusinessName: "Banks" })).status,
    ).toBe(200);
    expect((await googleRow(customerB.id))!.legalBusinessName).toBe("Banks");
    expect((await googleRow(customerA.id))!.legalBusinessName).toBe("Ruiz Roofing Inc");
    // Without a company the message names the customer alone.
    const sent = await notificationsOf(admin1.id, "google_business_submitted");
    expect(sent.map((n) => n.message)).toContain("Blair Banks submitted their Google Business information");
  });

  it("lets the owner and admins read the information, and nobody else", async () => {
    await expect(getGoogleBusinessInfo(app.services, admin1.user, { userId: customerA.id })).resolves.toMatchObject({
      legalBusinessName: "Ruiz Roofing Inc",
    });
    await expectHttpError(getGoogleBusinessInfo(app.services, customerB.user, { userId: customerA.id }), 404);
    await expectHttpError(getGoogleBusinessInfo(app.services, null, { userId: customerA.id }), 401);
  });

  it("answers 'Failed to upload file' when storage fails, and changes nothing", async () => {
    const before = (await googleRow(customerA.id))!;
    const broken: Storage = {
      ...app.services.storage,
      put: () => Promise.reject(new Error("disk full")),
      get: (bucket, key) => app.services.storage.get(bucket, key),
      delete: (bucket, key) => app.services.storage.delete(bucket, key),
    };
    const error = await saveGoogleBusinessInfo({ ...app.services, storage: broken }, customerA.user, {
      fields: { ...GOOGLE_FIELDS, gmailPassword: "", serviceCities: ["Miami"] } as unknown as GoogleBusinessFormInput,
      logo: png("logo.png"),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 500, message: "Failed to upload file" });
    expect(await googleRow(customerA.id)).toEqual(before);
  });

  it("refuses a file that is not an image and keeps the saved logo", async () => {
    const before = (await googleRow(customerA.id))!;
    const fake = new File([new TextEncoder().encode("not an image at all")], "logo.png", { type: "image/png" });
    const answer = await saveGoogle(customerA.user, { ...GOOGLE_FIELDS, gmailPassword: "" }, { logo: [fake] });
    expect(answer).toEqual({ status: 400, body: { ok: false, error: "Please select an image file" } });
    expect((await googleRow(customerA.id))!.logoUrl).toBe(before.logoUrl);
  });
});

const WEBSITE_FIELDS: Record<string, string> = {
  hasDomain: "on",
  domainProvider: "GoDaddy",
  domainUsername: "ana-domains",
  domainPassword: "Domain-Secret-9",
  hostingProvider: "ignored while unticked",
  hostingUsername: "ignored",
  hostingPassword: "Hosting-Ignored-1",
  primaryColor: "#1E3A8A",
  legalBusinessName: "Ruiz Roofing LLC",
  phoneNumber: "(555) 123-4567",
  "serviceTypes[0]": "Roof repair",
  "serviceTypes[1]": "Roof repair",
  facebookLink: "",
  instagramLink: "https://instagram.com/ruiz",
  linkedinLink: "",
  "serviceCities[0]": "Miami",
  "serviceCities[1]": "Miami",
  address: "1 Main St",
  aptSuite: "Suite 2",
  city: "Miami",
  state: "FL",
  zip: "33101-1234",
};

describe("website information", () => {
  it("refuses a save without the completed first payment", async () => {
    const answer = await saveWebsite(unpaid.user, WEBSITE_FIELDS);
    expect(answer).toEqual({ status: 403, body: { ok: false, error: "Payment required to continue" } });
    const rows = await app.db.select().from(websiteInfo).where(eq(websiteInfo.userId, unpaid.id));
    expect(rows).toHaveLength(0);
  });

  it("refuses a state shorter than 2 letters and an empty service-type list", async () => {
    expect((await saveWebsite(customerA.user, { ...WEBSITE_FIELDS, state: "F" })).body).toEqual({
      ok: false,
      error: "State must be at least 2 characters",
    });
    const { "serviceTypes[0]": _a, "serviceTypes[1]": _b, ...noTypes } = WEBSITE_FIELDS;
    expect((await saveWebsite(customerA.user, noTypes)).body).toEqual({
      ok: false,
      error: "At least one service type is required",
    });
  });

  it("saves: credentials encrypted in Domain, an unticked hosting cleared, the founder photo apart from the avatar", async () => {
    const answer = await saveWebsite(customerA.user, WEBSITE_FIELDS, {
      logo: [png("logo.png")],
      founderPhoto: [png("founder.png")],
    });
    expect(answer).toEqual({ status: 200, body: { ok: true, message: "Website information submitted successfully" } });
    const [row] = await app.db.select().from(websiteInfo).where(eq(websiteInfo.userId, customerA.id));
    expect(row).toMatchObject({
      hasDomain: true,
      domainProvider: "GoDaddy",
      hasHosting: false,
      hostingProvider: null,
      primaryColor: "#1E3A8A",
      serviceTypes: ["Roof repair", "Roof repair"],
      serviceCities: ["Miami", "Miami"],
      aptSuite: "Suite 2",
    });
    expect(JSON.stringify(row)).not.toContain("ana-domains");
    expect(JSON.stringify(row)).not.toContain("Domain-Secret-9");
    const credentials = await app.db
      .select()
      .from(websiteCredentials)
      .where(eq(websiteCredentials.userId, customerA.id));
    expect(credentials).toHaveLength(1);
    const [domain] = credentials;
    expect(domain).toMatchObject({ credentialType: "domain", title: "GoDaddy", username: "ana-domains" });
    expect(isEncryptedValue(domain!.password!)).toBe(true);
    expect(app.services.secrets.decrypt(domain!.password!)).toBe("Domain-Secret-9");

    expect(row!.founderPhotoUrl).toMatch(new RegExp(`^/files/avatars/${customerA.id}/founder_`));
    const [profile] = await app.db.select().from(profiles).where(eq(profiles.id, customerA.id));
    expect(profile!.avatarUrl).toBeNull();
    expect((await fetchFile(row!.founderPhotoUrl!, customerB.cookie)).status).toBe(404);
    expect((await fetchFile(row!.logoUrl!, admin2.cookie)).status).toBe(200);

    for (const admin of [admin1, admin2]) {
      const sent = await notificationsOf(admin.id, "website_submitted");
      expect(sent.map((n) => n.message)).toEqual(["Ana Ruiz from Ruiz Roofing submitted their website information"]);
    }
    const [progress] = await app.db.select().from(websiteProgress).where(eq(websiteProgress.userId, customerA.id));
    expect(progress).toMatchObject({
      clientInfoReceived: true,
      currentStep: 1,
      stepDates: { clientInfoReceived: { auto: true } },
    });

    const view = await getWebsiteInfo(app.services, admin1.user, { userId: customerA.id });
    expect(view).toMatchObject({ domain: { username: "ana-domains", password: { isSet: true } } });
    expect(JSON.stringify(view)).not.toContain("Domain-Secret-9");
    await expectHttpError(getWebsiteInfo(app.services, customerB.user, { userId: customerA.id }), 404);
  });

  it("updates: a new logo replaces the old file, an empty password keeps the stored one, admins hear 'updated'", async () => {
    const [before] = await app.db.select().from(websiteInfo).where(eq(websiteInfo.userId, customerA.id));
    const [credentialBefore] = await app.db
      .select()
      .from(websiteCredentials)
      .where(eq(websiteCredentials.userId, customerA.id));
    const answer = await saveWebsite(
      customerA.user,
      { ...WEBSITE_FIELDS, domainPassword: "" },
      { logo: [png("new-logo.png")] },
    );
    expect(answer.status).toBe(200);
    const [after] = await app.db.select().from(websiteInfo).where(eq(websiteInfo.userId, customerA.id));
    expect(after!.logoUrl).not.toBe(before!.logoUrl);
    expect(after!.founderPhotoUrl).toBe(before!.founderPhotoUrl);
    expect((await fetchFile(before!.logoUrl!, admin1.cookie)).status).toBe(404);
    expect(keyFromFileUrl("website-logo", after!.logoUrl!)).toMatch(new RegExp(`^${customerA.id}/website-logo_`));
    const [credentialAfter] = await app.db
      .select()
      .from(websiteCredentials)
      .where(eq(websiteCredentials.userId, customerA.id));
    expect(credentialAfter!.password).toBe(credentialBefore!.password);
    for (const admin of [admin1, admin2]) {
      expect((await notificationsOf(admin.id, "website_updated")).map((n) => n.message)).toEqual([
        "Ana Ruiz from Ruiz Roofing updated their website information",
      ]);
    }
  });
});

describe("an empty form's first values", () => {
  /** A customer with both first payments completed. */
  async function paidCustomer(input: { companyName: string | null; phone: string }): Promise<SignedIn> {
    return app.customer({ name: "Pat Prefill", ...input, ...firstPayments });
  }
  const load = async (loader: AnyAction, path: string, user: SessionUser) =>
    routeAnswer(
      await loader({
        request: new Request(`http://localhost:3000${path}`),
        context: routeContext(app.services, user),
        params: {},
      } as never),
    ).body as { prefill: unknown; info: unknown };

  it("start from the sign-up, then from the other form, always the customer's own; none once the form is saved", async () => {
    const pat = await paidCustomer({ companyName: "Pat Pools", phone: "(555) 222-3344" });
    const other = await paidCustomer({ companyName: "Other Co", phone: "(555) 999-0000" });
    expect((await load(googleLoader, "/dashboard/google-business", pat.user)).prefill).toEqual({
      from: "signup",
      values: { legalBusinessName: "Pat Pools", phoneNumber: "(555) 222-3344" },
    });

    expect(
      await saveWebsite(
        pat.user,
        { ...WEBSITE_FIELDS, legalBusinessName: "Pat Pools LLC", state: "florida" },
        { logo: [png("logo.png")] },
      ),
    ).toMatchObject({ status: 200 });
    const google = await load(googleLoader, "/dashboard/google-business", pat.user);
    expect(google.prefill).toMatchObject({
      from: "website",
      values: {
        legalBusinessName: "Pat Pools LLC",
        serviceType: "Roof repair",
        state: "FL",
        aptSuite: "Suite 2",
        logo: { url: expect.stringContaining("/files/") },
      },
    });
    // The website's own fields (domain, colour) are not part of it, and nothing secret is.
    expect(JSON.stringify(google.prefill)).not.toMatch(/GoDaddy|Domain-Secret|1E3A8A/);
    // Another customer's empty form starts from their own sign-up, never from Pat's information.
    expect((await getInformationPrefill(app.database, other.user, { service: "google_business" }))?.values).toEqual({
      legalBusinessName: "Other Co",
      phoneNumber: "(555) 999-0000",
    });
    // A saved form has no first values.
    expect((await load(websiteLoader, "/dashboard/website", pat.user)).prefill).toBeNull();
  });

  it("need a signed-in customer", async () => {
    await expectHttpError(getInformationPrefill(app.database, null, { service: "website" }), 401);
  });
});
