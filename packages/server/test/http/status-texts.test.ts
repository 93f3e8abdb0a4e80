// The error answers name their status without node:http (they run in a browser too): the table
// must say what Node says.
import { STATUS_CODES } from 'node:http';
import { statusTexts } from '../../src/http/status-texts.js';

describe('status texts', () => {
  it("give Node's reason phrase for every error status", () => {
    const nodeErrors = Object.fromEntries(
      Object.entries(STATUS_CODES).filter(([status]) => Number(status) >= 400),
    );
    expect(Object.fromEntries(Object.entries(statusTexts))).toEqual(nodeErrors);
  });
});
