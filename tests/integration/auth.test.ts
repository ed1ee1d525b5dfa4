import { and, eq } from "drizzle-orm";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, profiles, user, userRoles } from "~db/schema";
import { loginErrorMessage, signupErrorMessage } from "~/features/auth/auth-refusals";
import { i18nFor } from "~/lib/i18n/instances.server";
import { AdminPromotionRefused, ensureAdmin } from "~/features/users/ensure-admin.server";
import { loadSessionUser } from "~/lib/auth/session.server";
import { isAdmin } from "~/lib/auth/roles.server";
import { loader as adminLoginLoader } from "~/routes/admin/login";
import { loader as signupLoader } from "~/routes/auth/signup";
import { createApp } from "../../server/app";
import {
  authRequest,
  cookieFrom,
  forgedCookie,
  nextClientIp,
  routeArgs,
  sessionUserFor,
  signIn,
  signUpBody,
  SITE_URL,
  testServices,
  uniqueEmail,
  type SignedIn,
  type TestServices,
} from "./support";
import { testApp } from "./test-app";

const app = testApp();

const ensure = (email: string, password: string, promoteExisting?: boolean) =>
  ensureAdmin(app.services, "start-up", { email, password, promoteExisting });

const usersWithEmail = (email: string) => app.db.select().from(user).where(eq(user.email, email.toLowerCase()));

async function signUp(body: Record<string, unknown>) {
  const response = await authRequest(app.services, "/sign-up/email", body);
  return { status: response.status, body: (await response.json()) as { code?: string; message?: string } };
}

/**
 * The auth handler's refusal as the sign-up and login pages read it (app/lib/auth/auth-api.ts): the answer's
 * code and message with its status. The pages turn it into the toast's words with signupErrorMessage and
 * loginErrorMessage, so a test that reads it the same way reads what the person reads.
 */
async function refusalAsThePageReadsIt(
  response: Response,
): Promise<{ code?: string; message?: string; status: number }> {
  return { ...((await response.json()) as { code?: string; message?: string }), status: response.status };
}

