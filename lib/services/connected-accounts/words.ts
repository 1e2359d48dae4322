import { randomInt } from 'node:crypto';

// A short, token-friendly handle for telling a user's accounts apart ("github_red-castle").
const ADJ = [
  'red',
  'blue',
  'green',
  'amber',
  'quiet',
  'brave',
  'swift',
  'calm',
  'bold',
  'bright',
  'silver',
  'golden',
  'misty',
  'sunny',
  'lucky',
  'noble',
];
const NOUN = [
  'castle',
  'river',
  'forest',
  'falcon',
  'harbor',
  'meadow',
  'summit',
  'canyon',
  'comet',
  'lantern',
  'willow',
  'glacier',
  'orchid',
  'beacon',
  'island',
  'prairie',
];

export function wordId(toolkit: string): string {
  return `${toolkit}_${ADJ[randomInt(ADJ.length)]}-${NOUN[randomInt(NOUN.length)]}`;
}
