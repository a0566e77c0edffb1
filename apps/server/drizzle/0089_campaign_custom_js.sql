-- Custom JS per campaign (docs/decisions/036-donor-wall-and-custom-js.md): set by organisation admins only,
-- run by the public page through its Content-Security-Policy nonce.
ALTER TABLE "campaigns" ADD COLUMN "custom_js" text DEFAULT '' NOT NULL;
