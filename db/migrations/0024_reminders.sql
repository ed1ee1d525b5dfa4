CREATE TABLE "reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"step" integer NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text NOT NULL,
	"emailed" boolean DEFAULT true NOT NULL,
	"sent_by" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	CONSTRAINT "reminders_kind_check" CHECK ("reminders"."kind" in ('unpaid_signup', 'information_form', 'approval_round', 'second_payment', 'rejected_payment', 'unread_messages')),
	CONSTRAINT "reminders_step_check" CHECK ("reminders"."step" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "unsubscribe_link" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "reminders_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "reminders_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_sent_by_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_step_once_idx" ON "reminders" USING btree ("user_id","kind","subject","step") WHERE "reminders"."step" > 0;--> statement-breakpoint
CREATE INDEX "reminders_user_sent_idx" ON "reminders" USING btree ("user_id","sent_at" DESC NULLS LAST);