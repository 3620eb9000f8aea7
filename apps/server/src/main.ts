import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startLivingDemo } from './demo/living-demo.ts';
import { seedDemoPlatformSystem } from './modules/operations-overview/demo-platform-system.ts';
import { DEMO_ACCOUNTS } from './seed.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  // The demo is complete before the server answers, so a console opened at once finds it.
  if (config.seedDemo) {
    const names = DEMO_ACCOUNTS.map((a) => a.userName).join(', ');
    app.log.info(`Demo logins: ${names} with password ${config.demoPassword} (DEMO_PASSWORD)`);
    const fleet = await startLivingDemo(app);
    await seedDemoPlatformSystem(app.ctx);
    if (fleet) app.log.info(`Demo devices of demo_user: credentials in ${fleet} (npm start runs them)`);
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      app.log.fatal(`Port ${config.port} is already in use; set PORT to a free port`);
      process.exit(1);
    }
    throw error;
  }
  try {
    await app.ingest.startMqtt();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      app.log.fatal(
        `MQTT port ${config.mqtt.port} is already in use; set MQTT_PORT to a free port (or MQTT_ENABLED=false)`,
      );
      await app.close();
      process.exit(1);
    }
    throw error;
  }
  if (app.ingest.mode === 'embedded') app.log.info(`MQTT broker for devices on port ${app.ingest.mqttPort}`);
  if (app.ingest.mode === 'external') app.log.info(`Ingesting from the MQTT broker at ${config.mqtt.url}`);
  app.log.info(`Console at http://localhost:${config.port}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
