CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"stripe_refund_id" text,
	"refunded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_stripe_refund_unique" UNIQUE("stripe_refund_id"),
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount" > 0),
	CONSTRAINT "payment_refunds_status_check" CHECK ("payment_refunds"."status" in ('pending', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "promotion_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off" numeric(10, 2),
	"service_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"expires_on" date,
	"max_uses" integer,
	"deactivated_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_codes_kind_check" CHECK ("promotion_codes"."kind" in ('percent', 'amount')),
	CONSTRAINT "promotion_codes_value_check" CHECK (("promotion_codes"."kind" = 'percent' and "promotion_codes"."percent_off" between 1 and 100 and "promotion_codes"."amount_off" is null) or ("promotion_codes"."kind" = 'amount' and "promotion_codes"."amount_off" > 0 and "promotion_codes"."percent_off" is null)),
	CONSTRAINT "promotion_codes_max_uses_check" CHECK ("promotion_codes"."max_uses" is null or "promotion_codes"."max_uses" > 0)
);
--> statement-breakpoint
CREATE TABLE "receipt_sequence" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_sequence_one_row" CHECK ("receipt_sequence"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_amount_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount" numeric(10, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "promotion_code_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "promotion_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount" numeric(10, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "stripe_payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_number" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_refunded_by_user_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_codes_code_idx" ON "promotion_codes" USING btree (upper("code"));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_promotion_code_id_promotion_codes_id_fk" FOREIGN KEY ("promotion_code_id") REFERENCES "public"."promotion_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_promotion_once_idx" ON "payments" USING btree ("promotion_code_id","user_id") WHERE "payments"."promotion_code_id" is not null and "payments"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "payments_completed_at_idx" ON "payments" USING btree ("completed_at") WHERE "payments"."completed_at" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_receipt_number_unique" UNIQUE("receipt_number");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_check" CHECK ("payments"."refunded_amount" >= 0 and "payments"."refunded_amount" <= "payments"."amount");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'completed', 'rejected', 'refunded'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK ("payments"."payment_method" in ('zelle', 'card', 'promotion'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" >= 0 and "payments"."discount" >= 0);--> statement-breakpoint
-- Completed payments made before receipt numbers were kept get theirs in the order they were completed
-- (updated_at: until now a payment was updated only while pending, so its last update is its completion).
WITH "numbered" AS (
	SELECT "id", "updated_at", row_number() OVER (ORDER BY "updated_at", "created_at", "id") AS "n"
	FROM "payments" WHERE "status" = 'completed'
)
UPDATE "payments" SET "receipt_number" = "numbered"."n", "completed_at" = "numbered"."updated_at"
FROM "numbered" WHERE "payments"."id" = "numbered"."id";--> statement-breakpoint
INSERT INTO "receipt_sequence" ("id", "last_number") SELECT 1, count(*) FROM "payments" WHERE "receipt_number" IS NOT NULL;--> statement-breakpoint
-- Whichever path completes a payment (an admin's approval, auto-approval, the card webhook, a free code), the
-- receipt number is taken in the same transaction: the sequence row stays locked until it commits, and a
-- rolled-back completion gives its number back, so the numbers have no gaps.
CREATE FUNCTION "payments_receipt_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."status" IN ('completed', 'refunded') AND NEW."receipt_number" IS NULL THEN
		UPDATE "receipt_sequence" SET "last_number" = "last_number" + 1 WHERE "id" = 1
			RETURNING "last_number" INTO NEW."receipt_number";
		NEW."completed_at" := coalesce(NEW."completed_at", now());
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_receipt_number" BEFORE INSERT OR UPDATE OF "status" ON "payments"
	FOR EACH ROW EXECUTE FUNCTION "payments_receipt_number"();
