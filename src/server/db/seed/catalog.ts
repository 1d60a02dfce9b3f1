import type { Color, Condition, Gender, Season, Style } from '../../../common/domain/taxonomy';
import type { ArtShape } from './garment-art';

/**
 * The demo catalogue: real-world products that people actually swap, each drawn by one garment
 * shape of the demo artwork. Values are what the piece is worth new, in whole dollars; the
 * item's estimated value scales down with its condition.
 */
export interface ItemTemplate {
  brand: string | null;
  name: string;
  style: Style;
  shape: ArtShape;
  genders: readonly Gender[];
  /** Worth in dollars when new: [low, high]. */
  value: readonly [number, number];
  material: string;
  tags: readonly string[];
  seasons: readonly Season[];
  blurb: string;
  /** Only these of the shape's photo colours suit the product; all of them when absent. */
  colors?: readonly Color[];
}

/**
 * The photo pool: for each shape, the colours it is drawn in and how many camera variants each
 * colour gets. Every photo here is rendered once and shared by every item of that shape and colour,
 * so this table is what bounds seeding time (about 70 photos). Every colour of the vocabulary
 * appears, so that each colour filter has results.
 */
// prettier-ignore
export const ART_POOL: Record<ArtShape, ReadonlyArray<readonly [Color, number]>> = {
  tshirt: [['White', 2], ['Black', 1], ['Yellow', 1], ['Orange', 1]],
  sweater: [['Beige', 1], ['Navy', 1], ['Purple', 1]],
  shirt: [['Blue', 1], ['White', 1], ['Pink', 1]],
  trousers: [['Beige', 1], ['Black', 1], ['Gray', 1]],
  jeans: [['Blue', 4], ['Black', 1]],
  skirt: [['Black', 1], ['Pink', 1]],
  dress: [['Black', 1], ['Red', 1]],
  'floral-dress': [['Navy', 2], ['Yellow', 1]],
  jacket: [['Blue', 2], ['Green', 1], ['Black', 1]],
  coat: [['Beige', 1], ['Gray', 1], ['Navy', 1]],
  hoodie: [['Gray', 1], ['Black', 1], ['Purple', 1]],
  leggings: [['Black', 1], ['Purple', 1]],
  blazer: [['Navy', 1], ['Beige', 1], ['Black', 1]],
  suit: [['Navy', 1], ['Gray', 1]],
  sneaker: [['White', 3], ['Gray', 1], ['Red', 1], ['Blue', 1]],
  boot: [['Black', 2], ['Brown', 1]],
  handbag: [['Brown', 1], ['Black', 1], ['Red', 1]],
  tote: [['Navy', 1], ['Beige', 1]],
  backpack: [['Black', 1], ['Orange', 1], ['Yellow', 1]],
  necklace: [['Yellow', 1], ['Gray', 1]],
  ring: [['Yellow', 1], ['Gray', 1]],
  watch: [['Brown', 1], ['Black', 1]],
  cap: [['Navy', 1], ['Black', 1]],
  scarf: [['Red', 1], ['Gray', 1]],
  sunglasses: [['Black', 1], ['Brown', 1]],
};

const ALL: readonly Season[] = ['Spring', 'Summer', 'Fall', 'Winter'];
const WARM: readonly Season[] = ['Spring', 'Summer'];
const SUMMER: readonly Season[] = ['Summer'];
const COLD: readonly Season[] = ['Fall', 'Winter'];
const WINTER: readonly Season[] = ['Winter'];
const MILD: readonly Season[] = ['Spring', 'Fall'];
const NOT_WINTER: readonly Season[] = ['Spring', 'Summer', 'Fall'];
const NOT_SUMMER: readonly Season[] = ['Spring', 'Fall', 'Winter'];

const W: readonly Gender[] = ['women'];
const M: readonly Gender[] = ['men'];
const U: readonly Gender[] = ['unisex'];
const WM: readonly Gender[] = ['women', 'men'];
const WMU: readonly Gender[] = ['women', 'men', 'unisex'];
const K: readonly Gender[] = ['kids'];

type Row = [
  brand: string | null,
  name: string,
  style: Style,
  shape: ArtShape,
  genders: readonly Gender[],
  value: readonly [number, number],
  material: string,
  tags: readonly string[],
  seasons: readonly Season[],
  blurb: string,
  colors?: readonly Color[],
];

