import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, vi } from "vitest";
import { customerAssignments, googleBusinessInfo, payments, reviewRounds, websiteInfo } from "~db/schema";
import { setProgressStep } from "~/features/progress/set-progress-step.server";
import type { ProgressStepKey } from "~/features/progress/progress-steps";
import { SERVICE_CATALOG, type ServiceType } from "~/domain/service-catalog";
import type { Change } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import {
  makeAdmin,
  makeStaff,
  signUpCustomer,
  testDatabase,
  testServices,
  type SignedIn,
  type SignUpInput,
  type TestDatabase,
  type TestServices,
} from "./support";

/** Where a customer made by `app.customer()` stands, each part optional: a customer who only signed up by default. */
export interface CustomerState extends SignUpInput {
  /** Services paid in full (every payment completed, by Zelle). */
  paid?: ServiceType[];
  /** Services whose information form was sent: its row, and the checklist's first step marked as a received form marks it. */
  informationSent?: ServiceType[];
  /** Checklist steps an admin ticked, per service. */
  progress?: { google_business?: ProgressStepKey<"google_business">[]; website?: ProgressStepKey<"website">[] };
  /** Services with a review round (version 1) waiting for the customer's decision. */
  roundWaiting?: ServiceType[];
}

export interface TestApp {
  readonly database: TestDatabase;
  readonly services: TestServices;
  readonly db: TestDatabase["db"];
  /** The clock the services read (sign-in lockouts, reply addresses...): `clock.set()` moves it, `clock.reset()` brings it back. */
  readonly clock: { now(): Date; set(at: Date): void; advance(milliseconds: number): void; reset(): void };
  /**
   * Everything the change bus delivered since the last call (or the start), in order, once all of it has arrived: a
   * marker published last is waited for, so a change that is not there did not come. Forgets what it returns.
   */
  deliveredChanges(): Promise<Change[]>;
  /** A customer who signed up through the real auth handler, signed in, brought to `state`. */
  customer(state?: CustomerState): Promise<SignedIn>;
  /** An admin made the way start-up makes one, signed in. */
  admin(): Promise<SignedIn>;
  /** A staff member assigned to these customers, signed in. */
  staff(assignedTo?: readonly string[]): Promise<SignedIn>;
  /** Assigns a staff member to more customers. */
  assign(memberId: string, customerIds: readonly string[]): Promise<void>;
  /** A payment row as a proof upload or a decision leaves it: a pending Zelle payment of the Google Business Profile by default. */
  payment(userId: string, values?: Partial<typeof payments.$inferInsert>): Promise<string>;
}

const MARKER_TABLE = "test:delivered";

/**
 * One test file's app: a fresh migrated database (PGlite, or PostgreSQL with TEST_DATABASE_URL), the services on it
 * with a clock the test moves, the change bus recorded, and factories for people in any state. Call it at the top of
 * the file: its beforeAll runs before the file's own, its afterAll closes everything.
 */
export function useTestApp(options: { settings?: Record<string, string> } = {}): TestApp {
  let database: TestDatabase | undefined;
  let services: TestServices | undefined;
  let offset = 0;
  let fixed: Date | undefined;
  const clock = {
    now: () => (fixed ? new Date(fixed.getTime() + offset) : new Date(Date.now() + offset)),
    set(at: Date) {
      fixed = at;
      offset = 0;
    },
    advance(milliseconds: number) {
      offset += milliseconds;
    },
    reset() {
      fixed = undefined;
      offset = 0;
    },
  };
  let delivered: Change[] = [];

  beforeAll(async () => {
    database = await testDatabase();
    services = await testServices(database, options.settings, clock.now);
    services.bus.subscribe((change) => delivered.push(change));
  });
  afterAll(async () => {
    await services?.close();
    await database?.close();
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useTestApp's ${what} is ready in the file's hooks and tests, not when the file loads`);
    return value;
  };
  const app: TestApp = {
    get database() {
      return ready(database, "database");
    },
    get services() {
      return ready(services, "services");
    },
    get db() {
      return ready(database, "database").db;
    },
    clock,
    async deliveredChanges() {
      const marker = { table: MARKER_TABLE, userId: randomUUID() };
      await app.services.bus.publish(marker);
      await vi.waitFor(() => expect(delivered).toContainEqual(marker), { timeout: 5_000 });
      const index = delivered.findIndex((change) => change.userId === marker.userId);
      const before = delivered.slice(0, index).filter((change) => change.table !== MARKER_TABLE);
      delivered = delivered.slice(index + 1);
      return before;
    },
    async customer(state = {}) {
      const customer = await signUpCustomer(app.services, state);
      await bringTo(app, customer.id, state);
      return customer;
    },
    admin: () => makeAdmin(app.services),
    staff: (assignedTo = []) => makeStaff(app.services, assignedTo),
    async assign(memberId, customerIds) {
      await app.db.insert(customerAssignments).values(customerIds.map((customerId) => ({ customerId, memberId })));
    },
    async payment(userId, values = {}) {
      const [row] = await app.db
        .insert(payments)
        .values({
          userId,
          serviceType: "google_business",
          paymentNumber: 1,
          amount: SERVICE_CATALOG.google_business.amountPerPayment,
          paymentMethod: "zelle",
          proofUrl: `/files/admin-note-photos/${userId}/proof-${randomUUID()}.png`,
          ...values,
        })
        .returning({ id: payments.id });
      return row!.id;
    },
  };
  return app;
}

/** Writes the rows of `state` the way the product writes them, publishing what the writers say changed. */
async function bringTo(app: TestApp, userId: string, state: CustomerState): Promise<void> {
  const changes: Change[] = [];
  await app.db.transaction(async (tx) => {
    for (const service of state.paid ?? []) {
      const { payments: count, amountPerPayment } = SERVICE_CATALOG[service];
      for (let paymentNumber = 1; paymentNumber <= count; paymentNumber += 1) {
        await tx.insert(payments).values({ userId, serviceType: service, paymentNumber, amount: amountPerPayment, paymentMethod: "zelle", status: "completed" });
      }
    }
    for (const service of state.informationSent ?? []) {
      if (service === "google_business") {
        await tx.insert(googleBusinessInfo).values({ userId, legalBusinessName: state.companyName ?? "Casey Plumbing LLC" });
        changes.push(...(await setProgressStep(tx, { userId, service, step: "informationCollection", done: true, auto: true })).changes);
      } else {
        await tx.insert(websiteInfo).values({ userId, legalBusinessName: state.companyName ?? "Casey Plumbing LLC" });
        changes.push(...(await setProgressStep(tx, { userId, service, step: "clientInfoReceived", done: true, auto: true })).changes);
      }
    }
    for (const step of state.progress?.google_business ?? []) {
      changes.push(...(await setProgressStep(tx, { userId, service: "google_business", step, done: true })).changes);
    }
    for (const step of state.progress?.website ?? []) {
      changes.push(...(await setProgressStep(tx, { userId, service: "website", step, done: true })).changes);
    }
    for (const service of state.roundWaiting ?? []) {
      await tx.insert(reviewRounds).values({ userId, service, version: 1, title: "First draft", message: "Please take a look." });
    }
  });
  await publishChanges(app.services.bus, changes);
}
