/**
 * What to do about an unregistered key whose name MCP's key-name rules refuse (`_sunpeak`): `add-key` (and the
 * manifest's schema) refuse it too, so "register it" would send the user to a command that exits 2. The lint's
 * `unregisteredKey` and `check`'s `key-unregistered` say this instead, from here.
 */
import { catalogueEntryFor, checkMetaKeyName } from '../../registry';

/** The advice for an unregistered key whose name cannot be registered as written, or null when it can be. */
export function unregistrableKeyAdvice(name: string): string | null {
  // A host's key (`openai/toolInvocation/invoking`) is registered under its catalogue entry whatever its name.
  if (catalogueEntryFor(name) !== undefined) return null;
  const issue = checkMetaKeyName(name);
  return issue ? `its name cannot be registered as written (${issue.message}) ${issue.fix}` : null;
}
