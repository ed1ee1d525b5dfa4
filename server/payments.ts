import { fromNodeHeaders } from "better-auth/node";
import express, { Router, type Request, type Response } from "express";
import { fileTypeFromBuffer } from "file-type";
import { createCheckout, handleStripeWebhook, mayReadFile } from "~/features/payments/payments.server";
import { loadSessionUser } from "~/lib/session.server";
import { HttpError } from "~/lib/errors";
import type { Services } from "~/lib/services.server";
import { isBucket, isSafeKey } from "~/lib/storage.server";

function sendError(res: Response, error: unknown): void {
  if (error instanceof HttpError) {
    res.status(error.status).json({ ok: false, error: error.message });
    return;
  }
  console.error(error);
  res.status(500).json({ ok: false, error: "Something went wrong" });
}

/** Body-parser failures (too large, unreadable) answered as clear JSON instead of the generic 500 page. */
const bodyErrors: express.ErrorRequestHandler = (error, _req, res, next) => {
  const status = (error as { status?: number }).status;
  if (typeof status !== "number" || status >= 500) return next(error);
  res.status(status).json({ ok: false, error: status === 413 ? "Request body too large" : "Invalid request body" });
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
        const outcome = await handleStripeWebhook(
          {
            db: services.database.db,
            bus: services.bus,
            stripe: services.stripe,
            webhookSecret: services.env.STRIPE_WEBHOOK_SECRET,
          },
          body,
          req.get("stripe-signature"),
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

/** The card-checkout call: `POST /api/create-payment-checkout` with `{ serviceType, paymentNumber }` answers `{ url }`. */
export function checkoutRouter(services: Services): Router {
  const router = Router();
  router.post(
    "/api/create-payment-checkout",
    express.raw({ type: () => true, limit: "16kb" }),
    async (req: Request, res: Response) => {
      try {
        const { user } = await loadSessionUser(services.auth, services.database.db, fromNodeHeaders(req.headers));
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
        const result = await createCheckout(
          { db: services.database.db, stripe: services.stripe, siteUrl: services.env.SITE_URL },
          user,
          { serviceType: body.serviceType, paymentNumber: body.paymentNumber, returnPath: body.returnPath },
        );
        res.json(result);
      } catch (error) {
        if (error instanceof HttpError) {
          res.status(error.status).json({ error: error.message });
          return;
        }
        console.error(error);
        res.status(500).json({ error: "Error creating payment session" });
      }
    },
    bodyErrors,
  );
  return router;
}

/**
 * Private files: `GET /files/{bucket}/{path}` for the file's owner (the path's first segment) and admins.
 * Anyone else gets 404, as if the file did not exist; anonymous visitors 401.
 */
export function filesRouter(services: Services): Router {
  const router = Router();
  router.get("/files/:bucket/*key", async (req: Request, res: Response) => {
    try {
      const bucket = req.params.bucket;
      const keyParam = (req.params as unknown as { key: string[] | string }).key;
      const key = Array.isArray(keyParam) ? keyParam.join("/") : keyParam;
      const { user } = await loadSessionUser(services.auth, services.database.db, fromNodeHeaders(req.headers));
      if (!user) {
        res.status(401).json({ error: "You must be logged in" });
        return;
      }
      if (!isBucket(bucket) || !isSafeKey(key) || !mayReadFile(user, key)) {
        res.status(404).json({ error: "Not found" });
        return;
      }
      const bytes = await services.storage.get(bucket, key);
      if (!bytes) {
        res.status(404).json({ error: "Not found" });
        return;
      }
      const sniffed = await fileTypeFromBuffer(bytes);
      const image = sniffed?.mime.startsWith("image/") && sniffed.mime !== "image/svg+xml";
      const filename = key.split("/").pop()!;
      res.setHeader("Content-Type", image ? sniffed!.mime : "application/octet-stream");
      res.setHeader("Content-Disposition", `${image ? "inline" : "attachment"}; filename="${filename}"`);
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Cache-Control", "private, max-age=300");
      res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      res.setHeader("Content-Length", String(bytes.byteLength));
      res.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch (error) {
      console.error(error);
      res.status(500).json({ error: "Something went wrong" });
    }
  });
  return router;
}
