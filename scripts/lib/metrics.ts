/** The value of one sample of /metrics, `name{labels} value`, or 0 when it is not there. */
export function parseMetricSample(text: string, sample: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : 0;
}
