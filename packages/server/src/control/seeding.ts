import type { ControlSchema } from '@brokerage/types/control';
import { createAllocationGroup } from '../domain/accounts/allocation-groups.js';
import type { Brokerage } from '../domain/accounts/brokerage.js';
import type { AdvisorModels } from '../domain/advisor-models/advisor-models.js';
import type { TypeCode } from '../domain/notifications/model.js';
import { isTypeCode } from '../domain/notifications/notification-types.js';
import type { Notifications } from '../domain/notifications/notifications.js';
import { badRequest } from '../domain/kernel/errors.js';
import { existingUser } from './shared.js';

/** A seeded notification, its kind known to be one of the brokerage's. */
export type SeededNotification = ControlSchema<'SeededNotification'> & { typecode: TypeCode };

/** The controls that seed a user's state without a session: notifications, an advisor's
 * allocation groups and models, each checked as the brokerage checks it. */
export class SeedControls {
  readonly #brokerage: Pick<Brokerage, 'user' | 'store' | 'clock'>;
  readonly #notifications: Notifications;
  readonly #advisorModels: AdvisorModels;

  constructor(
    brokerage: Pick<Brokerage, 'user' | 'store' | 'clock'>,
    notifications: Notifications,
    advisorModels: AdvisorModels,
  ) {
    this.#brokerage = brokerage;
    this.#notifications = notifications;
    this.#advisorModels = advisorModels;
  }

  /** Adds a notification to the user's list, as if an event had made it. */
  notification(seed: ControlSchema<'SeedNotificationRequest'>): SeededNotification {
    const user = existingUser(this.#brokerage, seed.username);
    if (!isTypeCode(seed.typecode)) throw badRequest(`Unknown notification kind ${seed.typecode}`);
    const notification = this.#notifications.add(
      user.username,
      { code: seed.typecode, title: seed.title, content: seed.content },
      this.#brokerage.clock.now(),
    );
    return { id: notification.id, username: user.username, typecode: notification.code };
  }

  /** Adds an advisor's allocation group. */
  allocationGroup(seed: ControlSchema<'SeedAllocationGroupRequest'>): ControlSchema<'Seeded'> {
    const user = existingUser(this.#brokerage, seed.username);
    const group = createAllocationGroup(this.#brokerage.store, user, {
      name: seed.name,
      accounts: seed.accounts,
      ...(seed.method === undefined ? {} : { defaultMethod: seed.method }),
    });
    return { username: user.username, name: group.name };
  }

  /** Saves an advisor's model. */
  model(seed: ControlSchema<'SeedModelRequest'>): ControlSchema<'Seeded'> {
    const user = existingUser(this.#brokerage, seed.username);
    const model = this.#advisorModels.save(user, {
      name: seed.model,
      positionTargets: seed.positionTargets,
      ...(seed.desc === undefined ? {} : { desc: seed.desc }),
    });
    return { username: user.username, name: model.name };
  }
}
