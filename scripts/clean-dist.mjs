// Removes the previous build so that a deleted source file never lingers in dist/.
import { rmSync } from 'node:fs';
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
