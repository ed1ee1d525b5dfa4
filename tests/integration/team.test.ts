import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  customerAssignments,
  emailMessages,
  notifications,
  session,
  teamInvitations,
  user,
  userRoles,
} from "~db/schema";
import { acceptInvitation } from "~/features/team/accept-invitation.server";
import { changeMemberRole } from "~/features/team/change-member-role.server";
import { deactivateMember } from "~/features/team/deactivate-member.server";
import { getInvitation } from "~/features/team/get-invitation.server";
import { hashInvitationToken } from "~/features/team/invitations.server";
import { inviteMember } from "~/features/team/invite-member.server";
import { listTeam } from "~/features/team/list-team.server";
import { reactivateMember } from "~/features/team/reactivate-member.server";
import { resendInvitation } from "~/features/team/resend-invitation.server";
import { revokeInvitation } from "~/features/team/revoke-invitation.server";
import type { TeamRole } from "~/lib/auth/session";
import type { Actor } from "~/lib/auth/session";
import { EmailSender } from "~/lib/email/email.server";
import { AppError } from "~/lib/http/app-error";
import { ADMIN_HOME } from "~/lib/http/paths";
import { CLIENT_IP_HEADER } from "~/lib/auth/auth.server";
import { action as invitationAction, loader as invitationLoader } from "~/routes/admin/invitation";
import { action as settingsAction } from "~/routes/admin/settings";
import {
  authRequest,
  cookieFrom,
  expectHttpError,
  makeAdmin,
  nextClientIp,
  routeAnswer,
  routeArgs,
  sessionUserFor,
  signIn,
  signUpBody,
  SITE_URL,
  testDatabase,
  testServices,
  uniqueEmail,
  type SignedIn,
  type TestDatabase,
  type TestServices,
} from "./support";
import { testApp } from "./test-app";

/**
 * The team's accounts on the real database: invitations (their e-mail, single use, expiry, resend, revoke), role
 * changes and deactivation, the rule that keeps one active admin, and who may do any of it.
 */

const NEW_PASSWORD = "Team!Member-pass1";

const app = testApp();
let admin: SignedIn;

beforeAll(async () => {
  admin = await app.admin();
}, 60_000);

async function invite(email: string, role: TeamRole = "staff", by: Actor = admin.user) {
  return inviteMember(app.services, by, { email, role, language: "en" });
}

/** The token of the latest invitation e-mail queued to this address, read from the queue as the sender would. */
async function tokenMailedTo(email: string): Promise<string> {
  const [message] = await app.db
    .select({ text: emailMessages.text })
    .from(emailMessages)
    .where(eq(emailMessages.to, email))
    .orderBy(desc(emailMessages.createdAt))
    .limit(1);
  const found = message?.text.match(new RegExp(`${SITE_URL}/admin/invitations/([A-Za-z0-9_-]+)`));
  expect(found, message?.text).toBeTruthy();
  return found![1]!;
}

function accept(token: string, name = "Nora Newmember") {
  const headers = new Headers({ [CLIENT_IP_HEADER]: nextClientIp() });
  return acceptInvitation(app.services, null, {
    token,
    name,
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    language: "en",
    headers,
  });
}

/** Posts the invitation page's form, as the browser does. */
async function postInvitation(token: string, fields: Record<string, string>) {
  const args = await routeArgs(
    app.services,
    `/admin/invitations/${token}`,
    { method: "POST", headers: { [CLIENT_IP_HEADER]: nextClientIp() }, body: new URLSearchParams(fields) },
    { token },
  );
  return invitationAction(args);
}

async function auditCount(action: string, detailKey: string, value: string): Promise<number> {
  const rows = await app.db
    .select({ detail: auditEvents.detail })
    .from(auditEvents)
    .where(eq(auditEvents.action, action));
  return rows.filter((row) => row.detail[detailKey] === value).length;
}

/** A member who joined through an invitation, signed in. */
async function joinedMember(role: TeamRole = "staff"): Promise<SignedIn> {
  const email = uniqueEmail("member");
  await invite(email, role);
  const { headers } = await accept(await tokenMailedTo(email));
  const cookie = headers!
    .getSetCookie()
    .map((pair) => pair.split(";")[0]!)
    .join("; ");
  const signedIn = await sessionUserFor(app.services, cookie);
  expect(signedIn).not.toBeNull();
  return { id: signedIn!.id, email, password: NEW_PASSWORD, cookie, user: signedIn! };
}

