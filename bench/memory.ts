/** Resident memory of a child process, read from /proc/<pid>/status (Linux). */
import fs from 'node:fs';
import { errorMessage, type Outcome } from './outcome';

const SAMPLE_INTERVAL_MS = 100;

export interface MemoryPeak {
  /** VmHWM: the kernel's high-water mark of resident memory since the process started. */
  peakRssBytes: number;
  /** The highest VmRSS seen while sampling, i.e. under load. */
  maxSampledRssBytes: number;
  samples: number;
}

export interface MemorySampler {
  /** Stops sampling; an error when /proc could not be read at all. */
  stop(): Outcome<MemoryPeak>;
}

export function sampleMemory(pid: number): MemorySampler {
  const statusFile = `/proc/${pid}/status`;
  let peak: MemoryPeak | undefined;
  let lastError: unknown;

  const sample = () => {
    try {
      const status = fs.readFileSync(statusFile, 'utf8');
      const rss = kilobytes(status, 'VmRSS');
      const hwm = kilobytes(status, 'VmHWM');
      peak = {
        peakRssBytes: Math.max(hwm, peak?.peakRssBytes ?? 0),
        maxSampledRssBytes: Math.max(rss, peak?.maxSampledRssBytes ?? 0),
        samples: (peak?.samples ?? 0) + 1,
      };
    } catch (err) {
      lastError = err;
    }
  };

  sample();
  const timer = setInterval(sample, SAMPLE_INTERVAL_MS);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak
        ? { status: 'ok', result: peak }
        : { status: 'error', error: `could not read ${statusFile}: ${errorMessage(lastError)}` };
    },
  };
}

function kilobytes(status: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
  if (!match?.[1]) throw new Error(`no ${field} line`);
  return Number(match[1]) * 1024;
}
