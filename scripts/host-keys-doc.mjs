// Writes docs/host-keys.md from the built host-key catalogue (run `npm run build` first).
// test/registry/host-keys.test.ts fails when the page and the data disagree.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireAs } from './require-as.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
/** @type {typeof import('../src/registry/host-keys.js')} */
const { HOST_KEY_CATALOGUE } = requireAs(require, join(root, 'dist/src/registry/host-keys.js'));
/** @type {typeof import('../src/registry/host-keys-doc.js')} */
const { renderHostKeysMarkdown } = requireAs(require, join(root, 'dist/src/registry/host-keys-doc.js'));
writeFileSync(join(root, 'docs/host-keys.md'), renderHostKeysMarkdown(HOST_KEY_CATALOGUE));
