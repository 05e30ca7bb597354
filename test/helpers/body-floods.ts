// The body floods of `npm run faulttest`, beside the connection floods (flood.ts), each from
// threads of its own (body-flood-worker.mjs, flood-worker.mjs):
//
// - big forms: 4 kept-alive connections from the loopback range, each with a flow at the
//   buyer's details, posting 1.4 MB buyer-info forms as fast as answered, while a new
//   visitor from another address loads the home page every 100 ms;
// - trickled uploads: 8 uploads (4 MB announced) sent a byte a second from one address,
//   each opened anew once cut, while visitors from another address upload a picture every
//   500 ms. The edge is one in this process (the flows are walked through app.inject); the
//   uploads come over its socket.
import { UPLOAD_CONCURRENCY } from '../../checkout/limits.ts';
import { dealtWith, inThread, NEVER_WAIT_MS, type Spread, spread, type Visit, watchAcceptQueue } from './flood.ts';
import { BTC_ADDRESS, driveTo } from './journey.ts';
import { startStack } from './stack.ts';
import { multipartBody, PNG } from './upload-files.ts';

const HOST = 'maple.localhost';
const WORKER = 'body-flood-worker.mjs';
const QUOTE = 'txnType=BUY&fiatAmount=100&fiatCurrency=CAD&cryptoCurrency=BTC&paymentMethod=ETRANSFER';
/** From 300 the upstream asks for the buyer's address, then the selfie. */
const TO_SELFIE = {
  amount: 300,
  buyer: { addressLine1: '1 Main St', cityTown: 'Toronto', stateProv: 'ON', postalCode: 'M5V 2T6' },
};

export interface BigFormFigures {
  visitors: number;
  visitorMs: Spread;
  shareWithin1s: number;
  waited5s: number;
  visitorStatuses: Record<string, number>;
  forms: { answered: number; statuses: Record<string, number>; ms: Spread };
  acceptQueueMax: number;
}

/** 4 connections posting 1.4 MB buyer-info forms against the edge at `port`; new visitors load the home page. */
export async function bigFormFlood(port: number, durationS: number): Promise<BigFormFigures> {
  const durationMs = durationS * 1000;
  const posting = inThread<{ answered: number; statuses: Record<string, number>; ms: number[] }>(
    {
      role: 'forms',
      port,
      host: HOST,
      quote: QUOTE,
      // Maple runs in production: a mainnet address.
      address: BTC_ADDRESS,
      formBytes: 1_400_000,
      connections: 4,
      addresses: Array.from({ length: 8 }, (_, i) => `127.0.1.${i + 1}`),
      durationMs: durationMs + 2_000,
    },
    WORKER,
  );
  // The flows are made and the forms under way before the first visitor comes.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const stopWatching = watchAcceptQueue(port, 100);
  const visits = await inThread<Visit[]>({
    role: 'visitors',
    port,
    host: HOST,
    path: '/',
    everyMs: 100,
    durationMs,
    giveUpMs: 15_000,
    localAddress: '127.0.0.2',
  });
  const forms = await posting;
  const acceptQueueMax = await stopWatching();
  const statuses: Record<string, number> = {};
  for (const v of visits)
    statuses[v.error ? `error:${v.error}` : String(v.status)] =
      (statuses[v.error ? `error:${v.error}` : String(v.status)] ?? 0) + 1;
  return {
    visitors: visits.length,
    visitorMs: spread(visits.map((v) => v.ms)),
    shareWithin1s: visits.filter(dealtWith).length / Math.max(1, visits.length),
    waited5s: visits.filter((v) => v.ms >= NEVER_WAIT_MS).length,
    visitorStatuses: statuses,
    forms: { answered: forms.answered, statuses: forms.statuses, ms: spread(forms.ms) },
    acceptQueueMax,
  };
}

export interface TrickleFigures {
  uploads: number;
  uploaded: number;
  uploadMs: Spread;
  uploadStatuses: Record<string, number>;
  trickles: {
    opened: number;
    cut: number;
    statuses: Record<string, number>;
    heldMs: Spread;
  };
  /** The most upload places held at once, sampled every 100 ms: the visitors' own, never the trickles'. */
  placesHeldMax: number;
}

