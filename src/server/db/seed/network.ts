import { conversations, friendships, messages, notifications } from '../schema';
import type { Tx } from '../connect';
import type { ItemRow } from './items';
import type { Random } from './random';

interface NetworkMember {
  id: string;
  firstName: string;
}

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/** Short swap conversations, as members write them. */
const THREADS: ReadonlyArray<ReadonlyArray<[speaker: 'them' | 'demo', text: string]>> = [
  [
    ['them', 'Hi! Is your {item} still available?'],
    ['demo', 'Hi, yes it is! Are you thinking of a swap?'],
    ['them', 'I am. I have a couple of things in your size, want to have a look at my listings?'],
    ['demo', 'Sure, I will check them out tonight.'],
    ['them', 'Great, no rush. The colour in the photos is accurate, by the way.'],
  ],
  [
    ['demo', 'Hello! How does the {item} fit? I am usually between sizes.'],
    ['them', 'It runs slightly large, I would say true to size if you like a relaxed fit.'],
    ['demo', 'Perfect, thanks. Any marks or wear I should know about?'],
    ['them', 'Only a tiny scuff inside the collar, you cannot see it when worn.'],
    ['them', 'Happy to send more photos if you like!'],
  ],
  [
    ['them', 'Thanks for the swap, the parcel arrived today and it is lovely.'],
    ['demo', 'So glad you like it! Yours arrived too, thank you.'],
    ['them', 'Let me know if you list more outerwear, I am always looking.'],
  ],
];

/**
 * The social graph and chat history of the demo: friendships among members, friend requests to and
 * from Demo Trader, and conversations about items, some with messages Demo has not read yet.
 */
export async function insertNetwork(
  tx: Tx,
  random: Random,
  members: NetworkMember[],
  rows: ItemRow[],
  now: number,
) {
  const [demo, ...others] = members;
  if (!demo || others.length < 12) return { friendships: 0, conversations: 0, messages: 0 };
  const pairs = new Set<string>();
  const links: Array<typeof friendships.$inferInsert> = [];
  const link = (a: string, b: string, status: 'accepted' | 'pending', ago: number) => {
    const key = [a, b].sort().join(':');
    if (a === b || pairs.has(key)) return;
    pairs.add(key);
    const createdAt = new Date(now - ago);
    links.push({
      requesterId: a,
      addresseeId: b,
      status,
      createdAt,
      acceptedAt: status === 'accepted' ? new Date(now - ago + HOUR) : null,
    });
  };
  // Demo Trader: five friends, two requests waiting for an answer, one sent.
  others.slice(0, 5).forEach((friend, index) => link(friend.id, demo.id, 'accepted', (index + 2) * 9 * DAY));
  others.slice(5, 7).forEach((asker, index) => link(asker.id, demo.id, 'pending', (index + 1) * 5 * HOUR));
  link(demo.id, others[7]?.id ?? demo.id, 'pending', 2 * DAY);
  // The rest of the community: about two friends each, so activity feeds and mutual friends have data.
  for (const member of others) {
    for (const friend of random.sample(others, 2))
      link(member.id, friend.id, 'accepted', random.int(1, 60) * DAY);
  }
  await tx.insert(friendships).values(links);

  let messageCount = 0;
  const demoItems = rows.filter((row) => row.userId === demo.id && row.isActive !== false);
  for (const [index, thread] of THREADS.entries()) {
    const partner = others[index + 1];
    if (!partner) break;
    const theirItem = rows.find((row) => row.userId === partner.id);
    const item = index === 1 ? theirItem : (demoItems[index] ?? theirItem);
    const [participant1Id, participant2Id] = [demo.id, partner.id].sort() as [string, string];
    const startedAt = now - (index + 1) * 2 * DAY;
    const lines = thread.map(([speaker, text], position) => ({
      senderId: speaker === 'demo' ? demo.id : partner.id,
      content: text.replace('{item}', () => item?.title ?? 'item'),
      createdAt: new Date(startedAt + position * 47 * 60 * 1000),
    }));
    const last = lines.at(-1);
    const [conversation] = await tx
      .insert(conversations)
      .values({
        participant1Id,
        participant2Id,
        relatedItemId: item?.id ?? null,
        lastMessageAt: last?.createdAt,
        createdAt: new Date(startedAt),
      })
      .returning({ id: conversations.id });
    if (!conversation) continue;
    // The newest thread ends with messages Demo has not read yet.
    const unreadFrom = index === 0 ? lines.length - 1 : lines.length;
    await tx.insert(messages).values(
      lines.map((line, position) => ({
        conversationId: conversation.id,
        ...line,
        readAt:
          position < unreadFrom || line.senderId === demo.id
            ? new Date(line.createdAt.getTime() + 10 * 60 * 1000)
            : null,
      })),
    );
    messageCount += lines.length;
    if (index === 0 && last) {
      await tx.insert(notifications).values({
        userId: demo.id,
        type: 'message',
        title: `New message from ${partner.firstName}`,
        message: last.content,
        link: `/?conversation=${conversation.id}`,
        dedupeKey: `message:${conversation.id}`,
        createdAt: last.createdAt,
      });
    }
  }
  return { friendships: links.length, conversations: THREADS.length, messages: messageCount };
}
