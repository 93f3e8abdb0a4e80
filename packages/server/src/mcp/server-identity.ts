/** What `initialize` names the server, as the service's does (measured 2026-10-02). */
export const serverName = 'ibkr-cpapi-mcp';
export const serverVersion = '1.2.2';
