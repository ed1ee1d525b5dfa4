import { fromNodeHeaders } from "better-auth/node";
import express, { Router, type Request, type Response } from "express";
import { createCardCheckout } from "~/features/payments/create-card-checkout.server";
import { handleCardWebhook } from "~/features/payments/handle-card-webhook.server";
import { AppError } from "~/lib/http/app-error";
import { ENDPOINTS } from "~/lib/http/endpoints";
import { jsonFailure } from "~/lib/http/error-answer.server";
import { i18nFor } from "~/lib/i18n/instances.server";
import { chooseLocale } from "~/lib/i18n/locales";
import type { Services } from "~/lib/services.server";
import { readSessionUser } from "~/lib/auth/session-middleware.server";
import { visitorLocale } from "./database-gate";

/** The one failure answer of the endpoints that are not pages: `{ ok: false, error: { code, message } }`. */
function sendFailure(res: Response, error: unknown, locale: Parameters<typeof i18nFor>[0]): void {
  const { status, body } = jsonFailure(error, i18nFor(locale));
  res.status(status).json(body);
}

/** Body-parser failures (too large, unreadable) answered in the same shape instead of the generic 500 page. */
const bodyErrors: express.ErrorRequestHandler = (error, req, res, next) => {
  const status = (error as { status?: number }).status;
  if (typeof status !== "number" || status >= 500) return next(error);
  sendFailure(res, new AppError(status === 413 ? "body_too_large" : "invalid_body"), visitorLocale(req));
};

/**
 * Stripe's webhook. It must see the exact bytes Stripe signed, so it gets the raw body and is mounted
 * before any JSON parser.
 */
export function stripeWebhookRouter(services: Services): Router {
  const router = Router();
  router.post(
    ENDPOINTS.cardWebhook,
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
        sendFailure(res, error, "en");
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
    ENDPOINTS.cardCheckout,
    express.raw({ type: () => true, limit: "16kb" }),
    async (req: Request, res: Response) => {
      // Refusals are shown to the customer (the payment dialog's toast): in their language.
      const headers = fromNodeHeaders(req.headers);
      let locale = visitorLocale(req);
      let done = () => {};
      try {
        const session = await readSessionUser(services, req.method, headers);
        done = session.done;
        const user = session.user;
        locale = chooseLocale(user?.language, headers);
        // JSON only: a cross-site form cannot send it without the browser asking first.
        if (user && !req.is("application/json")) throw new AppError("json_required");
        let body: Record<string, unknown> = {};
        try {
          const text = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "";
          const parsed: unknown = text ? JSON.parse(text) : {};
          if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
        } catch {
          if (user) throw new AppError("invalid_body");
        }
        const { url } = await createCardCheckout(
          { db: services.database.db, stripe: services.stripe, siteUrl: services.env.SITE_URL },
          user,
          { serviceType: body.serviceType, paymentNumber: body.paymentNumber, returnPath: body.returnPath },
        );
        res.json({ ok: true, url });
      } catch (error) {
        sendFailure(res, error, locale);
      } finally {
        done();
      }
    },
    bodyErrors,
  );
  return router;
}
