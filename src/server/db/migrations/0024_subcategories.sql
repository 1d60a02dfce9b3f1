ALTER TABLE "items" ADD COLUMN "subcategory" text;--> statement-breakpoint
CREATE INDEX "items_active_subcategory_idx" ON "items" USING btree ("subcategory","created_at" DESC NULLS FIRST) WHERE "items"."is_active";--> statement-breakpoint
-- Backfill: older listings get the subcategory their style and title point to; the rest stay without one.
UPDATE "items" SET "subcategory" = CASE
  WHEN "category" = 'clothing' AND "title" ~* 'jean|denim pant' THEN 'jeans'
  WHEN "category" = 'clothing' AND "title" ~* 'skirt' THEN 'skirts'
  WHEN "category" = 'clothing' AND "title" ~* 'short' THEN 'shorts'
  WHEN "category" = 'clothing' AND "title" ~* 'dress' THEN 'dresses'
  WHEN "category" = 'clothing' AND "title" ~* 'hoodie|sweatshirt' THEN 'sweatshirts-hoodies'
  WHEN "category" = 'clothing' AND "title" ~* 'blazer|suit' THEN 'blazers-suits'
  WHEN "category" = 'clothing' AND ("title" ~* 'legging|track' OR "style" = 'Activewear') THEN 'activewear'
  WHEN "category" = 'clothing' AND ("title" ~* 'jacket|coat|parka|fleece|bomber' OR "style" = 'Outerwear') THEN 'jackets-coats'
  WHEN "category" = 'clothing' AND "title" ~* 'sweater|jumper|cardigan|knit' THEN 'knitwear'
  WHEN "category" = 'clothing' AND "title" ~* 'trouser|pant|chino' THEN 'trousers'
  WHEN "category" = 'clothing' AND ("title" ~* 't-shirt|tee|shirt|top|blouse' OR "style" = 'Tops') THEN 'tops'
  WHEN "category" = 'clothing' AND "style" = 'Dresses' THEN 'dresses'
  WHEN "category" = 'shoes' AND "title" ~* 'boot' THEN 'boots'
  WHEN "category" = 'shoes' AND "title" ~* 'heel|pump|stiletto' THEN 'heels'
  WHEN "category" = 'shoes' AND "title" ~* 'sandal|slide' THEN 'sandals'
  WHEN "category" = 'shoes' AND "title" ~* 'loafer|ballet|flat|mule' THEN 'flats'
  WHEN "category" = 'shoes' AND "title" ~* 'sneaker|trainer|runner|air |samba|stan smith|court' THEN 'sneakers'
  WHEN "category" = 'accessories' AND ("style" = 'Bags' OR "title" ~* 'bag|tote|backpack|pack|purse|clutch') THEN 'bags'
  WHEN "category" = 'accessories' AND ("style" = 'Jewelry' OR "title" ~* 'necklace|ring|bracelet|earring') THEN 'jewellery'
  WHEN "category" = 'accessories' AND ("style" = 'Watches' OR "title" ~* 'watch') THEN 'watches'
  WHEN "category" = 'accessories' AND "title" ~* 'scarf' THEN 'scarves'
  WHEN "category" = 'accessories' AND "title" ~* 'hat|cap|beanie' THEN 'hats'
  WHEN "category" = 'accessories' AND "title" ~* 'belt' THEN 'belts'
  WHEN "category" = 'accessories' AND "title" ~* 'sunglass' THEN 'sunglasses'
END WHERE "subcategory" IS NULL;
