import type { Request } from 'express';

/** The token of an `Authorization: Bearer` header, if any. */
export function bearerOf(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
  return match?.[1];
}
