// Document-level checks: every example validates against its schema; each operation's examples
// are sent as requests; the gate (an operation without a contract test, a route the document
// lacks, an operation the server does not serve) works.
import { contractClient, type BrokerageClient } from '../src/client.js';
import { coverageReport, formatReport } from '../src/coverage.js';
import { gateFailures } from '../src/coverage-gate.js';
import {
  document,
  operationById,
  operations,
  operationsOf,
  type DocumentOperation,
  type OpenApiDocument,
} from '../src/document.js';
import { documentExamples } from '../src/examples.js';
import { routeProblems, servedRoutes, untestedOperations } from '../src/gate.js';
import { invoke } from '../src/invoke.js';
import { exampleRequests } from '../src/requests.js';
import {
  controls,
  describeInProcess,
  externalBaseUrl,
  startTarget,
  type Target,
} from '../src/target.js';
import { validateAt } from '../src/validate.js';

describe('examples of the document', () => {
  const examples = documentExamples(document);

  it('finds the examples of every operation and schema', () => {
    expect(examples.length).toBeGreaterThan(200);
  });

  it.each(examples.map((e) => [e.pointer, e] as const))(
    '%s validates against its schema',
    (_pointer, example) => {
      expect(validateAt(example.schemaPointer, example.value)).toEqual([]);
    },
  );
});

describe('examples of each operation as requests', () => {
  let target: Target;
  let client: BrokerageClient;
  beforeAll(async () => {
    target = await startTarget();
    client = contractClient(target, 'example');
  });
  afterAll(() => target.close());

  // Logging out would end the session an external target was given.
  const sendable = operations.filter((op) => !(externalBaseUrl && op.operationId === 'logout'));
  it.each(
    sendable.flatMap((op) =>
      exampleRequests(op).map((request) => [op.operationId, request.kind, op, request] as const),
    ),
  )('%s with its %s gets a documented answer', async (_id, _kind, op, request) => {
    const answer = await invoke(client, op, request);
    expect(op.responses.has(answer.status)).toBe(true);
    target.inProcess?.server.openGatewaySession();
  });
});

describeInProcess('examples of the lookups that need nothing but the fixtures', () => {
  let target: Target;
  let client: BrokerageClient;
  beforeAll(async () => {
    target = await startTarget();
    client = contractClient(target, 'example');
  });
  afterAll(() => target.close());

  // The event contracts of the examples are the reference server's: the examples find them.
  it.each(['getEventContractRules', 'getEventContractDetails'])(
    '%s answers its examples with 200',
    async (id) => {
      const op = operationById.get(id) as DocumentOperation;
      for (const request of exampleRequests(op)) {
        expect((await invoke(client, op, request)).status).toBe(200);
      }
    },
  );
});

/** A copy of the document with one more operation, as a contributor would add it. */
function documentWithNewOperation(): OpenApiDocument {
  const copy = structuredClone(document);
  copy.paths['/v1/api/iserver/account/{accountId}/notes'] = {
    get: {
      operationId: 'getAccountNotes',
      responses: {
        '200': {
          description: 'Notes',
          content: { 'application/json': { schema: { type: 'array' } } },
        },
      },
    },
  };
  return copy;
}

describe('the gate', () => {
  const everyOperationTested = operations.map((op) => ({
    operationId: op.operationId,
    status: 200,
    via: 'contract' as const,
  }));

  it('reports an operation added to the document without a contract test', () => {
    const extended = operationsOf(documentWithNewOperation());
    expect(
      untestedOperations(
        extended,
        operations.map((op) => op.operationId),
      ),
    ).toEqual(['getAccountNotes']);
    expect(gateFailures(coverageReport(extended, everyOperationTested))).toContain(
      'operations without a contract test: getAccountNotes',
    );
  });

  it('passes when every operation has a contract test', () => {
    expect(coverageReport(operations, everyOperationTested).untested).toEqual([]);
  });

  it('does not count generated or fault-injected requests as contract tests', () => {
    const received = everyOperationTested.map((entry, i) =>
      i === 0 ? { ...entry, via: 'property' as const } : entry,
    );
    expect(coverageReport(operations, received).untested).toEqual([operations[0]?.operationId]);
  });

  it('counts the responses reached only through injected faults apart', () => {
    const errorOf = (op: DocumentOperation) =>
      [...op.responses.keys()].find((status) => status >= 400) ?? 0;
    const [first, second] = operations.filter((op) => op.responses.has(200) && errorOf(op) > 0) as [
      DocumentOperation,
      DocumentOperation,
    ];
    const received = [
      { operationId: first.operationId, status: 200, via: 'contract' as const },
      { operationId: first.operationId, status: errorOf(first), via: 'fault' as const },
      { operationId: second.operationId, status: errorOf(second), via: 'fault' as const },
      { operationId: second.operationId, status: errorOf(second), via: 'contract' as const },
    ];
    const report = coverageReport(operations, received);
    expect([report.covered, report.reachedBySimulation, report.coveredOnlyByFaults]).toEqual([
      3, 2, 1,
    ]);
    expect(formatReport(report)).toContain('only through injected faults 1/');
  });
});

describeInProcess('routes of the reference server', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
  });
  afterAll(() => target.close());

  it('serves exactly the operations of the document', () => {
    expect(routeProblems(operations, servedRoutes(controls(target).server))).toEqual([]);
  });

  it('reports an operation of the document that the server does not serve', () => {
    const extended = operationsOf(documentWithNewOperation());
    expect(routeProblems(extended, servedRoutes(controls(target).server))).toEqual([
      'not served: GET /v1/api/iserver/account/{accountId}/notes',
    ]);
  });

  it('reports a route the document lacks', async () => {
    const extra = await startTarget();
    controls(extra).server.app.get('/v1/api/iserver/undocumented', (_req, res) => {
      res.json({});
    });
    expect(routeProblems(operations, servedRoutes(controls(extra).server))).toEqual([
      'not in the document: GET /v1/api/iserver/undocumented',
    ]);
    await extra.close();
  });
});
