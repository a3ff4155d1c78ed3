/**
 * Issues a software registration file (the vendor's tool, not part of the server):
 *
 *   LICENSE_KEY=… npx tsx server/account/license/signLicense.ts --unit "某某单位" --expires 2027-12-31 [--edition 企业版] > license.json
 *
 * Every `--name value` pair becomes a field; the file is signed with LICENSE_KEY (see licenseFile.ts).
 */
import { signLicense, type LicenseFields } from './licenseFile';

function main(argv: string[]): void {
  const key = process.env.LICENSE_KEY;
  if (!key) throw new Error('set LICENSE_KEY to the key the server is configured with');
  const fields: LicenseFields = { issued: new Date().toISOString().slice(0, 10) };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i];
    const value = argv[i + 1];
    if (!name?.startsWith('--') || value === undefined) throw new Error(`expected --name value pairs, got '${name ?? ''}'`);
    fields[name.slice(2)] = value;
  }
  if (!fields.unit || !fields.expires) throw new Error('--unit and --expires (YYYY-MM-DD) are required');
  process.stdout.write(signLicense(fields, key));
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