describe("an invitation", () => {
  it("is e-mailed with its link, accepted once, and the new member signs in as staff", async () => {
    const email = uniqueEmail("invitee");
    const { invitationId } = await invite(email.toUpperCase());
    const [message] = await app.db.select().from(emailMessages).where(eq(emailMessages.to, email));
    expect(message?.subject).toBe("You are invited to join the team");
    expect(message?.text).toContain(`${SITE_URL}/admin/invitations/`);
    expect(message?.text).toContain("as Staff");
    const token = await tokenMailedTo(email);
    // Only the token's hash is stored.
    const [stored] = await app.db.select().from(teamInvitations).where(eq(teamInvitations.id, invitationId));
    expect(stored?.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await auditCount("team.invite", "email", email)).toBe(1);
    expect((await listTeam(app.services, admin.user)).invitations).toContainEqual(
      expect.objectContaining({ id: invitationId, email, role: "staff", expired: false }),
    );

    // The page shows who is invited.
    const page = routeAnswer(
      await invitationLoader(await routeArgs(app.services, `/admin/invitations/${token}`, {}, { token })),
    );
    expect(page.body).toMatchObject({ invitation: { state: "valid", email, role: "staff" } });

    // The form's answer: on to the back office, signed in as the new member.
    const answer = await postInvitation(token, {
      name: "Nora Newmember",
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ADMIN_HOME);
    const member = await sessionUserFor(app.services, cookieFrom(response));
    expect(member).toMatchObject({ email, name: "Nora Newmember", isAdmin: false, assignedCustomerIds: [] });
    expect(await auditCount("team.join", "email", email)).toBe(1);
    // That sign-in is on the record: the Team tab shows it as the last one.
    const joined = (await listTeam(app.services, admin.user)).members.find((row) => row.id === member!.id);
    expect(joined?.lastSignInAt).not.toBeNull();

    // Used: a second accept is refused, by the page and by the use case, and no second account is made.
    const again = routeAnswer(
      await postInvitation(token, { name: "Someone Else", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
    );
    expect(again.status).toBe(410);
    await expectHttpError(accept(token), 410);
    expect(await getInvitation(app.services, null, { token })).toEqual({ state: "used" });
    expect(await app.db.select({ id: user.id }).from(user).where(eq(user.email, email))).toHaveLength(1);

    // The member signs in with their password at the admin login, as staff.
    const signedIn = await signIn(app.services, email, NEW_PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(await sessionUserFor(app.services, cookieFrom(signedIn))).toMatchObject({
      isAdmin: false,
      assignedCustomerIds: [],
    });

    const team = await listTeam(app.services, admin.user);
    expect(team.invitations.map((open) => open.id)).not.toContain(invitationId);
    expect(team.members).toContainEqual(
      expect.objectContaining({ id: member!.id, email, role: "staff", active: true, twoFactorEnabled: false }),
    );
    expect(team.members.find((row) => row.id === member!.id)?.lastSignInAt).not.toBeNull();
  });

  it("gives the invitation's role: an invited admin is an admin", async () => {
    const member = await joinedMember("admin");
    expect(member.user.isAdmin).toBe(true);
  });

  it("is refused for an address that has an account, or an open invitation", async () => {
    const customer = await app.customer();
    await expectHttpError(invite(customer.email), 409);
    await expectHttpError(invite(admin.email.toUpperCase()), 409);
    const email = uniqueEmail("twice");
    await invite(email);
    const refused = await invite(email.toUpperCase()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("invitation_pending");
  });

  it("holds its address for its link: a sign-up with it is refused as an address with an account, the admins are told once, and the link still works", async () => {
    const email = uniqueEmail("invitee");
    await invite(email);
    const token = await tokenMailedTo(email);
    const alerts = () =>
      app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, admin.id), eq(notifications.type, "invited_address_claimed")));
    for (const address of [email, email.toUpperCase()]) {
      const squatter = await authRequest(app.services, "/sign-up/email", signUpBody({ email: address }), {
        ip: nextClientIp(),
      });
      expect(squatter.status).toBe(422);
      expect(((await squatter.json()) as { code?: string }).code).toBe("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
    }
    expect(
      await app.db
        .select()
        .from(user)
        .where(eq(sql`lower(${user.email})`, email.toLowerCase())),
    ).toEqual([]);
    const [alert, ...more] = await alerts();
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      title: "Invited address taken",
      message: expect.stringContaining(`Someone tried to sign up with ${email}`),
    });
    const { headers } = await accept(token);
    expect(headers?.getSetCookie().join(";")).toContain("session_token=");
    // A revoked invitation holds nothing: its address may sign up like any other.
    const revoked = uniqueEmail("revoked-invitee");
    const { invitationId } = await invite(revoked);
    await revokeInvitation(app.services, admin.user, { invitationId });
    expect(
      (await authRequest(app.services, "/sign-up/email", signUpBody({ email: revoked }), { ip: nextClientIp() }))
        .status,
    ).toBe(200);
  });

  it("accepted after its address got an account some other way (the start-up admin): refused, the admins told, the invitation still open", async () => {
    const email = uniqueEmail("taken");
    const { invitationId } = await invite(email);
    const token = await tokenMailedTo(email);
    await makeAdmin(app.services, email);
    await expectHttpError(accept(token), 409);
    const told = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.type, "invited_address_claimed")));
    expect(told.filter((row) => (row.data as { email?: string }).email === email)).toHaveLength(1);
    expect((await listTeam(app.services, admin.user)).invitations.map((open) => open.id)).toContain(invitationId);
  });

  it("refuses a password that breaks the sign-up rules, and keeps the invitation open", async () => {
    const email = uniqueEmail("weak");
    await invite(email);
    const token = await tokenMailedTo(email);
    const weak = routeAnswer(
      await postInvitation(token, { name: "Weak Password", password: "short", confirmPassword: "short" }),
    );
    expect(weak).toEqual({ status: 400, body: { ok: false, error: "Password must be at least 12 characters" } });
    const mismatch = routeAnswer(
      await postInvitation(token, {
        name: "Weak Password",
        password: NEW_PASSWORD,
        confirmPassword: `${NEW_PASSWORD}x`,
      }),
    );
    expect(mismatch).toEqual({ status: 400, body: { ok: false, error: "Passwords do not match" } });
    expect((await getInvitation(app.services, null, { token })).state).toBe("valid");
  });

  it("is refused once expired", async () => {
    const email = uniqueEmail("late");
    const { invitationId } = await invite(email);
    const token = await tokenMailedTo(email);
    await app.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.id, invitationId));
    expect(await getInvitation(app.services, null, { token })).toEqual({ state: "expired" });
    await expectHttpError(accept(token), 410);
    expect((await listTeam(app.services, admin.user)).invitations).toContainEqual(
      expect.objectContaining({ id: invitationId, expired: true }),
    );
  });

  it("resent: a new link with seven new days, and the old link stops working", async () => {
    const email = uniqueEmail("resent");
    const { invitationId } = await invite(email);
    const first = await tokenMailedTo(email);
    await app.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.id, invitationId));
    await resendInvitation(app.services, admin.user, { invitationId, language: "en" });
    const second = await tokenMailedTo(email);
    expect(second).not.toBe(first);
    expect(await app.db.select().from(emailMessages).where(eq(emailMessages.to, email))).toHaveLength(2);
    expect(await getInvitation(app.services, null, { token: first })).toEqual({ state: "unknown" });
    await expectHttpError(accept(first), 410);
    expect(await auditCount("team.resend-invite", "invitationId", invitationId)).toBe(1);
    const { headers } = await accept(second);
    expect(headers?.getSetCookie().join(";")).toContain("session_token=");
  });

  it("revoked: its link stops working and the address may be invited again", async () => {
    const email = uniqueEmail("revoked");
    const { invitationId } = await invite(email);
    const token = await tokenMailedTo(email);
    await revokeInvitation(app.services, admin.user, { invitationId });
    expect(await getInvitation(app.services, null, { token })).toEqual({ state: "revoked" });
    await expectHttpError(accept(token), 410);
    await expectHttpError(revokeInvitation(app.services, admin.user, { invitationId }), 404);
    await expectHttpError(resendInvitation(app.services, admin.user, { invitationId, language: "en" }), 404);
    expect(await auditCount("team.revoke-invite", "invitationId", invitationId)).toBe(1);
    expect((await listTeam(app.services, admin.user)).invitations.map((open) => open.id)).not.toContain(invitationId);
    await invite(email);
  });

  it("a link that was never sent shows as unknown, without a look-up for a malformed one", async () => {
    expect(await getInvitation(app.services, null, { token: "A".repeat(43) })).toEqual({ state: "unknown" });
    expect(await getInvitation(app.services, null, { token: "../../etc" })).toEqual({ state: "unknown" });
  });
});

