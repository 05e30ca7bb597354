// The screen tour without a browser: a stand-in for the few things of a Playwright page the
// tour's stops use (cookies, goto, a button to press, the URL), which asks the edge and the
// sandbox over their sockets as a browser would, follows redirects, keeps cookies per host
// and remembers the HTML the last page was served as. For checks of the markup itself,
// which need no browser: much cheaper than opening each screen in one.
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Page } from 'playwright-core';
import { FormData, request } from 'undici';

/** What a browser asks for when it opens a page. */
const NAVIGATION_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
};

const REDIRECTS_FOLLOWED = 10;

/** Playwright's URL glob (`**` any path, `*` one segment) as a pattern. */
const globPattern = (glob: string) =>
  new RegExp(
    `^${glob
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*/g, '\u0000')
      .replace(/\*/g, '[^/]*')
      .replaceAll('\u0000', '.*')}$`,
  );

/**
 * Where a `Refresh: 0; url=…` header sends the browser at once (the edge leaves for another
 * site that way after a form). A later one (an error page's way home) is not followed: the
 * tour looks at the page before it.
 */
function immediateRefresh(header: string | string[] | undefined): string | undefined {
  const match = typeof header === 'string' ? /^\s*0\s*[;,]\s*url\s*=\s*['"]?([^'"]+)/i.exec(header) : null;
  return match?.[1];
}

/** An element of a parsed page (htmlparser2's). */
type FormElement = ReturnType<typeof DomUtils.findAll>[number];

/**
 * A form's fields as a browser sends them with nothing typed: each input's value, checked
 * boxes and radios only, a select's chosen (else first) option, a textarea's text; no files.
 */
function fieldsOf(form: FormElement): [string, string][] {
  const fields: [string, string][] = [];
  for (const field of DomUtils.findAll((e) => ['input', 'select', 'textarea'].includes(e.name), [form])) {
    const { name, type = 'text' } = field.attribs;
    if (!name || type === 'file' || type === 'submit') continue;
    if ((type === 'checkbox' || type === 'radio') && !('checked' in field.attribs)) continue;
    if (field.name === 'select') {
      const options = DomUtils.findAll((o) => o.name === 'option', [field]);
      const chosen = options.find((o) => 'selected' in o.attribs) ?? options[0];
      if (chosen) fields.push([name, chosen.attribs.value ?? DomUtils.textContent(chosen)]);
    } else {
      fields.push([name, field.name === 'textarea' ? DomUtils.textContent(field) : (field.attribs.value ?? '')]);
    }
  }
  return fields;
}

export class ServedPage {
  /** Cookies by host name, as a browser keeps them (without paths or expiry: a tour is short). */
  readonly #cookies = new Map<string, Map<string, string>>();
  #url = 'about:blank';
  /** The last page's status and body, as the server sent it. */
  status = 0;
  html = '';

  /** The stand-in, typed as what the tour's stops take. */
  asPage(): Page {
    return this as unknown as Page;
  }

  url(): string {
    return this.#url;
  }

  context() {
    return {
      addCookies: async (cookies: { name: string; value: string; url: string }[]) => {
        for (const cookie of cookies) this.#jar(new URL(cookie.url).hostname).set(cookie.name, cookie.value);
      },
      cookies: async (url: string) => [...this.#jar(new URL(url).hostname)].map(([name, value]) => ({ name, value })),
    };
  }

  async goto(url: string): Promise<null> {
    await this.#navigate('GET', url);
    return null;
  }

  /** A browser's route handlers strip what it would do later (a timed Refresh): the stand-in never does it. */
  async route(): Promise<void> {}

  /** The page is whole once it is served: nothing runs after. */
  async waitForLoadState(): Promise<void> {}

  async waitForURL(glob: string): Promise<void> {
    if (!globPattern(glob).test(this.#url)) throw new Error(`on ${this.#url}, not ${glob}`);
  }

  /** A submit button, pressed: its form sent as a browser sends it. */
  getByRole(_role: 'button', { name }: { name: string }) {
    return { click: () => this.#submit(name) };
  }

  async #submit(name: string): Promise<void> {
    const document = parseDocument(this.html);
    const button = DomUtils.findOne(
      (element) => element.name === 'button' && DomUtils.textContent(element).trim() === name,
      document.children,
    );
    let form = button?.parent;
    while (form && !('name' in form && form.name === 'form')) form = form.parent;
    if (!button || !form || !('attribs' in form)) throw new Error(`no button "${name}" in a form on ${this.#url}`);
    const fields = new URLSearchParams(fieldsOf(form));
    if (button.attribs.name) fields.append(button.attribs.name, button.attribs.value ?? '');
    const action = new URL(form.attribs.action ?? '', this.#url).href;
    if ((form.attribs.method ?? 'get').toLowerCase() === 'post') await this.#navigate('POST', action, fields.toString());
    else await this.#navigate('GET', `${action.split('?')[0]}?${fields}`);
  }

  /**
   * Every form of the page that posts to the checkout, sent as a browser sends it with
   * nothing typed (multipart where the form says so), and each answer's status and
   * Location, not followed. The cookies they set are kept.
   */
  async sendForms(): Promise<{ action: string; status: number; location: string | undefined }[]> {
    const from = new URL(this.#url);
    const forms = DomUtils.findAll((element) => element.name === 'form', parseDocument(this.html).children).filter(
      (form) => (form.attribs.method ?? 'get').toLowerCase() === 'post',
    );
    const answers = [];
    for (const form of forms) {
      const action = new URL(form.attribs.action ?? '', from);
      if (action.origin !== from.origin) continue;
      const multipart = (form.attribs.enctype ?? '').toLowerCase() === 'multipart/form-data';
      const body = multipart ? new FormData() : new URLSearchParams();
      for (const [name, value] of fieldsOf(form)) body.append(name, value);
      const res = await this.#request('POST', action, from.origin, body instanceof FormData ? body : body.toString());
      await res.body.dump();
      const location = res.headers.location;
      answers.push({
        action: action.pathname,
        status: res.statusCode,
        location: typeof location === 'string' ? location : undefined,
      });
    }
    return answers;
  }

  #jar(host: string): Map<string, string> {
    let jar = this.#cookies.get(host);
    if (!jar) this.#cookies.set(host, (jar = new Map()));
    return jar;
  }

  /** One request as the browser sends it, with this host's cookies; the cookies it sets kept. */
  async #request(method: 'GET' | 'POST', at: URL, origin: string, body?: string | FormData) {
    const jar = this.#jar(at.hostname);
    // *.localhost names no address the system resolves: connect to the port, name the host.
    const res = await request(`http://127.0.0.1:${at.port}${at.pathname}${at.search}`, {
      method,
      headers: {
        ...NAVIGATION_HEADERS,
        host: at.host,
        ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(body === undefined ? {} : { origin }),
        ...(typeof body === 'string' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    const setCookie = res.headers['set-cookie'];
    for (const line of typeof setCookie === 'string' ? [setCookie] : (setCookie ?? [])) {
      const [pair = '', ...attributes] = line.split(';');
      const [cookie = '', value = ''] = pair.split(/=(.*)/s).map((s) => s.trim());
      if (value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) jar.delete(cookie);
      else jar.set(cookie, value);
    }
    return res;
  }

  async #navigate(method: 'GET' | 'POST', url: string, form?: string): Promise<void> {
    let at = new URL(url);
    let body = form;
    const from = new URL(this.#url === 'about:blank' ? url : this.#url).origin;
    for (let hop = 0; hop <= REDIRECTS_FOLLOWED; hop++) {
      const res = await this.#request(method, at, from, body);
      const location =
        res.statusCode >= 300 && res.statusCode < 400 ? res.headers.location : immediateRefresh(res.headers.refresh);
      if (typeof location === 'string') {
        await res.body.dump();
        at = new URL(location, at);
        method = 'GET';
        body = undefined;
        continue;
      }
      this.#url = at.href;
      this.status = res.statusCode;
      this.html = await res.body.text();
      return;
    }
    throw new Error(`more than ${REDIRECTS_FOLLOWED} redirects from ${url}`);
  }
}
