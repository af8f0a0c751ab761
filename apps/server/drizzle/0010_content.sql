CREATE TABLE "article_tag_links" (
	"article_id" bigint NOT NULL,
	"tag_code" text NOT NULL,
	CONSTRAINT "article_tag_links_article_id_tag_code_pk" PRIMARY KEY("article_id","tag_code")
);
--> statement-breakpoint
CREATE TABLE "article_tags" (
	"code" text PRIMARY KEY NOT NULL,
	"labels" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_translations" (
	"article_id" bigint NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "article_translations_article_id_locale_pk" PRIMARY KEY("article_id","locale")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_by_operator_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_published_has_time" CHECK (NOT is_published OR published_at IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "article_tag_links" ADD CONSTRAINT "article_tag_links_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_tag_links" ADD CONSTRAINT "article_tag_links_tag_code_article_tags_code_fk" FOREIGN KEY ("tag_code") REFERENCES "public"."article_tags"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_translations" ADD CONSTRAINT "article_translations_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_tag_links_tag_idx" ON "article_tag_links" USING btree ("tag_code","article_id");--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("kind","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE is_published;