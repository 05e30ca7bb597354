// Screen 21, the cash-in map (/cash-in-locations): the payment centres within the spec's 100
// miles of Manila (stated in kilometres, as each centre's distance is), each open or closed
// now in Manila time, and a way back to the visitor's order. The centres are read and
// checked once, when this module loads at start-up (server/cash-in/centres.ts).
import type { FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { formatKilometres, isOpenAt, radiusMetres, withinRadius } from '../../checkout/cash-in.ts';
import { MAP_DEFAULTS } from '../../checkout/limits.ts';
import type { Texts } from '../../checkout/messages.ts';
import { ROUTES } from '../../checkout/routes.ts';
import type { MapCentre } from '../../islands/CashInMap.tsx';
import { type BackLink, CashInLocationsPage, type CentreGroup } from '../../views/pages/CashInLocations.tsx';
import { type Centre, loadCentres } from '../cash-in/centres.ts';
import { defineScreen } from '../flow/screen.ts';
import { textsOf } from '../i18n/plugin.ts';
import { readFlow } from '../security/flow-cookie.ts';

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
    group.centres.push({
      ...mapCentre(point, texts),
      openNow: isOpenAt(point, now),
      distance: formatKilometres(metres, 1, texts.locale),
    });
    groups.set(point.city, group);
  }
  return [...groups.values()];
}

/** Back to the cash payment page for a cash order, to wherever the upstream has any other order, else home. */
function backLink(request: FastifyRequest): BackLink {
  const flow = readFlow(request);
  const { CASH_IN_TEXT } = textsOf(request);
  if (!flow) return { href: ROUTES.home.path, label: CASH_IN_TEXT.home };
  return { href: flow.method === 'OTC' ? ROUTES.paymentOtc.path : ROUTES.transactionNew.path, label: CASH_IN_TEXT.back };
}

export const cashInLocationsScreen = defineScreen({
  route: ROUTES.cashInLocations,
  get: (request, reply) => {
    const groups = groupsAt(request.server.clock(), textsOf(request));
    const page = createElement(CashInLocationsPage, {
      groups,
      radius: formatKilometres(radiusMetres(), 0, textsOf(request).locale),
      back: backLink(request),
      map: {
        centre: MAP_DEFAULTS.center,
        zoom: MAP_DEFAULTS.zoom,
        radiusMetres: radiusMetres(),
        centres: groups.flatMap((g) => g.centres.map(({ openNow: _o, distance: _d, ...c }) => c)),
        tileUrl: request.server.appConfig.mapTileUrl ?? null,
        outlineUrl: request.server.assetManifest.data['ph-outline.json'] ?? null,
      },
    });
    return reply.render(page);
  },
});
