// A request's target as its path and query, whatever form its request line took. HTTP/1.1
// lets a client send the absolute form (`GET http://host/path`, meant for proxies), which
// an origin server must accept. The edge knows the merchant from Host alone, and whatever
// it builds from a request's URL (the language switch's redirect and links, a form's
// action, a log line) must name only a path on the same host: so the scheme and the
// authority are dropped before routing, and a path opening with more than one slash or a
// backslash (`//evil.example/`, which a browser reads as another host) opens with one.
const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;
const OPENING_SLASHES = /^[/\\]+/;

/** `url` (a request line's target) as a path and query on the request's own host. */
export function originForm(url: string): string {
  const second = url.charCodeAt(1);
  // Nearly every request: one slash, then anything but another slash or a backslash.
  if (url.charCodeAt(0) === 0x2f && second !== 0x2f && second !== 0x5c) return url;
  const target = url.replace(ABSOLUTE_FORM, '');
  // The asterisk form (`OPTIONS *`) names no path: left as it is, for the router to refuse.
  if (target === url && !OPENING_SLASHES.test(url)) return url;
  return `/${target.replace(OPENING_SLASHES, '')}`;
}
