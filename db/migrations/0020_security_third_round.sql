CREATE TABLE "promotion_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promotion_code_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"stripe_session_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_reservations_session_unique" UNIQUE("stripe_session_id")
);
--> statement-breakpoint
CREATE TABLE "reply_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "forget_body_after_send" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "email_message_id" text;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD COLUMN "address_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promotion_reservations" ADD CONSTRAINT "promotion_reservations_promotion_code_id_promotion_codes_id_fk" FOREIGN KEY ("promotion_code_id") REFERENCES "public"."promotion_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_reservations" ADD CONSTRAINT "promotion_reservations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_addresses" ADD CONSTRAINT "reply_addresses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_addresses" ADD CONSTRAINT "reply_addresses_recipient_id_user_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_reservations_customer_idx" ON "promotion_reservations" USING btree ("promotion_code_id","user_id");--> statement-breakpoint
CREATE INDEX "promotion_reservations_code_idx" ON "promotion_reservations" USING btree ("promotion_code_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reply_addresses_pair_idx" ON "reply_addresses" USING btree ("user_id","recipient_id");--> statement-breakpoint
CREATE INDEX "reply_addresses_recipient_idx" ON "reply_addresses" USING btree ("recipient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_email_message_id_idx" ON "messages" USING btree ("user_id","email_message_id") WHERE "messages"."email_message_id" is not null;--> statement-breakpoint
-- The product never writes the account's image (a profile's picture is profiles.avatar_url): any value there came
-- from a client, and may name a stored file of somebody else.
UPDATE "user" SET "image" = NULL WHERE "image" IS NOT NULL;--> statement-breakpoint
-- Invitation and password-reset links were kept in clear in the log of sent e-mails: blanked, as from now on.
UPDATE "email_messages" SET "text" = '', "html" = '' WHERE "status" <> 'queued' AND ("text" LIKE '%/admin/invitations/%' OR "text" LIKE '%/reset-password?token=%');--> statement-breakpoint
UPDATE "email_messages" SET "forget_body_after_send" = true WHERE "status" = 'queued' AND ("text" LIKE '%/admin/invitations/%' OR "text" LIKE '%/reset-password?token=%');--> statement-breakpoint
-- A conversation's reply address named only the customer: such addresses are no longer taken, and none is kept.
UPDATE "email_messages" SET "reply_to" = NULL WHERE "reply_to" IS NOT NULL;