describe("sign-up rules on the server", () => {
  it.each([
    ["Sh0rt!pass", "Password must be at least 12 characters"],
    ["lowercase-only-1", "Password must contain at least one uppercase letter"],
    ["UPPERCASE-ONLY-1", "Password must contain at least one lowercase letter"],
    ["No-Numbers-Here!", "Password must contain at least one number"],
    ["NoSpecial123456", "Password must contain at least one special character"],
    // Several rules broken at once: the first in the rules' order is the one reported.
    ["short", "Password must be at least 12 characters"],
    ["alllowercaseletters", "Password must contain at least one uppercase letter"],
  ])("refuses the password %j with %j and creates no account", async (password, message) => {
    const body = signUpBody({ password });
    const result = await signUp(body);
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(message);
    expect(await usersWithEmail(body.email)).toHaveLength(0);
  });

  it("refuses a sign-up without a phone number", async () => {
    const empty = signUpBody({ phone: "" });
    const emptyResult = await signUp(empty);
    expect(emptyResult.status).toBe(400);
    expect(emptyResult.body.message).toBe("Please enter your phone number");
    expect(await usersWithEmail(empty.email)).toHaveLength(0);

    const { phone: _phone, ...missing } = signUpBody();
    const missingResult = await signUp(missing);
    expect(missingResult.status).toBe(400);
    expect(await usersWithEmail(missing.email)).toHaveLength(0);
  });

  it("refuses a phone number that is not 10 US digits", async () => {
    const body = signUpBody({ phone: "555-1234" });
    const result = await signUp(body);
    expect(result.status).toBe(400);
    expect(result.body.message).toBe("Please enter a 10-digit US phone number");
    expect(await usersWithEmail(body.email)).toHaveLength(0);
  });

  it("refuses a sign-up without a full name or with a malformed e-mail", async () => {
    const noName = await signUp(signUpBody({ name: "   " }));
    expect(noName).toMatchObject({ status: 400, body: { message: "Please enter your full name" } });
    const badEmail = await signUp(signUpBody({ email: "not-an-email" }));
    expect(badEmail).toMatchObject({ status: 400, body: { message: "Please enter a valid email address" } });
    expect(await usersWithEmail("not-an-email")).toHaveLength(0);
  });

  it("refuses a second account for an e-mail already registered, in any letter case", async () => {
    const first = await app.customer();
    for (const email of [first.email, first.email.toUpperCase()]) {
      const result = await signUp(signUpBody({ email, name: "Someone Else" }));
      expect(result.status).toBeGreaterThanOrEqual(400);
      expect(["USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", "USER_ALREADY_EXISTS"]).toContain(result.body.code);
      // The sign-up page's toast.
      expect(signupErrorMessage(result.body, i18nFor("en"))).toBe("This email is already registered");
    }
    const rows = await usersWithEmail(first.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe("Casey Customer");
  });

  it("signs the new customer in: the session cookie identifies a non-admin user", async () => {
    const customer = await app.customer({ name: "Robin Roe" });
    expect(customer.user).toMatchObject({ email: customer.email, name: "Robin Roe", isAdmin: false, image: null });
  });

  it("takes only the form's fields: an image given with the sign-up (another customer's file) is not stored", async () => {
    const other = await app.customer();
    const body = { ...signUpBody(), image: `/files/job-files/delivered/${other.id}/file_1_abc.pdf` };
    expect((await signUp(body)).status).toBe(200);
    const [created] = await usersWithEmail(body.email);
    expect(created).toMatchObject({ image: null, name: body.name });
  });
});

describe("the sign-up page", () => {
  it("sends a customer signed in already on to the service ordered on the landing page, else to the progress page", async () => {
    const customer = await app.customer();
    const landing = async (path: string) => {
      const answer = await signupLoader(
        await routeArgs(app.services, path, { headers: { cookie: customer.cookie } }),
      ).catch((thrown: unknown) => thrown);
      return answer instanceof Response ? [answer.status, answer.headers.get("location")] : answer;
    };
    expect(await landing("/signup?service=website")).toEqual([302, "/dashboard/website"]);
    expect(await landing("/signup?service=google_business")).toEqual([302, "/dashboard/google-business"]);
    expect(await landing("/signup?service=//evil.example")).toEqual([302, "/dashboard/progress"]);
    expect(await landing("/signup")).toEqual([302, "/dashboard/progress"]);
  });
});

describe("the account's own fields", () => {
  it("cannot be changed through Better Auth's update-user: 404, nothing changed", async () => {
    const customer = await app.customer({ name: "Una Changed" });
    const answer = await authRequest(
      app.services,
      "/update-user",
      { name: "Someone Else", image: "/files/avatars/somebody/avatar_1_x.png" },
      { cookie: customer.cookie },
    );
    expect(answer.status).toBe(404);
    const [row] = await app.db
      .select({ name: user.name, image: user.image })
      .from(user)
      .where(eq(user.id, customer.id));
    expect(row).toEqual({ name: "Una Changed", image: null });
  });

  it("the signed-in user's picture is their profile's, never the account's image", async () => {
    const customer = await app.customer();
    await app.db.update(user).set({ image: "https://tracker.example/pixel.png" }).where(eq(user.id, customer.id));
    expect((await sessionUserFor(app.services, customer.cookie))?.image).toBeNull();
  });
});

describe("sign-in", () => {
  let customer: SignedIn;
  beforeAll(async () => {
    customer = await app.customer();
  });

  it("refuses a wrong password with INVALID_EMAIL_OR_PASSWORD, the login page's 'Incorrect email or password', and sets no session", async () => {
    const response = await signIn(app.services, customer.email, "Wr0ng!Password");
    expect(response.status).toBe(401);
    const refusal = await refusalAsThePageReadsIt(response);
    expect(refusal.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    expect(loginErrorMessage(refusal, i18nFor("en"))).toBe("Incorrect email or password");
    expect(cookieFrom(response)).not.toContain("session_token=");
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const response = await signIn(app.services, uniqueEmail("nobody"), customer.password);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe("INVALID_EMAIL_OR_PASSWORD");
  });

  it("signs in with the right password and the cookie then loads the user", async () => {
    const response = await signIn(app.services, customer.email.toUpperCase(), customer.password);
    expect(response.status).toBe(200);
    const user = await sessionUserFor(app.services, cookieFrom(response));
    expect(user).toMatchObject({ id: customer.id, isAdmin: false });
  });
});

describe("the admin login", () => {
  it("refuses the admin's wrong password with 'Incorrect email or password' and sets no session", async () => {
    const admin = await app.admin();
    // The admin login page signs in through the same endpoint and reads the refusal with the same loginErrorMessage.
    const response = await signIn(app.services, admin.email, `${admin.password}-wrong`);
    expect(response.status).toBe(401);
    expect(loginErrorMessage(await refusalAsThePageReadsIt(response), i18nFor("en"))).toBe(
      "Incorrect email or password",
    );
    expect(cookieFrom(response)).not.toContain("session_token=");
  });

  it("a customer's session reaching the page only gets the message: it stays signed in", async () => {
    const customer = await app.customer();
    // signedInAsCustomer is what makes the page show 'Access Denied: You don't have admin privileges', the same
    // toast the admin guard's denial shows; unlike the guard, the page does not sign the customer out.
    const page = adminLoginLoader(
      await routeArgs(app.services, "/admin/login", { headers: { cookie: customer.cookie } }),
    );
    expect(page).toEqual({ signedInAsCustomer: true, title: "Admin Login" });
    expect(await sessionUserFor(app.services, customer.cookie)).toMatchObject({ id: customer.id, isAdmin: false });

    expect(adminLoginLoader(await routeArgs(app.services, "/admin/login"))).toEqual({
      signedInAsCustomer: false,
      title: "Admin Login",
    });
  });
});

describe("rate limiting", () => {
  let limited: TestServices;
  let customer: SignedIn;
  beforeAll(async () => {
    limited = await testServices(app.database, { AUTH_RATE_LIMIT_MAX: "3", AUTH_RATE_LIMIT_WINDOW_SECONDS: "60" });
    customer = await app.customer();
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("answers the 4th sign-in from one address within the window with 429, while another address gets through", async () => {
    const ip = nextClientIp();
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await signIn(limited, customer.email, "Wr0ng!Password", ip);
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const blocked = await signIn(limited, customer.email, customer.password, ip);
    expect(blocked.status).toBe(429);
    expect(cookieFrom(blocked)).not.toContain("session_token=");

    const other = await signIn(limited, customer.email, customer.password, nextClientIp());
    expect(other.status).toBe(200);
    expect(cookieFrom(other)).toContain("session_token=");
  });

  it("limits sign-ups per address too", async () => {
    const ip = nextClientIp();
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await authRequest(limited, "/sign-up/email", signUpBody(), { ip });
      expect(response.status, `attempt ${attempt}`).toBe(200);
    }
    const body = signUpBody();
    const blocked = await authRequest(limited, "/sign-up/email", body, { ip });
    expect(blocked.status).toBe(429);
    expect(await usersWithEmail(body.email)).toHaveLength(0);
  });

  describe("through the Express app", () => {
    async function listen(settings: Record<string, string>) {
      // The per-account lockout (tests/integration/sessions.test.ts) stays out of the way of the per-address limit.
      const appServices = await testServices(app.database, {
        AUTH_RATE_LIMIT_MAX: "3",
        SIGN_IN_MAX_FAILURES: "1000",
        ...settings,
      });
      const server = await new Promise<Server>((resolve) => {
        const listening = createApp(appServices).listen(0, "127.0.0.1", () => resolve(listening));
      });
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const close = async () => {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        await appServices.close();
      };
      const signInOverHttp = (headers: Record<string, string>) =>
        fetch(`${base}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: SITE_URL, ...headers },
          body: JSON.stringify({ email: customer.email, password: "Wr0ng!Password" }),
        });
      return { close, signInOverHttp };
    }

    it("keys the limit by the socket address: a client cannot pick its own bucket with x-client-ip", async () => {
      const server = await listen({});
      try {
        for (let attempt = 1; attempt <= 3; attempt++) {
          const response = await server.signInOverHttp({ "x-client-ip": `192.0.2.${attempt}` });
          expect(response.status, `attempt ${attempt}`).toBe(401);
        }
        const response = await server.signInOverHttp({ "x-client-ip": "192.0.2.99" });
        expect(response.status).toBe(429);
      } finally {
        await server.close();
      }
    });

    it("behind a trusted proxy, keys the limit by the forwarded client address", async () => {
      const server = await listen({ TRUST_PROXY: "loopback" });
      try {
        for (let attempt = 1; attempt <= 3; attempt++) {
          const response = await server.signInOverHttp({ "x-forwarded-for": "198.51.100.7" });
          expect(response.status, `attempt ${attempt}`).toBe(401);
        }
        expect((await server.signInOverHttp({ "x-forwarded-for": "198.51.100.7" })).status).toBe(429);
        expect((await server.signInOverHttp({ "x-forwarded-for": "198.51.100.8" })).status).toBe(401);
      } finally {
        await server.close();
      }
    });
  });
});

describe("ensureAdmin", () => {
  const email = "Owner.Admin@Example.com";
  const normalized = email.toLowerCase();
  const firstPassword = "First!Admin-pass1";
  const secondPassword = "Second!Admin-pass2";

  const adminRows = async () => {
    const users = await usersWithEmail(normalized);
    const userId = users[0]?.id;
    if (!userId) return { users, roles: [], credentials: [] };
    return {
      users,
      roles: await app.db.select().from(userRoles).where(eq(userRoles.userId, userId)),
      credentials: await app.db
        .select()
        .from(account)
        .where(and(eq(account.userId, userId), eq(account.providerId, "credential"))),
    };
  };

  it("creates the admin account with the admin role and a working password", async () => {
    expect(await ensure(email, firstPassword)).toBe("created");
    const rows = await adminRows();
    expect(rows.users).toHaveLength(1);
    expect(rows.roles.map((row) => row.role)).toEqual(["admin"]);
    expect(rows.credentials).toHaveLength(1);
    expect(await isAdmin(app.db, rows.users[0]!.id)).toBe(true);

    const response = await signIn(app.services, normalized, firstPassword);
    expect(response.status).toBe(200);
    expect(await sessionUserFor(app.services, cookieFrom(response))).toMatchObject({
      email: normalized,
      isAdmin: true,
    });
  });

  it("is idempotent: a second run changes nothing", async () => {
    const before = await adminRows();
    expect(await ensure(email, firstPassword)).toBe("ready");
    const after = await adminRows();
    expect(after.users.map((row) => row.id)).toEqual(before.users.map((row) => row.id));
    expect(after.roles).toHaveLength(1);
    expect(after.credentials).toHaveLength(1);
    expect(after.credentials[0]?.password).toBe(before.credentials[0]?.password);
  });

  it("resets a changed password: the old one stops working, the new one works", async () => {
    expect(await ensure(email, secondPassword)).toBe("updated");
    expect((await signIn(app.services, normalized, firstPassword)).status).toBe(401);
    expect((await signIn(app.services, normalized, secondPassword)).status).toBe(200);
    const rows = await adminRows();
    expect(rows.users).toHaveLength(1);
    expect(rows.credentials).toHaveLength(1);
    expect(rows.roles).toHaveLength(1);
  });

  it("refuses to promote an existing customer account unless ADMIN_PROMOTE_EXISTING allows it", async () => {
    // A visitor registers the future admin address before the first start.
    const squatter = await app.customer();
    const error = await ensure(squatter.email, "Operator!Chosen-pass1").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AdminPromotionRefused);
    expect((error as Error).message).toContain("ADMIN_PROMOTE_EXISTING");
    expect(await isAdmin(app.db, squatter.id)).toBe(false);
    // Nothing changed: the visitor's password and session still work, and still as a customer.
    expect((await signIn(app.services, squatter.email, squatter.password)).status).toBe(200);
    expect(await sessionUserFor(app.services, squatter.cookie)).toMatchObject({ id: squatter.id, isAdmin: false });
  });

  it("with ADMIN_PROMOTE_EXISTING promotes the account, sets ADMIN_PASSWORD and ends all its sessions", async () => {
    const customer = await app.customer();
    const second = cookieFrom(await signIn(app.services, customer.email, customer.password));
    expect(await ensure(customer.email, "Operator!Chosen-pass1", true)).toBe("updated");
    expect(await isAdmin(app.db, customer.id)).toBe(true);
    expect(await sessionUserFor(app.services, customer.cookie)).toBeNull();
    expect(await sessionUserFor(app.services, second)).toBeNull();
    expect((await signIn(app.services, customer.email, customer.password)).status).toBe(401);
    expect((await signIn(app.services, customer.email, "Operator!Chosen-pass1")).status).toBe(200);
  });

  it("promotes even when the customer happened to choose ADMIN_PASSWORD, and ends the sessions", async () => {
    const customer = await app.customer({ password: "Same!As-Admin-pass1" });
    expect(await ensure(customer.email, "Same!As-Admin-pass1", true)).toBe("updated");
    expect(await sessionUserFor(app.services, customer.cookie)).toBeNull();
  });

  it("a changed ADMIN_PASSWORD ends every session of the admin account", async () => {
    const adminEmail = uniqueEmail("admin");
    await ensure(adminEmail, firstPassword);
    const cookie = cookieFrom(await signIn(app.services, adminEmail, firstPassword));
    expect(await sessionUserFor(app.services, cookie)).toMatchObject({ email: adminEmail, isAdmin: true });
    // The same password again changes nothing: the session lives on.
    expect(await ensure(adminEmail, firstPassword)).toBe("ready");
    expect(await sessionUserFor(app.services, cookie)).toMatchObject({ email: adminEmail, isAdmin: true });
    expect(await ensure(adminEmail, secondPassword)).toBe("updated");
    expect(await sessionUserFor(app.services, cookie)).toBeNull();
  });

  it("names the account after ADMIN_NAME ('Admin' without it), and renames it at the next start without ending its session", async () => {
    const adminEmail = uniqueEmail("admin");
    const named = (name?: string) =>
      ensureAdmin(app.services, "start-up", {
        email: adminEmail,
        password: firstPassword,
        name,
      });
    expect(await named()).toBe("created");
    const cookie = cookieFrom(await signIn(app.services, adminEmail, firstPassword));
    expect(await sessionUserFor(app.services, cookie)).toMatchObject({ name: "Admin" });
    expect(await named("Dana Owner")).toBe("ready");
    expect(await sessionUserFor(app.services, cookie)).toMatchObject({ name: "Dana Owner", isAdmin: true });
    const [row] = await app.db.select({ id: user.id, name: user.name }).from(user).where(eq(user.email, adminEmail));
    expect(row?.name).toBe("Dana Owner");
    expect(
      (await app.db.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, row!.id)))[0]
        ?.fullName,
    ).toBe("Dana Owner");
    // Unset again: the name stays the one last given.
    await named();
    expect(await sessionUserFor(app.services, cookie)).toMatchObject({ name: "Dana Owner" });
  });

  it("makes the ADMIN_EMAIL account an active admin again after the team made it staff or deactivated it", async () => {
    const adminEmail = uniqueEmail("admin");
    await ensure(adminEmail, firstPassword);
    const [row] = await app.db.select({ id: user.id }).from(user).where(eq(user.email, adminEmail));
    await app.db
      .update(userRoles)
      .set({ role: "staff", deactivatedAt: new Date() })
      .where(eq(userRoles.userId, row!.id));
    expect(await isAdmin(app.db, row!.id)).toBe(false);
    expect(await ensure(adminEmail, firstPassword)).toBe("updated");
    const [restored] = await app.db.select().from(userRoles).where(eq(userRoles.userId, row!.id));
    expect(restored).toMatchObject({ role: "admin", deactivatedAt: null });
  });
});

describe("loadSessionUser", () => {
  it("returns the customer with isAdmin false, the admin with isAdmin true, and null without a valid cookie", async () => {
    const customer = await app.customer({ name: "Pat Customer" });
    const adminEmail = uniqueEmail("admin");
    await ensure(adminEmail, "Adm1n!Password-long");
    const adminCookie = cookieFrom(await signIn(app.services, adminEmail, "Adm1n!Password-long"));

    const load = (headers: HeadersInit) => loadSessionUser(app.services.auth, app.db, new Headers(headers));
    expect((await load({ cookie: customer.cookie })).user).toEqual({
      id: customer.id,
      email: customer.email,
      name: "Pat Customer",
      image: null,
      isAdmin: false,
      assignedCustomerIds: null,
      mustEnrolTwoFactor: false,
      twoFactorEnabled: false,
      language: null,
    });
    expect((await load({ cookie: adminCookie })).user).toMatchObject({ email: adminEmail, isAdmin: true });
    expect((await load({})).user).toBeNull();
    expect((await load({ cookie: "better-auth.session_token=forged.value" })).user).toBeNull();
    expect((await load({ cookie: forgedCookie(customer.cookie) })).user).toBeNull();
  });

  it("returns null once the customer has signed out", async () => {
    const customer = await app.customer();
    const response = await authRequest(app.services, "/sign-out", {}, { cookie: customer.cookie });
    expect(response.status).toBe(200);
    expect(await sessionUserFor(app.services, customer.cookie)).toBeNull();
  });
});
