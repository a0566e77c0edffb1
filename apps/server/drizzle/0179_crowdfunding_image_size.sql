-- An uploaded gallery image's own size, kept with its variants so the editor's save gives the page's images
-- width and height (no layout shift; docs/decisions/071-crowdfunding-pledge-rewards-and-image-variants.md).
ALTER TABLE "crowdfunding_image_variants" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "crowdfunding_image_variants" ADD COLUMN "height" integer;
