// How the server's process is started: `npm start` (package.json, which has to spell them out)
// and the benches' measured server (bench/bench-helpers.ts) use these, and a test holds the two
// together. Measured with `bench:gateway` at 5,000 devices (docs/benchmarks.md, issue 31).

/**
 * V8's young generation held to 2 MB a semi-space (Node's default lets each grow to 16 MB under
 * steady allocation: 32 MB of the resident memory whatever the number of devices), for more,
 * shorter scavenges; and every collection on the main thread. With 2 MB semi-spaces a scavenge
 * copies a few hundred kB: V8's helper threads (parallel scavenges, concurrent marking) save
 * little there and, on a small host, wait for a core beside the server's own thread. On the
 * 2-core bench machine at 5,000 devices, `devices-states` p99 at the pollers was 9.7–11.4 ms in
 * five runs with them off against 11.9–14.4 ms in four with them on (20.9 against 30.9 ms at
 * 10,000), for about 0.3 % of a core more collection time (docs/benchmarks.md, issue 31).
 * And the old generation let grow 10 % past what the last full collection kept before the next
 * one starts (V8 chose about 25 % here): the garbage the pushes leave there was most of the
 * memory per device read during the pushes (11.5–11.9 KB at 5,000, 10.2–10.4 KB with it), and
 * each full collection has less to sweep (pauses 5–8 ms against 8–12 ms), about as many of them.
 */
export const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=2',
  '--single-threaded-gc',
  '--heap-growing-percent=10',
];

/**
 * glibc's malloc moves its mmap threshold up to the largest block freed (up to 32 MB), so the
 * large short-lived native blocks (a brotli encoder per compressed answer) came from the main
 * heap instead, between small long-lived ones, and the heap grew by fragments it never gave
 * back. A fixed threshold (glibc's own default, 128 kB) keeps them mapped apart and returned at
 * once. Read only by glibc (Linux); elsewhere it changes nothing.
 */
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };
