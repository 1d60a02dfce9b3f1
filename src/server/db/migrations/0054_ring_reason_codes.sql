-- A ring leg's reason becomes a code and its values, worded by the reader's client
-- (src/common/domain/ring-reasons.ts). Legs stored as English sentences are read back into codes:
-- a wishlist entry keeps its title; a swap rule's criteria, stored as words, are dropped (the rule's
-- owner reads "it matches your swap rule"); any other sentence reads as the plain 'wanted'.
ALTER TABLE "ring_legs" ALTER COLUMN "reason" SET DATA TYPE jsonb USING (
	CASE
		WHEN "reason" = 'they favourited it' THEN '{"code":"favourite"}'::jsonb
		WHEN "reason" ~ '^it matches their wishlist entry ".*"$' THEN jsonb_build_object(
			'code', 'wishlist',
			'params', jsonb_build_object('entry', substring("reason" from '^it matches their wishlist entry "(.*)"$'))
		)
		WHEN "reason" LIKE 'it matches their wishlist%' THEN '{"code":"wishlist"}'::jsonb
		WHEN "reason" LIKE 'it matches their swap rule%' THEN '{"code":"swapRule"}'::jsonb
		ELSE '{"code":"wanted"}'::jsonb
	END
);
