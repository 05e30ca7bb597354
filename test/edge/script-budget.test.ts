// The home page's JavaScript stays within the React runtime plus 8 KiB gzip: its boot script
// and the chunks of every island on it (each with the chunks it imports), beyond what any
// page with an island loads, weighed as the edge sends them. The browser walk
// (test/e2e/a11y.test.ts) checks the same budget against what a browser really fetched.
import t from 'tap';
import { MERCHANT_HOSTS } from '../helpers/screen-tour.ts';
import { HOME_SCRIPT_BUDGET_BYTES, reactRuntime, weigh } from '../helpers/script-weight.ts';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());
const { assetManifest } = stack.app;

/** The scripts a page loads: the boot script and each of its islands' chunks. */
function scriptsOf(html: string): string[] {
  const islands = [...html.matchAll(/data-island="([A-Za-z]+)"/g)].map((m) => m[1]!);
  if (islands.length === 0) return [];
  return [
    ...new Set([
      assetManifest.boot,
      ...assetManifest.preload.hydrate,
      ...islands.flatMap((name) => assetManifest.preload.islands[name] ?? []),
    ]),
  ];
}

for (const host of MERCHANT_HOSTS) {
  for (const url of ['/', '/?type=SELL', '/?type=SPEND']) {
    t.test(`${host}${url}`, async (t) => {
      const page = await stack.app.inject({ url, headers: { host } });
      t.equal(page.statusCode, 200);
      const scripts = scriptsOf(page.body);
      t.ok(
        scripts.some((s) => assetManifest.preload.islands.AmountForm!.includes(s)),
        'the amount form is weighed',
      );
      const runtime = reactRuntime(stack);
      const beyond = await weigh(
        stack,
        host,
        scripts.filter((s) => !runtime.has(s)),
      );
      t.ok(beyond.gzipBytes > 0);
      t.ok(
        beyond.gzipBytes <= HOME_SCRIPT_BUDGET_BYTES,
        `${(beyond.gzipBytes / 1024).toFixed(1)} KiB in ${beyond.files} files beyond the React runtime (budget ${HOME_SCRIPT_BUDGET_BYTES / 1024} KiB)`,
      );
    });
  }
}
