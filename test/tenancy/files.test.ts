// The start-up reader: each file read whole; a text met again is not decoded again, and a
// file of the same length but other bytes is never taken for it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { blockingReader } from '../../server/tenancy/files.ts';

t.test('the blocking reader gives each file its text, however often the same bytes or the same length come back', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'reader-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const files = { a: '<p>Terms é</p>', b: '<p>Terms é</p>', c: '<p>Terms è</p>', bom: '\ufeff<p>Terms é</p>' };
  for (const [name, body] of Object.entries(files)) await writeFile(path.join(dir, name), body);
  const reader = blockingReader();
  const read = (name: string) => reader.text(path.join(dir, name));

  const a = await read('a');
  t.same(a, { text: '<p>Terms é</p>', bytes: Buffer.byteLength(files.a) });
  t.equal((await read('c')).text, '<p>Terms è</p>', 'the same length, other bytes: its own text');
  t.equal((await read('b')).text, a.text, 'the same bytes in another file: the same text');
  t.equal((await read('bom')).text, a.text, 'a byte order mark is left out');
  // Many other texts in between: the one met again each time stays.
  for (let i = 0; i < 40; i++) {
    await writeFile(path.join(dir, `other${i}`), `<p>${i}</p>`);
    t.equal((await read(`other${i}`)).text, `<p>${i}</p>`);
    t.equal((await read('a')).text, a.text);
  }
  t.equal((await reader.file(path.join(dir, 'b'))).toString(), files.b, 'bytes are read whole too');
});
