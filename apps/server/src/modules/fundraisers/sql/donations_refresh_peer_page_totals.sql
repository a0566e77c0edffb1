-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Keeps peer_page_totals (docs/decisions/059-maintained-peer-page-totals.md): a succeeded peer gift
-- adds its base amount to its page's total, and an update or delete takes away what it moved out
-- (a refund, a page's credit cleared, an amount changed). Row triggers with WHEN conditions, so an
-- ordinary gift (no fundraiser page) never calls the function: the checkout's path pays nothing
-- for it. Concurrent gifts to one page serialise on its row (insert-or-add), so no addition is lost.

CREATE OR REPLACE FUNCTION public.donations_refresh_peer_page_totals()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.peer_campaign_id IS NOT NULL AND OLD.status = 'succeeded' THEN
    INSERT INTO peer_page_totals AS t (campaign_id, peer_campaign_id, npo_id, raised_minor, gifts)
    VALUES (OLD.campaign_id, OLD.peer_campaign_id, OLD.npo_id, -OLD.base_amount_minor, -1)
    ON CONFLICT (campaign_id, peer_campaign_id) DO UPDATE
      SET raised_minor = t.raised_minor + excluded.raised_minor, gifts = t.gifts + excluded.gifts;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.peer_campaign_id IS NOT NULL AND NEW.status = 'succeeded' THEN
    INSERT INTO peer_page_totals AS t (campaign_id, peer_campaign_id, npo_id, raised_minor, gifts)
    VALUES (NEW.campaign_id, NEW.peer_campaign_id, NEW.npo_id, NEW.base_amount_minor, 1)
    ON CONFLICT (campaign_id, peer_campaign_id) DO UPDATE
      SET raised_minor = t.raised_minor + excluded.raised_minor, gifts = t.gifts + excluded.gifts;
  END IF;
  RETURN NULL;
END $function$
;

DROP TRIGGER IF EXISTS donations_peer_page_totals_insert ON public.donations;
CREATE TRIGGER donations_peer_page_totals_insert AFTER INSERT ON public.donations FOR EACH ROW
  WHEN (NEW.peer_campaign_id IS NOT NULL AND NEW.status = 'succeeded')
  EXECUTE FUNCTION donations_refresh_peer_page_totals();
DROP TRIGGER IF EXISTS donations_peer_page_totals_update ON public.donations;
CREATE TRIGGER donations_peer_page_totals_update AFTER UPDATE ON public.donations FOR EACH ROW
  WHEN ((OLD.peer_campaign_id IS NOT NULL OR NEW.peer_campaign_id IS NOT NULL)
    AND (OLD.campaign_id, OLD.peer_campaign_id, OLD.status, OLD.base_amount_minor)
      IS DISTINCT FROM (NEW.campaign_id, NEW.peer_campaign_id, NEW.status, NEW.base_amount_minor))
  EXECUTE FUNCTION donations_refresh_peer_page_totals();
DROP TRIGGER IF EXISTS donations_peer_page_totals_delete ON public.donations;
CREATE TRIGGER donations_peer_page_totals_delete AFTER DELETE ON public.donations FOR EACH ROW
  WHEN (OLD.peer_campaign_id IS NOT NULL AND OLD.status = 'succeeded')
  EXECUTE FUNCTION donations_refresh_peer_page_totals();
