CREATE TABLE "care_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"follows" text,
	"before_finished" boolean DEFAULT false NOT NULL,
	"stripe_product_id" text NOT NULL,
	"stripe_price_id" text NOT NULL,
	"retired_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_plans_price_check" CHECK ("care_plans"."price" > 0),
	CONSTRAINT "care_plans_follows_check" CHECK ("care_plans"."follows" is null or "care_plans"."follows" in ('google_business', 'website'))
);
--> statement-breakpoint
CREATE TABLE "plan_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"plan_id" uuid NOT NULL,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"stripe_subscription_id" text NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"stripe_price_id" text NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone,
	"past_due_since" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_subscriptions_stripe_unique" UNIQUE("stripe_subscription_id"),
	CONSTRAINT "plan_subscriptions_status_check" CHECK ("plan_subscriptions"."status" in ('incomplete', 'active', 'past_due', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "service_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "plan_subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "stripe_invoice_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "care_plans" ADD CONSTRAINT "care_plans_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_plan_id_care_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."care_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_subscriptions_user_idx" ON "plan_subscriptions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plan_subscriptions_past_due_idx" ON "plan_subscriptions" USING btree ("past_due_since") WHERE "plan_subscriptions"."status" = 'past_due';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_subscription_id_plan_subscriptions_id_fk" FOREIGN KEY ("plan_subscription_id") REFERENCES "public"."plan_subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_plan_subscription_idx" ON "payments" USING btree ("plan_subscription_id","created_at") WHERE "payments"."plan_subscription_id" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_stripe_invoice_unique" UNIQUE("stripe_invoice_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK (("payments"."service_type" is null) = ("payments"."plan_subscription_id" is not null));--> statement-breakpoint
-- A plan's monthly charge pays for no service, so it moves no service's activity (the table has a row per service:
-- without this the trigger wrote a null service and every completed charge failed).
DROP TRIGGER "payments_service_activity" ON "payments";--> statement-breakpoint
CREATE TRIGGER "payments_service_activity" AFTER INSERT OR UPDATE OF status ON "payments"
  FOR EACH ROW WHEN (NEW.status = 'completed' AND NEW.service_type IS NOT NULL) EXECUTE FUNCTION "service_activity_paid"();
