// How alike two field names are (a rename or two changes), and the API changelog's section.
import { changelogSection, prependSection } from '../../src/drift/index.js';
import { nameSimilarity, renameThreshold } from '../../src/drift/names.js';

describe('nameSimilarity', () => {
  test.each([
    ['ci', 'customIndex'],
    ['actl', 'actual'],
    ['exrt', 'exchangeRate'],
    ['indCash', 'cashInIndependent'],
    ['avoidNegativeCashInCore', 'avoidNegativeCashInIndependent'],
    ['tradingtimes', 'tradingTimes'],
  ])('%s → %s is a rename', (before, after) => {
    expect(nameSimilarity(before, after)).toBeGreaterThanOrEqual(renameThreshold);
  });

  test.each([
    ['lastPrice', 'lastSize'],
    ['conid', 'symbol'],
    ['a', 'amount'],
  ])('%s and %s are two fields', (before, after) => {
    expect(nameSimilarity(before, after)).toBeLessThan(renameThreshold);
  });
});

describe('changelogSection', () => {
  const section = changelogSection('2.0.0', '2026-12-01', [
    {
      kind: 'operation-added',
      severity: 'info',
      operation: 'GET /v1/api/one',
      operationId: 'getOne',
      reason: 'operation added',
    },
    {
      kind: 'operation-removed',
      severity: 'breaking',
      operation: 'GET /v1/api/two',
      reason: 'operation removed',
    },
    {
      kind: 'field-removed',
      severity: 'breaking',
      operation: 'GET /v1/api/three',
      operationId: 'getThree',
      place: 'response 200',
      field: 'price',
      reason: 'response field removed',
    },
  ]);

  test('per operation: added, changed with each change (breaking marked), removed', () => {
    expect(section).toBe(
      [
        '## 2.0.0 (2026-12-01)',
        '',
        '### Added',
        '',
        '- `GET /v1/api/one` (getOne)',
        '',
        '### Changed',
        '',
        '- `GET /v1/api/three` (getThree)',
        '  - **breaking**: response 200 `price`: removed',
        '',
        '### Removed',
        '',
        '- `GET /v1/api/two`',
        '',
      ].join('\n'),
    );
  });

  test('a new section goes above the older ones, below the introduction', () => {
    const changelog = prependSection('# API changelog\n\nIntro.\n\n## 1.0.0\n\nOld.\n', section);
    expect(changelog.indexOf('## 2.0.0')).toBeGreaterThan(changelog.indexOf('Intro.'));
    expect(changelog.indexOf('## 2.0.0')).toBeLessThan(changelog.indexOf('## 1.0.0'));
  });
});
