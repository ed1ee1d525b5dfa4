CREATE TABLE "delivered_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"service" text NOT NULL,
	"file_url" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivered_files_service_check" CHECK ("delivered_files"."service" in ('google_business', 'website'))
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"user_id" uuid NOT NULL,
	"service" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"clicked_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "review_requests_user_id_service_pk" PRIMARY KEY("user_id","service"),
	CONSTRAINT "review_requests_service_check" CHECK ("review_requests"."service" in ('google_business', 'website'))
);
--> statement-breakpoint
CREATE TABLE "review_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"service" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"link" text,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" text,
	"comment" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "review_rounds_service_check" CHECK ("review_rounds"."service" in ('google_business', 'website')),
	CONSTRAINT "review_rounds_decision_check" CHECK ("review_rounds"."decision" is null or "review_rounds"."decision" in ('approved', 'changes_requested', 'superseded')),
	CONSTRAINT "review_rounds_decided_check" CHECK (("review_rounds"."decision" is null) = ("review_rounds"."decided_at" is null)),
	CONSTRAINT "review_rounds_comment_check" CHECK ("review_rounds"."decision" is distinct from 'changes_requested' or length("review_rounds"."comment") > 0)
);
--> statement-breakpoint
ALTER TABLE "delivered_files" ADD CONSTRAINT "delivered_files_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivered_files" ADD CONSTRAINT "delivered_files_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rounds" ADD CONSTRAINT "review_rounds_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rounds" ADD CONSTRAINT "review_rounds_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rounds" ADD CONSTRAINT "review_rounds_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivered_files_file_url_idx" ON "delivered_files" USING btree ("file_url");--> statement-breakpoint
CREATE INDEX "delivered_files_user_idx" ON "delivered_files" USING btree ("user_id","service","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_rounds_version_idx" ON "review_rounds" USING btree ("user_id","service","version");--> statement-breakpoint
CREATE INDEX "review_rounds_waiting_idx" ON "review_rounds" USING btree ("created_at") WHERE "review_rounds"."decision" is null;--> statement-breakpoint
CREATE INDEX "review_rounds_changes_idx" ON "review_rounds" USING btree ("decided_at") WHERE "review_rounds"."decision" = 'changes_requested';