// prettier-ignore
const ROWS: Row[] = [
  // Tops
  ['Uniqlo', 'Supima Cotton Crew Neck T-Shirt', 'Tops', 'tshirt', WMU, [15, 25], 'Supima cotton jersey', ['basics', 'cotton', 'minimal'], NOT_WINTER, 'An everyday crew-neck tee with a clean, slightly boxy shape.'],
  ['COS', 'Boxy Heavyweight T-Shirt', 'Tops', 'tshirt', WM, [25, 40], 'thick organic cotton', ['minimal', 'organic', 'boxy'], WARM, 'A heavyweight tee with dropped shoulders and a dense, matte jersey.'],
  ['Carhartt WIP', 'Chase Pocket T-Shirt', 'Tops', 'tshirt', ['men', 'unisex'], [30, 45], 'heavy cotton jersey', ['workwear', 'streetwear', 'cotton'], NOT_WINTER, 'A sturdy pocket tee with the small embroidered logo on the chest.'],
  ['Patagonia', 'P-6 Logo Responsibili-Tee', 'Tops', 'tshirt', U, [30, 45], 'recycled cotton and polyester', ['outdoor', 'sustainable', 'logo'], WARM, 'The classic P-6 logo tee, made entirely from recycled fibres.'],
  ['Ganni', 'Organic Cotton Logo T-Shirt', 'Tops', 'tshirt', W, [55, 85], 'soft organic cotton', ['scandi', 'logo', 'organic'], WARM, 'A relaxed logo tee with a slightly cropped length.', ['White', 'Black', 'Yellow']],
  [null, 'Vintage Band T-Shirt', 'Tops', 'tshirt', U, [25, 70], 'soft, thin washed cotton', ['vintage', '90s', 'music'], NOT_WINTER, 'A genuinely worn-in band tee from the late nineties, single-stitch hem.', ['Black', 'White']],
  ['Tommy Hilfiger', 'Essential Logo T-Shirt', 'Tops', 'tshirt', WM, [25, 40], 'cotton jersey', ['preppy', 'logo', 'casual'], WARM, 'A regular-fit tee with the flag logo at the chest.'],
  ['Arket', 'Merino Wool Crew-Neck Jumper', 'Tops', 'sweater', WM, [70, 110], 'fine merino wool', ['wool', 'knitwear', 'minimal'], NOT_SUMMER, 'A fine-gauge merino jumper that layers under everything.'],
  ['Acne Studios', 'Face Patch Wool Sweater', 'Tops', 'sweater', U, [200, 320], 'soft lambswool', ['wool', 'designer', 'knitwear'], COLD, 'The relaxed crew-neck with the square face patch on the hem.'],
  ['Ralph Lauren', 'Cable-Knit Cotton Sweater', 'Tops', 'sweater', WM, [100, 160], 'cable-knit cotton', ['preppy', 'knitwear', 'classic'], MILD, 'A chunky cable-knit with the embroidered pony on the chest.'],
  ['Uniqlo', 'Cashmere Crew Neck Sweater', 'Tops', 'sweater', WM, [70, 110], 'pure cashmere', ['cashmere', 'knitwear', 'minimal'], COLD, 'Soft, lightweight cashmere in a classic crew neck.'],
  ['Zara', 'Ribbed Knit Top', 'Tops', 'sweater', W, [20, 35], 'stretch rib knit', ['y2k', 'basics', 'fitted'], MILD, 'A fitted long-sleeve rib top that works alone or layered.'],
  [null, 'Vintage Fisherman Jumper', 'Tops', 'sweater', U, [40, 90], 'undyed wool', ['vintage', 'wool', 'handknit'], WINTER, 'A hand-knitted Aran jumper with deep cable panels.', ['Beige', 'Navy']],
  ['& Other Stories', 'Oversized Poplin Shirt', 'Tops', 'shirt', W, [45, 75], 'crisp cotton poplin', ['minimal', 'office', 'cotton'], NOT_WINTER, 'A crisp oversized shirt with a long, curved hem.'],
  ['Ralph Lauren', 'Oxford Button-Down Shirt', 'Tops', 'shirt', M, [70, 110], 'cotton oxford cloth', ['preppy', 'classic', 'office'], ALL, 'The custom-fit Oxford with a button-down collar.'],
  ['Mango', 'Linen Blend Shirt', 'Tops', 'shirt', WM, [30, 50], 'linen-cotton blend', ['linen', 'summer', 'relaxed'], WARM, 'A breezy shirt in a slubby linen blend, perfect for hot days.'],
  ['Tommy Hilfiger', 'Slim Fit Stretch Shirt', 'Tops', 'shirt', M, [45, 80], 'stretch cotton', ['office', 'preppy', 'slim'], ALL, 'A slim office shirt with a little stretch for comfort.'],
  ['Levi\'s', 'Barstow Western Denim Shirt', 'Tops', 'shirt', WM, [50, 70], 'lightweight denim', ['denim', 'western', 'vintage'], MILD, 'A western shirt with pointed yokes and pearl snaps.', ['Blue']],
  // Bottoms
  ['Levi\'s', '501 Original Straight Jeans', 'Bottoms', 'jeans', WM, [70, 110], 'rigid 100% cotton denim', ['denim', 'classic', 'vintage'], ALL, 'The original button-fly 501 with a straight leg.'],
  ['Levi\'s', 'Ribcage Straight Ankle Jeans', 'Bottoms', 'jeans', W, [80, 110], 'non-stretch cotton denim', ['denim', 'high-waisted', '90s'], ALL, 'A super-high rise with a straight, ankle-length leg.'],
  ['Acne Studios', '1996 Relaxed Jeans', 'Bottoms', 'jeans', U, [220, 320], 'Italian cotton denim', ['denim', 'designer', 'relaxed'], ALL, 'A loose, mid-rise jean with a slightly tapered leg.'],
  ['Arket', 'Regular Straight Jeans', 'Bottoms', 'jeans', M, [60, 90], 'organic cotton denim', ['denim', 'organic', 'minimal'], ALL, 'A regular-fit straight jean in heavy organic denim.'],
  ['Carhartt WIP', 'Single Knee Pant', 'Bottoms', 'trousers', ['men', 'unisex'], [80, 120], 'Dearborn canvas', ['workwear', 'canvas', 'streetwear'], NOT_SUMMER, 'The relaxed work pant with a reinforced single knee panel.', ['Beige', 'Black']],
  ['Dickies', '874 Original Work Pant', 'Bottoms', 'trousers', U, [35, 50], 'polyester-cotton twill', ['workwear', 'skate', 'classic'], ALL, 'The classic straight work pant with a permanent crease.'],
  ['COS', 'Wide-Leg Wool Trousers', 'Bottoms', 'trousers', W, [90, 140], 'wool-blend twill', ['tailoring', 'minimal', 'wool'], COLD, 'High-waisted, pleated trousers with a fluid wide leg.'],
  ['Zara', 'High-Waist Wide Leg Trousers', 'Bottoms', 'trousers', W, [35, 50], 'stretch crepe', ['office', 'tailoring', 'wide-leg'], ALL, 'Flattering wide-leg trousers with a high, structured waist.'],
  ['Arket', 'Straight Cotton Chinos', 'Bottoms', 'trousers', M, [55, 80], 'garment-dyed cotton twill', ['chinos', 'minimal', 'classic'], NOT_WINTER, 'Mid-rise chinos with a straight leg and a soft, washed finish.'],
  ['Uniqlo', 'Smart Ankle Pants', 'Bottoms', 'trousers', WM, [30, 45], 'stretch polyester blend', ['office', 'basics', 'stretch'], ALL, 'Neat, cropped trousers with a comfortable stretch waistband.'],
  ['Mango', 'Pleated Midi Skirt', 'Bottoms', 'skirt', W, [40, 60], 'flowing satin-finish fabric', ['feminine', 'pleated', 'office'], NOT_WINTER, 'A swishy pleated midi skirt with an elasticated back waist.'],
  ['& Other Stories', 'Satin Midi Skirt', 'Bottoms', 'skirt', W, [60, 90], 'fluid satin', ['satin', 'evening', 'minimal'], ALL, 'A bias-cut satin skirt that falls just below the knee.'],
  ['Zara', 'Faux Leather Mini Skirt', 'Bottoms', 'skirt', W, [30, 45], 'faux leather', ['y2k', 'party', 'faux-leather'], MILD, 'A short A-line skirt in a soft, supple faux leather.', ['Black']],
  ['Ganni', 'Seersucker Check Skirt', 'Bottoms', 'skirt', W, [120, 180], 'organic cotton seersucker', ['scandi', 'check', 'designer'], WARM, 'A playful gingham skirt with a flattering A-line cut.'],
  // Dresses
  ['Ganni', 'Floral Wrap Dress', 'Dresses', 'floral-dress', W, [180, 280], 'printed recycled crepe', ['floral', 'boho', 'designer'], WARM, 'A floaty floral wrap dress with flutter sleeves and a tie waist.'],
  ['Mango', 'Floral Print Midi Dress', 'Dresses', 'floral-dress', W, [50, 80], 'printed viscose', ['floral', 'summer', 'feminine'], WARM, 'A midi dress in a ditsy floral print with a V-neck.'],
  ['Reformation', 'Juliette Floral Dress', 'Dresses', 'floral-dress', W, [200, 280], 'Tencel lyocell', ['floral', 'sustainable', 'vintage'], SUMMER, 'The puff-shoulder midi with a sweetheart-style neckline.'],
  ['& Other Stories', 'Belted Wrap Midi Dress', 'Dresses', 'dress', W, [80, 120], 'fluid crepe', ['minimal', 'office', 'wrap'], ALL, 'A wrap dress with a self-tie belt that flatters every shape.'],
  ['COS', 'Jersey Wrap Dress', 'Dresses', 'dress', W, [80, 120], 'heavy cotton jersey', ['minimal', 'jersey', 'capsule'], NOT_SUMMER, 'A soft jersey wrap dress that works from desk to dinner.'],
  ['Zara', 'Satin Effect Midi Dress', 'Dresses', 'dress', W, [40, 60], 'satin-effect fabric', ['party', 'satin', 'evening'], ALL, 'A glossy midi dress with a wrap front and short sleeves.'],
  ['Ralph Lauren', 'Belted Cotton Shirtdress', 'Dresses', 'dress', W, [150, 200], 'cotton broadcloth', ['preppy', 'classic', 'cotton'], WARM, 'A polished shirtdress with a matching belt.'],
  // Outerwear
  ['Levi\'s', 'Trucker Denim Jacket', 'Outerwear', 'jacket', WMU, [80, 110], 'rigid cotton denim', ['denim', 'classic', 'vintage'], MILD, 'The iconic trucker with pleated front panels and flap pockets.', ['Blue', 'Black']],
  ['The North Face', '1996 Retro Nuptse Jacket', 'Outerwear', 'jacket', U, [280, 340], 'recycled nylon with 700-fill down', ['puffer', 'outdoor', 'streetwear'], WINTER, 'The boxy, baffled Nuptse puffer with a stowable hood.', ['Black', 'Green']],
  ['Patagonia', 'Retro-X Fleece Jacket', 'Outerwear', 'jacket', U, [160, 230], 'windproof deep-pile fleece', ['fleece', 'outdoor', 'gorpcore'], COLD, 'A warm, windproof pile fleece with a chest pocket.', ['Green', 'Black']],
  ['Patagonia', 'Torrentshell 3L Rain Jacket', 'Outerwear', 'jacket', WM, [150, 180], 'recycled nylon 3-layer shell', ['outdoor', 'rain', 'sustainable'], MILD, 'A packable, fully waterproof shell with pit zips.'],
  ['Barbour', 'Bedale Wax Jacket', 'Outerwear', 'jacket', WM, [350, 420], 'waxed cotton', ['waxed-cotton', 'british', 'countryside'], NOT_SUMMER, 'The short, classic riding jacket with a cord collar.', ['Green', 'Black']],
  ['Carhartt WIP', 'Detroit Jacket', 'Outerwear', 'jacket', M, [170, 230], 'organic cotton canvas', ['workwear', 'canvas', 'streetwear'], MILD, 'The boxy work jacket with a corduroy collar and quilted lining.', ['Black', 'Green']],
  ['Tommy Hilfiger', 'Padded Bomber Jacket', 'Outerwear', 'jacket', M, [120, 180], 'recycled nylon with padding', ['bomber', 'preppy', 'casual'], COLD, 'A lightly padded bomber with ribbed cuffs and hem.'],
  ['Zara', 'Wool Blend Coat', 'Outerwear', 'coat', W, [90, 130], 'wool-blend melton', ['wool', 'classic', 'tailoring'], COLD, 'A long, straight coat with notch lapels.'],
  ['COS', 'Double-Breasted Wool Coat', 'Outerwear', 'coat', WM, [220, 290], 'recycled wool blend', ['wool', 'minimal', 'tailoring'], COLD, 'A clean double-breasted coat cut just below the knee.'],
  ['Arket', 'Wool Blend Overcoat', 'Outerwear', 'coat', M, [200, 250], 'Italian wool blend', ['wool', 'minimal', 'classic'], WINTER, 'A single-breasted overcoat with a relaxed, modern fit.'],
  ['Mango', 'Classic Trench Coat', 'Outerwear', 'coat', W, [120, 160], 'water-repellent cotton gabardine', ['trench', 'classic', 'timeless'], MILD, 'The double-breasted trench with a storm flap and belted waist.', ['Beige', 'Navy']],
  ['Acne Studios', 'Oversized Wool Coat', 'Outerwear', 'coat', U, [400, 500], 'double-faced wool', ['wool', 'designer', 'oversized'], WINTER, 'A dramatic oversized coat with dropped shoulders.'],
  // Activewear
  ['Nike', 'Tech Fleece Full-Zip Hoodie', 'Activewear', 'hoodie', WMU, [90, 130], 'Tech Fleece cotton blend', ['sporty', 'athleisure', 'streetwear'], NOT_SUMMER, 'The slim, lightweight Tech Fleece hoodie with bonded zip pockets.'],
  ['Adidas', 'Essentials Fleece Hoodie', 'Activewear', 'hoodie', WM, [45, 65], 'cotton-blend fleece', ['sporty', 'athleisure', 'casual'], COLD, 'A cosy pullover hoodie with a kangaroo pocket.'],
  ['Champion', 'Reverse Weave Hoodie', 'Activewear', 'hoodie', U, [60, 90], 'heavyweight reverse-weave fleece', ['vintage', 'sporty', '90s'], COLD, 'A heavyweight hoodie that resists shrinking, with side ribs.'],
  ['The North Face', 'Drew Peak Hoodie', 'Activewear', 'hoodie', WM, [55, 75], 'brushed cotton-blend fleece', ['outdoor', 'logo', 'casual'], COLD, 'A warm logo hoodie with a lined hood.'],
  ['Lululemon', 'Align High-Rise Leggings 25"', 'Activewear', 'leggings', W, [80, 100], 'buttery-soft Nulu fabric', ['yoga', 'athleisure', 'sporty'], ALL, 'Weightless, high-rise yoga leggings with a hidden waistband pocket.'],
  ['Nike', 'One High-Waisted Leggings', 'Activewear', 'leggings', W, [45, 60], 'Dri-FIT stretch jersey', ['gym', 'sporty', 'running'], ALL, 'Soft, sweat-wicking leggings for training and everyday wear.'],
  ['Girlfriend Collective', 'Compressive High-Rise Legging', 'Activewear', 'leggings', W, [70, 90], 'recycled-bottle compressive fabric', ['sustainable', 'yoga', 'gym'], ALL, 'Supportive compressive leggings made from recycled plastic bottles.'],
  ['Adidas', 'Tiro Track Pants', 'Activewear', 'trousers', U, [45, 60], 'recycled polyester doubleknit', ['sporty', 'football', 'streetwear'], ALL, 'Slim track pants with zip ankles and the three side stripes.', ['Black']],
  // Formal
  ['Hugo Boss', 'Slim-Fit Wool Suit', 'Formal', 'suit', M, [380, 500], 'virgin wool', ['tailoring', 'wedding', 'office'], ALL, 'A sharp two-piece suit with a slim jacket and flat-front trousers.'],
  ['Suitsupply', 'Havana Two-Piece Suit', 'Formal', 'suit', M, [380, 480], 'pure wool by Vitale Barberis Canonico', ['tailoring', 'wedding', 'italian'], ALL, 'A soft-shouldered, fully-lined suit with a modern fit.'],
  ['Tommy Hilfiger', 'Slim Fit Wool Suit', 'Formal', 'suit', M, [300, 400], 'stretch wool', ['tailoring', 'office', 'preppy'], ALL, 'A smart two-piece that looks sharp at weddings and interviews.'],
  ['Zara', 'Tailored Blazer', 'Formal', 'blazer', W, [50, 80], 'crepe', ['office', 'tailoring', 'oversized'], ALL, 'A straight-cut blazer with padded shoulders and flap pockets.'],
  ['Mango', 'Structured Suit Blazer', 'Formal', 'blazer', W, [70, 100], 'stretch suiting', ['office', 'tailoring', 'classic'], ALL, 'A sharply structured blazer with a single-button front.'],
  ['COS', 'Relaxed Wool Blazer', 'Formal', 'blazer', U, [160, 220], 'wool twill', ['minimal', 'tailoring', 'wool'], NOT_SUMMER, 'A relaxed, unstructured blazer with soft shoulders.'],
  ['Ralph Lauren', 'Polo Soft Tailored Blazer', 'Formal', 'blazer', M, [300, 400], 'wool hopsack', ['preppy', 'tailoring', 'classic'], ALL, 'A navy hopsack blazer with horn-effect buttons.', ['Navy', 'Black']],
  ['& Other Stories', 'Satin Evening Dress', 'Formal', 'dress', W, [110, 160], 'heavy satin', ['evening', 'wedding-guest', 'satin'], ALL, 'A floor-skimming satin dress with a wrap bodice.'],
  // Shoes
  ['Dr. Martens', '1460 Smooth Leather Boots', 'Shoes', 'boot', U, [150, 180], 'smooth leather with the AirWair sole', ['leather', 'grunge', 'boots'], NOT_SUMMER, 'The original 8-eye boot with yellow welt stitching.'],
  ['Dr. Martens', 'Jadon Platform Boots', 'Shoes', 'boot', W, [180, 210], 'Polished Smooth leather', ['platform', 'grunge', 'leather'], COLD, 'The 8-eye boot on a chunky platform sole.', ['Black']],
  ['Timberland', '6-Inch Premium Waterproof Boots', 'Shoes', 'boot', WM, [180, 210], 'waterproof nubuck', ['workwear', 'outdoor', 'boots'], COLD, 'The iconic waterproof work boot with padded collar.', ['Brown', 'Black']],
  ['Blundstone', '#500 Chelsea Boots', 'Shoes', 'boot', U, [180, 220], 'oiled leather', ['chelsea', 'leather', 'outdoor'], NOT_SUMMER, 'Tough, pull-on Chelsea boots that last for years.', ['Brown', 'Black']],
  ['Nike', 'Air Force 1 \'07', 'Shoes', 'sneaker', U, [100, 120], 'full-grain leather', ['sneakers', 'streetwear', 'classic'], ALL, 'The timeless low-top with Air cushioning in the sole.', ['White', 'Gray']],
  ['Nike', 'Air Max 90', 'Shoes', 'sneaker', WM, [120, 140], 'leather and mesh', ['sneakers', 'retro', 'running'], ALL, 'The 1990 runner with the visible Air unit in the heel.'],
  ['Adidas', 'Samba OG', 'Shoes', 'sneaker', U, [100, 120], 'leather with a suede T-toe', ['sneakers', 'terrace', 'retro'], ALL, 'The indoor football classic with the gum sole.', ['White', 'Blue', 'Red']],
  ['Adidas', 'Stan Smith', 'Shoes', 'sneaker', U, [90, 110], 'leather', ['sneakers', 'minimal', 'tennis'], ALL, 'The clean leather tennis shoe with perforated stripes.', ['White']],
  ['New Balance', '550', 'Shoes', 'sneaker', WM, [110, 130], 'leather', ['sneakers', 'retro', 'basketball'], ALL, 'The late-80s basketball shoe, back in its original shape.'],
  ['New Balance', '990v6 Made in USA', 'Shoes', 'sneaker', M, [190, 220], 'pigskin suede and mesh', ['sneakers', 'dad-shoe', 'gorpcore'], ALL, 'The premium grey runner with ENCAP cushioning.', ['Gray']],
  ['Veja', 'V-10 Leather Sneakers', 'Shoes', 'sneaker', WM, [150, 180], 'chrome-free leather with a wild rubber sole', ['sneakers', 'sustainable', 'leather'], ALL, 'Fair-trade leather sneakers with the signature V.', ['White', 'Gray']],
  ['Birkenstock', 'Bend Low Sneakers', 'Shoes', 'sneaker', U, [130, 160], 'suede with the anatomical footbed', ['sneakers', 'comfort', 'retro'], NOT_WINTER, 'A retro sneaker built on the contoured Birkenstock footbed.'],
  ['Salomon', 'XT-6', 'Shoes', 'sneaker', U, [180, 200], 'synthetic mesh with Quicklace', ['gorpcore', 'trail', 'sneakers'], ALL, 'The trail runner that became a fashion staple.'],
  // Bags
  ['Longchamp', 'Le Pliage Original Tote', 'Bags', 'tote', W, [120, 160], 'recycled nylon canvas with leather trim', ['tote', 'travel', 'classic'], ALL, 'The foldable nylon tote with the leather flap and handles.'],
  ['Mango', 'Leather Shopper Bag', 'Bags', 'tote', W, [60, 90], 'smooth leather', ['leather', 'office', 'tote'], ALL, 'A roomy leather shopper that fits a laptop.'],
  ['Arket', 'Canvas Tote Bag', 'Bags', 'tote', U, [30, 45], 'heavy organic cotton canvas', ['canvas', 'minimal', 'everyday'], ALL, 'A sturdy everyday tote with an inside zip pocket.'],
  ['Coach', 'Tabby Shoulder Bag 26', 'Bags', 'handbag', W, [300, 400], 'polished pebble leather', ['leather', 'designer', 'shoulder-bag'], ALL, 'A structured flap bag with the signature C hardware.'],
  ['Polène', 'Numéro Un Handbag', 'Bags', 'handbag', W, [350, 450], 'full-grain textured leather', ['leather', 'designer', 'parisian'], ALL, 'The sculptural top-handle bag with a removable strap.'],
  ['& Other Stories', 'Leather Top Handle Bag', 'Bags', 'handbag', W, [90, 130], 'smooth leather', ['leather', 'minimal', 'office'], ALL, 'A compact top-handle bag with a gold clasp.'],
  ['Zara', 'Mini City Bag', 'Bags', 'handbag', W, [35, 50], 'faux leather', ['party', 'mini-bag', 'y2k'], ALL, 'A small structured bag with a top handle and long strap.'],
  ['Fjällräven', 'Kånken Backpack', 'Bags', 'backpack', U, [80, 100], 'durable Vinylon F', ['backpack', 'scandi', 'school'], ALL, 'The iconic boxy backpack with a detachable seat pad.'],
  ['Herschel', 'Little America Backpack', 'Bags', 'backpack', U, [90, 120], 'recycled polyester', ['backpack', 'travel', 'laptop'], ALL, 'A mountaineering-style backpack with a padded laptop sleeve.'],
  ['Patagonia', 'Black Hole Pack 25L', 'Bags', 'backpack', U, [120, 150], 'recycled ripstop with TPU laminate', ['backpack', 'outdoor', 'travel'], ALL, 'A weather-resistant daypack with plenty of organisation.', ['Black', 'Orange']],
  ['The North Face', 'Borealis Backpack', 'Bags', 'backpack', U, [90, 110], 'recycled polyester', ['backpack', 'outdoor', 'laptop'], ALL, 'A comfortable commuter pack with a bungee front.', ['Black', 'Yellow']],
  // Jewelry
  ['Mejuri', 'Bold Chain Necklace', 'Jewelry', 'necklace', W, [150, 250], '18k gold vermeil', ['gold', 'minimal', 'everyday'], ALL, 'A chunky link chain that layers beautifully.'],
  ['Swarovski', 'Crystal Pendant Necklace', 'Jewelry', 'necklace', W, [90, 140], 'rhodium-plated metal with crystal', ['crystal', 'evening', 'gift'], ALL, 'A sparkling drop pendant on a fine chain.'],
  ['& Other Stories', 'Pendant Chain Necklace', 'Jewelry', 'necklace', W, [30, 50], 'gold-plated brass', ['gold', 'minimal', 'layering'], ALL, 'A delicate chain with a small geometric pendant.'],
  ['Pandora', 'Sparkling Band Ring', 'Jewelry', 'ring', W, [50, 80], 'sterling silver with cubic zirconia', ['silver', 'sparkle', 'gift'], ALL, 'A slim band set with a single sparkling stone.'],
  [null, 'Vintage Signet Ring', 'Jewelry', 'ring', U, [60, 150], 'solid sterling silver', ['vintage', 'silver', 'signet'], ALL, 'A weighty vintage signet ring with a smooth face.'],
  ['Monica Vinader', 'Siren Cocktail Ring', 'Jewelry', 'ring', W, [150, 250], '18ct gold vermeil with a gemstone', ['gold', 'gemstone', 'designer'], ALL, 'A statement ring with a faceted gemstone.'],
  // Watches
  ['Fossil', 'Grant Chronograph Leather Watch', 'Watches', 'watch', M, [120, 160], 'stainless steel with a leather strap', ['watch', 'classic', 'leather'], ALL, 'A 44 mm chronograph with Roman numerals.'],
  ['Fossil', 'Jacqueline Leather Watch', 'Watches', 'watch', W, [90, 130], 'stainless steel with a leather strap', ['watch', 'minimal', 'leather'], ALL, 'A slim, elegant watch with a date window.'],
  ['Daniel Wellington', 'Classic Petite Watch', 'Watches', 'watch', W, [120, 180], 'stainless steel with a leather strap', ['watch', 'minimal', 'gift'], ALL, 'A clean, minimal dial on an interchangeable strap.'],
  ['Timex', 'Weekender 38mm Watch', 'Watches', 'watch', U, [45, 70], 'brass case with a leather strap', ['watch', 'casual', 'vintage'], ALL, 'An easy everyday watch with Indiglo night-light.'],
  ['Seiko', '5 Sports Automatic Watch', 'Watches', 'watch', M, [250, 320], 'stainless steel automatic', ['watch', 'automatic', 'japanese'], ALL, 'A robust automatic diver-style watch with day-date.', ['Black', 'Brown']],
  // Accessories
  ['Ray-Ban', 'Wayfarer Classic Sunglasses', 'Accessories', 'sunglasses', U, [130, 170], 'acetate frame with G-15 lenses', ['sunglasses', 'classic', 'summer'], WARM, 'The iconic Wayfarer in a sturdy acetate frame.'],
  ['Ray-Ban', 'Clubmaster Sunglasses', 'Accessories', 'sunglasses', U, [140, 180], 'acetate and metal frame', ['sunglasses', 'retro', 'summer'], WARM, 'The browline frame with a retro, intellectual look.'],
  ['Carhartt WIP', 'Madison Logo Cap', 'Accessories', 'cap', U, [30, 40], 'cotton twill', ['cap', 'streetwear', 'workwear'], NOT_WINTER, 'A six-panel cap with an embroidered script logo.', ['Navy', 'Black']],
  ['Patagonia', 'P-6 Trucker Hat', 'Accessories', 'cap', U, [30, 40], 'organic cotton with mesh back', ['cap', 'outdoor', 'logo'], WARM, 'A mid-crown trucker hat with the P-6 patch.'],
  ['Ralph Lauren', 'Cotton Chino Baseball Cap', 'Accessories', 'cap', U, [40, 55], 'cotton chino', ['cap', 'preppy', 'classic'], NOT_WINTER, 'The classic unstructured cap with the embroidered pony.'],
  ['Acne Studios', 'Canada Wool Scarf', 'Accessories', 'scarf', U, [150, 200], 'soft, brushed wool', ['scarf', 'wool', 'designer'], WINTER, 'The oversized fringed scarf in a cosy wool.'],
  ['Arket', 'Lambswool Scarf', 'Accessories', 'scarf', U, [40, 60], 'lambswool', ['scarf', 'wool', 'minimal'], COLD, 'A warm, classic scarf with short fringes.'],
  ['Barbour', 'Tartan Lambswool Scarf', 'Accessories', 'scarf', U, [50, 70], 'lambswool', ['scarf', 'tartan', 'british'], COLD, 'A heritage tartan scarf in soft lambswool.'],
  // Kids
  ['Mini Rodini', 'Organic Cotton Print Tee', 'Tops', 'tshirt', K, [25, 35], 'organic cotton', ['kids', 'organic', 'print'], WARM, 'A cheerful printed tee for little ones.'],
  ['Petit Bateau', 'Striped Long-Sleeve Top', 'Tops', 'sweater', K, [25, 35], 'soft cotton jersey', ['kids', 'breton', 'french'], MILD, 'A classic Breton-style top in soft jersey.'],
  ['Levi\'s', 'Kids 511 Slim Jeans', 'Bottoms', 'jeans', K, [35, 50], 'stretch denim', ['kids', 'denim', 'school'], ALL, 'Slim, stretchy jeans that survive the playground.'],
  ['H&M', 'Kids Floral Cotton Dress', 'Dresses', 'floral-dress', K, [15, 25], 'cotton poplin', ['kids', 'floral', 'summer'], SUMMER, 'A pretty, twirly floral dress.'],
  ['Zara', 'Kids Denim Jacket', 'Outerwear', 'jacket', K, [30, 40], 'cotton denim', ['kids', 'denim', 'school'], MILD, 'A mini trucker jacket with snap buttons.', ['Blue']],
  ['Patagonia', 'Kids Retro Pile Fleece Jacket', 'Outerwear', 'jacket', K, [70, 100], 'recycled pile fleece', ['kids', 'fleece', 'outdoor'], COLD, 'A warm, fuzzy fleece for cold playground days.', ['Green', 'Black']],
  ['Gap', 'Kids Logo Hoodie', 'Activewear', 'hoodie', K, [25, 35], 'cotton-blend fleece', ['kids', 'logo', 'casual'], COLD, 'A soft arch-logo hoodie with a kangaroo pocket.'],
  ['Nike', 'Kids Court Borough Low', 'Shoes', 'sneaker', K, [45, 60], 'leather and synthetic', ['kids', 'sneakers', 'school'], ALL, 'Durable little sneakers that go with everything.'],
  ['Dr. Martens', 'Junior 1460 Boots', 'Shoes', 'boot', K, [80, 100], 'smooth leather', ['kids', 'boots', 'leather'], COLD, 'The classic 8-eye boot in kids sizes, with a side zip.'],
  ['Fjällräven', 'Kånken Mini Backpack', 'Bags', 'backpack', K, [60, 75], 'Vinylon F', ['kids', 'backpack', 'school'], ALL, 'The little version of the iconic backpack.'],
];

