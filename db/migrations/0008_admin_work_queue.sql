CREATE TABLE "service_activity" (
	"user_id" uuid NOT NULL,
	"service_type" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"moved_at" timestamp with time zone NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	CONSTRAINT "service_activity_user_id_service_type_pk" PRIMARY KEY("user_id","service_type"),
	CONSTRAINT "service_activity_service_type_check" CHECK ("service_activity"."service_type" in ('google_business', 'website'))
);
--> statement-breakpoint
ALTER TABLE "google_business_info" ADD COLUMN "information_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "website_info" ADD COLUMN "information_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_activity" ADD CONSTRAINT "service_activity_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_activity_unfinished_moved_idx" ON "service_activity" USING btree ("moved_at") WHERE not "service_activity"."finished";--> statement-breakpoint
CREATE INDEX "google_business_info_unreviewed_idx" ON "google_business_info" USING btree ("updated_at") WHERE "google_business_info"."information_reviewed_at" is null or "google_business_info"."updated_at" > "google_business_info"."information_reviewed_at";--> statement-breakpoint
CREATE INDEX "payments_pending_created_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "website_info_unreviewed_idx" ON "website_info" USING btree ("updated_at") WHERE "website_info"."information_reviewed_at" is null or "website_info"."updated_at" > "website_info"."information_reviewed_at";--> statement-breakpoint
-- service_activity is kept by triggers (see db/app-schema.ts): a completed payment and any progress write.
CREATE FUNCTION "service_activity_paid"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  progress_at timestamptz;
  done boolean;
BEGIN
  IF NEW.service_type = 'google_business' THEN
    SELECT g.updated_at, (g.information_collection AND g.profile_creation AND g.submitted_verification AND g.verification_completed AND g.profile_optimization AND g.seo_local_setup) INTO progress_at, done
      FROM google_business_progress g WHERE g.user_id = NEW.user_id;
  ELSE
    SELECT w.updated_at, (w.client_info_received AND w.domain_hosting_setup AND w.planning_structure AND w.design_layout AND w.website_development AND w.seo_optimization AND w.review_approval AND w.website_launch) INTO progress_at, done
      FROM website_progress w WHERE w.user_id = NEW.user_id;
  END IF;
  INSERT INTO service_activity (user_id, service_type, paid_at, moved_at, finished)
  VALUES (NEW.user_id, NEW.service_type, NEW.updated_at, greatest(NEW.updated_at, coalesce(progress_at, NEW.updated_at)), coalesce(done, false))
  ON CONFLICT (user_id, service_type) DO UPDATE SET
    paid_at = greatest(service_activity.paid_at, EXCLUDED.paid_at),
    moved_at = greatest(service_activity.moved_at, EXCLUDED.moved_at),
    finished = EXCLUDED.finished;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_service_activity" AFTER INSERT OR UPDATE OF status ON "payments"
  FOR EACH ROW WHEN (NEW.status = 'completed') EXECUTE FUNCTION "service_activity_paid"();--> statement-breakpoint
CREATE FUNCTION "service_activity_google_progress"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE service_activity SET moved_at = greatest(moved_at, NEW.updated_at), finished = (NEW.information_collection AND NEW.profile_creation AND NEW.submitted_verification AND NEW.verification_completed AND NEW.profile_optimization AND NEW.seo_local_setup)
    WHERE user_id = NEW.user_id AND service_type = 'google_business';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "google_business_progress_service_activity" AFTER INSERT OR UPDATE ON "google_business_progress"
  FOR EACH ROW EXECUTE FUNCTION "service_activity_google_progress"();--> statement-breakpoint
CREATE FUNCTION "service_activity_website_progress"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE service_activity SET moved_at = greatest(moved_at, NEW.updated_at), finished = (NEW.client_info_received AND NEW.domain_hosting_setup AND NEW.planning_structure AND NEW.design_layout AND NEW.website_development AND NEW.seo_optimization AND NEW.review_approval AND NEW.website_launch)
    WHERE user_id = NEW.user_id AND service_type = 'website';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "website_progress_service_activity" AFTER INSERT OR UPDATE ON "website_progress"
  FOR EACH ROW EXECUTE FUNCTION "service_activity_website_progress"();--> statement-breakpoint
INSERT INTO service_activity (user_id, service_type, paid_at, moved_at, finished)
SELECT paid.user_id, paid.service_type, paid.paid_at,
  greatest(paid.paid_at, coalesce(CASE paid.service_type WHEN 'google_business' THEN g.updated_at ELSE w.updated_at END, paid.paid_at)),
  coalesce(CASE paid.service_type WHEN 'google_business' THEN (g.information_collection AND g.profile_creation AND g.submitted_verification AND g.verification_completed AND g.profile_optimization AND g.seo_local_setup) ELSE (w.client_info_received AND w.domain_hosting_setup AND w.planning_structure AND w.design_layout AND w.website_development AND w.seo_optimization AND w.review_approval AND w.website_launch) END, false)
FROM (SELECT user_id, service_type, max(updated_at) AS paid_at FROM payments WHERE status = 'completed' GROUP BY 1, 2) paid
LEFT JOIN google_business_progress g ON paid.service_type = 'google_business' AND g.user_id = paid.user_id
LEFT JOIN website_progress w ON paid.service_type = 'website' AND w.user_id = paid.user_id;
