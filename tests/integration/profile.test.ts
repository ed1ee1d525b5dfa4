import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { notifications, profiles, user } from "~db/schema";
import { listCustomers } from "~/features/users/list-customers.server";
import { getCustomer } from "~/features/users/get-customer.server";
import { avatarKeyOf } from "~/features/profile/update-avatar.server";
import { thumbnailKey } from "~/domain/upload-kinds";
import { action as profileAction, loader as profileLoader } from "~/routes/dashboard/profile";
import { cookieFrom, routeAnswer, routeContext, sessionUserFor, signIn, SITE_URL, type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customerA: SignedIn;
let customerB: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  customerA = await app.customer({ name: "Alice Able", companyName: "Able Painting" });
  customerB = await app.customer({ name: "Bob Baker" });
  admin = await app.admin();
});

/** The page's action as a browser posts it (multipart, as the fetchers send it), with the session's cookie. */
async function post(actor: SignedIn | null, fields: Record<string, string | File>, cookie = actor?.cookie) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request(`${SITE_URL}/dashboard/profile`, {
    method: "POST",
    headers: { origin: SITE_URL, ...(cookie ? { cookie } : {}) },
    body,
  });
  const result = await profileAction({
    request,
    context: routeContext(app.services, actor?.user ?? null),
    params: {},
  } as never);
  const init = (result as { init?: ResponseInit | null }).init;
  return { ...routeAnswer(result), headers: new Headers(init?.headers) };
}

async function profileOf(id: string) {
  const [row] = await app.db.select().from(profiles).where(eq(profiles.id, id));
  return row!;
}

const png = async () =>
  new File(
    [
      await sharp({ create: { width: 64, height: 64, channels: 3, background: "#08f" } })
        .png()
        .toBuffer(),
    ],
    "me.png",
    { type: "image/png" },
  );
const jpeg = async () =>
  new File(
    [
      await sharp({ create: { width: 64, height: 64, channels: 3, background: "#f80" } })
        .jpeg()
        .toBuffer(),
    ],
    "me.jpg",
    { type: "image/jpeg" },
  );

describe("Personal Information", () => {
  it("updates the customer's own profile and name, and notifies every admin (profile_updated)", async () => {
    await app.deliveredChanges();
    const answer = await post(customerA, {
      intent: "update-profile",
      fullName: " Alice Able-Smith ",
      phone: "(555) 222-3333",
      companyName: "Able & Co",
    });
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    expect(await profileOf(customerA.id)).toMatchObject({
      fullName: "Alice Able-Smith",
      phone: "(555) 222-3333",
      companyName: "Able & Co",
    });
    const [account] = await app.db
      .select({ name: user.name, email: user.email })
      .from(user)
      .where(eq(user.id, customerA.id));
    expect(account).toEqual({ name: "Alice Able-Smith", email: customerA.email });
    const sent = await app.db.select().from(notifications).where(eq(notifications.type, "profile_updated"));
    expect(sent.map((row) => [row.userId, row.title, row.message])).toEqual([
      [admin.id, "Profile Updated", "Alice Able-Smith from Able & Co updated their profile"],
    ]);
    const changes = await app.deliveredChanges();
    expect(changes).toContainEqual({ table: "profiles", userId: customerA.id });
    expect(changes).toContainEqual({ table: "notifications", userId: admin.id });
    // The session (header, name) and the admin's views read the new values.
    expect((await sessionUserFor(app.services, customerA.cookie))?.name).toBe("Alice Able-Smith");
    expect((await getCustomer(app.database, admin.user, { userId: customerA.id })).companyName).toBe("Able & Co");
  });

  it("checks the fields as sign-up does, and never touches another customer's profile", async () => {
    expect(await post(customerA, { intent: "update-profile", fullName: " ", phone: "(555) 222-3333" })).toMatchObject({
      status: 400,
      body: { ok: false, error: "Please enter your full name" },
    });
    expect(await post(customerA, { intent: "update-profile", fullName: "Alice", phone: "555" })).toMatchObject({
      status: 400,
      body: { error: "Please enter a 10-digit US phone number" },
    });
    const before = await profileOf(customerA.id);
    // Whatever B sends (an id, an e-mail), B's action changes B's profile only, and never the e-mail.
    expect(
      await post(customerB, {
        intent: "update-profile",
        fullName: "Bob B",
        phone: "(555) 444-5555",
        id: customerA.id,
        email: "x@example.com",
      }),
    ).toMatchObject({ status: 200 });
    expect(await profileOf(customerA.id)).toEqual(before);
    expect(await profileOf(customerB.id)).toMatchObject({
      fullName: "Bob B",
      email: customerB.email,
      companyName: null,
    });
    expect(await post(null, { intent: "update-profile", fullName: "Nobody", phone: "(555) 444-5555" })).toMatchObject({
      status: 401,
    });
    const loaded = await profileLoader({
      request: new Request(`${SITE_URL}/dashboard/profile`),
      context: routeContext(app.services, customerB.user),
      params: {},
    } as never);
    expect(loaded.profile).toMatchObject({ fullName: "Bob B", email: customerB.email });
  });
});

