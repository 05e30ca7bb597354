// The language subtags of Accept-Language that ICU's locale matching (as
// @formatjs/intl-localematcher's best fit does it) can answer with each of the checkout's
// languages: its own, its aliases (eng, fra, tgl, ind, in, tl), and the languages whose
// speakers CLDR says read it (Afrikaans and Swahili speakers read English, Breton and Wolof
// speakers French, Javanese and Malay speakers Indonesian), bare or written in its script.
// An entry whose subtag is in no row of the merchant's languages cannot win, so it is never
// handed to the matcher (negotiate.ts). test/i18n/negotiate.test.ts asks the matcher about
// every two- and three-letter subtag and fails when this table and it disagree, printing the row.
import type { Language } from '../../checkout/i18n/languages.ts';

const row = (subtags: string) => subtags.split(' ');

export const ASKED_AS: Readonly<Record<Language, readonly string[]>> = {
  en: row(
    'ach af afr ak aka alb als am amh bem ben bn bur chr cy cym ee en eng eo epo ewe fat ga gaa gaz gd geo gla gle ha hau ' +
      'haw ia ibo ice ig ina is isl ji ka kan kat khm kin km kn kri lao lg lo loz lug mal mao mfe mi ml mlt mri mt my mya ' +
      'ne nep npi nso ny nya nyn om or ori orm ory pa pan pbu pcm ps pus rn run rw sd si sin sn sna snd so som sot sq sqi ' +
      'st sw swa swc swh ta tam te tel ti tir tlh tn to ton tsn tum tw twi ur urd wel xh xho ydd yi yid yo yor zu zul',
  ),
  'fr-CA': row('br bre co cos crs fr fra fre hat ht kg kin kng kon lin ln lua mg mlg oc oci plt rn run rw wo wol'),
  fil: row('ceb fil tgl tl'),
  id: row('id in ind jav jaw jv jw may ms msa su sun zsm'),
};
