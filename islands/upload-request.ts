// An upload from an island: the same multipart form the page posts without JavaScript, sent
// with XMLHttpRequest because fetch cannot report upload progress. The edge answers a
// refusal as JSON ({ messages }) and a success with a 303 to the next step, which the
// request follows: its final URL is where the visitor goes next.

export type UploadAnswer = { ok: true; location: string; body: unknown } | { ok: false; messages: string[] };

/** `unfinished`: what the visitor reads when the upload broke off, in the page's language. */
export function sendUpload(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  unfinished: string,
): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const json = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve({ ok: true, location: xhr.responseURL, body: json });
      const messages = (json as { messages?: unknown } | null)?.messages;
      resolve({
        ok: false,
        messages: Array.isArray(messages) && messages.length ? messages.map(String) : [unfinished],
      });
    };
    xhr.onerror = xhr.onabort = () => resolve({ ok: false, messages: [unfinished] });
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