describe("a member's role and state", () => {
  it("changes role: the member's next request has the new role", async () => {
    const member = await joinedMember();
    await changeMemberRole(app.services, admin.user, { memberId: member.id, role: "admin" });
    expect((await sessionUserFor(app.services, member.cookie))?.isAdmin).toBe(true);
    await changeMemberRole(app.services, admin.user, { memberId: member.id, role: "staff" });
    expect(await sessionUserFor(app.services, member.cookie)).toMatchObject({
      isAdmin: false,
      assignedCustomerIds: [],
    });
    expect(await auditCount("team.change-role", "memberId", member.id)).toBe(2);
    // A customer is not a member.
    const customer = await app.customer();
    await expectHttpError(changeMemberRole(app.services, admin.user, { memberId: customer.id, role: "staff" }), 404);
  });

  it("deactivated: their open session ends at once, a new sign-in is refused, their customers are unassigned; reactivated: they sign in again", async () => {
    const customer = await app.customer();
    const member = await app.staff([customer.id]);
    expect(await sessionUserFor(app.services, member.cookie)).not.toBeNull();
    await deactivateMember(app.services, admin.user, { memberId: member.id });
    expect(await sessionUserFor(app.services, member.cookie)).toBeNull();
    expect(await app.db.select().from(session).where(eq(session.userId, member.id))).toHaveLength(0);
    expect(
      await app.db.select().from(customerAssignments).where(eq(customerAssignments.memberId, member.id)),
    ).toHaveLength(0);
    const refused = await signIn(app.services, member.email, member.password);
    expect(refused.status).toBe(403);
    expect(cookieFrom(refused)).not.toContain("session_token=");
    // The account stays: past work keeps their name.
    expect(await app.db.select({ name: user.name }).from(user).where(eq(user.id, member.id))).toHaveLength(1);
    expect(await auditCount("team.deactivate", "memberId", member.id)).toBe(1);
    expect((await listTeam(app.services, admin.user)).members).toContainEqual(
      expect.objectContaining({ id: member.id, active: false }),
    );

    await reactivateMember(app.services, admin.user, { memberId: member.id });
    const back = await signIn(app.services, member.email, member.password);
    expect(back.status).toBe(200);
    expect(await sessionUserFor(app.services, cookieFrom(back))).toMatchObject({
      isAdmin: false,
      assignedCustomerIds: [],
    });
    expect(await auditCount("team.reactivate", "memberId", member.id)).toBe(1);
  });

  it("an admin cannot deactivate themself", async () => {
    const error = await deactivateMember(app.services, admin.user, { memberId: admin.id }).catch(
      (caught: unknown) => caught,
    );
    expect((error as AppError).code).toBe("own_deactivation");
  });
});

