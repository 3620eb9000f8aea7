type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface AlarmProbe {
  name: string;
  method: Method;
  url: string;
  /** `id` is the owner's alarm message, or a missing one. */
  body?: (id: number) => unknown;
  query?: (id: number) => Record<string, string>;
}

const ALARM = '/api/device/alarm';

/** Every call of the message centre that names an alarm message by id. */
export const ALARM_PROBES: AlarmProbe[] = [
  { name: 'detail', method: 'GET', url: `${ALARM}/detail`, query: (id) => ({ id: String(id) }) },
  {
    name: 'handle',
    method: 'PUT',
    url: `${ALARM}/handle`,
    body: (id) => ({ ids: [id], treatment: 'approved', reason: 'fault', result: 'Taken' }),
  },
];
