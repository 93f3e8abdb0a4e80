// The layers of src/, ground up: a file imports only from its own folder and from the layers
// below its own, never from a layer above nor from another folder of its layer. The root
// eslint.config.mjs enforces it (import/no-restricted-paths, with the zones made here); the
// decision is docs/decisions/engineering/server-layers.md. A folder of the domain that is not named here
// (a new area) is taken as one of the top areas: it may import every area named here, and only
// domain/services.ts and the layers above it may import it.
import { basename, dirname, join } from 'node:path';

/** Folders (and files, by their `.ts` name) of src/, by layer from the ground up. */
export const serverLayers = [
  ['domain/kernel'],
  ['domain/market'],
  ['domain/accounts'],
  ['domain/auth', 'domain/contracts', 'domain/alerts', 'domain/notifications', 'domain/utilities'],
  ['domain/restrictions', 'domain/account-applications', 'domain/banking', 'domain/dividends'],
  ['domain/orders', 'domain/market-data', 'domain/watchlists'],
  ['domain/portfolio', 'domain/advisor-models'],
  ['domain/reports', 'domain/*'],
  ['fixtures'],
  ['domain/services.ts'],
  ['http', 'proxy'],
  ['store'],
  ['handlers', 'control', 'streaming'],
  ['mcp'],
  ['recording'],
  ['compose'],
  ['index.ts', 'core.ts', 'testing.ts'],
  ['bin'],
];

/** A glob of the files of one entry of `serverLayers` under `src`. */
function filesOf(src, entry) {
  if (!entry.endsWith('.ts')) return join(src, entry, '**');
  return join(src, dirname(entry), `@(${basename(entry, '.ts')}).ts`);
}

/** import/no-restricted-paths zones: each entry's files may import only its own files and those
 * of the layers below. */
export function layerZones(src) {
  return serverLayers.flatMap((layer, level) => {
    const below = serverLayers.slice(0, level).flat();
    return layer.map((entry) => ({
      target: filesOf(src, entry),
      from: join(src, '**'),
      except: [entry, ...below].map((allowed) => filesOf(src, allowed)),
      message: `${entry} (layer ${level + 1} of ${serverLayers.length}) imports only its own files and the layers below it (packages/server/layers.mjs).`,
    }));
  });
}
