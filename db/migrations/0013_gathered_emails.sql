ALTER TABLE "email_messages" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "gather_key" text;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "gathered" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "email_messages_gathering_idx" ON "email_messages" USING btree ("gather_key") WHERE "email_messages"."status" = 'queued';