describe("E-mail preferences", () => {
  const preferences = async (actor: SignedIn) =>
    (
      (await profileLoader({
        request: new Request(`${SITE_URL}/dashboard/profile`),
        context: routeContext(app.services, actor.user),
        params: {},
      } as never)) as { profile: { emailUpdates: boolean; reminders: boolean } }
    ).profile;

  it("starts with e-mail updates and reminders on; a box left unticked turns its choice off, for the customer alone", async () => {
    expect(await preferences(customerA)).toMatchObject({ emailUpdates: true, reminders: true });
    await app.deliveredChanges();
    expect(await post(customerA, { intent: "email-preferences", emailUpdates: "on" })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await profileOf(customerA.id)).toMatchObject({ emailOptOut: false, remindersOptOut: true });
    expect(await preferences(customerA)).toMatchObject({ emailUpdates: true, reminders: false });
    expect(await app.deliveredChanges()).toContainEqual({ table: "profiles", userId: customerA.id });
    expect(await post(customerA, { intent: "email-preferences", reminders: "on" })).toMatchObject({ status: 200 });
    expect(await preferences(customerA)).toMatchObject({ emailUpdates: false, reminders: true });
    // Whatever A sends, B's choices stay as they were.
    expect(await post(customerA, { intent: "email-preferences", userId: customerB.id })).toMatchObject({ status: 200 });
    expect(await profileOf(customerA.id)).toMatchObject({ emailOptOut: true, remindersOptOut: true });
    expect(await profileOf(customerB.id)).toMatchObject({ emailOptOut: false, remindersOptOut: false });
    expect(await post(null, { intent: "email-preferences", reminders: "on" })).toMatchObject({ status: 401 });
  });

  it("turns reminders on again once an e-mail's unsubscribe link turned them off", async () => {
    await app.db.update(profiles).set({ remindersOptOut: true }).where(eq(profiles.id, customerB.id));
    expect(await preferences(customerB)).toMatchObject({ reminders: false });
    expect(await post(customerB, { intent: "email-preferences", emailUpdates: "on", reminders: "on" })).toMatchObject({
      status: 200,
    });
    expect(await profileOf(customerB.id)).toMatchObject({ emailOptOut: false, remindersOptOut: false });
  });
});

