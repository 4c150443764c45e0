/**
 * An unregistered key whose name MCP's key-name rules refuse (`_sunpeak`, Sunpeak-AI/sunpeak's inspector marker): `add-key`
 * refuses it (exit 2), so `check`'s fix says to rename it instead of sending the user to that command.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBinBuilt, makeTempDir, removeTempDirs, runBin, writeFiles, writeManifest } from './run-bin';

beforeAll(assertBinBuilt);
afterAll(removeTempDirs);

describe('check: an unregistered key the manifest cannot hold', () => {
  it('says to rename it, because add-key refuses the name as written', () => {
    const dir = makeTempDir();
    writeFiles(dir, {
      'src/tool.ts': "export const result = { content: [], _meta: { _sunpeak: { tool: 'x' }, 'com.example/ok': 1 } };\n",
    });
    writeManifest(dir, { version: 1, keys: { 'com.example/ok': { producers: ['src/tool.ts'] } } });
    const json = JSON.parse(runBin(['check', '--format', 'json'], dir).stdout) as { findings: Array<{ code: string; fix: string }> };
    const unregistered = json.findings.filter((finding) => finding.code === 'key-unregistered');
    expect(unregistered).toHaveLength(1);
    expect(unregistered[0].fix).toContain("Rename the key, e.g. 'sunpeak'");
    expect(unregistered[0].fix).not.toContain('add-key');
    // The premise: the command the old advice named refuses the key.
    expect(runBin(['add-key', '_sunpeak', '--producer', 'src/tool.ts'], dir).status).toBe(2);
  });
});
