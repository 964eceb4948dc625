/** Collects every log line the app writes (pino writes one JSON object per line). */
export class LogCapture {
  readonly lines: string[] = [];

  write(chunk: string): void {
    for (const line of chunk.split('\n')) if (line.trim() !== '') this.lines.push(line);
  }

  records(): Record<string, unknown>[] {
    return this.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}

/** Every string anywhere inside a parsed log record. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return [...Object.keys(value), ...Object.values(value).flatMap(stringsIn)];
  return [];
}
