import { eq } from "drizzle-orm";
import express, { Router } from "express";
import { z } from "zod";
import { writeNotifications } from "~/features/notifications/write-notifications.server";
import { publishChanges } from "~/lib/realtime.server";
import type { Services } from "~/lib/services.server";
import { profiles } from "~db/schema";

/**
 * End-to-end tests only (E2E_TEST_HOOKS=1, refused in production by the settings schema): lets a test
 * write what later features write, e.g. a notification for a customer, without a browser of its own.
 */
export function testHooks(services: Services): Router {
  const router = Router();
  router.use(express.json());
  const notificationBody = z.object({
    email: z.email(),
    type: z.string().min(1),
    title: z.string().min(1),
    message: z.string().min(1),
  });
  router.post("/notifications", async (req, res) => {
    const body = notificationBody.parse(req.body);
    const [profile] = await services.database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.email, body.email.toLowerCase()));
    if (!profile) {
      res.status(404).json({ error: "No such user" });
      return;
    }
    const changes = await writeNotifications(services.database.db, [
      { userId: profile.id, type: body.type, title: body.title, message: body.message },
    ]);
    await publishChanges(services.bus, changes);
    res.status(201).json({ ok: true });
  });
  return router;
}
