/** The error texts of the watchlists, in one table: the reference server's own words (no source
 * shows the service's). */
export const watchlistTexts = {
  idNotNumber: (id: string) => `Watchlist id ${id} must be a number`,
  idInUse: (id: string) => `Watchlist id ${id} already exists`,
  notFound: (id: string) => `Watchlist ${id} not found`,
  readOnly: (id: string) => `Watchlist ${id} is read-only`,
  idNeeded: 'Bad Request: id needed',
} as const;
