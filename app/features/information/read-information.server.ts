import { z } from "zod";
import { mayWorkOn, requireActor } from "~/lib/auth/actor-guards";
import { AppError, type ErrorCode } from "~/lib/http/app-error";
import type { Actor } from "~/lib/auth/session";

const inputSchema = z.object({ userId: z.uuid() });

/**
 * Whose information a reader may see: their own, or a customer's the team member reaches; anyone else is answered
 * `notFound` (404), as if there were nothing to see. Returns the customer's id.
 */
export function readableInformationOwner(actor: Actor | null, input: { userId: string }, notFound: ErrorCode): string {
  const viewer = requireActor(actor);
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_request");
  if (!mayWorkOn(viewer, parsed.data.userId)) throw new AppError(notFound);
  return parsed.data.userId;
}
