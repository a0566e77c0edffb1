-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- Keeps peer_page_totals (docs/decisions/059-maintained-peer-page-totals.md): each statement on
-- donations adds its succeeded peer gifts' base amounts to their page's total and takes away what
-- an update or delete moved out (a refund, a page's credit cleared, an amount changed). Gifts
-- without a fundraiser page match no row here, so ordinary gifts write nothing. Concurrent gifts to
-- one page serialise on its row (insert-or-add), so no addition is lost.

CREATE OR REPLACE FUNCTION public.donations_refresh_peer_page_totals()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO peer_page_totals AS t (campaign_id, peer_campaign_id, npo_id, raised_minor, gifts)
    SELECT n.campaign_id, n.peer_campaign_id, min(n.npo_id), sum(n.base_amount_minor), count(*)
    FROM new_rows n
    WHERE n.peer_campaign_id IS NOT NULL AND n.status = 'succeeded'
    GROUP BY n.campaign_id, n.peer_campaign_id
    ORDER BY n.campaign_id, n.peer_campaign_id
    ON CONFLICT (campaign_id, peer_campaign_id) DO UPDATE
      SET raised_minor = t.raised_minor + excluded.raised_minor, gifts = t.gifts + excluded.gifts;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO peer_page_totals AS t (campaign_id, peer_campaign_id, npo_id, raised_minor, gifts)
    SELECT x.campaign_id, x.peer_campaign_id, min(x.npo_id), sum(x.amount), sum(x.gifts)
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES
      (o.campaign_id, o.peer_campaign_id, o.npo_id, -o.base_amount_minor, -1,
        o.peer_campaign_id IS NOT NULL AND o.status = 'succeeded'),
      (n.campaign_id, n.peer_campaign_id, n.npo_id, n.base_amount_minor, 1,
        n.peer_campaign_id IS NOT NULL AND n.status = 'succeeded')
    ) AS x(campaign_id, peer_campaign_id, npo_id, amount, gifts, counted)
    WHERE x.counted
      AND (o.campaign_id, o.peer_campaign_id, o.status, o.base_amount_minor)
        IS DISTINCT FROM (n.campaign_id, n.peer_campaign_id, n.status, n.base_amount_minor)
    GROUP BY x.campaign_id, x.peer_campaign_id
    ORDER BY x.campaign_id, x.peer_campaign_id
    ON CONFLICT (campaign_id, peer_campaign_id) DO UPDATE
      SET raised_minor = t.raised_minor + excluded.raised_minor, gifts = t.gifts + excluded.gifts;
  ELSE
    INSERT INTO peer_page_totals AS t (campaign_id, peer_campaign_id, npo_id, raised_minor, gifts)
    SELECT o.campaign_id, o.peer_campaign_id, min(o.npo_id), -sum(o.base_amount_minor), -count(*)
    FROM old_rows o
    WHERE o.peer_campaign_id IS NOT NULL AND o.status = 'succeeded'
    GROUP BY o.campaign_id, o.peer_campaign_id
    ORDER BY o.campaign_id, o.peer_campaign_id
    ON CONFLICT (campaign_id, peer_campaign_id) DO UPDATE
      SET raised_minor = t.raised_minor + excluded.raised_minor, gifts = t.gifts + excluded.gifts;
  END IF;
  RETURN NULL;
END $function$
;

DROP TRIGGER IF EXISTS donations_peer_page_totals_insert ON public.donations;
CREATE TRIGGER donations_peer_page_totals_insert AFTER INSERT ON public.donations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION donations_refresh_peer_page_totals();
DROP TRIGGER IF EXISTS donations_peer_page_totals_update ON public.donations;
CREATE TRIGGER donations_peer_page_totals_update AFTER UPDATE ON public.donations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION donations_refresh_peer_page_totals();
DROP TRIGGER IF EXISTS donations_peer_page_totals_delete ON public.donations;
CREATE TRIGGER donations_peer_page_totals_delete AFTER DELETE ON public.donations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION donations_refresh_peer_page_totals();
