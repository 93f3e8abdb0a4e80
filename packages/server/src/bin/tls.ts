export interface Pems {
  key: string;
  cert: string;
}

/** The workers of `--workers --tls` serve the primary's certificate (one port, one certificate). */
export const pemsVariable = 'BROKERAGE_WORKER_TLS_PEMS';

/** `--tls`: a self-signed certificate for localhost, its loopback addresses and `host`, or the
 * one the primary made, in a worker. */
export async function selfSignedCertificate(host: string): Promise<Pems> {
  const shared = process.env[pemsVariable];
  if (shared !== undefined) return JSON.parse(shared) as Pems;
  // Loaded here, not with the command: selfsigned and its X.509 and ASN.1 modules are a tenth of
  // a start without `--tls`.
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
          ...(host === 'localhost' || /^[\d.]+$|:/.test(host)
            ? []
            : [{ type: 2 as const, value: host }]),
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
