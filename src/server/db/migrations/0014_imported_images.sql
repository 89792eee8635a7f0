-- Which upload an imported image became, by its old address: a second import of the same file
-- reuses it instead of fetching it again or pointing back at the old site.
CREATE TABLE "imported_images" (
	"source" text PRIMARY KEY NOT NULL,
	"upload_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imported_images" ADD CONSTRAINT "imported_images_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;