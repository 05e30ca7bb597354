// Every merchant style sheet sets custom properties only, and its palette, light and dark,
// passes WCAG AA wherever two of its colours meet (server/tenancy/palette.ts, which every
// merchant folder meets when it loads).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import {
  colorsIn,
  contrastFailures,
  contrastRatio,
  PALETTE,
  paletteProblems,
  parseColor,
  sharedPalette,
  sheetProperties,
} from '../../server/tenancy/palette.ts';

const root = new URL('../../', import.meta.url).pathname;
const shared = sheetProperties(readFileSync(join(root, 'static/css/app.css'), 'utf8'));
const merchantsDir = join(root, 'merchants');
const merchants = readdirSync(merchantsDir).filter((id) => existsSync(join(merchantsDir, id, 'style.css')));

t.test('contrast arithmetic matches WCAG', async (t) => {
  t.equal(contrastRatio(parseColor('#000')!, parseColor('#fff')!), 21);
  t.equal(contrastRatio(parseColor('#777777')!, parseColor('#ffffff')!).toFixed(2), '4.48');
  t.equal(contrastRatio(parseColor('rgb(255, 255, 255)')!, parseColor('#ffffff')!), 1);
  // The TEST badge as it was on roo: near-black on eucalyptus.
  t.ok(contrastRatio(parseColor('#1b1b1b')!, parseColor('#2f6f5e')!) < 3);
  t.strictSame(colorsIn('linear-gradient(90deg, #000, #ffffff 40%)'), [
    [0, 0, 0],
    [255, 255, 255],
  ]);
  t.throws(() => colorsIn('rgba(0, 0, 0, .5)'), 'a see-through colour has no single contrast');
  t.match(contrastFailures({ ...shared.light, '--muted': '#aaaaaa' }), [{ pair: /--muted #aaaaaa on --surface #ffffff/ }]);
  t.match(contrastFailures({ ...shared.light, '--brand': 'yellow' }), [
    { pair: /--brand on --surface/, unreadable: /#rrggbb or rgb\(\)/ },
  ]);
});

t.test('a sheet over the shared defaults: one line per failing pair, light and dark', async (t) => {
  t.same(sharedPalette(), shared.light, "the defaults are the shared sheet's");
  t.same(paletteProblems(':root { --brand: #c8102e; }'), [], 'a sheet may set a few colours only');
  const yellow = paletteProblems(':root { --brand: #ffff66; }');
  t.match(yellow, [
    'light: --brand #ffff66 on --surface #ffffff (links and quiet buttons on a card): contrast 1.06:1, WCAG AA asks 4.5:1',
  ]);
  t.ok(yellow.some((line) => line.includes('(the focus ring)') && line.includes('asks 3:1')));
  const dark = paletteProblems(
    ':root { --text: #111111; } @media (prefers-color-scheme: dark) { :root { --bg: #000000; --surface: #101010; } }',
  );
  t.ok(dark.length > 0 && dark.every((line) => line.startsWith('dark: ')), 'only the dark scheme fails');
});

t.test('the shared sheet gives every palette property a default that passes', async (t) => {
  for (const name of PALETTE) t.ok(shared.light[`--${name}`], `--${name}`);
  t.strictSame(contrastFailures(shared.light), []);
});

t.ok(merchants.length >= 6, 'every demo merchant has a style sheet');
for (const id of merchants) {
  t.test(`${id}: custom properties only, AA in light and dark`, async (t) => {
    const sheet = sheetProperties(readFileSync(join(merchantsDir, id, 'style.css'), 'utf8'));
    t.strictSame(sheet.otherRules, [], 'no rule but :root');
    for (const name of [...Object.keys(sheet.light), ...Object.keys(sheet.dark ?? {})]) {
      t.ok(name.startsWith('--') || name === 'color-scheme', `${name} is a custom property`);
    }
    for (const name of PALETTE) t.ok(sheet.light[`--${name}`], `sets --${name} (its own look)`);
    const light = { ...shared.light, ...sheet.light };
    t.strictSame(contrastFailures(light), [], 'light palette');
    if (sheet.dark === null) {
      t.pass('no dark block: stays light in dark mode');
      return;
    }
    t.equal(sheet.dark['color-scheme'], 'dark', 'form controls follow');
    for (const name of PALETTE) t.ok(sheet.dark[`--${name}`], `dark sets --${name}`);
    t.strictSame(contrastFailures({ ...light, ...sheet.dark }), [], 'dark palette');
  });
}
