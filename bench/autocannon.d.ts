/** The part of autocannon's programmatic API the bench uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  /** One request of a sequence; setupRequest may change it (a body per request) before it is sent. */
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request) => Request;
  }

  interface Options {
    url: string;
    requests?: Request[];
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Requests to send in all, instead of a duration. */
    amount?: number;
    warmup?: { connections?: number; duration?: number };
    headers?: Record<string, string>;
  }

  interface Result {
    requests: Histogram;
    /** Milliseconds. */
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
