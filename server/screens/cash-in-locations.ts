// Screen 21, the cash-in map (/cash-in-locations): the payment centres within 100 miles of
// Manila, each open or closed now in Manila time. The centres are read and checked once,
// when this module loads at start-up (server/cash-in/centres.ts).
import { createElement } from 'react';
import { isOpenAt, radiusMetres, withinRadius } from '../../checkout/cash-in.ts';
import { MAP_DEFAULTS } from '../../checkout/limits.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { loadCentres, type Centre } from '../cash-in/centres.ts';
import { defineScreen } from '../flow/screen.ts';
import type { MapCentre } from '../../islands/CashInMap.tsx';
import { CashInLocationsPage, type CentreGroup } from '../../views/pages/CashInLocations.tsx';
import { textsOf } from '../i18n/plugin.ts';
import type { Texts } from '../../checkout/messages.ts';

const CENTRES = loadCentres();

const hoursOf = (c: Centre, texts: Texts) => (c.open === c.close ? texts.CASH_IN_TEXT.allDay : `${c.open}–${c.close}`);

function mapCentre(c: Centre, texts: Texts): MapCentre {
  return {
    name: c.name,
    address: c.address,
    city: c.city,
    phone: c.phone,
    open: c.open,
    close: c.close,
    lat: c.lat,
    lng: c.lng,
    hours: hoursOf(c, texts),
  };
}

/** Centres in the radius, grouped by city; cities in the order of their nearest centre. */
function groupsAt(now: number, texts: Texts): CentreGroup[] {
  const groups = new Map<string, CentreGroup>();
  for (const { point, metres } of withinRadius(CENTRES)) {
    const group = groups.get(point.city) ?? { city: point.city, centres: [] };
    group.centres.push({ ...mapCentre(point, texts), openNow: isOpenAt(point, now), km: (metres / 1000).toFixed(1) });
    groups.set(point.city, group);
  }
  return [...groups.values()];
}

export const cashInLocationsScreen = defineScreen({
  route: ROUTES.cashInLocations,
  get: (request, reply) => {
    const groups = groupsAt(request.server.clock(), textsOf(request));
    const page = createElement(CashInLocationsPage, {
      groups,
      map: {
        centre: MAP_DEFAULTS.center,
        zoom: MAP_DEFAULTS.zoom,
        radiusMetres: radiusMetres(),
        centres: groups.flatMap((g) => g.centres.map(({ openNow: _o, km: _k, ...c }) => c)),
        tileUrl: request.server.appConfig.mapTileUrl ?? null,
        outlineUrl: request.server.assetManifest.data['ph-outline.json'] ?? null,
      },
    });
    return reply.render(page);
  },
});
