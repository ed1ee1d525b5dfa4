import { fromNodeHeaders } from "better-auth/node";
import express, { Router, type Request, type Response } from "express";
import { createCardCheckout } from "~/features/payments/create-card-checkout.server";
import { handleCardWebhook } from "~/features/payments/handle-card-webhook.server";
import type { I18n } from "@lingui/core";
import { i18nFor } from "~/lib/i18n/instances.server";
import { chooseLocale } from "~/lib/i18n/locales";
import { serverText } from "~/lib/i18n/server-texts";
import { logger } from "~/lib/logger.server";
import { loadSessionUser } from "~/lib/session.server";
import { HttpError } from "~/lib/errors";
import type { Services } from "~/lib/services.server";
import { visitorLocale } from "./database-gate";

/** The one error answer of these JSON endpoints, the same shape as every page action's: `{ ok: false, error }`. */
function sendError(res: Response, error: unknown, fallback = "Something went wrong", i18n: I18n = i18nFor("en")): void {
  if (error instanceof HttpError) {
    res.status(error.status).json({ ok: false, error: serverText(i18n, error.message) });
    return;
  }
  logger.error({ err: error }, "Payment endpoint failed");
  res.status(500).json({ ok: false, error: serverText(i18n, fallback) });
}

/** Body-parser failures (too large, unreadable) answered as clear JSON instead of the generic 500 page. */
const bodyErrors: express.ErrorRequestHandler = (error, req, res, next) => {
  const status = (error as { status?: number }).status;
  if (typeof status !== "number" || status >= 500) return next(error);
  res.status(status).json({ ok: false, error: serverText(i18nFor(visitorLocale(req)), status === 413 ? "Request body too large" : "Invalid request body") });
};

/**
 * Stripe's webhook. It must see the exact bytes Stripe signed, so it gets the raw body and is mounted
 * before any JSON parser.
 */
export function stripeWebhookRouter(services: Services): Router {
  const router = Router();
  router.post(
    "/api/stripe/webhook",
    express.raw({ type: () => true, limit: "1mb" }),
    async (req: Request, res: Response) => {
      try {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const outcome = await handleCardWebhook(
          {
            db: services.database.db,
            bus: services.bus,
            stripe: services.stripe,
            webhookSecret: services.env.STRIPE_WEBHOOK_SECRET,
          },
          null,
          { rawBody: body, signature: req.get("stripe-signature") },
        );
        res.json({ received: true, outcome });
      } catch (error) {
        sendError(res, error);
      }
    },
    bodyErrors,
  );
  return router;
}

/**
 * The card-checkout call: `POST /api/create-payment-checkout` with `{ serviceType, paymentNumber, returnPath }`
 * answers `{ ok: true, url }`, the browser then goes to the card provider's page. A JSON endpoint because the
 * answer is a redirect target; every other change goes through a page action.
 */
export function checkoutRouter(services: Services): Router {
  const router = Router();
  router.post(
    "/api/create-payment-checkout",
    express.raw({ type: () => true, limit: "16kb" }),
    async (req: Request, res: Response) => {
      // Errors are shown to the customer (the payment dialog's toast): in their language.
      let i18n = i18nFor(visitorLocale(req));
      try {
        const headers = fromNodeHeaders(req.headers);
        const { user } = await loadSessionUser(services.auth, services.database.db, headers);
        i18n = i18nFor(chooseLocale(user?.language, headers));
        // JSON only: a cross-site form cannot send it without the browser asking first.
        if (user && !req.is("application/json")) throw new HttpError(415, "Content-Type must be application/json");
        let body: Record<string, unknown> = {};
        try {
          const text = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "";
          const parsed: unknown = text ? JSON.parse(text) : {};
          if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
        } catch {
          if (user) throw new HttpError(400, "Invalid request body");
        }
        const { url } = await createCardCheckout(
          { db: services.database.db, stripe: services.stripe, siteUrl: services.env.SITE_URL },
          user,
          { serviceType: body.serviceType, paymentNumber: body.paymentNumber, returnPath: body.returnPath },
        );
        res.json({ ok: true, url });
      } catch (error) {
        sendError(res, error, "Error creating payment session", i18n);
      }
    },
    bodyErrors,
  );
  return router;
}
