/** "1 trigger", "3 triggers": a count with its noun in the right number (English nouns that take -s). */
export function plural(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}
