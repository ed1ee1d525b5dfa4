import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Actor } from "~/lib/auth/session";
import { intentHandler } from "~/lib/http/intent-handler.server";
import type { Services } from "~/lib/services.server";
import { createPromotionCode } from "./create-promotion-code.server";
import { deactivatePromotionCode } from "./deactivate-promotion-code.server";
import {
  CREATE_PROMOTION_CODE_INTENT,
  createPromotionCodeSchema,
  DEACTIVATE_PROMOTION_CODE_INTENT,
  deactivatePromotionCodeSchema,
  type PROMOTION_INTENTS,
} from "./promotions.schemas";

type PromotionIntent = (typeof PROMOTION_INTENTS)[number];

/**
 * What each of the Promotions tab's forms does: its fields parsed by its schema, then its use case; a refusal answers
 * its message in the request's language (a duplicate code names the Code field), a success the toast's text.
 */
export function promotionIntentHandlers(
  services: Pick<Services, "database" | "bus">,
  actor: Actor | null,
  i18n: I18n,
): Record<PromotionIntent, (form: FormData) => Promise<unknown>> {
  const deps = { db: services.database.db, bus: services.bus };
  const handle = intentHandler(i18n);
  return {
    [CREATE_PROMOTION_CODE_INTENT]: handle(createPromotionCodeSchema, async (value) => {
      await createPromotionCode(deps, actor, value);
      const code = value.code;
      return {
        ok: true,
        title: i18n._(msg`Promotion code created`),
        message: i18n._(msg`Customers can apply ${code} when they pay.`),
      };
    }),
    [DEACTIVATE_PROMOTION_CODE_INTENT]: handle(deactivatePromotionCodeSchema, async ({ promotionCodeId }) => {
      await deactivatePromotionCode(deps, actor, { promotionCodeId });
      return {
        ok: true,
        title: i18n._(msg`Promotion code deactivated`),
        message: i18n._(msg`It is refused from now on; payments already made keep it.`),
      };
    }),
  };
}
