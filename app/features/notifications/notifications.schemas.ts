import { z } from "zod";

/** What the bell's forms post to /resources/notifications. */
export const notificationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("mark-read"), id: z.uuid({ error: "Invalid notification" }) }),
  z.object({ intent: z.literal("mark-all-read") }),
]);
