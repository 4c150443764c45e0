import fs from 'node:fs';
import path from 'node:path';
import { nearestPackageFolder } from './nearest-package';

/** The npm scope of the official MCP SDK packages (`@modelcontextprotocol/server`, `core`, `client`, …). */
const MCP_SDK_SCOPE = '@modelcontextprotocol/';

/** Per folder of a linted file: whether its nearest package.json names an MCP SDK package. A package's name does not change mid-lint. */
const sdkByFolder = new Map<string, boolean>();

/**
 * Whether `filename` is the MCP SDK's own source: its nearest package.json is named `@modelcontextprotocol/…`. The keys
 * MCP defines for the transport (`io.modelcontextprotocol/serverInfo`) and the prefix MCP reserves are the SDK's to
 * write, so the SDK's own code stamping them is not a server overriding the stamp.
 */
export function isMcpSdkSource(filename: string): boolean {
  const folder = path.dirname(path.resolve(filename));
  let known = sdkByFolder.get(folder);
  if (known === undefined) {
    const root = nearestPackageFolder(folder);
    const text = root === null ? null : readIfFile(path.join(root, 'package.json'));
    known = (text === null ? undefined : packageNameOf(text))?.startsWith(MCP_SDK_SCOPE) ?? false;
    sdkByFolder.set(folder, known);
  }
  return known;
}

function readIfFile(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function packageNameOf(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { name?: unknown };
    return typeof parsed.name === 'string' ? parsed.name : undefined;
  } catch {
    // A package.json that does not parse names no package (npm would refuse it too).
    return undefined;
  }
}
