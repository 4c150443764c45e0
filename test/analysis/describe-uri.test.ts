import { describe, expect, it } from 'vitest';
import { describeUri } from '../../src/analysis/apps/uri-value';

/** The messages put the description between quotes: `'${describeUri(uri)}'`. */
const quoted = (values: string[]): string => `'${describeUri({ kind: 'known', values })}'`;

describe('describeUri', () => {
  it('names up to three URIs', () => {
    expect(quoted(['ui://a.html'])).toBe("'ui://a.html'");
    expect(quoted(['ui://a.html', 'ui://b.html', 'ui://c.html'])).toBe("'ui://a.html' or 'ui://b.html' or 'ui://c.html'");
  });

  it('counts the middle of a longer list (a resource registered once per row of a table)', () => {
    const rows = Array.from({ length: 38 }, (_, index) => `ui://widget/${index}.html`);
    expect(quoted(rows)).toBe("'ui://widget/0.html' or 'ui://widget/1.html', 35 more, or 'ui://widget/37.html'");
    expect(quoted(['ui://a', 'ui://b', 'ui://c', 'ui://d'])).toBe("'ui://a' or 'ui://b', 1 more, or 'ui://d'");
  });

  it('gives a value built from unknown parts as its text', () => {
    expect(describeUri({ kind: 'opaque', text: 'widget.templateUri' })).toBe('widget.templateUri');
  });
});
