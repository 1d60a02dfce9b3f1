import { PROFILE_CATEGORIES, type ProfileCategory } from '../../../common/domain/taxonomy';
import type { Random } from './random';

export const DEMO_PASSWORD = 'threadswap';

const FIRST_NAMES = [
  'Amara',
  'Lucas',
  'Sofia',
  'Mateo',
  'Priya',
  'Noah',
  'Chloé',
  'Kenji',
  'Isabella',
  'Omar',
  'Freya',
  'Diego',
  'Leila',
  'Jonas',
  'Ava',
  'Tariq',
  'Mia',
  'Elias',
  'Zara',
  'Hugo',
  'Nadia',
  'Felix',
  'Yuna',
  'Marcus',
  'Ingrid',
  'Rafael',
  'Esme',
  'Theo',
  'Aisha',
  'Luca',
  'Hana',
  'Samuel',
  'Clara',
  'Idris',
  'Maya',
  'Oskar',
  'Lina',
  'Jasper',
  'Rosa',
  'Malik',
];
const LAST_NAMES = [
  'Okafor',
  'Bennett',
  'Rossi',
  'García',
  'Sharma',
  'Walker',
  'Dubois',
  'Tanaka',
  'Moretti',
  'Haddad',
  'Larsen',
  'Fernández',
  'Karimi',
  'Becker',
  'Thompson',
  'Rahman',
  'Schneider',
  'Novak',
  'Ahmed',
  'Lefèvre',
  'Petrova',
  'Hoffmann',
  'Kim',
  'Reid',
  'Johansson',
  'Silva',
  'Clarke',
  'Andersen',
  'Bello',
  'Conti',
];
const BIOS = [
  'Vintage denim hunter. Always up for a swap that keeps good clothes in circulation.',
  'Capsule-wardrobe minimalist trading out what I no longer wear.',
  'Sneakerhead with a soft spot for retro runners.',
  'Thrift lover, slow-fashion advocate, and proud owner of too many scarves.',
  'Swapping workwear for weekend wear, one trade at a time.',
  'Mum of two trading kids’ clothes they outgrew in a month.',
  'Streetwear collector; size M tops, 42 shoes.',
  'Into 90s minimalism, neutral tones and well-made knits.',
  'Student on a budget who refuses to buy fast fashion.',
  'Runner and hiker: technical outerwear and activewear swaps welcome.',
  'Occasion-wear hoarder finally letting my dresses see the world again.',
  'Bag and accessory enthusiast. Leather goods get extra love.',
  'Upcycler and amateur tailor; I love pieces with character.',
  'Trading my way to a wardrobe that actually fits my style.',
  'Sustainable stylist helping friends swap instead of shop.',
];
export const CITIES = [
  'Berlin',
  'Lisbon',
  'London',
  'Amsterdam',
  'Paris',
  'Barcelona',
  'Copenhagen',
  'Milan',
  'Vienna',
  'Dublin',
];

const SIZE_CHOICES: Partial<Record<ProfileCategory, readonly string[]>> = {
  Tops: ['XS', 'S', 'M', 'L', 'XL'],
  Bottoms: ['26', '28', '30', '32', '34'],
  Dresses: ['XS', 'S', 'M', 'L', '4', '6', '8', '10'],
  Outerwear: ['S', 'M', 'L', 'XL'],
  Shoes: ['6', '7', '7.5', '8', '9', '10', '11'],
  Activewear: ['XS', 'S', 'M', 'L'],
  Formal: ['S', 'M', 'L', '6', '8', '10'],
};

export interface SeedMember {
  email: string;
  firstName: string;
  lastName: string;
  bio: string;
  preferredCategories: string[];
  preferredSizes: Record<string, string[]>;
  city: string;
}

function preferences(random: Random) {
  const preferredCategories = random.sample(PROFILE_CATEGORIES, random.int(2, 4));
  const preferredSizes: Record<string, string[]> = {};
  for (const category of preferredCategories) {
    const choices = SIZE_CHOICES[category];
    if (choices) preferredSizes[category] = random.sample(choices, random.int(1, 2));
  }
  return { preferredCategories, preferredSizes };
}

const emailLocalPart = (firstName: string, lastName: string) =>
  `${firstName}.${lastName}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Where the scale seed's members live; `number` keeps their emails unique across runs. */
export const SCALE_EMAIL_DOMAIN = 'scale.threadswap.example';

/** A member for the scale seed (`npm run seed`): realistic, with a numbered unique email. */
export function buildScaleMember(random: Random, number: number): SeedMember {
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  return {
    email: `${emailLocalPart(firstName, lastName)}.${number}@${SCALE_EMAIL_DOMAIN}`,
    firstName,
    lastName,
    bio: random.pick(BIOS),
    city: random.pick(CITIES),
    ...preferences(random),
  };
}

/** 'Demo Trader' first, then `count` realistic members. */
export function buildMembers(random: Random, count: number): SeedMember[] {
  const members: SeedMember[] = [
    {
      email: 'demo@threadswap.example',
      firstName: 'Demo',
      lastName: 'Trader',
      bio: 'Fashion enthusiast and sustainable trader. This is the demo account: look around and swap away!',
      preferredCategories: ['Tops', 'Outerwear', 'Shoes', 'Bags'],
      preferredSizes: { Tops: ['M'], Outerwear: ['M', 'L'], Shoes: ['9'] },
      city: 'Berlin',
    },
  ];
  const used = new Set<string>();
  while (members.length < count + 1) {
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const key = `${firstName}.${lastName}`;
    if (used.has(key)) continue;
    used.add(key);
    members.push({
      email: `${emailLocalPart(firstName, lastName)}@threadswap.example`,
      firstName,
      lastName,
      bio: random.pick(BIOS),
      city: random.pick(CITIES),
      ...preferences(random),
    });
  }
  return members;
}

/** A seed member as a `users` row: a verified account with the demo password's hash, joined at `createdAt`. */
export const memberRow = (member: SeedMember, passwordHash: string, createdAt: Date) => ({
  email: member.email,
  emailVerifiedAt: new Date(),
  passwordHash,
  firstName: member.firstName,
  lastName: member.lastName,
  bio: member.bio,
  preferredCategories: member.preferredCategories,
  preferredSizes: member.preferredSizes,
  createdAt,
});