describe("the avatar", () => {
  it("stores a new picture, shows it in the session, the admin list and the detail page, and removes the old file and thumbnail", async () => {
    // What the earlier tests published may still be on its way (a PostgreSQL bus delivers after the commit): let it arrive first.
    await app.deliveredChanges();
    expect(await post(customerA, { intent: "upload-avatar", avatar: await png() })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    const first = (await profileOf(customerA.id)).avatarUrl!;
    expect(first).toMatch(new RegExp(`^/files/avatars/${customerA.id}/avatar_\\d+_[a-z0-9]+\\.png$`));
    const firstKey = avatarKeyOf(first)!;
    expect(await app.services.storage.get("avatars", firstKey)).not.toBeNull();
    expect(await app.services.storage.get("avatars", thumbnailKey(firstKey))).not.toBeNull();
    expect(await app.deliveredChanges()).toEqual([{ table: "profiles", userId: customerA.id }]);

    // A picture of another extension replaces it: the old file and its thumbnail are gone.
    expect(await post(customerA, { intent: "upload-avatar", avatar: await jpeg() })).toMatchObject({ status: 200 });
    const second = (await profileOf(customerA.id)).avatarUrl!;
    expect(second).toMatch(/\.jpg$/);
    expect(second).not.toBe(first);
    expect(await app.services.storage.get("avatars", firstKey)).toBeNull();
    expect(await app.services.storage.get("avatars", thumbnailKey(firstKey))).toBeNull();
    expect(await app.services.storage.get("avatars", avatarKeyOf(second)!)).not.toBeNull();

    expect((await sessionUserFor(app.services, customerA.cookie))?.image).toBe(second);
    const list = await listCustomers(app.database, admin.user);
    expect(list.customers.find((customer) => customer.id === customerA.id)?.avatarUrl).toBe(second);
    expect((await getCustomer(app.database, admin.user, { userId: customerA.id })).avatarUrl).toBe(second);
  });

  it("refuses a text file named .png and a picture over 2 MB with the avatar's messages, keeping the old picture", async () => {
    const before = (await profileOf(customerA.id)).avatarUrl;
    const fake = new File(["this is not an image"], "fake.png", { type: "image/png" });
    expect(await post(customerA, { intent: "upload-avatar", avatar: fake })).toMatchObject({
      status: 400,
      body: { ok: false, error: "Please select a valid image" },
    });
    const big = new File([new Uint8Array(3 * 1024 * 1024)], "big.png", { type: "image/png" });
    expect(await post(customerA, { intent: "upload-avatar", avatar: big })).toMatchObject({
      status: 400,
      body: { ok: false, error: "Image must be smaller than 2MB" },
    });
    const text = new File(["hello"], "notes.txt", { type: "text/plain" });
    expect(await post(customerA, { intent: "upload-avatar", avatar: text })).toMatchObject({
      body: { error: "Please select a valid image" },
    });
    expect((await profileOf(customerA.id)).avatarUrl).toBe(before);
    expect(await app.services.storage.get("avatars", avatarKeyOf(before)!)).not.toBeNull();
  });
});

describe("Change Password", () => {
  it("checks in order: match, 6 characters, the sign-up rules, then the current password", async () => {
    const change = (fields: Record<string, string>) => post(customerB, { intent: "change-password", ...fields });
    expect(await change({ currentPassword: "", newPassword: "abc", confirmPassword: "abd" })).toMatchObject({
      status: 400,
      body: { error: "Passwords do not match" },
    });
    expect(await change({ currentPassword: "", newPassword: "abc", confirmPassword: "abc" })).toMatchObject({
      body: { error: "Password must be at least 6 characters" },
    });
    expect(await change({ currentPassword: "", newPassword: "abcdefgh", confirmPassword: "abcdefgh" })).toMatchObject({
      body: { error: "Password must be at least 12 characters" },
    });
    expect(
      await change({ currentPassword: "", newPassword: "abcdefghijkl", confirmPassword: "abcdefghijkl" }),
    ).toMatchObject({
      body: { error: "Password must contain at least one uppercase letter" },
    });
    const strong = "N3w!Password-long";
    expect(await change({ currentPassword: "", newPassword: strong, confirmPassword: strong })).toMatchObject({
      body: { error: "Please enter your current password" },
    });
    expect(
      await change({ currentPassword: "Wr0ng!Password-x", newPassword: strong, confirmPassword: strong }),
    ).toMatchObject({
      status: 400,
      body: { ok: false, error: "Current password is incorrect" },
    });
    // Nothing changed: the old password still signs in.
    expect((await signIn(app.services, customerB.email, customerB.password)).status).toBe(200);
  });

  it("changes the password with the current one and ends the account's other sessions; this browser gets a new session", async () => {
    const customer = await app.customer();
    const other = cookieFrom(await signIn(app.services, customer.email, customer.password));
    expect(await sessionUserFor(app.services, other)).not.toBeNull();
    const strong = "An0ther!Password-long";
    const answer = await post(customer, {
      intent: "change-password",
      currentPassword: customer.password,
      newPassword: strong,
      confirmPassword: strong,
    });
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    const setCookie = answer.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/session_token=[^;]+/);
    expect(await sessionUserFor(app.services, other)).toBeNull();
    expect(await sessionUserFor(app.services, customer.cookie)).toBeNull();
    const fresh = answer.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0]!)
      .join("; ");
    expect(await sessionUserFor(app.services, fresh)).toMatchObject({ id: customer.id });
    expect((await signIn(app.services, customer.email, customer.password)).status).toBe(401);
    expect((await signIn(app.services, customer.email, strong)).status).toBe(200);
  });
});
