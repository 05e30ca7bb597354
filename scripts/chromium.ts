// Where the browser tests find Chromium: CHROMIUM_PATH, else Debian's. Browsers cannot be
// downloaded here, so a missing one is said with the way to install it.
import { existsSync } from 'node:fs';

export function chromiumOrExit(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  console.error(
    'Browser tests need Chromium, and none was found at ' +
      (candidates.join(' or ') || '/usr/bin/chromium') +
      '.\nInstall it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}
