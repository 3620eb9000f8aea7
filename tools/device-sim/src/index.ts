export { type Fleet, type FleetDevice, type FleetOptions, type FleetStats, startFleet } from './fleet.ts';
export { PROFILE_NAMES, PROFILES, type Profile, type ProfileName } from './profiles.ts';
export { crossingRoute, parseRoute, positionAlong, type Route, type RoutePoint } from './route.ts';
export { type DeviceIdentity, SimulatedDevice, type Upload } from './simulated-device.ts';
export { type CommandHandler, HttpTransport, MqttTransport, type Transport } from './transports.ts';
