// Device simulator CLI (docs/protocol.md "Trying it out"):
//   tsx tools/device-sim/src/cli.ts --url mqtt://127.0.0.1:1883 --fleet data/demo-fleet.json
//   tsx tools/device-sim/src/cli.ts --url http://127.0.0.1:8080 --device-key KEY --guid-from 86100000000000000001 --count 50
//   tsx tools/device-sim/src/cli.ts --fleet data/demo-fleet.json --profile truck --route "31.23,121.47;31.3,121.6" --route-minutes 30
// A fleet file is a JSON array of {guid, secret, profile?}; with --device-key the secrets are derived
// from the platform's DEVICE_KEY for consecutive GUIDs (credential rotation 0).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { deviceSecret } from '@coldchain/server/ingest/device-credentials';
import { type FleetDevice, startFleet } from './fleet.ts';
import { PROFILE_NAMES, type ProfileName } from './profiles.ts';
import { parseRoute, type RoutePoint } from './route.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
    fleet: { type: 'string' },
    'device-key': { type: 'string' },
    'guid-from': { type: 'string' },
    count: { type: 'string', default: '10' },
    profile: { type: 'string' },
    'record-interval': { type: 'string', default: '10' },
    'upload-interval': { type: 'string', default: '30' },
    duration: { type: 'string' },
    /** "lat,lon;lat,lon;...": every device drives this route (a geofence-crossing track) */
    route: { type: 'string' },
    'route-minutes': { type: 'string', default: '60' },
    quiet: { type: 'boolean', default: false },
    /** the platform's HTTP address for firmware downloads (online upgrades) of an MQTT fleet */
    'http-url': { type: 'string' },
    /** share of online upgrades that fail while flashing, 0-1 */
    'upgrade-failure-rate': { type: 'string', default: '0.1' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function route(): RoutePoint[] | undefined {
  if (!values.route) return undefined;
  try {
    return parseRoute(values.route);
  } catch (error) {
    return fail(`--route: ${(error as Error).message}`);
  }
}

function devices(): FleetDevice[] {
  const driven = route();
  const withRoute = (list: FleetDevice[]) => (driven ? list.map((d) => ({ ...d, route: driven })) : list);
  return withRoute(listed());
}

function listed(): FleetDevice[] {
  const profile = values.profile as ProfileName | undefined;
  if (profile && !PROFILE_NAMES.includes(profile))
    fail(`--profile must be one of ${PROFILE_NAMES.join(', ')}`);
  if (values.fleet) {
    const list = JSON.parse(fs.readFileSync(values.fleet, 'utf8')) as FleetDevice[];
    return profile ? list.map((d) => ({ ...d, profile })) : list;
  }
  const key = values['device-key'];
  const from = values['guid-from'];
  if (!key || !from || !/^\d{1,20}$/.test(from))
    fail('give --fleet FILE, or --device-key KEY and --guid-from GUID');
  const count = Number(values.count);
  const start = BigInt(from);
  return Array.from({ length: count }, (_, i) => {
    const guid = String(start + BigInt(i)).padStart(from.length, '0');
    return { guid, secret: deviceSecret(key, guid, 0), ...(profile ? { profile } : {}) };
  });
}

const log = values.quiet ? () => {} : (line: string) => console.log(`[device-sim] ${line}`);
const fleet = await startFleet({
  devices: devices(),
  url: values.url,
  recordIntervalMs: Number(values['record-interval']) * 1000,
  uploadIntervalMs: Number(values['upload-interval']) * 1000,
  routeMinutes: Number(values['route-minutes']),
  upgrade: {
    ...(values['http-url'] ? { httpUrl: values['http-url'] } : {}),
    failureRate: Number(values['upgrade-failure-rate']),
  },
  log,
});
log(`${fleet.stats.connected} of ${fleet.stats.devices} devices connected to ${values.url}`);
const report = setInterval(() => {
  const s = fleet.stats;
  log(
    `records sent ${s.recordsSent}, events ${s.eventsSent}, commands ${s.commandsHandled}, failures ${s.uploadFailures}`,
  );
}, 60_000);
const stop = async () => {
  clearInterval(report);
  await fleet.stop();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
if (values.duration) setTimeout(() => void stop(), Number(values.duration) * 1000);