describe("the last active admin", () => {
  let lonely: TestDatabase;
  let lonelyServices: TestServices;

  beforeAll(async () => {
    lonely = await testDatabase();
    lonelyServices = await testServices(lonely);
  }, 60_000);

  afterAll(async () => {
    await lonelyServices?.close();
    await lonely?.close();
  });

  const code = (promise: Promise<unknown>) =>
    promise.then(
      () => "ok",
      (error: unknown) => (error instanceof AppError ? error.code : error),
    );

  it("cannot be demoted or deactivated; with two admins one can, and two admins demoting each other at once leave one", async () => {
    const first = await makeAdmin(lonelyServices);
    expect(await code(changeMemberRole(lonelyServices, first.user, { memberId: first.id, role: "staff" }))).toBe(
      "last_admin",
    );

    const second = await makeAdmin(lonelyServices);
    // The second admin steps down themself while another remains.
    expect(await code(changeMemberRole(lonelyServices, second.user, { memberId: second.id, role: "staff" }))).toBe(
      "ok",
    );
    // Acting on a page loaded while still an admin: the rule is checked against the rows, not the actor's session.
    expect(await code(deactivateMember(lonelyServices, second.user, { memberId: first.id }))).toBe("last_admin");
    expect(await code(changeMemberRole(lonelyServices, second.user, { memberId: first.id, role: "staff" }))).toBe(
      "last_admin",
    );

    await changeMemberRole(lonelyServices, first.user, { memberId: second.id, role: "admin" });
    const outcomes = await Promise.all([
      code(changeMemberRole(lonelyServices, first.user, { memberId: second.id, role: "staff" })),
      code(changeMemberRole(lonelyServices, second.user, { memberId: first.id, role: "staff" })),
    ]);
    expect(outcomes.sort()).toEqual(["last_admin", "ok"]);
    const admins = await lonelyServices.database.db
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.role, "admin")));
    expect(admins).toHaveLength(1);

    const remaining = admins[0]!.userId;
    const other = remaining === first.id ? second : first;
    await changeMemberRole(lonelyServices, { id: remaining, isAdmin: true }, { memberId: other.id, role: "admin" });
    const deactivations = await Promise.all([
      code(deactivateMember(lonelyServices, first.user, { memberId: second.id })),
      code(deactivateMember(lonelyServices, second.user, { memberId: first.id })),
    ]);
    expect(deactivations.sort()).toEqual(["last_admin", "ok"]);
    expect(
      await lonelyServices.database.db
        .select()
        .from(userRoles)
        .where(and(eq(userRoles.role, "admin"))),
    ).toHaveLength(2);
  });
});

