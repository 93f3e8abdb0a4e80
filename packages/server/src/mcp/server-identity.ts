/** What `initialize` names the server, as the service's does (measured 2026-10-02). */
export const serverName = 'ibkr-cpapi-mcp';
export const serverVersion = '1.2.2';

/** The one protocol version the service answers `initialize` with (measured 2026-10-02): asked
 * another, it answers this one, and the client decides whether it can speak it. */
export const protocolVersion = '2025-06-18';
