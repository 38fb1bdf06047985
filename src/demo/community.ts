import { below, seeded, shuffled } from './random';

/** Chat members (DESIGN.md 3 snowflakes), with the names their server would show. */
export const DEMO_MEMBERS = ['203948571029384756', '318274659102837465', '427381920564738291'];
export const DEMO_MEMBER_NAMES = ['Robin Hale', 'Sam Okoro', 'Alex Varga'];

const FIRST =
  'Maya Liam Priya Noah Sofia Mateo Aisha Lucas Yuki Omar Elena Kai Zara Ethan Amara Felix Ines Hugo Leila Ravi Chloe Diego Nora Jonas Mei Tariq Freya Arjun Lena Theo Hana Malik Clara Sven Ayla Marco Ruth Kofi Ivy Pablo';
const LAST =
  'Chen Okafor Silva Novak Haddad Kim Rossi Patel Müller Nakamura Dubois Kowalski García Larsen Ahmed Byrne Costa Ivanova Mensah Lindqvist Torres Yilmaz Schmidt Ng Moreau Fischer Reyes Sato Brennan Quinn';
/** The community's names, in a fixed shuffled order; boards draw their players from the first 150. */
export const NAMES = shuffled(
  seeded(1),
  FIRST.split(' ').flatMap((f) => LAST.split(' ').map((l) => `${f} ${l}`)),
);

const digits = (n: number, width: number) => String(n).padStart(width, '0');

export interface Member {
  /** The player id, `chat:<snowflake>`. */
  id: string;
  name: string;
}

/**
 * The server's members who take part in the contest (entries are chat-only): the three chat
 * members, then others of the community with snowflakes of their own (18 digits, fixed).
 */
export function chatMembers(count: number): Member[] {
  const rng = seeded(26);
  const others = Array.from({ length: count - DEMO_MEMBERS.length }, (_, i) => ({
    id: `chat:${5 + (i % 4)}${digits(below(rng, 1e9), 9)}${digits(below(rng, 1e8), 8)}`,
    name: NAMES[i]!,
  }));
  return [
    ...DEMO_MEMBERS.map((id, i) => ({ id: `chat:${id}`, name: DEMO_MEMBER_NAMES[i]! })),
    ...others,
  ];
}
