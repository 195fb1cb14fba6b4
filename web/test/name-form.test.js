// The name form's check (play/name.js): the names the server refuses for their characters
// (crates/server/src/ids.rs, `clean_name`) are caught before sending, so the form can say why.
// Run by `npm run unit`.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { refusedName } from '../play/name.js';

test('format characters, private-use ones and names that show nothing are refused', () => {
  for (const bad of ['\u202Eevil', 'a\u2067b', 'An\u200Da', '\uFEFFx', '\u3164', '\u2800 \uFE0F', '\uE000123', 'a\u0007',
    'Ana\u{F0000}', '\u{10FFFD}x', 'Ana\u2028Bee', 'Ana\u2029Bee']) {
    assert.ok(refusedName(bad), JSON.stringify(bad));
  }
  for (const good of ['Ана', 'राम', 'José', '李雷', 'Ana\u3164Bo', '🙂', '<script>']) {
    assert.ok(!refusedName(good), JSON.stringify(good));
  }
});

test('selectors that draw nothing are refused, the emoji ones after a symbol kept', () => {
  for (const bad of ['Ana\uFE00', 'Ana\uFE0F', 'A\u034Fna', 'Ana\u{E0100}', 'Ana\u180B', '1\uFE0F']) {
    assert.ok(refusedName(bad), JSON.stringify(bad));
  }
  for (const good of ['\u2764\uFE0FAna', 'Ana \u263A\uFE0F', '1\uFE0F\u20E3', '\u2764\uFE0E']) {
    assert.ok(!refusedName(good), JSON.stringify(good));
  }
});
