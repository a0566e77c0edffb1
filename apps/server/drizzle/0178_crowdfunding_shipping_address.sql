-- A reward that ships keeps where to send it on its claim (gift or pledge), given before paying
-- (docs/product/crowdfunding.md#rewards).
ALTER TABLE "crowdfunding_reward_claims" ADD COLUMN "shipping_address" jsonb;
