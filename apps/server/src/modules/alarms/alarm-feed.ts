import { EventEmitter } from 'node:events';
import type { AlarmMessage } from '@coldchain/shared';
import type { Db } from '../../db/create-db.ts';

/** A message the engine created or changed, as the console shows it, with the device's owner. */
export interface AlarmFeedItem {
  accountId: number;
  message: AlarmMessage;
}

/** Alarm messages as they happen on this node; the live hub forwards them to the console. */
export class AlarmFeed extends EventEmitter<{ message: [item: AlarmFeedItem] }> {}

const feeds = new WeakMap<Db, AlarmFeed>();

/** The feed of the app using this database (created by whichever side asks first). */
export function alarmFeedOf(db: Db): AlarmFeed {
  let feed = feeds.get(db);
  if (!feed) {
    feed = new AlarmFeed();
    feeds.set(db, feed);
  }
  return feed;
}
