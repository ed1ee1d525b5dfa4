import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, vi } from "vitest";
import { customerAssignments, payments } from "~db/schema";
import { SERVICE_CATALOG } from "~/domain/service-catalog";
import type { Change } from "~/lib/realtime/realtime";
import { bringCustomerTo, type CustomerState } from "../../server/test-customer-state";
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

export interface TestApp {
  readonly database: TestDatabase;
  /** The app's services on this file's database, which are also the deps every use case takes. */
  readonly services: TestServices;
  readonly db: TestDatabase["db"];
  /** The clock the services read (sign-in lockouts, reply addresses...): `clock.set()` moves it, `clock.reset()` brings it back. */
  readonly clock: { now(): Date; set(at: Date): void; advance(milliseconds: number): void; reset(): void };
  /**
   * Everything the change bus delivered since the last call (or the start), in order, once all of it has arrived: a
   * marker published last is waited for, so a change that is not there did not come. Forgets what it returns.
   */
  deliveredChanges(): Promise<Change[]>;
  /** A customer who signed up through the real auth handler (with `state`'s sign-up fields), signed in, brought to `state`. */
  customer(state?: CustomerState & SignUpInput): Promise<SignedIn>;
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
export function testApp(options: { settings?: Record<string, string> } = {}): TestApp {
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
    if (value === undefined)
      throw new Error(`testApp's ${what} is ready in the file's hooks and tests, not when the file loads`);
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
      await bringCustomerTo(app.services, customer.id, state);
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
