/**
 * Long work on the event loop cut into slices: a loop calls `breathe()` between units of work,
 * and once a slice has run SLICE_MS it waits for a macrotask (setImmediate), so timers, I/O and
 * other requests get their turn. Awaiting something already settled (a buffered stream chunk, an
 * async generator's next row, a stored zip entry's next slice) is only a microtask and lets
 * nothing else in: without this, a 20 MiB sheet stored uncompressed was read in one stretch.
 */
const SLICE_MS = 10;

export class Pacer {
  private sliceStart = performance.now();

  async breathe(): Promise<void> {
    if (performance.now() - this.sliceStart < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.sliceStart = performance.now();
  }
}