export const ITEM_TEMPLATES: readonly ItemTemplate[] = ROWS.map(
  ([brand, name, style, shape, genders, value, material, tags, seasons, blurb, colors]) => ({
    brand,
    name,
    style,
    shape,
    genders,
    value,
    material,
    tags,
    seasons,
    blurb,
    ...(colors ? { colors } : {}),
  }),
);

/** General style words mixed into tags, so tag search and filters have overlap across items. */
export const STYLE_TAGS = [
  'vintage',
  'y2k',
  'minimal',
  'streetwear',
  'workwear',
  'boho',
  'classic',
  'casual',
  'preppy',
  'retro',
  'sustainable',
  'capsule',
  '90s',
  'scandi',
] as const;

/** How worn-in each condition reads in a listing, per kind of item. */
// prettier-ignore
export const CONDITION_NOTES: Record<Condition, Record<'clothing' | 'shoes' | 'accessories', readonly string[]>> = {
  new: {
    clothing: ['Brand new with tags, never worn.', 'New and unworn; it still has the original tags attached.'],
    shoes: ['Brand new in the box, never worn outside.', 'New and unworn, with the original box and spare laces.'],
    accessories: ['Brand new and unused, with the original packaging.', 'New with tags; bought as a gift and never used.'],
  },
  'like-new': {
    clothing: ['Worn once or twice; no visible signs of wear.', 'Like new: washed once, with no pilling or fading.'],
    shoes: ['Worn a handful of times indoors; the soles are still clean.', 'Like new, with barely any creasing on the toe.'],
    accessories: ['Used a couple of times and stored in its dust bag.', 'Like new, without a scratch on the hardware.'],
  },
  good: {
    clothing: [
      'Gently worn with light signs of use, but no holes or stains.',
      'Some light fading from washing, with plenty of life left.',
    ],
    shoes: ['Light creasing and some wear on the soles, otherwise in great shape.', 'Worn for a season; clean uppers and even sole wear.'],
    accessories: ['Light signs of use, such as faint marks on the lining.', 'Some small scratches on the hardware from normal use.'],
  },
  fair: {
    clothing: [
      'Visible wear: light pilling on the sleeves and a faint mark near the hem (see photos).',
      'Well loved, with some fading and a small seam that has been neatly repaired.',
    ],
    shoes: ['Noticeable creasing and scuffs on the toes; the heels are worn down a little.', 'Well worn, with scuffs and a faded insole, but still comfortable.'],
    accessories: ['Clearly used: scuffed corners and worn edges, fully functional.', 'Visible wear on the strap and some tarnish on the metal parts.'],
  },
  poor: {
    clothing: [
      'Heavily worn: a small hole near the cuff and noticeable fading, valued accordingly.',
      'Needs some love: a broken zip pull and a stain on the front, so great for upcycling.',
    ],
    shoes: ['Heavily worn, with a split in the outsole and deep scuffs; a cobbler could save them.', 'Very worn heels and a torn lining, valued accordingly.'],
    accessories: ['Heavily used: peeling edges and a broken clasp that needs repair.', 'Well past its best, with deep scratches, so valued accordingly.'],
  },
};

/** How the piece fits or measures, per style. */
export const FIT_NOTES: Record<'clothing' | 'shoes' | 'accessories', readonly string[]> = {
  clothing: [
    'Fits true to size.',
    'Runs slightly small, so it suits a size down too.',
    'A relaxed, slightly oversized fit.',
    'Regular fit; I am 172 cm for reference.',
    'Cut a little long in the body.',
  ],
  shoes: [
    'True to size with a roomy toe box.',
    'Runs half a size large.',
    'A snug fit that loosens up with wear.',
  ],
  accessories: [
    'Compact but fits more than you would think.',
    'A versatile size for every day.',
    'Comes with its original dust bag.',
  ],
};

/** Optional closing lines, as members write them. */
export const CLOSING_NOTES = [
  'Happy to swap for knitwear or boots in a similar size.',
  'Open to offers, especially vintage denim.',
  'From a smoke-free, pet-free home.',
  'More photos on request.',
  'Looking for something in a similar style and value.',
  'Would love to trade for outerwear or a good bag.',
] as const;
