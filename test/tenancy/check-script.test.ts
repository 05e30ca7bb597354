// scripts/check-merchants.ts, run as CI and an operator would.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { edit, mapleAlone, SPOILS } from '../helpers/spoiled-merchants.ts';
import { minimalMerchant, removeFixture, repoRoot, shippedDir, validFiles, writeFixture } from './fixtures.ts';

const run = promisify(execFile);
const script = path.join(repoRoot, 'scripts', 'check-merchants.ts');

async function check(dir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import=tsx', script], {
      cwd: repoRoot,
      env: { ...process.env, MERCHANTS_DIR: dir },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

t.test('the shipped merchants pass, one line each', async (t) => {
  const { code, stdout } = await check(shippedDir);
  t.equal(code, 0);
  const lines = stdout.trim().split('\n');
  t.equal(lines.length, 7, 'six merchants and a summary');
  t.match(
    lines.find((l) => l.startsWith('maple ')),
    /PROD\s+hosts=maple\.localhost .*flows=BUY\(ETRANSFER,CREDITCARD,FLEXEPIN\) SELL\(ETRANSFEROUT\) SPEND\(GIFTCARD\)/,
  );
  t.match(
    lines.find((l) => l.startsWith('dev ')),
    /DEV\s+hosts=dev\.localhost .*\[fallback\]/,
  );
  t.match(
    lines.find((l) => l.startsWith('checkout ')),
    /\[main brand\]/,
  );
  t.match(lines.at(-1), /^6 merchants OK/);
});

t.test('a broken folder exits 1 with the message', async (t) => {
  const dir = await writeFixture(validFiles({ 'a/merchant.json': minimalMerchant('a', { inputForm: { max: 'lots' } }) }));
  t.teardown(() => removeFixture(dir));
  const { code, stdout, stderr } = await check(dir);
  t.equal(code, 1);
  t.equal(stdout, '');
  t.match(stderr, `${path.join(dir, 'a', 'merchant.json')}: inputForm.max: expected number, received string`);
  t.match(stderr, '1 problem(s)');
});

t.test('what would hurt visitors is listed under its merchant: a production merchant with any exits 1', async (t) => {
  const { dir, maple, remove } = await mapleAlone();
  t.teardown(remove);
  const brand = SPOILS.find((s) => s.name.startsWith('a brand colour'))!;
  await brand.spoil(maple);
  const prod = await check(dir);
  t.equal(prod.code, 1, 'refused in production');
  const lines = prod.stdout.trim().split('\n');
  t.match(lines[1], /^ {2}would refuse a production publication:$/);
  t.match(lines[2], brand.atLoad);
  t.match(lines.at(-1), /^0 merchants OK in .*; refused in production: maple$/);

  await edit(path.join(maple, 'merchant.json'), (json) => JSON.stringify({ ...JSON.parse(json), env: 'TEST' }));
  const test = await check(dir);
  t.equal(test.code, 0, 'a TEST merchant serves');
  t.match(test.stdout, brand.atLoad, 'and is told what would refuse it in production');
  t.match(test.stdout.trim().split('\n').at(-1), /^0 merchants OK in .*; serving with problems: maple \(TEST\)$/);
});
