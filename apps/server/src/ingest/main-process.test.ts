import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runServerUntilExit, type SharedDatabase, sharedDatabase } from './server-process.ts';
import { freePort } from './test-support.ts';

describe('server process', () => {
  it('refuses to start when MQTT_PORT is taken, and says so', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    let database: SharedDatabase | null = null;
    try {
      database = await sharedDatabase();
      const httpPort = await freePort();
      const run = await runServerUntilExit({
        DATABASE_URL: database.url,
        PORT: String(httpPort),
        MQTT_PORT: String(port),
        MQTT_HOST: '127.0.0.1',
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'coldchain-port-')),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'fatal',
      });
      expect(run.code).toBe(1);
      expect(run.output).toContain(`MQTT port ${port} is already in use; set MQTT_PORT to a free port`);
    } finally {
      blocker.close();
      await database?.drop();
    }
  }, 60_000);
});
