import { ESLintUtils } from '@typescript-eslint/utils';

export const REPO_URL = 'https://github.com/mcp-meta/eslint-plugin-mcp-meta';

/** Every rule's docs URL, used by ESLint, editors and the SARIF formatter. */
export function ruleDocsUrl(name: string): string {
  return `${REPO_URL}/blob/main/docs/rules/${name}.md`;
}

export interface McpMetaRuleDocs {
  description: string;
  /** Which configs enable the rule (for eslint-doc-generator and our own configs). */
  recommended?: boolean;
  strict?: boolean;
}

export const createRule = ESLintUtils.RuleCreator<McpMetaRuleDocs>(ruleDocsUrl);
