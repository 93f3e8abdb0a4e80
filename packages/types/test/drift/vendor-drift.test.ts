// The drift report on the vendor's versions we hold (../shared/reference): 2.27 → 2.29 and
// 2.28 → 2.29 report the advisor-model renames of decision fidelity-2.29-renames.md as renames,
// and every other line of 2.28 → 2.29 is one of the classes decision openapi-drift-report.md explains;
// ours → 2.29 follows 2.29's advisor-model names.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  compareSurfaces,
  exitStatus,
  formatMarkdown,
  formatTable,
  makeReport,
  readDescription,
  surfaceOfDocument,
  type Change,
} from '../../src/drift/index.js';
import { bundledDocument, hasReference, repoRoot, vendorFile } from './reference.js';

const decisionsDir = join(repoRoot, 'docs', 'decisions');
/** A decision file by its name, in whichever folder of docs/decisions/ holds it. */
const decisionPath = (file: string): string =>
  ['service', 'engineering']
    .map((folder) => join(decisionsDir, folder, file))
    .find((path) => existsSync(path)) ?? join(decisionsDir, file);

/** The 27 response renames of fidelity-2.29-renames.md, `path field-before → field-after`. */
const adviserRenames = [
  'fa/model/list models[].ci → models[].customIndex',
  'fa/model/summary ci → customIndex',
  ...['actl actual', 'exrt exchangeRate', 'instrImbalance instrumentImbalance', 'trgt target'].map(
    (pair) => `fa/model/positions cash[].${pair.replace(' ', ' → cash[].')}`,
  ),
  ...[
    'actl actual',
    'actlRangeMax actualRangeMax',
    'actlRangeMin actualRangeMin',
    'cid conid',
    'exrt exchangeRate',
    'flg flags',
    'instrImbalance instrumentImbalance',
    'trgt target',
  ].map((pair) => `fa/model/positions positionList[].${pair.replace(' ', ' → positionList[].')}`),
  ...[
    'acctImbalance accountImbalance',
    'exrt exchangeRate',
    'indCash cashInIndependent',
    'numInstrOutsideRange numInstrumentsOutsideRange',
    'unrealPnL unrealizedPnL',
  ].map(
    (pair) =>
      `fa/model/accounts-details accountInfoList[].${pair.replace(' ', ' → accountInfoList[].')}`,
  ),
  'fa/model/invest-divest-positions baseCcyMasterPrc → baseCcyMasterPrecision',
  ...[
    'baseCcyAccountPrc baseCcyAccountPrecision',
    'exrt exchangeRate',
    'indCashNlv cashInIndependentNlv',
    'indPosNlv positionsInIndependentNlv',
  ].map(
    (pair) =>
      `fa/model/invest-divest-positions accountList[].${pair.replace(' ', ' → accountList[].')}`,
  ),
  ...[
    'avoidNegativeCashInCore avoidNegativeCashInIndependent',
    'closeDivestCorePosition closeDivestIndependentPosition',
    'roundAllocExchBoardLot roundAllocationQuantityToExchangeBoardLot',
  ].map((pair) => `fa/fa-preset/get ${pair.replace(' ', ' → ')}`),
];
/** The same three preset names, renamed in the request of saving the presets. */
const presetRequestRenames = [
  'avoidNegativeCashInCore → avoidNegativeCashInIndependent',
  'closeDivestCorePosition → closeDivestIndependentPosition',
  'roundAllocExchBoardLot → roundAllocationQuantityToExchangeBoardLot',
].map((pair) => `fa/fa-preset/save ${pair}`);

const renameText = (change: Change) =>
  `${change.operation.split(' ')[1]?.replace('/v1/api/', '')} ${change.before} → ${change.after}`;
