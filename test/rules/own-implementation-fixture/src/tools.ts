// The server's own tools (antvis/mcp-server-chart's utils/callTool.ts): validated, rendered and answered here.
const CHART_TYPES: Record<string, string> = { generate_bar_chart: 'bar', generate_pin_map: 'pin-map' };

async function renderMap(tool: string, args: object) {
  return { content: [{ type: 'text' as const, text: `${tool}: ${JSON.stringify(args)}` }], metadata: { tool } };
}

async function renderChartUrl(type: string, args: object): Promise<string> {
  return `https://charts.example/${type}?spec=${encodeURIComponent(JSON.stringify(args))}`;
}

export async function callTool(tool: string, args: object = {}) {
  const chartType = CHART_TYPES[tool];
  if (!chartType) throw new Error(`Unknown tool: ${tool}.`);
  if (chartType === 'pin-map') {
    const { metadata, ...result } = await renderMap(tool, args);
    console.info(metadata);
    return result;
  }
  const url = await renderChartUrl(chartType, args);
  return { content: [{ type: 'text' as const, text: url }] };
}
