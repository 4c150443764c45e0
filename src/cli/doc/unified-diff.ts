/**
 * A small line diff in unified format (`@@ -a,b +c,d @@`), enough to show what `doc --check` would change. Common
 * leading and trailing lines are trimmed before the LCS, so a long protocol doc costs only its changed region.
 */
export function unifiedDiff(before: string, after: string, beforeLabel: string, afterLabel: string, context = 3): string {
  if (before === after) return '';
  const a = before.split('\n');
  const b = after.split('\n');
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  const midA = a.slice(prefix, a.length - suffix);
  const midB = b.slice(prefix, b.length - suffix);

  // Classic LCS table over the changed middle.
  const lcs: number[][] = Array.from({ length: midA.length + 1 }, () => new Array<number>(midB.length + 1).fill(0));
  for (let i = midA.length - 1; i >= 0; i--) {
    for (let j = midB.length - 1; j >= 0; j--) {
      lcs[i][j] = midA[i] === midB[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  type Op = { type: ' ' | '-' | '+'; text: string; aLine: number; bLine: number };
  const ops: Op[] = [];
  for (let k = 0; k < prefix; k++) ops.push({ type: ' ', text: a[k], aLine: k, bLine: k });
  let i = 0;
  let j = 0;
  while (i < midA.length || j < midB.length) {
    if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
      ops.push({ type: ' ', text: midA[i], aLine: prefix + i, bLine: prefix + j });
      i++;
      j++;
    } else if (i < midA.length && (j === midB.length || lcs[i + 1][j] >= lcs[i][j + 1])) {
      // Removals before additions, as diff(1) prints them.
      ops.push({ type: '-', text: midA[i], aLine: prefix + i, bLine: prefix + j });
      i++;
    } else {
      ops.push({ type: '+', text: midB[j], aLine: prefix + i, bLine: prefix + j });
      j++;
    }
  }
  for (let k = 0; k < suffix; k++) {
    ops.push({ type: ' ', text: a[a.length - suffix + k], aLine: a.length - suffix + k, bLine: b.length - suffix + k });
  }

  const lines = [`--- ${beforeLabel}`, `+++ ${afterLabel}`];
  let index = 0;
  while (index < ops.length) {
    if (ops[index].type === ' ') {
      index++;
      continue;
    }
    const start = Math.max(0, index - context);
    let end = index;
    // Extend the hunk while the next change is within 2*context unchanged lines.
    for (;;) {
      while (end < ops.length && ops[end].type !== ' ') end++;
      let next = end;
      while (next < ops.length && ops[next].type === ' ') next++;
      if (next < ops.length && next - end <= 2 * context) end = next;
      else break;
    }
    const stop = Math.min(ops.length, end + context);
    const hunk = ops.slice(start, stop);
    const aCount = hunk.filter((op) => op.type !== '+').length;
    const bCount = hunk.filter((op) => op.type !== '-').length;
    const aStart = aCount === 0 ? hunk[0].aLine : hunk[0].aLine + 1;
    const bStart = bCount === 0 ? hunk[0].bLine : hunk[0].bLine + 1;
    lines.push(`@@ -${aStart},${aCount} +${bStart},${bCount} @@`);
    for (const op of hunk) lines.push(`${op.type}${op.text}`);
    index = stop;
  }
  return lines.join('\n') + '\n';
}

/** 1-based line of the first difference, for annotations. */
export function firstDifferentLine(before: string, after: string): number {
  const a = before.split('\n');
  const b = after.split('\n');
  let line = 0;
  while (line < a.length && line < b.length && a[line] === b[line]) line++;
  return line + 1;
}
