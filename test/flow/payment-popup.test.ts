// The payment popup's geometry: at most 900x760, at most 80% of the window, centred.
import t from 'tap';
import { popupFeatures, popupGeometry } from '../../checkout/popup.ts';

t.test('a large window gets the 900x760 maximum, centred', async (t) => {
  t.same(popupGeometry({ outerWidth: 1920, outerHeight: 1080, screenX: 0, screenY: 0 }), {
    width: 900,
    height: 760,
    left: 510,
    top: 160,
  });
});

t.test('a small window gets 80% of each side', async (t) => {
  t.same(popupGeometry({ outerWidth: 800, outerHeight: 600, screenX: 0, screenY: 0 }), {
    width: 640,
    height: 480,
    left: 80,
    top: 60,
  });
});

t.test('each side is limited on its own: wide but short window', async (t) => {
  const g = popupGeometry({ outerWidth: 1280, outerHeight: 720, screenX: 0, screenY: 0 });
  t.equal(g.width, 900, 'width capped at 900');
  t.equal(g.height, 576, 'height is 80% of 720');
});

t.test('centred on the window, not the screen', async (t) => {
  const g = popupGeometry({ outerWidth: 1000, outerHeight: 1000, screenX: 2000, screenY: 100 });
  t.equal(g.left, 2000 + 100, "(1000 - 800) / 2 from the window's left edge");
  t.equal(g.top, 100 + 120, "(1000 - 760) / 2 from the window's top edge");
});

t.test('fractions round down, never above 80%', async (t) => {
  const g = popupGeometry({ outerWidth: 333, outerHeight: 333, screenX: 0, screenY: 0 });
  t.equal(g.width, 266);
  t.equal(g.height, 266);
});

t.test('features string for window.open', async (t) => {
  t.equal(popupFeatures({ width: 900, height: 760, left: 10, top: 20 }), 'popup=yes,width=900,height=760,left=10,top=20');
});
