// What the edge reads from a file's bytes before anything goes upstream: the magic-number
// table (every allowed extension, and what each must refuse), the size at the limit,
// dimensions from the header, and strict base64.
import t from 'tap';
import { MAGIC_TYPE_OF_EXTENSION } from '../../checkout/domain.ts';
import { UPLOAD_EXTENSIONS } from '../../checkout/limits.ts';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { checkFileBytes, decodeStrictBase64 } from '../../server/uploads/file-bytes.ts';
import { UploadPlaces } from '../../server/uploads/places.ts';
import { UPLOAD_PLACES } from '../../server/uploads/plugin.ts';
import { EXE, GIF, HTML, hugePng, JPEG, PDF, PNG, padded, SVG } from '../helpers/upload-files.ts';

const { UPLOAD_MESSAGES } = DEFAULT_TEXTS;

const SAMPLES: Record<string, Buffer> = { 'image/jpeg': JPEG, 'image/png': PNG, 'image/gif': GIF, 'application/pdf': PDF };

t.test('the magic-number table: each extension takes its own type and nothing else', async (t) => {
  t.strictSame(Object.keys(MAGIC_TYPE_OF_EXTENSION).sort(), [...UPLOAD_EXTENSIONS].sort(), 'every allowed extension has a type');
  for (const [ext, type] of Object.entries(MAGIC_TYPE_OF_EXTENSION)) {
    t.match(
      await checkFileBytes(`file.${ext}`, SAMPLES[type]!),
      { ok: true, extName: ext, mimeType: type },
      `${ext}: ${type} accepted`,
    );
    for (const [other, bytes] of Object.entries(SAMPLES)) {
      if (other === type) continue;
      t.match(
        await checkFileBytes(`file.${ext}`, bytes),
        { ok: false, message: UPLOAD_MESSAGES.badType },
        `${ext}: ${other} refused`,
      );
    }
    for (const [name, bytes] of Object.entries({ HTML, SVG, EXE })) {
      t.match(
        await checkFileBytes(`file.${ext}`, bytes),
        { ok: false, message: UPLOAD_MESSAGES.badType, status: 415 },
        `${ext}: ${name} refused`,
      );
    }
  }
  t.match(await checkFileBytes('photo.PNG', PNG), { ok: true, extName: 'png' }, 'the extension in any case');
  t.match(await checkFileBytes('program.exe', EXE), { ok: false, message: UPLOAD_MESSAGES.badType });
  t.match(await checkFileBytes('no-extension', PNG), { ok: false, message: UPLOAD_MESSAGES.badType });
});

t.test('size: exactly 4,900,000 bytes is accepted, one more is refused with its size', async (t) => {
  t.match(await checkFileBytes('a.png', padded(PNG, 4_900_000)), { ok: true });
  t.strictSame(await checkFileBytes('a.png', padded(PNG, 4_900_001)), {
    ok: false,
    message: 'File must be less than 4.5MB. Your file is 4.9MB.',
    status: 413,
  });
});

t.test('an image declaring enormous dimensions is refused from its header', async (t) => {
  t.strictSame(await checkFileBytes('a.png', hugePng()), { ok: false, message: UPLOAD_MESSAGES.dimensionsTooLarge, status: 422 });
  const wide = Buffer.from(PNG);
  wide.writeUInt32BE(10_001, 16);
  t.match(
    await checkFileBytes('a.png', wide),
    { ok: false, message: UPLOAD_MESSAGES.dimensionsTooLarge },
    'one pixel over a side',
  );
  wide.writeUInt32BE(10_000, 16);
  t.match(await checkFileBytes('a.png', wide), { ok: true }, '10,000 pixels a side is accepted');
});

t.test('strict base64', async (t) => {
  const text = PNG.toString('base64');
  t.strictSame(decodeStrictBase64(text), PNG);
  t.strictSame(decodeStrictBase64('QUJD'), Buffer.from('ABC'));
  t.strictSame(decodeStrictBase64('QUI='), Buffer.from('AB'));
  t.strictSame(decodeStrictBase64('QQ=='), Buffer.from('A'));
  for (const bad of [
    '',
    `data:image/png;base64,${text}`,
    `${text}\n`,
    'QU JD',
    'QUJD!',
    'QUI=QUJD',
    'QQ==QQ==',
    'QUJ',
    'QQ=',
    'QR==',
    'QUJ-',
    'QUJ_',
  ]) {
    t.equal(decodeStrictBase64(bad), null, JSON.stringify(bad.slice(0, 40)));
  }
});

t.test('the upload places: a fixed number, and a share of them per address', async (t) => {
  const gate = new UploadPlaces({ ...UPLOAD_PLACES, places: 3, perAddress: 2 });
  t.ok(gate.enter('a'));
  t.ok(gate.enter('a'));
  t.notOk(gate.enter('a'), 'the address holds its share');
  t.ok(gate.enter('b'), 'another address still finds a place');
  t.notOk(gate.enter('c'), 'full');
  gate.leave('a');
  t.ok(gate.enter('c'), 'a place again');
  gate.leave('c');
  gate.leave('c');
  gate.leave('c');
  t.equal(gate.heldBy('c'), 0, 'an address never holds fewer than none');
  t.equal(gate.inFlight, 2, 'and what it did not hold is not given back');
});

t.test('an upload takes its place once useful bytes arrive, and gives it back', async (t) => {
  const gate = new UploadPlaces({ ...UPLOAD_PLACES, places: 1, usefulBytes: 100 });
  const first = gate.watch('a');
  first.arrived(99);
  t.notOk(first.holding, 'not yet: a trickle holds no place');
  first.arrived(1);
  t.ok(first.holding, 'useful bytes: a place');
  const second = gate.watch('b');
  t.throws(() => second.arrived(100), { message: 'upload stopped: busy' }, 'no place left: stopped');
  t.equal(await second.stopped, 'busy');
  first.end();
  t.equal(gate.inFlight, 0, 'given back at the end');
  const small = gate.watch('b');
  small.arrived(10);
  t.ok(small.take(), 'a file smaller than the useful bytes takes its place once whole');
  small.end();
});

t.test('a body without a length is cut past the maximum', async (t) => {
  const gate = new UploadPlaces({ ...UPLOAD_PLACES, maxBytes: 1000 });
  const watch = gate.watch('a');
  watch.arrived(1000);
  t.throws(() => watch.arrived(1), { message: 'upload stopped: tooLarge' });
  t.equal(await watch.stopped, 'tooLarge');
  t.equal(gate.inFlight, 0);
});
