/** The time as the app sees it: tests drive it instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to (tests). */
export class ManualClock implements Clock {
  #ms: number;
  constructor(start: string | Date) {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  set(instant: string | Date): void {
    this.#ms = new Date(instant).getTime();
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
}