// Each description is read once for the whole file (about a second each).
const surfaces = new Map<string, ReturnType<typeof readDescription>>();
const read = (file: string) => {
  const surface = surfaces.get(file) ?? readDescription(file);
  surfaces.set(file, surface);
  return surface;
};
const compare = (before: string, after: string) => compareSurfaces(read(before), read(after));

/** Operations we serve beyond 2.40's index, each for the clients that send it: its decision. */
const beyond240: Record<string, [string, string]> = {
  'GET /v1/api/tickle': ['auth-ping-status-init-logout.md', 'tickle'],
  'GET /v1/api/iserver/auth/status': ['auth-ping-status-init-logout.md', 'getAuthStatus'],
  'POST /v1/api/iserver/reauthenticate': ['openapi-required-response-fields.md', 'reauthenticate'],
  'GET /v1/api/portfolio/allocation': ['portfolio-summary-and-allocation.md', 'as GET'],
  'POST /v1/api/portfolio/allocation': ['portfolio-summary-and-allocation.md', 'as POST'],
  'GET /v1/api/pa/performance': [
    'portfolio-analyst-history-and-transactions.md',
    'GET /pa/performance',
  ],
  'GET /v1/api/md/regsnapshot': ['market-regsnapshot.md', 'regsnapshot'],
  'GET /v1/api/hmds/history': ['market-hmds-history-and-preflight.md', 'hmds/history'],
  'GET /v1/api/hmds/scanner/params': ['market-hmds-scanner.md', 'scanner/params'],
  'POST /v1/api/hmds/scanner/run': ['market-hmds-scanner.md', 'scanner/run'],
  'GET /v1/api/fyi/notifications/more': ['notifications-more.md', 'notifications/more'],
};

const suite = hasReference ? describe : describe.skip;

