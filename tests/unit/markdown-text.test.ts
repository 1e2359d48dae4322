import { expect, it } from 'vitest';
import { blocks, inline, plainText } from '@/lib/dashboard/client/markdown';

it('links, bold and code become parts; only http(s) links stay links', () => {
  expect(inline('See [the docs](https://docs.github.com/x) and **this** `code` [rel](/rest/x)')).toEqual([
    { kind: 'text', text: 'See ' },
    { kind: 'link', text: 'the docs', href: 'https://docs.github.com/x' },
    { kind: 'text', text: ' and ' },
    { kind: 'strong', text: 'this' },
    { kind: 'text', text: ' ' },
    { kind: 'code', text: 'code' },
    { kind: 'text', text: ' ' },
    { kind: 'text', text: 'rel' },
  ]);
  expect(inline('[x](javascript:alert(1))')).toEqual([
    { kind: 'text', text: 'x' },
    { kind: 'text', text: ')' },
  ]);
});

it("GitHub's call-outs become notes, dashes become lists, raw HTML stays text", () => {
  const b = blocks('Lists things.\n\n> [!NOTE]\n> Only **admins** can.\n\n- one\n- two\n\n<script>x</script>');
  expect(b[0]).toEqual({ kind: 'p', inline: [{ kind: 'text', text: 'Lists things.' }] });
  expect(b[1]).toEqual({
    kind: 'note',
    label: 'Note',
    inline: [
      { kind: 'text', text: 'Only ' },
      { kind: 'strong', text: 'admins' },
      { kind: 'text', text: ' can.' },
    ],
  });
  expect(b[2]).toEqual({ kind: 'list', items: [[{ kind: 'text', text: 'one' }], [{ kind: 'text', text: 'two' }]] });
  expect(b[3]).toEqual({ kind: 'p', inline: [{ kind: 'text', text: '<script>x</script>' }] });
});

it('plain text drops the markup for one-line rows', () => {
  expect(plainText('> [!NOTE]\n> See [docs](https://x.example) for **more**.')).toBe('Note: See docs for more.');
});
