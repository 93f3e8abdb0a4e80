import type { Brokerage } from '../accounts/brokerage.js';

/** An accessor that builds a service once per brokerage, on first use, and answers the same one
 * afterwards (services that live beside the brokerage's state rather than in its store). */
export function perBrokerage<Service>(
  create: (brokerage: Brokerage) => Service,
): (brokerage: Brokerage) => Service {
  const services = new WeakMap<Brokerage, Service>();
  return (brokerage) => {
    let service = services.get(brokerage);
    if (service === undefined) {
      service = create(brokerage);
      services.set(brokerage, service);
    }
    return service;
  };
}
