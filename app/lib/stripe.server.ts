import Stripe from "stripe";
import type { Env } from "./config/env.server";

/** The Stripe SDK when STRIPE_SECRET_KEY is set; null means card payments are not configured. */
export function createStripe(env: Env): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    // Tests point the SDK at a fake server on 127.0.0.1; production leaves these unset (api.stripe.com).
    ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
    ...(env.STRIPE_API_PORT ? { port: env.STRIPE_API_PORT } : {}),
    ...(env.STRIPE_API_PROTOCOL ? { protocol: env.STRIPE_API_PROTOCOL } : {}),
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: "agency-portal" },
  });
}

export type { Stripe };
