import type { Highs } from 'highs';
import type { Cycle } from './graph';

/** HiGHS's simplex_strategy values. */
const CHOOSE_SIMPLEX = 1;
const PRIMAL_SIMPLEX = 4;

/**
 * The restricted LP: a row for each item of a pooled cycle (added with its first cycle, so that a
 * market of 100k items with 17k in cycles gives the simplex 17k rows, not 100k), columns added as
 * found. An item with no row has dual 0.
 */
export class RestrictedLp {
  private readonly model;
  private solved = false;
  /** The row of each item, −1 for none yet. */
  private readonly rowOf: Int32Array;
  /** The item of each row. */
  private readonly itemOf: number[] = [];
  columns = 0;

  constructor(
    private readonly highs: Highs,
    items: number,
  ) {
    this.rowOf = new Int32Array(items).fill(-1);
    this.model = highs.createModel({
      numCols: 0,
      numRows: 0,
      sense: highs.constants.objectiveSense.maximize,
      colCost: new Float64Array(0),
      colLower: new Float64Array(0),
      colUpper: new Float64Array(0),
      rowLower: new Float64Array(0),
      rowUpper: new Float64Array(0),
      matrix: {
        format: 'csc',
        numRows: 0,
        numCols: 0,
        starts: new Int32Array(1),
        indices: new Int32Array(0),
        values: new Float64Array(0),
      },
    });
    this.model.options.set({ output_flag: false });
  }

  /** Rows for the items of `cycles` that have none yet (empty: their columns come next). */
  private addRowsFor(cycles: Cycle[]) {
    const fresh: number[] = [];
    for (const cycle of cycles)
      for (const item of cycle)
        if (this.rowOf[item] === -1) {
          this.rowOf[item] = this.itemOf.length;
          this.itemOf.push(item);
          fresh.push(item);
        }
    if (fresh.length === 0) return;
    this.model.addRows({
      lower: new Float64Array(fresh.length).fill(-this.highs.infinity),
      upper: new Float64Array(fresh.length).fill(1),
      matrix: {
        format: 'csr',
        numRows: fresh.length,
        numCols: this.columns,
        starts: new Int32Array(fresh.length + 1),
        indices: new Int32Array(0),
        values: new Float64Array(0),
      },
    });
  }

  add(cycles: Cycle[], weights: number[]) {
    if (cycles.length === 0) return;
    this.addRowsFor(cycles);
    let nonzeros = 0;
    for (const cycle of cycles) nonzeros += cycle.length;
    const starts = new Int32Array(cycles.length + 1);
    const indices = new Int32Array(nonzeros);
    let at = 0;
    cycles.forEach((cycle, column) => {
      starts[column] = at;
      const rows = cycle.map((item) => this.rowOf[item]!).sort((a, b) => a - b);
      for (const row of rows) indices[at++] = row;
    });
    starts[cycles.length] = at;
    // x ≤ 1 is implied by the rows (every cycle has an item), so the columns have no upper bound
    // and the row duals alone make the LP's dual.
    this.model.addCols({
      cost: Float64Array.from(weights),
      lower: new Float64Array(cycles.length),
      upper: new Float64Array(cycles.length).fill(this.highs.infinity),
      matrix: {
        format: 'csc',
        numRows: this.itemOf.length,
        numCols: cycles.length,
        starts,
        indices,
        values: new Float64Array(nonzeros).fill(1),
      },
    });
    this.columns += cycles.length;
  }

  /**
   * Solves within `seconds`; null unless optimal. Duals per item (0 for an item with no row),
   * clamped at 0 (the rows are ≤).
   */
  solve(seconds: number) {
    const duals = new Float64Array(this.rowOf.length);
    // No column yet (no cycle of at most 3): every dual is 0, and HiGHS reports an empty model.
    if (this.columns === 0) return { duals };
    this.model.zeroAllClocks();
    // The first solve from scratch (dual simplex); after columns are added the last basis is still
    // primal feasible (the new columns at 0), so primal simplex carries on from it.
    this.model.options.set({
      time_limit: Math.max(0.05, seconds),
      simplex_strategy: this.solved ? PRIMAL_SIMPLEX : CHOOSE_SIMPLEX,
    });
    this.model.run();
    this.solved = true;
    if (this.model.getModelStatus() !== this.highs.constants.modelStatus.optimal) return null;
    const { rowDual } = this.model.getSolution();
    this.itemOf.forEach((item, row) => (duals[item] = Math.max(0, Math.abs(rowDual[row] ?? 0))));
    return { duals };
  }

  dispose() {
    this.model.dispose();
  }
}
