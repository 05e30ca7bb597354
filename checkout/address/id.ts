// Indonesia: its 38 provinces (ISO 3166-2:ID, without the island groups the standard also
// codes), by name; and its 5-digit postal codes (kode pos). The names are Indonesian, as
// Indonesian addresses write them, in every language.
import { POSTAL_CODE_LENGTH } from '../limits.ts';
import { DEFAULT_TEXTS, type Texts } from '../messages.ts';
import type { AddressForm, AddressWords, Region } from './types.ts';

export const ID_PROVINCES: readonly Region[] = [
  { code: 'AC', name: 'Aceh' },
  { code: 'BA', name: 'Bali' },
  { code: 'BT', name: 'Banten' },
  { code: 'BE', name: 'Bengkulu' },
  { code: 'GO', name: 'Gorontalo' },
  { code: 'JK', name: 'Jakarta Raya' },
  { code: 'JA', name: 'Jambi' },
  { code: 'JB', name: 'Jawa Barat' },
  { code: 'JT', name: 'Jawa Tengah' },
  { code: 'JI', name: 'Jawa Timur' },
  { code: 'KB', name: 'Kalimantan Barat' },
  { code: 'KS', name: 'Kalimantan Selatan' },
  { code: 'KT', name: 'Kalimantan Tengah' },
  { code: 'KI', name: 'Kalimantan Timur' },
  { code: 'KU', name: 'Kalimantan Utara' },
  { code: 'BB', name: 'Kepulauan Bangka Belitung' },
  { code: 'KR', name: 'Kepulauan Riau' },
  { code: 'LA', name: 'Lampung' },
  { code: 'MA', name: 'Maluku' },
  { code: 'MU', name: 'Maluku Utara' },
  { code: 'NB', name: 'Nusa Tenggara Barat' },
  { code: 'NT', name: 'Nusa Tenggara Timur' },
  { code: 'PA', name: 'Papua' },
  { code: 'PB', name: 'Papua Barat' },
  { code: 'PD', name: 'Papua Barat Daya' },
  { code: 'PE', name: 'Papua Pegunungan' },
  { code: 'PS', name: 'Papua Selatan' },
  { code: 'PT', name: 'Papua Tengah' },
  { code: 'RI', name: 'Riau' },
  { code: 'SR', name: 'Sulawesi Barat' },
  { code: 'SN', name: 'Sulawesi Selatan' },
  { code: 'ST', name: 'Sulawesi Tengah' },
  { code: 'SG', name: 'Sulawesi Tenggara' },
  { code: 'SA', name: 'Sulawesi Utara' },
  { code: 'SB', name: 'Sumatera Barat' },
  { code: 'SS', name: 'Sumatera Selatan' },
  { code: 'SU', name: 'Sumatera Utara' },
  { code: 'YO', name: 'Yogyakarta' },
];

/** The form's words in a language. */
export const INDONESIA_WORDS = (texts: Texts): AddressWords => ({
  regionLabel: texts.ADDRESS_LABELS.province,
  regionRequired: texts.BUYER_MESSAGES.provinceRequired,
  postalLabel: texts.ADDRESS_LABELS.postalCode,
});

export const INDONESIA: AddressForm = {
  regions: ID_PROVINCES,
  ...INDONESIA_WORDS(DEFAULT_TEXTS),
  postalCode: { length: POSTAL_CODE_LENGTH.ID, digitsOnly: true },
};
