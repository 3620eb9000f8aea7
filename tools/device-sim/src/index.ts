export { type Fleet, type FleetDevice, type FleetOptions, type FleetStats, startFleet } from './fleet.ts';
export { type HistoryOptions, type HistoryScenario, recordHistory } from './history.ts';
export { PROFILE_NAMES, PROFILES, type Profile, type ProfileName } from './profiles.ts';
export {
  crossingRoute,
  parseRoute,
  positionAlong,
  type Route,
  type RoutePoint,
  routeFraction,
} from './route.ts';
export { type DeviceIdentity, type Disturbance, SimulatedDevice, type Upload } from './simulated-device.ts';
export { type CommandHandler, HttpTransport, MqttTransport, type Transport } from './transports.ts';
export { type UpgradeHooks, type UpgradeOptions, Upgrader } from './upgrade.ts';
