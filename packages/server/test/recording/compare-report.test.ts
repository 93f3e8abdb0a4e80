// The compare report's two forms for people, the terminal table and Markdown, from one comparison.
import type { Comparison } from '../../src/recording/compare.js';
import { format } from 'prettier';
import { comparisonMarkdown, comparisonTable } from '../../src/recording/compare-report.js';

const comparison: Comparison = {
  differs: true,
  operations: [
    { operation: 'getTickle', exchanges: 2, statuses: [], shapes: [], messages: [] },
    {
      operation: 'getLedger',
      exchanges: 1,
      statuses: [{ entry: 3, recorded: 200, live: 500 }],
      shapes: [
        {
          path: '$.BASE.netliquidationvalue',
          difference: 'number as string',
          recorded: ['number'],
          live: ['numeric string'],
        },
      ],
      messages: [],
    },
    {
      operation: 'placeOrders',
      exchanges: 1,
      statuses: [],
      shapes: [],
      messages: [
        { path: '$[].message[]', recorded: ['Use `LMT`?'], live: ['A different warning.'] },
      ],
    },
  ],
};

describe('the compare report', () => {
  it('is a terminal table, the operations that differ most first, then a line per difference', () => {
    expect(comparisonTable(comparison).split('\n')).toEqual([
      'operation    exchanges  status  shape  messages',
      'getLedger            1       1      1         0',
      'placeOrders          1       0      0         1',
      'getTickle            2       0      0         0',
      '',
      'getLedger  status  entry 3: recorded 200, now 500',
      'getLedger  number as string  $.BASE.netliquidationvalue: recorded number, now numeric string',
      'placeOrders  message  $[].message[]: recorded ["Use `LMT`?"], now ["A different warning."]',
      '',
      'the answers differ in shape or status',
      '',
    ]);
  });

  it('is the same as Markdown: the operations, the differences (code safe in a cell), the verdict', async () => {
    const markdown = comparisonMarkdown(comparison);
    // Aligned as prettier aligns a table, so that it can be pasted into a formatted file as is.
    expect(await format(markdown, { parser: 'markdown' })).toBe(markdown);
    expect(markdown.split('\n')).toEqual([
      '| operation     | exchanges | status | shape | messages |',
      '| ------------- | --------: | -----: | ----: | -------: |',
      '| `getLedger`   |         1 |      1 |     1 |        0 |',
      '| `placeOrders` |         1 |      0 |     0 |        1 |',
      '| `getTickle`   |         2 |      0 |     0 |        0 |',
      '',
      '| operation     | difference       | where                        | recorded           | now                        |',
      '| ------------- | ---------------- | ---------------------------- | ------------------ | -------------------------- |',
      '| `getLedger`   | status           | `entry 3`                    | `200`              | `500`                      |',
      '| `getLedger`   | number as string | `$.BASE.netliquidationvalue` | `number`           | `numeric string`           |',
      '| `placeOrders` | message          | `$[].message[]`              | ``["Use `LMT`?"]`` | `["A different warning."]` |',
      '',
      '**the answers differ in shape or status**',
      '',
    ]);
  });

  it('escapes the pipe between kinds in a Markdown cell', () => {
    const mixed: Comparison = {
      differs: true,
      operations: [
        {
          operation: 'getLedger',
          exchanges: 1,
          statuses: [],
          shapes: [
            { path: '$.a', difference: 'null', recorded: ['number'], live: ['null', 'number'] },
          ],
          messages: [],
        },
      ],
    };
    expect(comparisonMarkdown(mixed)).toContain('| `number` | `null \\| number` |');
  });

  it('says when nothing differs', () => {
    const same: Comparison = {
      differs: false,
      operations: [
        { operation: 'getTickle', exchanges: 1, statuses: [], shapes: [], messages: [] },
      ],
    };
    expect(comparisonMarkdown(same)).toBe(
      [
        '| operation   | exchanges | status | shape | messages |',
        '| ----------- | --------: | -----: | ----: | -------: |',
        '| `getTickle` |         1 |      0 |     0 |        0 |',
        '',
        '**no difference**',
        '',
      ].join('\n'),
    );
  });
});
