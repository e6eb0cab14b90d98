// negotiator 1.x; @types/negotiator describes 0.6, which lacks the `preferred` option.
declare module 'negotiator' {
  interface Headers {
    readonly [name: string]: string | readonly string[] | undefined;
  }

  export default class Negotiator {
    constructor(request: { headers: Headers });
    /** The available encodings the client accepts, best first; ties go to the order of `preferred`. */
    encodings(available?: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
}
