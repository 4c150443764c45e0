/**
 * The example GitHub workflows under examples/github/ are valid YAML and keep the parts docs/ci-and-editors.md
 * explains: the SARIF formatter and upload, the autofix commit guarded for forks, the fixes posted as suggestions.
 * (Whether GitHub runs them can only be proved on GitHub; the ESLint commands they run are exercised by
 * ci-lint.test.ts and autofix.test.ts.)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import yaml from 'js-yaml';
import { repoRoot } from './helpers/e2e';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  'continue-on-error'?: boolean;
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, { if?: string; permissions?: Record<string, string>; 'runs-on': string; steps: Step[] }>;
}

const dir = path.join(repoRoot, 'examples/github');
const load = (file: string) => yaml.load(fs.readFileSync(path.join(dir, file), 'utf8')) as Workflow;
const onlyJob = (workflow: Workflow) => {
  const jobs = Object.values(workflow.jobs);
  expect(jobs).toHaveLength(1);
  return jobs[0];
};
const runs = (steps: Step[]) => steps.map((s) => s.run ?? '').join('\n');
const FORK_GUARD = 'github.event.pull_request.head.repo.full_name == github.repository';

describe('examples/github', () => {
  it('holds exactly the three documented workflows, each valid YAML with a job and steps', () => {
    expect(fs.readdirSync(dir).sort()).toEqual(['autofix.yml', 'lint-sarif.yml', 'review-suggestions.yml']);
    for (const file of fs.readdirSync(dir)) {
      const workflow = load(file);
      expect(workflow.name, file).toBeTruthy();
      expect(workflow.on, file).toBeTypeOf('object');
      const job = onlyJob(workflow);
      expect(job['runs-on'], file).toBe('ubuntu-latest');
      expect(runs(job.steps), file).toContain('npm ci');
    }
    // Documented in docs/ci-and-editors.md.
    const doc = fs.readFileSync(path.join(repoRoot, 'docs/ci-and-editors.md'), 'utf8');
    for (const file of fs.readdirSync(dir)) expect(doc, file).toContain(`examples/github/${file}`);
  });

  it('lint-sarif.yml: ESLint with the SARIF formatter, uploaded by codeql-action even when there are findings', () => {
    const job = onlyJob(load('lint-sarif.yml'));
    expect(job.permissions).toMatchObject({ 'security-events': 'write' });
    const lint = job.steps.find((s) => s.run?.includes('--format @microsoft/eslint-formatter-sarif'));
    expect(lint?.run).toContain('--output-file eslint-results.sarif');
    expect(lint?.['continue-on-error']).toBe(true);
    const upload = job.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'));
    expect(upload?.with?.sarif_file).toBe('eslint-results.sarif');
    expect(upload?.if).toContain('always()');
    // The job still fails on findings, after the upload.
    expect(job.steps.indexOf(job.steps.find((s) => s.if === "steps.eslint.outcome == 'failure'")!)).toBeGreaterThan(
      job.steps.indexOf(upload!),
    );
  });

  it('autofix.yml: on pull_request, eslint --fix, commit and push to the PR branch, guarded for forks', () => {
    const workflow = load('autofix.yml');
    expect(Object.keys(workflow.on)).toEqual(['pull_request']);
    const job = onlyJob(workflow);
    expect(job.if).toContain(FORK_GUARD);
    expect(job.permissions).toEqual({ contents: 'write' });
    expect(job.steps.find((s) => s.uses?.startsWith('actions/checkout@'))?.with?.ref).toBe('${{ github.event.pull_request.head.ref }}');
    const script = runs(job.steps);
    expect(script).toContain('npx eslint . --fix');
    expect(script).toContain('git diff --quiet');
    expect(script).toContain('git push origin "HEAD:${{ github.event.pull_request.head.ref }}"');
  });

  it('review-suggestions.yml: eslint --fix, then the diff as review suggestions (reviewdog/action-suggester)', () => {
    const workflow = load('review-suggestions.yml');
    expect(Object.keys(workflow.on)).toEqual(['pull_request']);
    const job = onlyJob(workflow);
    expect(job.if).toContain(FORK_GUARD);
    expect(job.permissions).toMatchObject({ 'pull-requests': 'write' });
    const fixIndex = job.steps.findIndex((s) => s.run?.includes('npx eslint . --fix'));
    const suggestIndex = job.steps.findIndex((s) => s.uses?.startsWith('reviewdog/action-suggester@'));
    expect(fixIndex).toBeGreaterThan(-1);
    expect(suggestIndex).toBeGreaterThan(fixIndex);
  });
});
