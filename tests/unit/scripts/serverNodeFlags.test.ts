import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../scripts/build-server.mjs';

/**
 * `npm start` names the server's Node flags in package.json, which cannot import them; the
 * benchmarks and the child-server tests take them from scripts/build-server.mjs. The two must say
 * the same, or the figures would be of a server `npm start` does not run.
 */
describe('the compiled server\'s Node flags', () => {
  it('are those `npm start` runs the server with, right before the compiled entry', () => {
    const start = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start;
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    expect(start).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} dist-server/main.mjs`);
  });

  it('are flags this Node accepts (a misspelt V8 flag would stop the server at start)', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', 'process.exit(0)'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
