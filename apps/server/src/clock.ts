/** Server time as ISO-8601 UTC; one place so tests can move time. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
export const iso = (clock: Clock, offsetMs = 0): string =>
  new Date(clock.now().getTime() + offsetMs).toISOString();
