/** A watchlist as stored: rows of contract ids (`C`) and blank separators (`H`). */
export interface Watchlist {
  id: string;
  name: string;
  username: string;
  rows: ({ C: number } | { H: '' })[];
  hash: string;
  readOnly: boolean;
}
