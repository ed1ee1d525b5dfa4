import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import * as schema from "~db/schema";
import { signupServerSchema } from "~/features/auth/auth.schemas";
import type { Db } from "./db.server";

export interface AuthSettings {
  secret: string;
  baseURL: string;
  rateLimit: { enabled: boolean; window: number; max: number };
}

/** The header the Express layer fills with the client address it trusts (see server/app.ts). */
export const CLIENT_IP_HEADER = "x-client-ip";

export function createAuth(db: Db, settings: AuthSettings) {
  return betterAuth({
    secret: settings.secret,
    baseURL: settings.baseURL,
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: { enabled: true, minPasswordLength: 12, maxPasswordLength: 128, autoSignIn: true },
    rateLimit: {
      enabled: settings.rateLimit.enabled,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: settings.rateLimit.window, max: settings.rateLimit.max },
        "/sign-up/email": { window: settings.rateLimit.window, max: settings.rateLimit.max },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: "uuid" },
    },
    hooks: {
      // The browser checks the sign-up form too, but the server never trusts it.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-up/email") return;
        const parsed = signupServerSchema.safeParse(ctx.body);
        if (!parsed.success) {
          throw new APIError("BAD_REQUEST", { message: parsed.error.issues[0]?.message ?? "Invalid input" });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Every account gets its profile row, made from the sign-up form's metadata.
          after: async (user, ctx) => {
            const body = (ctx?.body ?? {}) as { phone?: unknown; companyName?: unknown };
            await db
              .insert(schema.profiles)
              .values({
                id: user.id,
                fullName: user.name,
                email: user.email,
                phone: typeof body.phone === "string" ? body.phone : null,
                companyName: typeof body.companyName === "string" && body.companyName.trim() ? body.companyName.trim() : null,
              })
              .onConflictDoNothing();
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