suite('brokerage-drift on the vendor versions we hold', () => {
  const v27 = vendorFile('vendor-openapi-2.27.json');
  const v28 = vendorFile('vendor-openapi-2.28.json');
  const v29 = vendorFile('vendor-openapi-2.29.json');

  test('the decision lists 27 response renames', () => {
    expect(adviserRenames).toHaveLength(27);
  });

  test.each([
    ['2.27', v27],
    ['2.28', v28],
  ])(
    '%s → 2.29: the 27 advisor-model renames, each one rename, and the 3 of saving presets',
    (_, older) => {
      const changes = compare(older, v29);
      const renames = changes.filter((change) => change.kind === 'field-renamed');
      const responses = renames.filter((change) => change.place === 'response 200').map(renameText);
      const requests = renames.filter((change) => change.place === 'request').map(renameText);
      expect(responses.sort()).toEqual([...adviserRenames].sort());
      expect(requests.sort()).toEqual([...presetRequestRenames].sort());
      expect(renames.every((change) => change.severity === 'breaking')).toBe(true);
      // No renamed field is also reported removed or added.
      const renamedFields = new Set(
        renames.flatMap((c) => [`${c.operation} ${c.before}`, `${c.operation} ${c.after}`]),
      );
      const doubled = changes.filter(
        (c) =>
          (c.kind === 'field-removed' || c.kind === 'field-added') &&
          renamedFields.has(`${c.operation} ${c.field}`),
      );
      expect(doubled).toEqual([]);
    },
  );

  test('a description with the /v1/api prefix in its paths, or in its server, reads as the same', () => {
    const raw = JSON.parse(readFileSync(v29, 'utf8')) as {
      paths: Record<string, unknown>;
      servers: { url: string }[];
    };
    const prefixed = {
      ...raw,
      paths: Object.fromEntries(
        Object.entries(raw.paths).map(([path, item]) => [
          path.startsWith('/gw/') || path.startsWith('/oauth2/') ? path : `/v1/api${path}`,
          item,
        ]),
      ),
    };
    const onServer = {
      ...raw,
      servers: [{ url: 'https://api.example.com/v1/api' }],
      paths: prefixed.paths,
    };
    const original = read(v29);
    for (const variant of [prefixed, onServer]) {
      expect(compareSurfaces(original, surfaceOfDocument(variant as never, 'variant'))).toEqual([]);
    }
  });

  test('2.27 → 2.29 exits by severity and prints each rename in the table and in Markdown', () => {
    const before = read(v27);
    const after = read(v29);
    const report = makeReport(before, after, compareSurfaces(before, after));
    expect(exitStatus(report)).toBe(2);
    expect(exitStatus(report, 'none')).toBe(0);
    const infoOnly = makeReport(
      before,
      after,
      report.changes.filter((c) => c.severity === 'info'),
    );
    expect(exitStatus(infoOnly)).toBe(0);
    const warnings = makeReport(
      before,
      after,
      report.changes.filter((c) => c.severity !== 'breaking'),
    );
    expect(exitStatus(warnings)).toBe(1);
    expect(exitStatus(warnings, 'breaking')).toBe(0);
    expect(formatTable(report)).toContain('renamed models[].ci → models[].customIndex');
    expect(formatMarkdown(report)).toContain('renamed positionList[].actl → positionList[].actual');
  });

  test('2.28 → 2.29: every other line is a class that decision openapi-drift-report.md explains', () => {
    const changes = compare(v28, v29).filter((change) => change.kind !== 'field-renamed');
    const list = readFileSync(vendorFile('vendor-2.40-operations.tsv'), 'utf8');
    const classes = new Map<string, Change[]>();
    const put = (name: string, change: Change) =>
      classes.set(name, [...(classes.get(name) ?? []), change]);
    for (const change of changes) {
      const status = Number(change.place?.replace('response ', ''));
      if (change.kind === 'field-removed' && change.field === '' && status >= 400)
        put('error body no longer described', change);
      else if (change.kind === 'operation-added') put('operation added', change);
      else if (change.kind === 'operation-removed') put('operation removed', change);
      else if (change.kind === 'status-removed') put('status removed', change);
      else if (change.kind === 'field-type-changed' || change.kind === 'field-format-changed')
        put('type or format', change);
      else if (change.place?.startsWith('response')) put('response field', change);
      else put('request field', change);
    }
    // Operations 2.29 adds are still in 2.40's index (the service serves them).
    for (const change of classes.get('operation added') ?? []) {
      const [method, path] = change.operation.split(' ');
      expect(list).toContain(`${method}\t${path}`);
    }
    // 2.29 drops the WebSocket's upgrade request and GET of a request's status (its PATCH stays).
    expect((classes.get('operation removed') ?? []).map((c) => c.operation).sort()).toEqual([
      'GET /gw/api/v1/requests/{requestId}/status',
      'GET /v1/api/ws',
    ]);
    // 2.29 keeps only the 200 of account management's asynchronous answers, and no 204 of secdef.
    expect(new Set((classes.get('status removed') ?? []).map((c) => c.field))).toEqual(
      new Set(['202', '207', '208', '204']),
    );
    // The rest, line by line (a reviewed list: a new vendor version or a change of the rules
    // shows here first).
    const lines = (name: string) =>
      (classes.get(name) ?? []).map(
        (c) =>
          `${c.severity} ${c.kind} ${c.operation} ${c.place ?? ''} ${c.field ?? ''} ${c.before ?? ''} → ${c.after ?? ''}`,
      );
    expect({
      typeOrFormat: lines('type or format').length,
      responseFields: lines('response field'),
      requestFields: lines('request field'),
    }).toMatchSnapshot();
  });

  test('ours → 2.29: our advisor-model responses use 2.29 names; the older request names we accept show as ours alone', () => {
    const changes = compare(bundledDocument, v29);
    const adviser = changes.filter((change) => change.operation.includes('/v1/api/fa/'));
    expect(adviser.filter((c) => c.kind === 'field-renamed')).toEqual([]);
    const olderNames = [
      'avoidNegativeCashInCore',
      'closeDivestCorePosition',
      'roundAllocExchBoardLot',
    ];
    const removedFromSave = adviser
      .filter((c) => c.operation === 'POST /v1/api/fa/fa-preset/save' && c.kind === 'field-removed')
      .map((c) => c.field);
    expect(removedFromSave).toEqual(expect.arrayContaining(olderNames));
    // Our responses hold no field of 2.29's advisor-model operations under an older name.
    const responseRenames = adviserRenames.map((text) => text.split(' ')[1]?.split('.').at(-1));
    const ourResponseFields = adviser
      .filter((c) => c.place?.startsWith('response') && c.kind === 'field-removed')
      .map((c) => c.field?.split('.').at(-1));
    expect(ourResponseFields.filter((name) => responseRenames.includes(name))).toEqual([]);
  });

  test('ours → 2.29: the renames and our operations 2.29 lacks, each explained', () => {
    const changes = compare(bundledDocument, v29);
    const list = readFileSync(vendorFile('vendor-2.40-operations.tsv'), 'utf8');
    const renames = changes
      .filter((c) => c.kind === 'field-renamed' || c.kind === 'path-parameter-renamed')
      .map((c) => `${c.operation} ${c.before} → ${c.after}`);
    expect(renames.sort()).toEqual(
      [
        // auth-oauth2-token-request-and-answer.md: we keep RFC 7523's names, as clients send them.
        'POST /oauth2/api/v1/token client_assertion → clientAssertion',
        'POST /oauth2/api/v1/token client_assertion_type → clientAssertionType',
        // openapi-drift-report.md: a path parameter's name is not sent; ours are camelCase.
        'PUT /v1/api/fyi/notifications/{notificationID} notificationId → notificationID',
        'GET /v1/api/portfolio/{accountid}/position/{conid} accountId → accountid',
      ].sort(),
    );
    expect(changes.filter((c) => c.kind === 'operation-moved')).toEqual([]);
    // Every operation of ours that 2.29 lacks is in 2.40 (the service serves it) or has its decision.
    for (const change of changes.filter((c) => c.kind === 'operation-removed')) {
      const [method, path] = change.operation.split(' ');
      const explained =
        list.includes(`${method}\t${path}\n`) || beyond240[change.operation] !== undefined;
      expect({ operation: change.operation, explained }).toEqual({
        operation: change.operation,
        explained: true,
      });
    }
  });

  test('ours → 2.29: each status and error body of one side only has its decision', () => {
    const root = (c: Change) => `/${c.operation.split(' ')[1]?.split('/')[1] ?? ''}`;
    const status = (c: Change) =>
      c.kind.startsWith('status-') ? c.field : c.place?.replace('response ', '');
    const classes: { when: (c: Change) => boolean; file: string; mention: string }[] = [
      // Statuses we document and 2.29 does not.
      {
        when: (c) =>
          c.kind === 'status-removed' &&
          root(c) === '/v1' &&
          ['400', '401', '429', '500', '503'].includes(status(c) ?? ''),
        file: 'openapi-shared-errors-and-validation-status.md',
        mention: 'Shared errors on every brokerage operation',
      },
      {
        when: (c) => c.kind === 'status-removed' && root(c) !== '/v1' && status(c) === '429',
        file: 'security-throttles-and-socket-limits.md',
        mention: 'refused from every address (429',
      },
      {
        when: (c) =>
          c.kind === 'status-removed' &&
          root(c) !== '/v1' &&
          ['401', '403'].includes(status(c) ?? ''),
        file: 'gw-utilities-scopes-and-signed-bodies.md',
        mention: 'the scopes 403',
      },
      {
        when: (c) => c.kind === 'status-removed' && root(c) === '/gw' && status(c) === '400',
        file: 'openapi-shared-errors-and-validation-status.md',
        mention: 'Every `/gw` operation that takes input documents 400',
      },
      {
        when: (c) => c.kind === 'status-removed' && root(c) === '/gw' && status(c) === '503',
        file: 'openapi-shared-errors-and-validation-status.md',
        mention: 'The `/gw` operations that draw a PDF',
      },
      {
        when: (c) => c.kind === 'status-removed' && ['207', '208'].includes(status(c) ?? ''),
        file: 'gw-banking-statuses-and-bodies.md',
        mention: '207 when some were refused',
      },
      // Statuses 2.29 documents and we do not.
      {
        when: (c) => c.kind === 'status-added' && status(c) === '415',
        file: 'gw-utilities-scopes-and-signed-bodies.md',
        mention: 'Not described: `415`',
      },
      {
        when: (c) => c.kind === 'status-added' && status(c) === '402',
        file: 'gw-reports-documents-and-periods.md',
        mention: '402 is not described',
      },
      {
        when: (c) => c.kind === 'status-added' && status(c) === '423',
        file: 'notifications-answers-requests-cost.md',
        mention: '423',
      },
      {
        when: (c) =>
          c.kind === 'status-added' &&
          c.operation === 'GET /gw/api/v1/validations/usernames/{username}',
        file: 'openapi-drift-report.md',
        mention: 'validations/usernames',
      },
      // Error bodies we describe and 2.29 does not (it describes none).
      {
        when: (c) =>
          c.kind === 'field-removed' &&
          c.field === '' &&
          Number(status(c)) >= 400 &&
          root(c) === '/v1',
        file: 'openapi-shared-errors-and-validation-status.md',
        mention: 'Shared errors on every brokerage operation',
      },
      {
        when: (c) =>
          c.kind === 'field-removed' &&
          c.field === '' &&
          Number(status(c)) >= 400 &&
          root(c) !== '/v1',
        file: 'fidelity-2.28-problem-details.md',
        mention: 'problem details',
      },
      // Bodies of a success or a request that 2.29 leaves out.
      {
        when: (c) =>
          c.kind === 'field-removed' &&
          c.field === '' &&
          c.operation === 'DELETE /v1/api/fyi/deliveryoptions/{deviceId}',
        file: 'notifications-answers-requests-cost.md',
        mention: 'Deleting a device answers an empty JSON string',
      },
      {
        when: (c) =>
          c.kind === 'field-removed' &&
          c.field === '' &&
          c.operation === 'DELETE /v1/api/iserver/watchlist',
        file: 'watchlists-answers-and-ids.md',
        mention: 'in a JSON body',
      },
    ];
    const lines = compare(bundledDocument, v29).filter(
      (c) =>
        c.kind === 'status-added' ||
        c.kind === 'status-removed' ||
        (c.kind === 'field-removed' && c.field === ''),
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const rule = classes.find((candidate) => candidate.when(line));
      const text = rule === undefined ? '' : readFileSync(decisionPath(rule.file), 'utf8');
      expect({
        line: `${line.operation} ${line.kind} ${status(line)}`,
        explained: text.includes(rule?.mention ?? '\0'),
      }).toEqual({
        line: `${line.operation} ${line.kind} ${status(line)}`,
        explained: true,
      });
    }
  });

  test('ours → 2.40 compares operations only: each of ours that 2.40 lacks has its decision', () => {
    const changes = compare(bundledDocument, vendorFile('vendor-2.40-operations.tsv'));
    expect(
      changes.every((c) => c.kind === 'operation-added' || c.kind === 'operation-removed'),
    ).toBe(true);
    for (const change of changes.filter((c) => c.kind === 'operation-removed')) {
      const [file, mention] = beyond240[change.operation] ?? ['(no decision)', ''];
      expect({
        operation: change.operation,
        explained:
          existsSync(decisionPath(file)) &&
          readFileSync(decisionPath(file), 'utf8').includes(mention),
      }).toEqual({ operation: change.operation, explained: true });
    }
  });
});
