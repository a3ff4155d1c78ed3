import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SchemaError } from '../../../runtime/core/schema';
import { loadRegistry } from '../../../server/schema/loadRegistry';
import { registerSecurityEffects } from '../../../server/security/applySecurityEvent';
import { transitionEffectNames } from '../../../server/entity/transitionEffects';
import { registerModuleHooks } from '../../../server/modules';

/**
 * The system and office schemas with one transition's effect changed, as a module author might
 * misspell it (other modules stay out: their effects are their own tests' business). The office
 * module's own effects are registered as the server does, so only the misspelt one is unknown.
 */
function schemasWithEffect(effect: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-effect-schemas-'));
  for (const folder of ['meta', 'system', 'office']) fs.cpSync(path.resolve('schemas', folder), path.join(dir, folder), { recursive: true });
  const file = path.join(dir, 'office', 'OfficeMeeting.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  doc.flow.transitions[2].effect = effect;
  fs.writeFileSync(file, JSON.stringify(doc));
  return dir;
}

describe('transition effects named by schemas', () => {
  const made: string[] = [];
  afterEach(() => { made.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })); });

  it('stops the load at an effect the server does not register, naming file and JSON pointer', () => {
    registerSecurityEffects();
    registerModuleHooks();
    const dir = schemasWithEffect('releaseRoom');
    made.push(dir);
    let error: unknown;
    try { loadRegistry(dir, { effects: transitionEffectNames() }); } catch (caught) { error = caught; }
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as SchemaError).file).toBe('schemas/office/OfficeMeeting.json');
    expect((error as SchemaError).pointer).toBe('/flow/transitions/2/effect');
    expect((error as SchemaError).message).toContain('"releaseRoom" is not one');
    expect((error as SchemaError).message).toContain('applySecurityEvent');
  });

  it('loads a registered effect', () => {
    registerSecurityEffects();
    registerModuleHooks();
    const dir = schemasWithEffect('applySecurityEvent');
    made.push(dir);
    expect(loadRegistry(dir, { effects: transitionEffectNames() }).entities.get('OfficeMeeting')?.flow?.transitions[2].effect).toBe('applySecurityEvent');
  });
});
