import t from 'tap';
import { appendPath, siteUrls, withQuery } from '../../checkout/site-urls.ts';
import { merchant } from './fixtures.ts';

const FAMILY = ['Maple Coin', 'Other Brand'];

t.test('outside the family: URLs as configured', async (t) => {
  const m = merchant({ merchantName: 'Solo' });
  for (const currency of ['CAD', 'AUD', 'PHP']) {
    const urls = siteUrls(m, currency, FAMILY);
    t.equal(urls.home, 'https://maple.example', currency);
    t.equal(urls.success, 'https://maple.example/thanks');
    t.equal(urls.error(), 'https://maple.example/error');
    t.equal(urls.error('TRANSACTION.NOTFOUND'), 'https://maple.example/error?err=TRANSACTION.NOTFOUND');
  }
});

t.test('the family gets /au and /ph', async (t) => {
  const m = merchant();
  const au = siteUrls(m, 'AUD', FAMILY);
  t.equal(au.home, 'https://maple.example/au');
  t.equal(au.success, 'https://maple.example/thanks/au');
  t.equal(au.error('SYSTEM'), 'https://maple.example/error/au?err=SYSTEM');
  const ph = siteUrls(m, 'PHP', FAMILY);
  t.equal(ph.home, 'https://maple.example/ph');
  const ca = siteUrls(m, 'CAD', FAMILY);
  t.equal(ca.home, 'https://maple.example', 'CAD: no suffix');
  t.equal(siteUrls(m, 'AUD', []).home, 'https://maple.example', 'empty family');
});

t.test('joins without double slashes, keeps queries, encodes err', async (t) => {
  const m = merchant({
    siteUrl: 'https://maple.example/',
    errorUrl: 'https://maple.example/oops/?lang=en#top',
    successUrl: 'https://maple.example/done//',
  });
  const au = siteUrls(m, 'AUD', FAMILY);
  t.equal(au.home, 'https://maple.example/au');
  t.equal(au.success, 'https://maple.example/done/au');
  t.equal(au.error('A B&C=D'), 'https://maple.example/oops/au?lang=en&err=A+B%26C%3DD#top');
  t.equal(appendPath('https://x.example/a/', '/b'), 'https://x.example/a/b');
  t.equal(withQuery('https://x.example/a?err=old', 'err', 'new'), 'https://x.example/a?err=new');
});