/** 8 uploads trickled a byte a second from one address; visitors from another upload a picture every 500 ms. */
export async function trickledUploadFlood(durationS: number): Promise<TrickleFigures> {
  // The flows are set up through inject, all from one address: a long run's many would meet
  // the quote, code and step limits, which this flood is not about.
  const stack = await startStack({ env: { RATE_LIMITS: 'quote=1000/60,code=1000/60,step=1000/60' } });
  try {
    const visitorCount = Math.max(1, Math.floor((durationS * 1000) / 500));
    const flows = await Promise.all(
      Array.from({ length: 8 + visitorCount }, () => driveTo(stack, '/image-input-choice', TO_SELFIE)),
    );
    const cookies = flows.map((v) => v.cookie);
    const { payload, contentType } = multipartBody([{ field: 'file', fileName: 'me.png', value: PNG, type: 'image/png' }]);
    let placesHeldMax = 0;
    const sampling = setInterval(() => {
      placesHeldMax = Math.max(placesHeldMax, stack.app.uploadGate.inFlight);
    }, 100);
    const trickling = inThread<{ opened: number; cut: number; statuses: Record<string, number>; heldMs: number[] }>(
      {
        role: 'trickle',
        port: stack.port,
        host: HOST,
        cookies: cookies.slice(0, 8),
        announcedBytes: 4_000_000,
        byteEveryMs: 1_000,
        localAddress: '127.0.1.1',
        durationMs: durationS * 1000 + 2_000,
      },
      WORKER,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const uploads = await inThread<{ status: number; ms: number; error?: string }[]>(
      {
        role: 'uploads',
        port: stack.port,
        host: HOST,
        cookies: cookies.slice(8),
        payloadBase64: payload.toString('base64'),
        contentType,
        everyMs: 500,
        localAddress: '127.0.0.2',
      },
      WORKER,
    );
    const trickles = await trickling;
    clearInterval(sampling);
    const uploadStatuses: Record<string, number> = {};
    for (const u of uploads) uploadStatuses[u.error ?? String(u.status)] = (uploadStatuses[u.error ?? String(u.status)] ?? 0) + 1;
    return {
      uploads: uploads.length,
      uploaded: uploads.filter((u) => u.status === 303).length,
      uploadMs: spread(uploads.map((u) => u.ms)),
      uploadStatuses,
      trickles: { opened: trickles.opened, cut: trickles.cut, statuses: trickles.statuses, heldMs: spread(trickles.heldMs) },
      placesHeldMax,
    };
  } finally {
    await stack.close();
  }
}

/** Each body flood's figures in a line, and the bars they must meet. */
export async function bodyFloods(options: { port: number; durationS: number; log: (line: string) => void }) {
  const verdicts: { ok: boolean; line: string }[] = [];
  const check = (name: string, ok: boolean, line: string) => {
    verdicts.push({ ok, line });
    options.log(`flood ${name}: ${ok ? 'ok  ' : 'FAIL'} ${line}`);
  };
  options.log(`flood bigForms: 4 connections from 8 addresses posting 1.4 MB buyer-info forms, for ${options.durationS} s`);
  const forms = await bigFormFlood(options.port, options.durationS);
  options.log(`flood bigForms figures: ${JSON.stringify(forms)}`);
  const v = forms.visitorMs;
  check(
    'bigForms',
    v.p90 < 1000,
    `visitors: median ${v.median} ms, 90th percentile ${v.p90} ms, slowest ${v.max} ms (bar: p90 under 1 s)`,
  );
  check(
    'bigForms',
    forms.waited5s === 0,
    `${forms.waited5s} visitors waited 5 s or more (bar: none); accept queue at most ${forms.acceptQueueMax}`,
  );

  options.log(`flood trickledUploads: 8 uploads from one address sent a byte a second, for ${options.durationS} s`);
  const trickle = await trickledUploadFlood(options.durationS);
  options.log(`flood trickledUploads figures: ${JSON.stringify(trickle)}`);
  const u = trickle.uploadMs;
  check(
    'trickledUploads',
    trickle.uploaded === trickle.uploads,
    `${trickle.uploaded} of ${trickle.uploads} visitors' uploads went through: median ${u.median} ms, 90th percentile ${u.p90} ms, slowest ${u.max} ms (bar: all)`,
  );
  check(
    'trickledUploads',
    trickle.trickles.cut > 0 && trickle.placesHeldMax < UPLOAD_CONCURRENCY,
    `trickles cut ${trickle.trickles.cut} times, each after ${trickle.trickles.heldMs.median} ms; at most ${trickle.placesHeldMax} places held at once (the visitors' own; bar: trickles cut, never all 8 places)`,
  );
  return verdicts;
}
