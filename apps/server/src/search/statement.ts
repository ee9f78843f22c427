/** A statement's text with its parameters. */
export interface Statement {
  text: string;
  values: unknown[];
}

/** Collects parameters, naming each `$n` as it is added. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
