import type { DropCount, PlanSourceId } from './types.js'

/** Counts dropped records by reason, for the manifest (no row-level detail: the counts document the rules). */
export class Drops {
  private readonly counts = new Map<string, number>()

  constructor(private readonly source: PlanSourceId) {}

  add(reason: string, rows = 1): void {
    this.counts.set(reason, (this.counts.get(reason) ?? 0) + rows)
  }

  list(): DropCount[] {
    return [...this.counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([reason, rows]) => ({ source: this.source, reason, rows }))
  }
}
