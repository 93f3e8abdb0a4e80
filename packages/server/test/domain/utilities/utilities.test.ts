// The account-management utilities without HTTP: reference lists, forms and the rule of required
// forms, and the requests with their statuses, over the fixtures.
import { ManualClock } from '../../../src/domain/kernel/clock.js';
import { AmRequests, type AmRequestsContext } from '../../../src/domain/utilities/am-requests.js';
import { defaultAmRequests } from '../../../src/fixtures/index.js';
import { MemoryStore } from '../../../src/store/memory.js';
import { domain } from '../services.js';

/** The requests over only what they take of the brokerage (a clock, a store, its loads), and a
 * load of the state as the brokerage does it: the store emptied, then its load listeners. */
function requests(): { amRequests: AmRequests; load: () => void } {
  const listeners: (() => void)[] = [];
  const store = new MemoryStore();
  const context: AmRequestsContext = {
    clock: new ManualClock(Date.parse('2025-03-12T15:00:00Z')),
    store,
    accounts: { onLoad: (listener) => listeners.push(listener) },
  };
  const load = (): void => {
    store.clear();
    for (const listener of listeners) listener();
  };
  return { amRequests: new AmRequests(context, defaultAmRequests), load };
}

describe('account-management utilities, without HTTP', () => {
  it('answers one reference list per kind; fin-info-ranges in the asked currency', () => {
    const { referenceData } = domain().services;
    const countries = referenceData.enumeration('prohibited-country');
    expect(countries.enumerationsType).toBe('prohibited-country');
    expect(countries.jsonData).toContainEqual({ code: 'PRK', name: 'North Korea' });
    const euro = referenceData.enumeration('fin-info-ranges', 'eur').jsonData;
    expect(euro.length).toBeGreaterThan(0);
    expect(euro.every((entry) => entry.currency === 'EUR')).toBe(true);
    expect(() => referenceData.enumeration('horoscopes')).toThrow(
      'Unsupported enumerationType: horoscopes',
    );
  });

  it('lists forms by number and by change date; a projection adds the file or the documents', async () => {
    const { forms } = domain().services;
    const all = await forms.list({});
    expect(all.map((form) => form.formNumber)).toEqual(
      [...all.map((form) => form.formNumber)].sort((a, b) => a - b),
    );
    expect(
      all.every((form) => form.payload === undefined && form.acceptableDocs === undefined),
    ).toBe(true);
    const [w9] = await forms.list({ formNo: [3070], projection: 'PAYLOAD' });
    const text = atob(w9?.payload?.data ?? '');
    expect(w9?.payload?.mimeType).toBe('text/plain');
    expect(text.length).toBe(w9?.fileLength);
    expect(w9?.sha1Checksum).toMatch(/^[0-9a-f]{40}$/);
    const [withDocs] = await forms.list({ formNo: [3071], projection: 'DOCS' });
    expect(withDocs?.acceptableDocs).toContain('PASSPORT');
    const lately = await forms.list({ fromDate: '2024-06-01', toDate: '2024-12-31' });
    expect(lately.map((form) => form.formNumber)).toEqual([5002, 6320]);
    await expect(forms.list({ fromDate: '2025-01-02', toDate: '2025-01-01' })).rejects.toThrow(
      'toDate is before fromDate',
    );
  });

  it('requires forms by residence, retirement account, lending, permissions and capabilities', () => {
    const { forms } = domain().services;
    expect(forms.required({})).toEqual(['3024', '5002']);
    expect(forms.required({ residenceCountry: 'USA', tradingPermissions: ['STK', 'OPT'] })).toEqual(
      ['3024', '5002', '3070', '4304'],
    );
    expect(
      forms.required({
        residenceCountry: 'DEU',
        ira: true,
        requestedSYEP: true,
        tradingPermissions: ['fut'],
        capability: ['MARGIN', 'MARGIN'],
      }),
    ).toEqual(['3024', '5002', '3071', '6108', '6320', '4305', '6330']);
  });

  it('lists requests by submission day and status, a page at a time', () => {
    const { amRequests } = requests();
    const q1 = amRequests.list({ startDate: '2025-01-01', endDate: '2025-03-31' });
    expect(q1.total).toBe(3);
    expect(q1.requestDetails.map((request) => request.requestId)).toEqual([7001, 7002, 7003]);
    expect(q1.requestDetails[0]).toMatchObject({ accountID: 'U1234567', status: 'C' });
    // the end day is included
    expect(amRequests.list({ startDate: '2025-02-11', endDate: '2025-02-11' }).total).toBe(1);
    const page = amRequests.list({
      startDate: '2025-01-01',
      endDate: '2025-03-31',
      offset: 1,
      limit: 1,
    });
    expect(page).toMatchObject({ offset: 1, limit: 1, total: 3 });
    expect(page.requestDetails.map((request) => request.requestId)).toEqual([7002]);
    const pending = amRequests.list({
      startDate: '2025-01-01',
      endDate: '2025-03-31',
      status: 'P',
    });
    expect(pending.requestDetails.map((request) => request.requestId)).toEqual([7002]);
  });

  it('reads a request status and answer, sets a known status, and refuses unknown ones', () => {
    const { amRequests, load } = requests();
    expect(amRequests.status(7002)).toEqual({
      requestId: '7002',
      requestType: 'UPDATE_ACCOUNT',
      status: 'P',
      acctId: 'U1234567',
      message: 'Request 7002 is in status P',
    });
    expect(amRequests.answer(7001).fileData.name).toBe('request-7001.json');
    expect(amRequests.setStatus(7002, 'C').status).toBe('C');
    expect(amRequests.status(7002).status).toBe('C');
    expect(() => amRequests.setStatus(7002, 'Z')).toThrow('Invalid status: Z');
    expect(() => amRequests.setStatus(7002, undefined)).toThrow('Invalid status: undefined');
    expect(() => amRequests.status(1)).toThrow('Unknown requestId: 1');
    load();
    expect(amRequests.status(7002).status).toBe('P');
  });
});
