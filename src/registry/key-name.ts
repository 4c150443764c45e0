/**
 * The MCP `_meta` key-name rules, as the MCP specification states them for `MetaObject` (revision 2026-07-28; the same
 * rules as "General fields: _meta" in 2025-11-25): "Key name format: valid `_meta` key names have two segments: an
 * optional prefix, and a name." The prefix is dot-separated labels followed by a slash (`/`); labels start with a
 * letter and end with a letter or digit, with letters, digits and hyphens inside. The name "MUST begin and end with an
 * alphanumeric character", with alphanumerics, `-`, `_` and `.` inside, so a key has at most one `/`. A prefix whose
 * SECOND label is `modelcontextprotocol` or `mcp` is reserved for MCP itself (`io.modelcontextprotocol/`, `dev.mcp/`;
 * but not `com.example.mcp/`), and MCP defines plain names of its own (`progressToken` in request `_meta`).
 *
 * Deliberately stricter than the spec in two places:
 * - the spec lets the name be empty after a prefix; a registered key must name something, so we require a name;
 * - the reserved-prefix test ignores case (`io.ModelContextProtocol/` is reserved too), so a near-miss of MCP's own
 *   prefix is never registered as a server's.
 *
 * Host-defined keys that break these rules (`openai/toolInvocation/invoking`) or that MCP defines for servers to write
 * (`io.modelcontextprotocol/related-task`) are registered with `"external": true` or a `"catalogue"` entry, which skips
 * this check; the caller decides that.
 */

const LABEL = /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const RESERVED_SECOND_LABELS = new Set(['modelcontextprotocol', 'mcp']);
/** Unprefixed names MCP itself defines in `_meta`: a server's own key must not take them. */
const RESERVED_PLAIN_NAMES = new Set(['progressToken']);

export interface KeyNameIssue {
  message: string;
  fix: string;
}

/** `undefined` when `key` is a valid, unreserved `_meta` key name. */
export function checkMetaKeyName(key: string): KeyNameIssue | undefined {
  // The first '/' ends the prefix: a later one is inside the name, which no name may contain.
  const slash = key.indexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : undefined;
  const name = slash >= 0 ? key.slice(slash + 1) : key;

  if (prefix !== undefined) {
    const labels = prefix.split('.');
    const badLabel = labels.find((label) => !LABEL.test(label));
    if (badLabel !== undefined) {
      return {
        message: `Key '${key}' has an invalid prefix label '${badLabel}': MCP _meta prefix labels start with a letter, end with a letter or digit, and contain only letters, digits and hyphens.`,
        fix: `Rename the key so its prefix is dot-separated labels followed by '/', e.g. 'com.example/${name || 'name'}'.`,
      };
    }
    if (labels.length >= 2 && RESERVED_SECOND_LABELS.has(labels[1].toLowerCase())) {
      return {
        message: `Key '${key}' uses the prefix '${prefix}/', which MCP reserves for itself (its second label is '${labels[1]}').`,
        fix: `Use your own reverse-DNS prefix (e.g. 'com.example/${name || 'name'}') or no prefix.`,
      };
    }
  }
  if (name.includes('/')) {
    return {
      message: `Key '${key}' has a '/' inside its name '${name}': an MCP _meta key has at most one '/', the one that ends its prefix.`,
      fix: `If a host defines this key (it cannot be renamed), add "external": true (or its "catalogue" entry) to it; otherwise rename it, e.g. '${prefix}/${name.replace(/\//g, '-')}'.`,
    };
  }
  if (prefix === undefined && RESERVED_PLAIN_NAMES.has(name)) {
    return {
      message: `Key '${key}' is a name MCP itself defines in _meta; a server does not register it as its own key.`,
      fix: `Rename the key (e.g. 'com.example/${name}'): MCP's own '${name}' is written by the caller of a request, not registered by a server.`,
    };
  }
  if (name === '') {
    return prefix === undefined
      ? { message: 'A key has an empty name.', fix: 'Give the key a name, e.g. "retrieval".' }
      : { message: `Key '${key}' has no name after its prefix.`, fix: `Add a name after '/', e.g. '${key}name'.` };
  }
  if (!NAME.test(name)) {
    return {
      message: `Key name '${name}' breaks the MCP _meta key-name rules: a name starts and ends with a letter or digit and contains only letters, digits, '-', '_' and '.'.`,
      fix: `Rename the key, e.g. '${suggestName(key, prefix, name)}'.`,
    };
  }
  return undefined;
}

function suggestName(key: string, prefix: string | undefined, name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '') || 'name';
  return prefix !== undefined ? `${prefix}/${cleaned}` : cleaned;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Emitters, hooks and hook functions are matched against callee names, so they must be JavaScript identifiers. */
export function isIdentifierName(name: string): boolean {
  return IDENTIFIER.test(name);
}
