-- One current definition (apps/server/drizzle/README.md): change it here, never in a migration.
-- A plan's base-currency rate, from its first gift, so monthly recurring revenue needs no join to
-- the donations (decision 013); kept by a trigger for every way a plan is made. A plan imported
-- from another platform has no first gift: its importer sets the rate (decision 101).

CREATE OR REPLACE FUNCTION public.recurring_plans_set_base_rate()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.first_donation_id IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT d.base_amount_minor::numeric / nullif(d.amount_minor, 0) INTO NEW.base_rate
  FROM donations d WHERE d.id = NEW.first_donation_id;
  RETURN NEW;
END $function$
;

DROP TRIGGER IF EXISTS recurring_plans_base_rate ON public.recurring_plans;
CREATE TRIGGER recurring_plans_base_rate BEFORE INSERT OR UPDATE OF first_donation_id ON public.recurring_plans FOR EACH ROW EXECUTE FUNCTION recurring_plans_set_base_rate();