describe("who may manage the team", () => {
  it("staff and customers get 403 on every team use case, visitors 401", async () => {
    const customer = await app.customer();
    const staff = await app.staff([customer.id]);
    const member = await joinedMember();
    const email = uniqueEmail("target");
    const { invitationId } = await invite(email);
    const cases = (actor: Actor | null) => [
      listTeam(app.services, actor),
      invite(uniqueEmail("nobody"), "staff", actor as Actor),
      resendInvitation(app.services, actor, { invitationId, language: "en" }),
      revokeInvitation(app.services, actor, { invitationId }),
      changeMemberRole(app.services, actor, { memberId: member.id, role: "admin" }),
      deactivateMember(app.services, actor, { memberId: member.id }),
      reactivateMember(app.services, actor, { memberId: member.id }),
    ];
    for (const promise of cases(staff.user)) await expectHttpError(promise, 403);
    for (const promise of cases(customer.user)) await expectHttpError(promise, 403);
    for (const promise of cases(null)) await expectHttpError(promise, 401);
    // Nothing changed.
    expect((await getInvitation(app.services, null, { token: await tokenMailedTo(email) })).state).toBe("valid");
    expect(await sessionUserFor(app.services, member.cookie)).toMatchObject({ isAdmin: false });
  });

  it("the settings page's Team forms: an admin's invitation goes through the page's action; a staff member's is refused", async () => {
    const post = async (cookie: string, fields: Record<string, string>) =>
      routeAnswer(
        await settingsAction(
          await routeArgs(app.services, "/admin/settings", {
            method: "POST",
            headers: { cookie },
            body: new URLSearchParams(fields),
          }),
        ),
      );
    const email = uniqueEmail("by-page");
    const sent = await post(admin.cookie, { intent: "invite-member", email, role: "admin" });
    expect(sent).toMatchObject({ status: 200, body: { ok: true, title: "Invitation sent" } });
    expect(await tokenMailedTo(email)).toBeTruthy();
    const invalid = await post(admin.cookie, { intent: "invite-member", email: "nope", role: "admin" });
    expect(invalid).toEqual({ status: 400, body: { ok: false, error: "Please enter a valid email address" } });
    const staff = await app.staff();
    expect(
      (await post(staff.cookie, { intent: "invite-member", email: uniqueEmail("staff-try"), role: "admin" })).status,
    ).toBe(403);
    const self = await post(admin.cookie, { intent: "deactivate-member", memberId: admin.id });
    expect(self).toEqual({ status: 400, body: { ok: false, error: "You cannot deactivate your own account" } });
  });
});

describe("an invitation e-mail once sent", () => {
  it("keeps its address and subject, not its link: the token is nowhere in the table, and the link that went still opens it", async () => {
    const email = uniqueEmail("sent-invitee");
    await invite(email);
    const token = await tokenMailedTo(email);
    const delivered: string[] = [];
    await new EmailSender(app.db, async (message) => void delivered.push(message.text), { log: () => {} }).sendDue();
    expect(delivered.some((text) => text.includes(`/admin/invitations/${token}`))).toBe(true);

    const rows = await app.db.select().from(emailMessages).where(eq(emailMessages.to, email));
    expect(rows).toMatchObject([
      {
        status: "sent",
        subject: "You are invited to join the team",
        text: "",
        html: "",
        link: null,
        gathered: null,
        replyTo: null,
      },
    ]);
    const { rows: naming } = await app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from email_messages t where position(${token} in t::text) > 0`,
    );
    expect(Number(naming[0]?.n)).toBe(0);
    expect((await getInvitation(app.services, null, { token })).state).toBe("valid");
  });
});
