// The last posts to the third-party form endpoints, kept so tests can check what the edge
// sent (GET /thirdparty/forms/received). Memory only, never logged.

export type FormName = 'notice' | 'ualog';

export interface ReceivedForm {
  form: FormName;
  receivedAt: string;
  body: Record<string, unknown>;
}

export const MAX_RECEIVED_FORMS = 50;

export class ReceivedForms {
  readonly #items: ReceivedForm[] = [];
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  add(form: FormName, body: Record<string, unknown>): void {
    this.#items.push({ form, receivedAt: new Date(this.#now()).toISOString(), body });
    if (this.#items.length > MAX_RECEIVED_FORMS) this.#items.shift();
  }

  /** Oldest first. */
  list(): ReceivedForm[] {
    return [...this.#items];
  }
}
